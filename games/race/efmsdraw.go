package race

import (
	"math/bits"

	"mcarena/games"
	"mcarena/games/grid"
)

// efmsDraw is efMS's epsilon-greedy step without a move list
// (knowledge.Drawer). A greedy step of the implicit-minimax paper's bl
// player scores every legal move; here the score of a move depends only on
// its target cell, in five classes, so the best moves are a mask of target
// cells and a step counts and selects bits instead of listing and scoring
// moves.
//
// In the mover's view, half-points as Best keeps them, with d the piece
// difference, P the rank of the mover's most advanced piece and Q the
// opponent's, counted from each one's home rank, a move to t scores
// clamp(20*(d + c) + 5*(max(P, rank t) - Q'), -200, 200), where c is 1 for
// a capture. Every step advances one rank, so rank t is P + 1 on the rank
// in front of the mover's lead and at most P elsewhere. Q' is Q unless the
// move takes the opponent's most advanced piece (the star cell), whose
// capture may set the opponent back. The classes are quiet moves behind
// the front rank and onto it, captures behind it and onto it, and the star.
//
// Moves onto the goal rank win, and are the best moves when there are any.
// A move can also win by leaving the opponent no move, which in
// Breakthrough means taking its last piece: a side's most advanced piece
// has no own piece ahead of it, so its diagonal steps are always open.
// When the opponent has one piece left, and under a GDL move order, a step
// falls back to Legal and Best.
type efmsDraw struct {
	fast    bool // every step advances exactly one rank
	list    bool // the last Count used Legal and Best
	targets [maxSteps]uint64
	best    uint64 // the target cells of the best moves
	moves   []games.Move
	chosen  []games.Move
}

func newEfmsDraw(g *Game) efmsDraw {
	d := efmsDraw{fast: true, moves: make([]games.Move, 0, g.MaxMoves()), chosen: make([]games.Move, 0, g.MaxMoves())}
	for _, st := range g.rules.Steps {
		if st.Ranks != 1 {
			d.fast = false
		}
	}
	return d
}

// Count implements knowledge.Drawer.
func (e *efMS) Count(gs games.State) (legal, best int) {
	s := gs.(*State)
	g := s.g
	d := &e.draw
	if !d.fast || g.order.On() {
		return e.countList(s)
	}
	p, q := s.Side, s.Side^1
	own, opp := s.BB[p&1], s.BB[q&1]
	if opp&(opp-1) == 0 {
		return e.countList(s)
	}
	d.list = false
	if s.reached() {
		return 0, 0
	}
	var all uint64
	for i := range g.k {
		t := s.targets(i)
		d.targets[i] = t
		all |= t
		legal += bits.OnesCount64(t)
	}
	if legal == 0 {
		return 0, 0
	}
	if win := all & g.goal[p&1]; win != 0 {
		return legal, d.setBest(g.k, win)
	}
	// P, Q, the rank in front of the mover's lead and the opponent's most
	// advanced piece, by side.
	var lead, oppLead, oppNext int
	var front, star uint64
	if p == games.First {
		z := bits.LeadingZeros64(own)
		lead = int(e.lead[0][z])
		front = g.geo.Rank[lead+1]
		y := bits.TrailingZeros64(opp)
		oppLead = int(e.lead[1][y])
		star = uint64(1) << uint(y&63)
		oppNext = int(e.lead[1][bits.TrailingZeros64(opp&^star)])
	} else {
		z := bits.TrailingZeros64(own)
		lead = int(e.lead[1][z])
		front = g.geo.Rank[g.v.Rows-2-lead]
		y := bits.LeadingZeros64(opp)
		oppLead = int(e.lead[0][y])
		star = uint64(1) << uint((63-y)&63)
		oppNext = int(e.lead[0][bits.LeadingZeros64(opp&^star)])
	}
	base := 20*(bits.OnesCount64(own)-bits.OnesCount64(opp)) + 5*(lead-oppLead)
	quiet, takes := all&^opp, all&opp
	starRank := lead
	if star&front != 0 {
		starRank = lead + 1
	}
	classes := [5]struct {
		cells uint64
		score int
	}{
		{quiet &^ front, base},
		{quiet & front, base + 5},
		{takes &^ front &^ star, base + 20},
		{takes & front &^ star, base + 25},
		{takes & star, 20*(bits.OnesCount64(own)-bits.OnesCount64(opp)+1) + 5*(starRank-oppNext)},
	}
	top := -1 << 30
	var mask uint64
	for _, c := range classes {
		if c.cells == 0 {
			continue
		}
		v := max(-200, min(200, c.score))
		switch {
		case v > top:
			top, mask = v, c.cells
		case v == top:
			mask |= c.cells
		}
	}
	return legal, d.setBest(g.k, mask)
}

// setBest keeps mask as the best moves' targets and counts the moves onto
// them.
func (d *efmsDraw) setBest(k int, mask uint64) int {
	d.best = mask
	n := 0
	for i := range k {
		n += bits.OnesCount64(d.targets[i] & mask)
	}
	return n
}

// countList is Count by Legal and Best.
func (e *efMS) countList(s *State) (legal, best int) {
	d := &e.draw
	d.list = true
	d.moves = s.Legal(d.moves)
	if len(d.moves) == 0 {
		return 0, 0
	}
	d.chosen = e.Best(s, d.moves, d.chosen)
	return len(d.moves), len(d.chosen)
}

// Nth implements knowledge.Drawer: the j-th target, in Legal's order (step
// by step, ascending cells; under GameframeOrder, piece by piece), of every
// step's targets or of the best ones.
func (e *efMS) Nth(gs games.State, j int, best bool) games.Move {
	d := &e.draw
	if d.list {
		if best {
			return d.chosen[j]
		}
		return d.moves[j]
	}
	s := gs.(*State)
	g := s.g
	mask := ^uint64(0)
	if best {
		mask = d.best
	}
	if g.frame {
		return e.frameNth(s, j, mask)
	}
	for i := range g.k {
		t := d.targets[i] & mask
		if n := bits.OnesCount64(t); j >= n {
			j -= n
			continue
		}
		to := grid.Select(t, j)
		return games.Move((to-g.steps[i].delta[s.Side])*g.k + i)
	}
	panic("race: efMS Nth beyond Count")
}

// frameNth is Nth under GameframeOrder: the j-th of the targets in mask,
// walking the pieces and their steps as frameLegal lists them.
func (e *efMS) frameNth(s *State, j int, mask uint64) games.Move {
	g := s.g
	for rank := g.v.Rows - 1; rank >= 0; rank-- {
		for b := s.BB[s.Side] & g.geo.Rank[rank]; b != 0; b &= b - 1 {
			from := bits.TrailingZeros64(b)
			for _, i := range g.frameSteps[:g.k] {
				to := from + g.steps[i].delta[s.Side]
				if to < 0 || to >= 64 || e.draw.targets[i]&mask&(1<<uint(to)) == 0 {
					continue
				}
				if j == 0 {
					return games.Move(from*g.k + int(i))
				}
				j--
			}
		}
	}
	panic("race: efMS Nth beyond Count")
}
