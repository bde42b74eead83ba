package mcts

import (
	"context"
	"slices"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/knowledge"
)

// TestStaticColumn: a search with a heuristic shows each root move's
// static value, the heuristic's value of the position after the move for
// the player who makes it, beside its minimax value under implicit minimax
// and its prior under node priors; estimator=cb, which keeps those values,
// declares the column once; a search without a heuristic has none.
func TestStaticColumn(t *testing.T) {
	for _, tc := range []struct {
		spec, game, heuristic string
		want                  []string // the columns after visits and value
	}{
		{"mcts:c=0.5,heuristic=efms,alpha=0.4", "breakthrough:size=8x8", "efms", []string{"minimax", "static"}},
		{"mcts:c=0.5,heuristic=efms,alpha=0.4,estimator=cb", "breakthrough:size=8x8", "efms", []string{"static"}},
		{"mcts:c=0.5,playout=ipp,leaf=cutoff(plies=20),heuristic=eflh,np=10,prior=safety", "breakthrough:size=8x8", "eflh", []string{"static", "prior"}},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores", "kalah", "stores", []string{"static"}},
		{"mcts:c=0.5,heuristic=mia-sub,bias=1", "loa", "mia-sub", []string{"static"}},
		{"mcts:c=0.5", "loa", "", nil},
	} {
		s := mustPos(t, tc.game, "")
		if s.ToMove() == games.First {
			// Search with the second player to move too.
			s.Play(s.Legal(nil)[0])
		}
		res, err := mustEngine(t, tc.spec).Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 500}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		static := -1
		for i, c := range res.Stats.Columns[2:] {
			keys = append(keys, c.Key)
			if c.Key == "static" {
				static = i + 2
			}
		}
		if !slices.Equal(keys, tc.want) {
			t.Errorf("%s: columns %v after visits and value, want %v", tc.spec, keys, tc.want)
			continue
		}
		if static < 0 {
			continue
		}
		h, err := knowledge.NewHeuristic(s.Game(), tc.heuristic)
		if err != nil {
			t.Fatal(err)
		}
		for _, ms := range res.Stats.Moves {
			c := s.Clone()
			c.Play(ms.Move)
			want := h.Value(c)
			if s.ToMove() == games.Second {
				want = -want
			}
			if got := ms.Cells[static]; got != want {
				t.Errorf("%s: move %s static %g, the heuristic %g for its mover", tc.spec, s.MoveString(ms.Move), got, want)
			}
		}
	}
}
