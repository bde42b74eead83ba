package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/pgn"
)

// An engine that resigns (a GTP program's resign) ends the game: the
// banner says who resigned and who won, no engine searches on, the save
// says so and loads as resigned, and undo takes the resignation back with
// the moves.
func TestEngineResignationEndsTheGame(t *testing.T) {
	tempSaves(t)
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = keys(t, m, "enter", "ctrl+u", "breakthrough", "tab", "tab", "ctrl+u", "uct 50ms", "enter")
	p, ok := m.current.(*play)
	if !ok {
		t.Fatalf("the screen is %T: %s", m.current, m.View())
	}
	m = keys(t, m, "a2-a3", "enter")
	if p.cur == nil {
		t.Fatal("no engine search after the human's move")
	}
	id := p.cur.id
	p.stopSearch()
	p.cur = &search{id: id, root: p.state.Clone()}
	m = send(t, m, searchDone{id: id, err: fmt.Errorf("gtp program castro %w", engines.ErrResigned)})
	if p.resigned != int(games.Second) || !p.over() || p.cur != nil {
		t.Fatalf("resigned %d, over %v, search %v: want Black resigned and the game over", p.resigned, p.over(), p.cur)
	}
	v := strings.Join(strings.Fields(m.View()), " ")
	for _, want := range []string{"Game over: White wins", "White wins 1-0 (Black resigns) game over"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, m.View())
		}
	}
	text := pgn.Format(p.record())
	if !strings.Contains(text, `[Termination "resignation"]`) {
		t.Errorf("the save lacks the resignation:\n%s", text)
	}
	r, err := pgn.Parse("x.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	if q := loadedPlay(&env{}, r); q.resigned != int(games.Second) || !q.over() {
		t.Errorf("loaded: resigned %d, over %v; want Black resigned", q.resigned, q.over())
	}
	m = keys(t, m, "ctrl+z")
	if p.resigned != -1 || p.over() || len(p.moves) != 0 {
		t.Errorf("after undo: resigned %d, over %v, %d moves; want the game back at the start", p.resigned, p.over(), len(p.moves))
	}
}

// A human resigns with ctrl+x: the human seat where the other is an
// engine (even while the engine thinks), the side to move where both are
// human; a game of two engines and a game already over are refused with
// the reason. The save names the seat that resigned and loads so, and undo
// takes back the resignation alone, the moves standing.
func TestHumanResignation(t *testing.T) {
	humans := []string{"tab", "ctrl+u", "human", "tab", "ctrl+u", "human"}
	cases := []struct {
		name     string
		setup    []string // the new-game form's keys
		moves    []string // typed before ctrl+x
		resigned int      // the seat that resigns; -1: refused
		screen   string
	}{
		{"human against engine, engine to move", []string{"tab", "ctrl+u", "human", "tab", "ctrl+u", "uct 50ms"}, []string{"a2-a3", "enter"}, int(games.First), "Black wins 0-1 (White resigns)"},
		{"two humans, Black to move", humans, []string{"a2-a3", "enter"}, int(games.Second), "White wins 1-0 (Black resigns)"},
		{"two humans, White to move", humans, nil, int(games.First), "Black wins 0-1 (White resigns)"},
		{"two engines", []string{"tab", "ctrl+u", "uct 50ms", "tab", "ctrl+u", "uct 50ms"}, nil, -1, "only a human seat resigns"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tempSaves(t)
			m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
			m = keys(t, m, append(append([]string{"enter", "ctrl+u", "breakthrough"}, tc.setup...), "enter")...)
			p, ok := m.current.(*play)
			if !ok {
				t.Fatalf("the screen is %T: %s", m.current, m.View())
			}
			defer p.stopSearch()
			m = keys(t, m, tc.moves...)
			played := len(p.moves)
			m = keys(t, m, "ctrl+x")
			v := strings.Join(strings.Fields(m.View()), " ")
			if !strings.Contains(v, tc.screen) {
				t.Errorf("the screen lacks %q:\n%s", tc.screen, m.View())
			}
			if p.resigned != tc.resigned {
				t.Fatalf("resigned %d, want %d", p.resigned, tc.resigned)
			}
			if tc.resigned < 0 {
				if p.over() {
					t.Error("a refused resignation ended the game")
				}
				return
			}
			if !p.over() || p.cur != nil {
				t.Fatalf("over %v, search %v: want the game over and no engine searching", p.over(), p.cur)
			}
			m = keys(t, m, "ctrl+x")
			if v := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(v, gameOverNote) || p.resigned != tc.resigned {
				t.Errorf("a second ctrl+x: resigned %d, screen\n%s", p.resigned, m.View())
			}
			text := pgn.Format(p.record())
			if want := `[Resigned "` + pgn.SeatTag(games.Player(tc.resigned)) + `"]`; !strings.Contains(text, want) || !strings.Contains(text, `[Termination "resignation"]`) {
				t.Errorf("the save lacks %s or the termination:\n%s", want, text)
			}
			// The result stands in the save, so the list of saves shows it.
			if want := `[Result "` + games.WinFor(games.Player(tc.resigned).Other()).String() + `"]`; !strings.Contains(text, want) {
				t.Errorf("the save lacks %s:\n%s", want, text)
			}
			r, err := pgn.Parse("x.pgn", text)
			if err != nil {
				t.Fatal(err)
			}
			q := loadedPlay(&env{}, r)
			if q.resigned != tc.resigned || !q.over() {
				t.Errorf("loaded: resigned %d, over %v; want %d", q.resigned, q.over(), tc.resigned)
			}
			// A loaded game's engines start paused, a finished game's too, so
			// that an undo does not set one thinking.
			lm := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
			lm.stack, lm.current = append(lm.stack, q), q
			keys(t, lm, "ctrl+z")
			if q.cur != nil {
				q.stopSearch()
				t.Errorf("an undo in the loaded game set %s thinking", q.seats[q.state.ToMove()].text)
			}
			m = keys(t, m, "ctrl+z")
			if p.resigned != -1 || p.over() || len(p.moves) != played {
				t.Errorf("after undo: resigned %d, over %v, %d moves; want the resignation gone and %d moves", p.resigned, p.over(), len(p.moves), played)
			}
			if engineToMove := !p.seats[p.state.ToMove()].human(); engineToMove != (p.cur != nil) {
				t.Errorf("after undo: engine to move %v, searching %v", engineToMove, p.cur != nil)
			}
		})
	}
}

