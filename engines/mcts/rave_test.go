package mcts

import (
	"context"
	"testing"

	"mcarena/engines"
)

// TestSelectRaveIsSelectGeneral checks the selection rule for RAVE alone
// against the general one: after a search, at every expanded node of its
// tree, both pick the same child. The searches cover proofs of a reading
// (Havannah-Mate), children with a prior's virtual visits not tried yet,
// and a game without either.
func TestSelectRaveIsSelectGeneral(t *testing.T) {
	for _, tc := range []struct {
		spec, game string
	}{
		{"mcts:c=0.4,rave=50,reading=mate", "havannah"},
		{"mcts:c=0.4,rave=50,reading=mate,prior=combined", "havannah"},
		{"mcts:c=0.5,rave=100", "kalah"},
	} {
		e := mustEngine(t, tc.spec)
		var eng *Engine
		switch x := e.(type) {
		case *Engine:
			eng = x
		case *gameChecked:
			eng = x.Engine
		}
		s := mustPos(t, tc.game, "")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: 1}); err != nil {
			t.Fatal(err)
		}
		sr := eng.free[0]
		if sr.rule != raveRule {
			t.Fatalf("%s: selection rule %d, want raveRule", tc.spec, sr.rule)
		}
		nodes := 0
		for idx := int32(0); idx < int32(sr.pool.next); idx++ {
			n := sr.pool.at(idx)
			if n.first < 0 || n.nChild == 0 {
				continue
			}
			nodes++
			if got, want := sr.selectRave(idx), sr.selectGeneral(idx); got != want {
				t.Errorf("%s on %s: node %d: selectRave picks %d, selectGeneral %d", tc.spec, tc.game, idx, got, want)
			}
		}
		if nodes < 100 {
			t.Errorf("%s on %s: %d expanded nodes, want a larger tree", tc.spec, tc.game, nodes)
		}
	}
}
