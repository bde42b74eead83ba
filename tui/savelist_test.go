package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/pgn"
)

// Load game lists each save with who played, the result and the moves, and
// a file that cannot be read with the reason.
func TestBrowserDescribesSaves(t *testing.T) {
	SavesDir = t.TempDir()
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