// A resigned save from before the Resigned tag, or from another tool,
// names the loser by its decisive Result, else by the side to move.
func TestResignedOfOlderSaves(t *testing.T) {
	for _, tc := range []struct {
		tags   map[string]string
		toMove games.Player
		want   games.Player
	}{
		{map[string]string{"Resigned": "First"}, games.Second, games.First},
		{map[string]string{"Resigned": "Second", "Result": "1-0"}, games.First, games.Second},
		{map[string]string{"Result": "1-0"}, games.First, games.Second},
		{map[string]string{"Result": "0-1"}, games.Second, games.First},
		{map[string]string{"Result": "*"}, games.Second, games.Second},
		{map[string]string{"Resigned": "nobody"}, games.First, games.First},
	} {
		r := &pgn.Record{}
		for k, v := range tc.tags {
			r.Set(k, v)
		}
		if got := resignedOf(r, tc.toMove); got != tc.want {
			t.Errorf("tags %v, %v to move: %v resigned, want %v", tc.tags, tc.toMove, got, tc.want)
		}
	}
}

// Undo in a game of two engines takes back a ply and pauses them, where
// they would play it again at once; redo then replays it.
func TestUndoPausesTwoEngines(t *testing.T) {
	m, _ := startWith(t, "tictactoe", "random", "random")
	p := m.current.(*play)
	m = keys(t, m, "ctrl+p") // stop the first search, to play the moves here
	for _, mv := range []string{"b2", "a1"} {
		mm, err := p.state.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.playMove(mm)
	}
	m = keys(t, m, "ctrl+p") // the engines run again
	if p.paused {
		t.Fatal("ctrl+p did not resume the engines")
	}
	m = keys(t, m, "ctrl+z")
	if len(p.moves) != 1 || !p.paused || p.cur != nil || !strings.Contains(m.View(), "engines paused at the position undone to") {
		t.Fatalf("after undo: %d moves, paused %v, searching %v:\n%s", len(p.moves), p.paused, p.cur != nil, m.View())
	}
	keys(t, m, "ctrl+y")
	if len(p.moves) != 2 || p.names[1] != "a1" {
		t.Fatalf("after redo: %v", p.names)
	}
}
