package mcts

import (
	"context"
	"testing"

	"mcarena/engines"
	"mcarena/engines/policy"
)

// The positions a search keeps along its last path are the ones that
// replaying the path's moves from the root reaches, in deep trees (Kalah's
// extra moves), shallow ones, with RAVE (which moves untried slots about)
// and with a tree reused from the search before.
func TestLineIsThePathReplayed(t *testing.T) {
	for _, tc := range []struct {
		name, spec, pos string
		cfg             Config
		searches        int
	}{
		{"kalah im", "kalah", "1,0,4,4,5,5/6,2,6,0,6,6 1 2 s",
			Config{C: 0.5, MaxNodes: 1 << 20, Alpha: 0.3, Leaf: CutoffLeaf(policy.Config{Kind: policy.Random}, "stores", 4), Prior: HeuristicPrior("stores")}, 1},
		{"breakthrough uct", "breakthrough:size=6x6", "", Config{C: 0.7, MaxNodes: 1 << 20}, 1},
		{"tictactoe rave", "tictactoe", "", Config{C: 0.7, MaxNodes: 1 << 20, Rave: 100}, 1},
		{"kalah reused", "kalah", "", Config{C: 0.5, MaxNodes: 1 << 20, Reuse: true}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := New(tc.cfg, "test")
			s := mustPos(t, tc.spec, tc.pos)
			for i := range tc.searches {
				res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: uint64(i + 1)})
				if err != nil {
					t.Fatal(err)
				}
				sr := e.free[0]
				l := &sr.line
				if len(l.path) < 3 || l.path[0] != sr.rootIdx {
					t.Fatalf("search %d: kept path %v, root %d", i, l.path, sr.rootIdx)
				}
				replay := s.Clone()
				for d, idx := range l.path[1:] {
					replay.Play(sr.pool.at(idx).move)
					if got := l.states[d]; got.Hash() != replay.Hash() || got.String() != replay.String() {
						t.Fatalf("search %d, depth %d: kept %s, replayed %s", i, d+1, got, replay)
					}
				}
				s = s.Clone()
				s.Play(res.Move)
			}
		})
	}
}
