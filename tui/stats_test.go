package tui

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/games"
)

// The statistics pane renders whatever columns and figures the engine
// declares, says whose view the values are from, and leaves moves an
// engine never evaluated blank.
func TestStatsPaneShowsDeclaredColumns(t *testing.T) {
	for _, tc := range []struct {
		engine string
		budget engines.Budget
		want   []string
	}{
		{"uct", engines.Budget{Iterations: 2000}, []string{"visits", "value", "nodes", "values for X, to move"}},
		{"nmcs:level=1", engines.Budget{Iterations: 3}, []string{"outcome", "discounted", "pruned", "evaluated 3 of 9", "cut by COW 0"}},
		{"nmcs:level=1,cow=2", engines.Budget{}, []string{"evaluated 1 of 9", "cow"}},
		{"alphabeta", engines.Budget{}, []string{"score", "nodes", "depth 64"}},
		{"random", engines.Budget{}, []string{"random (last search)", "PV "}},
	} {
		t.Run(tc.engine, func(t *testing.T) {
			m, p := start(t, "tictactoe")
			e, err := engines.New(tc.engine)
			if err != nil {
				t.Fatal(err)
			}
			res, err := e.Search(context.Background(), p.request(tc.budget, 1))
			if err != nil {
				t.Fatal(err)
			}
			p.stats, p.statsFor, p.statsBy = res.Stats, p.state.Clone(), tc.engine
			view := p.statsView(m.ctx)
			for _, w := range tc.want {
				if !strings.Contains(view, w) {
					t.Errorf("the pane lacks %q:\n%s", w, view)
				}
			}
			if len(res.Stats.Moves) == 0 && strings.Contains(view, "move ") {
				t.Errorf("a table header without moves:\n%s", view)
			}
			// A legal move the engine gave no number (an NMCS successor
			// never evaluated: absent from the statistics, or NaN in every
			// column but counts of 0) has a row of its name alone, where
			// the pane shows it at all.
			blank := 0
			for _, mv := range p.state.Legal(nil) {
				i := slices.IndexFunc(res.Stats.Moves, func(ms engines.MoveStats) bool { return ms.Move == mv })
				if i >= 0 && slices.ContainsFunc(res.Stats.Moves[i].Cells, func(v float64) bool { return !math.IsNaN(v) && v != 0 }) {
					continue
				}
				name := p.state.MoveString(mv)
				for _, l := range strings.Split(view, "\n") {
					if f := strings.Fields(l); len(f) > 0 && f[0] == name {
						blank++
						if len(f) > 1 {
							t.Errorf("%s, never evaluated, has the row %q", name, l)
						}
					}
				}
			}
			if tc.engine == "nmcs:level=1" && blank == 0 {
				t.Errorf("no row of a move never evaluated in\n%s", view)
			}
		})
	}
}

// The chosen move comes first and proven moves next, whatever their visits,
// so that a proven win never hides among the "more".
func TestStatsPanePinsChosenAndProven(t *testing.T) {
	_, p := start(t, "tictactoe")
	vis := engines.Column{Key: "visits", Title: "visits", Kind: engines.Count}
	var moves []engines.MoveStats
	legal := p.state.Legal(nil)
	for i, mv := range legal {
		moves = append(moves, engines.MoveStats{Move: mv, Cells: []float64{float64(100 - i)}})
	}
	moves[7].Proven = engines.ProvenWin
	st := engines.Stats{Columns: []engines.Column{vis}, Rank: 0, Moves: moves, PV: []games.Move{legal[5]}}
	lines := movesTable(st, p.state, 3, 0, DefaultStyles())
	name := func(i int) string { return p.state.MoveString(legal[i]) }
	if !strings.HasPrefix(lines[1], name(5)) || !strings.HasPrefix(lines[2], name(7)) || !strings.HasPrefix(lines[3], name(0)) {
		t.Fatalf("rows %q: want %s (chosen), %s (proven win), %s (most visited)", lines[1:4], name(5), name(7), name(0))
	}
	if !strings.Contains(lines[0], "share") || !strings.Contains(lines[3], "▉") {
		t.Errorf("no share bar: %q", lines)
	}
	if !strings.Contains(lines[4], "... 6 more") {
		t.Errorf("last line %q, want ... 6 more", lines[4])
	}
}

