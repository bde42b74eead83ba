package mcts

import (
	"time"

	"mcarena/engines"
)

// stats is the snapshot of the search.
func (sr *search) stats(it int64, elapsed time.Duration, done bool) engines.Stats {
	st := engines.Stats{Iterations: it, States: sr.states, Elapsed: elapsed, Done: done}
	root := sr.pool.at(sr.rootIdx)
	if root.first < 0 {
		return st
	}
	for _, ch := range sr.pool.run(root.first, int(root.nChild)) {
		ms := engines.MoveStats{Move: ch.move, Visits: int64(ch.visits), Proven: ch.proof}
		if ch.visits > 0 {
			ms.Value = 2*ch.wins/float64(ch.visits) - 1
		}
		st.Moves = append(st.Moves, ms)
	}
	// Principal variation: the most visited child at each level.
	for cur := sr.rootIdx; ; {
		n := sr.pool.at(cur)
		if n.first < 0 || n.nExp == 0 {
			break
		}
		children := sr.pool.run(n.first, int(n.nExp))
		best := 0
		for i := range children {
			if better(sr.cfg.Solver, &children[i], &children[best]) {
				best = i
			}
		}
		st.PV = append(st.PV, children[best].move)
		cur = n.first + int32(best)
	}
	if len(st.PV) > 0 {
		st.PV[0] = sr.bestMove()
	}
	return st
}
