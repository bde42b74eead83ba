package mcts

import (
	"math"

	"mcarena/engines"
)

// amafUpdate adds the iteration to the AMAF statistics of every child, of
// every node on the path, whose move its mover played later in the
// iteration's game (Gelly and Silver's all-moves-as-first, each move
// counted once per iteration). The trace is walked from its end, so the
// moves from depth i on are marked when the node at depth i is updated.
// A child not marked gains nothing, which its statistics take without a
// branch: n plus 0, and w plus 0 (w is never -0, so it stays the same, bit
// for bit).
func (sr *search) amafUpdate(value float64) {
	t := sr.trace
	sr.stamp++
	if sr.stamp == 0 { // wrapped: clear the marks once
		for p := range sr.seen {
			clear(sr.seen[p])
		}
		sr.stamp = 1
	}
	stamp := sr.stamp
	// gain[hit][p] is what a child whose mover is p gains: its reward for
	// the iteration when it was played (hit 1), else nothing.
	gain := [2][2]float64{{0, 0}, {(value + 1) / 2, (-value + 1) / 2}}
	next := len(t.Moves) // trace entries from next on are marked
	for i := len(sr.path) - 1; i >= 0; i-- {
		for next > i {
			next--
			sr.seen[t.Movers[next]][t.Moves[next]] = stamp
		}
		n := sr.pool.at(sr.path[i])
		if n.first < 0 || i >= len(t.Moves) {
			continue // no children, or no move after this node
		}
		children := sr.pool.run(n.first, int(n.nChild))
		stats := sr.amaf.run(n.first, len(children))
		tried := int(n.nExp)
		for j := range children[:tried] {
			ch := &children[j]
			hit := b2i(sr.seen[ch.mover][ch.move] == stamp)
			a := &stats[j]
			a.n += int32(hit)
			a.w += gain[hit][ch.mover]
		}
		// A slot not tried yet has no mover: it is the player to move at
		// n, the mover of the move played from n (trace entry i).
		mover := t.Movers[i]
		seen, gains := sr.seen[mover], &gain
		for j := tried; j < len(children); j++ {
			hit := b2i(seen[children[j].move] == stamp)
			a := &stats[j]
			a.n += int32(hit)
			a.w += gains[hit][mover]
		}
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// selectRave is selectGeneral with RAVE's term alone (no implicit minimax,
// progressive bias or virtual visits in the parent): the same scores,
// computed in the same order, bit for bit, without the tests for the terms
// that are off, and with beta from a table.
func (sr *search) selectRave(cur int32) int32 {
	n := sr.pool.at(cur)
	k := float64(sr.explore.at(n.visits))
	solver := sr.cfg.Solver
	children := sr.pool.run(n.first, int(n.nChild))
	amaf := sr.amaf.run(n.first, len(children))
	stats := sr.pool.stats(n.first, len(children))
	tried := int(n.nExp)
	best, bestScore := n.first, math.Inf(-1)
	for i := range children {
		ch := &children[i]
		if solver {
			switch ch.proof {
			case engines.ProvenWin:
				return n.first + int32(i)
			case engines.ProvenLoss:
				continue
			}
		}
		a := &amaf[i]
		var score float64
		if i >= tried && ch.visits == 0 {
			q := 1.0
			if a.n > 0 {
				q = a.w / float64(a.n)
			}
			score = q + k
		} else {
			st := &stats[i]
			q := float64(st.mean)
			if a.n > 0 {
				beta := sr.beta.at(ch.visits)
				q = float64((1-beta)*q) + float64(beta*a.w/float64(a.n))
			}
			score = q + float64(float32(k)*st.rs)
		}
		if score > bestScore {
			best, bestScore = n.first+int32(i), score
		}
	}
	return best
}

// betaTable holds RAVE's beta = R/(R + n) of children visited n times,
// for the visits most children have, so that selection divides once a
// child instead of twice; the values are the ones the formula gives.
type betaTable struct {
	r  float64
	by [1 << 10]float64
}

// newBetaTable returns the table of RAVE constant r.
func newBetaTable(r float64) *betaTable {
	t := &betaTable{r: r}
	for n := range t.by {
		t.by[n] = r / (r + float64(n))
	}
	return t
}

// at returns R/(R + n) for n >= 0.
func (t *betaTable) at(n int32) float64 {
	if uint(n) < uint(len(t.by)) {
		return t.by[n]
	}
	return t.r / (t.r + float64(n))
}