// Proven draws and losses come after the moves the search still weighs,
// however few their visits: a move of many visits is never listed under
// one settled as lost.
func TestStatsPaneListsSettledMovesLast(t *testing.T) {
	_, p := start(t, "tictactoe")
	vis := engines.Column{Key: "visits", Title: "visits", Kind: engines.Count}
	var moves []engines.MoveStats
	legal := p.state.Legal(nil)
	for i, mv := range legal[:5] {
		moves = append(moves, engines.MoveStats{Move: mv, Cells: []float64{float64(100 - i)}})
	}
	moves[0].Proven = engines.ProvenLoss // the most visited, but lost
	moves[1].Proven = engines.ProvenDraw
	st := engines.Stats{Columns: []engines.Column{vis}, Rank: 0, Moves: moves, PV: []games.Move{legal[4]}}
	lines := movesTable(st, p.state, 10, 0, DefaultStyles())
	name := func(i int) string { return p.state.MoveString(legal[i]) }
	for row, i := range []int{4, 2, 3, 1, 0} { // chosen, unproven by visits, draw, loss
		if !strings.HasPrefix(lines[row+1], name(i)) {
			t.Fatalf("rows %q: want %s at row %d", lines[1:6], name(i), row+1)
		}
	}
}

func TestCutShortAndSparkline(t *testing.T) {
	st := engines.Stats{Done: true, Moves: make([]engines.MoveStats, 22), Figures: []engines.Figure{{Key: "evaluated", Value: 3}}}
	if got := cutShort(st); got != "the budget ended the search: 3 of 22 moves evaluated" {
		t.Errorf("got %q", got)
	}
	st.Figures[0].Value = 22
	if got := cutShort(st); got != "" {
		t.Errorf("a complete search warned %q", got)
	}
	if got := sparkline([]float64{-1, 0, 1, 2}, 10); got != "▁▄██" {
		t.Errorf("sparkline %q", got)
	}
	if got := bar(0.5, 8); got != "████" {
		t.Errorf("bar %q", got)
	}
	if got := bar(1.0/64, 8); got != "▏" {
		t.Errorf("bar %q", got)
	}
}

// The engine pane's move table scrolls: pgdn shows the moves below the
// pane, with how many are above, and pgup goes back to the top.
func TestEngineMoveTableScrolls(t *testing.T) {
	m, p := start(t, "havannah:base=4")
	e, err := engines.New("mcts:rave=50")
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Search(context.Background(), p.request(engines.Budget{Iterations: 2000}, 1))
	if err != nil {
		t.Fatal(err)
	}
	p.stats, p.statsFor, p.statsBy = res.Stats, p.state.Clone(), "mcts:rave=50"
	shown := func(v string) map[string]bool {
		rows := map[string]bool{}
		for _, l := range strings.Split(v, "\n") {
			for _, mv := range p.state.Legal(nil) {
				name := p.state.MoveString(mv)
				if strings.Contains(l, "│ "+name+" ") {
					rows[name] = true
				}
			}
		}
		return rows
	}
	top := m.View()
	if !strings.Contains(top, "more (pgdn)") || strings.Contains(top, "above") {
		t.Fatalf("the table does not say it goes on below:\n%s", top)
	}
	first := shown(top)
	m = keys(t, m, "pgdown")
	down := m.View()
	if !strings.Contains(down, "above (pgup)") {
		t.Fatalf("pgdn: the table does not say moves are above:\n%s", down)
	}
	fresh := 0
	for name := range shown(down) {
		if !first[name] {
			fresh++
		}
	}
	if fresh == 0 {
		t.Fatalf("pgdn shows no move that was hidden:\n%s", down)
	}
	for range 10 {
		m = keys(t, m, "pgdown")
	}
	if v := m.View(); strings.Contains(v, "more (pgdn)") || len(shown(v)) < 3 {
		t.Fatalf("pgdn to the end: the last moves are not all on screen:\n%s", v)
	}
	for range 11 {
		m = keys(t, m, "pgup")
	}
	if v := m.View(); v != top {
		t.Fatalf("pgup back to the top shows:\n%s\nwant:\n%s", v, top)
	}
}
