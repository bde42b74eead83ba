package havannah

import (
	"mcarena/games"
	"mcarena/games/bitset"
	"mcarena/games/rng"
)

// The decisive playout (Teytaud and Teytaud 2010, as the paper's section 3.1
// recalls it): a move that wins at once if there is one (drawn uniformly
// among them, in cell order); else, when the opponent has exactly one
// winning cell, that cell (anti-decisive: the block); else a uniform random
// move, drawn exactly as Playout draws it. The winning cells of each player
// are kept between moves: they change only when that player moves (and when
// a cell fills), so each ply rescans only the empty cells next to the
// mover's stones.

// decisivePlayout is the decisive playout (see the first comment of this
// file). libs holds the liberties of each group by root (the cells next to
// it, filled or not), valid where seen is stamp.
type decisivePlayout struct {
	libs  [maxCells]bitset.Set
	seen  [maxCells]uint32
	stamp uint32
}

// Run implements knowledge.Playout.
func (p *decisivePlayout) Run(gs games.State, r *rng.Rand, limit int, t *games.Trace) int {
	s := gs.(*State)
	g := s.g
	// wins[k] holds the cells where player k wins at once, to be read with
	// the empty cells: a player's winning cells stay winning while they
	// are empty (groups only grow), and the player's own move adds only
	// cells next to the group it makes.
	var wins [2]bitset.Set
	fresh := func() {
		p.stamp++
		if p.stamp == 0 {
			clear(p.seen[:])
			p.stamp = 1
		}
		var near [2]bitset.Set
		for c := range g.cells {
			if col := s.cells[c].color; col != 0 {
				near[col-1] = near[col-1].Or(g.near[c])
				if root := s.find(c); p.seen[root] != p.stamp {
					p.seen[root], p.libs[root] = p.stamp, g.near[c]
				} else {
					p.libs[root] = p.libs[root].Or(g.near[c])
				}
			}
		}
		for k := range near {
			wins[k] = s.winsIn(near[k].And(s.empty), uint8(k)+1)
		}
	}
	if s.won == 0 {
		fresh()
	}
	n := 0
	for ; n < limit && s.won == 0 && s.free > 0; n++ {
		me := s.side
		col := uint8(me) + 1
		var c int
		mine := wins[me].And(s.empty)
		theirs := wins[me^1].And(s.empty)
		switch k := mine.Count(); {
		case k > 0:
			c = mine.Select(r.Intn(k))
		case theirs.Count() == 1:
			c = theirs.First()
		case s.canSwap():
			set, k := s.legalSet()
			c = set.Select(r.Intn(k))
		default:
			c = s.empty.Select(r.Intn(s.free))
		}
		if t != nil {
			t.Add(games.Move(c), me)
		}
		if s.cells[c].color != 0 { // the swap
			s.play(c)
			fresh()
			continue
		}
		// The liberties of the new group: c's neighbours and those of the
		// groups it joins.
		libs := g.near[c]
		for _, nb := range g.nbr[c] {
			if s.cells[nb].color == col {
				libs = libs.Or(p.libs[s.find(int(nb))])
			}
		}
		s.play(c)
		if s.won != 0 {
			continue // the loop ends
		}
		root := s.find(c)
		p.seen[root], p.libs[root] = p.stamp, libs
		wins[me] = mine.Or(s.winsIn(libs.And(s.empty), col))
	}
	return n
}
