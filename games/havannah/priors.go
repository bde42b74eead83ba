package havannah

import (
	"math/bits"

	"mcarena/games"
)

// priorKind selects one of the paper's visit-and-win-count initialisations.
type priorKind uint8

const (
	jointPrior priorKind = iota
	localPrior
	edgePrior
	combinedPrior
)

// patternPrior is a visit-and-win-count initialisation of the paper (the
// package comment gives the four and how they meet the search).
type patternPrior struct{ kind priorKind }

// Prior implements knowledge.MovePrior: wins/visits, at most 1.
func (p patternPrior) Prior(s games.State, m games.Move) float64 {
	v, w := p.Virtual(s, m)
	return min(1, w/float64(v))
}

// Virtual implements knowledge.VirtualPrior.
func (p patternPrior) Virtual(gs games.State, m games.Move) (int32, float64) {
	s := gs.(*State)
	c, col := int(m), uint8(s.side)+1
	swap := s.cells[c].color != 0
	var jn, local, edge float64
	if p.kind == jointPrior || p.kind == combinedPrior {
		jn = 5
		if !swap {
			jn = s.jointWins(c, col)
		}
	}
	if !swap && (p.kind == localPrior || p.kind == combinedPrior) {
		pat := s.pattern(c, col)
		local = 10 * float64(arcs[pat].n)
	}
	if !swap && (p.kind == edgePrior || p.kind == combinedPrior) {
		corners, sides := s.touches(c, col)
		if corners > 1 || sides > 2 {
			return 1, 1000
		}
		edge = 10 * float64(corners+sides)
	}
	switch p.kind {
	case jointPrior:
		return 40, jn
	case localPrior:
		return 30, local
	case edgePrior:
		return 30, edge
	}
	return 100, jn + local + edge
}

// jointWins is the joint prior's win count of a stone of colour col on the
// empty cell c: 40 next to an own stone, 30 for a joint move, else 5.
func (s *State) jointWins(c int, col uint8) float64 {
	g := s.g
	nb := &g.nbr[c]
	for d := range 6 {
		if s.cells[nb[d]].color == col {
			return 40
		}
	}
	for d := range 6 {
		j := g.joint[c][d]
		if s.cells[j].color == col && s.cells[nb[d]].color == 0 && s.cells[nb[(d+1)%6]].color == 0 {
			return 30
		}
	}
	return 5
}

// touches returns the corners and sides that the group of a stone of colour
// col on the empty cell c would touch.
func (s *State) touches(c int, col uint8) (corners, sides int) {
	g := s.g
	mask := g.touch[c]
	for _, n := range g.nbr[c] {
		if s.cells[n].color == col {
			mask |= s.cells[s.root(int(n))].mask
		}
	}
	return bits.OnesCount16(mask & cornerBits), bits.OnesCount16(mask >> sideShift)
}
