package tui

import (
	"context"
	"strings"
	"testing"

	"mcarena/engines"
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
		})
	}
}
