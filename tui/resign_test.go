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
	SavesDir = t.TempDir()
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
