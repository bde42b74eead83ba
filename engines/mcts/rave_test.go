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
// and a game without either; at some nodes of each tree, proofs put there
// by hand decide both rules' picks (checkProofsDecide).
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
		nodes, proofsTried := 0, 0
		for idx := int32(0); idx < int32(sr.pool.next); idx++ {
			n := sr.pool.at(idx)
			if n.first < 0 || n.nChild == 0 {
				continue
			}
			nodes++
			if got, want := sr.selectRave(idx), sr.selectGeneral(idx); got != want {
				t.Errorf("%s on %s: node %d: selectRave picks %d, selectGeneral %d", tc.spec, tc.game, idx, got, want)
			}
			if n.nChild >= 3 && proofsTried < 50 && checkProofsDecide(t, sr, idx) {
				proofsTried++
			}
		}
		if nodes < 100 {
			t.Errorf("%s on %s: %d expanded nodes, want a larger tree", tc.spec, tc.game, nodes)
		}
		if proofsTried < 50 {
			t.Errorf("%s on %s: proofs put at %d nodes, want 50", tc.spec, tc.game, proofsTried)
		}
	}
}

// checkProofsDecide marks, at node idx, the child both rules pick a
// proven loss for its mover: neither may pick it then, and both pick the
// same other child; then a child neither picked a proven win: both pick
// it at once, whatever it scores. The children's proofs are restored. It
// says whether it checked: a node needs two unproven children besides the
// one picked.
func checkProofsDecide(t *testing.T, sr *search, idx int32) bool {
	t.Helper()
	n := sr.pool.at(idx)
	best := sr.selectGeneral(idx)
	children := sr.pool.run(n.first, int(n.nChild))
	saved := make([]engines.Proof, len(children))
	for i := range children {
		saved[i] = children[i].proof
	}
	defer func() {
		for i := range children {
			children[i].proof = saved[i]
		}
	}()
	others := 0
	for i := range children {
		if n.first+int32(i) != best && saved[i] == engines.Unproven {
			others++
		}
	}
	if others < 2 {
		return false
	}
	children[best-n.first].proof = engines.ProvenLoss
	got, want := sr.selectRave(idx), sr.selectGeneral(idx)
	if got != want || got == best {
		t.Errorf("node %d, child %d a proven loss: selectRave picks %d, selectGeneral %d", idx, best, got, want)
	}
	// The last child not proven and not best: a proven win wins over
	// every score.
	win := int32(-1)
	for i := len(children) - 1; i >= 0; i-- {
		if c := n.first + int32(i); c != best && c != got && saved[i] == engines.Unproven {
			win = c
			break
		}
	}
	if win < 0 {
		return false
	}
	children[win-n.first].proof = engines.ProvenWin
	if got, want := sr.selectRave(idx), sr.selectGeneral(idx); got != win || want != win {
		t.Errorf("node %d, child %d a proven win: selectRave picks %d, selectGeneral %d", idx, win, got, want)
	}
	return true
}
