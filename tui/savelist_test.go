package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/pgn"
)

// Load game lists each save with who played, the result and the moves, and
// a file that cannot be read with the reason.
func TestBrowserDescribesSaves(t *testing.T) {
	tempSaves(t)
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	r := &pgn.Record{Game: g, Start: s.Clone()}
	r.Moves = gametest.MustPlay(t, s, "b2", "a1", "c3")
	r.Set(pgn.SeatTag(games.First), "human")
	r.Set(pgn.SeatTag(games.Second), "uct 1s")
	if err := pgn.Save(filepath.Join(SavesDir, "tictactoe-20260101-120000.pgn"), r); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(SavesDir, "broken.pgn"), []byte("[Game \"nosuchgame\"]\n\n1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 160, Height: 30})
	m = openItem(t, m, itemLoad)
	v := m.View()
	for _, want := range []string{
		"tictactoe-20260101-120000.pgn  X human, O uct 1s · * · 3 moves",
		"broken.pgn  cannot be read: ",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the list lacks %q:\n%s", want, v)
		}
	}
}

// Showing the list again reads only the saves whose size or modification
// time changed: a save rewritten is described anew, even at the same size,
// and a file changed behind the list's back with its size and time kept
// is not read again.
func TestBrowserRereadsOnlyChangedSaves(t *testing.T) {
	tempSaves(t)
	path := filepath.Join(SavesDir, "tictactoe-20260101-120000.pgn")
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	save := func(first string, moves ...string) {
		t.Helper()
		s := g.NewState()
		r := &pgn.Record{Game: g, Start: s.Clone()}
		r.Moves = gametest.MustPlay(t, s, moves...)
		r.Set(pgn.SeatTag(games.First), first)
		if err := pgn.Save(path, r); err != nil {
			t.Fatal(err)
		}
	}
	list := func(m Model) (Model, string) {
		t.Helper()
		m = openItem(t, m, itemLoad)
		v := m.View()
		return keys(t, m, "esc"), v
	}
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 160, Height: 30})
	save("alice", "b2", "a1", "c3")
	m, v := list(m)
	if !strings.Contains(v, "X alice, O ? · * · 3 moves") {
		t.Fatalf("first look:\n%s", v)
	}
	first, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	save("alice", "b2", "a1", "c3", "a3")
	if err := os.Chtimes(path, first.ModTime(), first.ModTime()); err != nil {
		t.Fatal(err)
	}
	m, v = list(m)
	if !strings.Contains(v, "X alice, O ? · * · 4 moves") {
		t.Fatalf("after the save grew, its time kept:\n%s", v)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	save("bobby", "b2", "a1", "c3", "a3")
	later := info.ModTime().Add(time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	m, v = list(m)
	if !strings.Contains(v, "X bobby, O ? · * · 4 moves") {
		t.Fatalf("after the save was rewritten at the same size:\n%s", v)
	}
	info, err = os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Repeat("x", int(info.Size()))), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	if _, v = list(m); !strings.Contains(v, "X bobby, O ? · * · 4 moves") {
		t.Fatalf("a file of the same size and time was read again:\n%s", v)
	}
}

// A chess save counts plies, where a move is both sides'; other games count
// moves.
func TestMovesOf(t *testing.T) {
	chess, _ := games.New("chess")
	nogo, _ := games.New("nogo")
	for _, tc := range []struct {
		g    games.Game
		n    int
		want string
	}{{chess, 8, "8 plies"}, {chess, 1, "1 ply"}, {nogo, 8, "8 moves"}, {nogo, 1, "1 move"}} {
		if got := movesOf(tc.g, tc.n); got != tc.want {
			t.Errorf("movesOf(%s, %d) = %q, want %q", tc.g.Name(), tc.n, got, tc.want)
		}
	}
}
