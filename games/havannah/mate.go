package havannah

import (
	"math/bits"

	"mcarena/games"
	"mcarena/games/bitset"
)

// Havannah-Mate (mcarena's reading; the paper cites Lorentz 2010 and gives
// no detail): for the player to move, P, against the opponent O,
//
//  1. a move that wins at once is a proven win, and the reading stops;
//  2. otherwise, if O has a winning cell (O would win there at once), every
//     move on another cell is a proven loss: O plays there next (a stone of
//     P elsewhere changes none of O's structures). The moves onto O's
//     winning cells stay unsettled, unless step 3 proves one;
//  3. a move m is a mate (a proven win) when, after it, O has no winning
//     cell and P has at least two distinct winning cells. O's one stone then
//     fills at most one of them and, not winning itself, leaves the other,
//     where P wins: Havannah has no captures, and a stone of O changes none
//     of P's groups (a ring may enclose O's stones). Two threats that
//     complete on the same cell are one winning cell: one stone stops both,
//     and that is no mate. When O has one winning cell w, only m = w can be
//     a mate; with two or more, none.
//
// Step 3 looks, for each move m, only at the empty cells w next to the
// group m would join (its neighbours and the liberties of its neighbours'
// groups): a cell elsewhere wins after m only if it won before, which step 1
// rules out. The stones on m and w form one group, of m, w and the groups
// next to either; what each empty cell's stone would join (the corners and
// sides, the groups and their sizes) is found once a reading, and settles
// the bridges and forks of the pair at once, and the rings where the group
// would hold fewer than six stones. For the cells left it places m in the
// forest, tests them and takes m back.

// mateReading is Havannah-Mate (see the first comment of this file); libs
// holds the liberties of the mover's groups by root, valid where seen is
// stamp, and joins what a stone of the mover on each empty cell would join,
// valid where its stamp is stamp.
type mateReading struct {
	libs  [maxCells]bitset.Set
	seen  [maxCells]uint32
	joins [maxCells]join
	stamp uint32
}

// Read implements knowledge.Reading.
func (m *mateReading) Read(gs games.State, moves []games.Move, out []int8) {
	s := gs.(*State)
	clear(out[:len(moves)])
	if s.Terminal() {
		return
	}
	p := uint8(s.side) + 1
	o := 3 - p
	// A winning cell is next to a stone of its player.
	near := m.liberties(s, p)
	if own := s.winsIn(near[p-1].And(s.empty), p); !own.Empty() {
		for i, mv := range moves {
			if own.Has(int(mv)) && s.cells[mv].color == 0 {
				out[i] = 1
			}
		}
		return
	}
	opp := s.winsIn(near[o-1].And(s.empty), o)
	if !opp.Empty() {
		for i, mv := range moves {
			if !opp.Has(int(mv)) {
				out[i] = -1
			}
		}
		if opp.Count() > 1 {
			return
		}
	}
	// A cell off the edges and not next to a stone of p cannot make a
	// double threat (see double): most cells of a large board, read here
	// without a join.
	own := near[p-1]
	for i, mv := range moves {
		c := int(mv)
		if out[i] != 0 || s.cells[c].color != 0 || s.g.touch[c] == 0 && !own.Has(c) {
			continue
		}
		if m.double(s, c, p) {
			out[i] = 1
		}
	}
}

// liberties fills libs with the neighbours of each group of colour col, by
// root, and returns the cells next to each player's stones.
func (m *mateReading) liberties(s *State, col uint8) (near [2]bitset.Set) {
	m.stamp++
	if m.stamp == 0 {
		clear(m.seen[:])
		clear(m.joins[:])
		m.stamp = 1
	}
	g := s.g
	for c := range g.cells {
		k := s.cells[c].color
		if k == 0 {
			continue
		}
		near[k-1] = near[k-1].Or(g.near[c])
		if k != col {
			continue
		}
		r := s.find(c)
		if m.seen[r] != m.stamp {
			m.seen[r], m.libs[r] = m.stamp, g.near[c]
		} else {
			m.libs[r] = m.libs[r].Or(g.near[c])
		}
	}
	return near
}

// double reports whether a stone of colour col on the empty cell c leaves
// col at least two winning cells, col having none before. A cell w wins
// after c only if it is next to c's group, and then exactly when the
// stones c and w together form a structure (neither does alone). Their
// group is c, w and the groups next to either, so a bridge or a fork is
// read from the two cells' joins at once; a ring runs through both c and w
// (a ring that missed one would have been there with the other alone) and
// takes at least six stones, so where their group would hold fewer there
// is none. Only the cells left, if they can still make two, are tested with
// the stone in the forest, which is then taken back: linking changes only
// c and the roots of its neighbours' groups, which it saves (the finds
// before it only shorten paths).
func (m *mateReading) double(s *State, c int, col uint8) bool {
	jc := m.join(s, c, col)
	if jc.roots[0] < 0 && jc.mask == 0 {
		// A stone on c would stand alone, off the edges: with any w it
		// forms no bridge or fork that w would not form alone (c adds no
		// corner or side), and no ring (c, touching w only, lies on no
		// loop), so no cell wins that did not win before.
		return false
	}
	cand := s.g.near[c]
	for _, r := range jc.roots {
		if r >= 0 {
			cand = cand.Or(m.libs[r])
		}
	}
	cand = cand.And(s.empty)
	cand.Remove(c)
	if cand.Count() < 2 {
		return false
	}
	count, rings := 0, 0
	var ring bitset.Set // the cells only a ring could make winning
	for w, x := range cand {
		for ; x != 0; x &= x - 1 {
			cw := w*64 + bits.TrailingZeros64(x)
			switch won, maybeRing := pairWin(jc, m.join(s, cw, col)); {
			case won:
				count++
			case maybeRing:
				ring.Add(cw)
				rings++
			}
		}
	}
	if count >= 2 || count+rings < 2 {
		return count >= 2
	}
	saved := [4]cell{s.cells[c]}
	for i, r := range jc.roots {
		if r >= 0 {
			saved[i+1] = s.cells[r]
		}
	}
	s.link(c, col)
	for w, x := range ring {
		for ; x != 0 && count < 2; x &= x - 1 {
			if s.winAt(w*64+bits.TrailingZeros64(x), col) {
				count++
			}
		}
	}
	s.cells[c] = saved[0]
	for i, r := range jc.roots {
		if r >= 0 {
			s.cells[r] = saved[i+1]
		}
	}
	return count >= 2
}

// pairWin says what the joins of two empty cells c and w tell of stones of
// one colour on both, w next to the group the stone on c forms, when
// neither alone wins: they form a bridge or a fork (won); else they may form
// a ring, which needs a group of six stones (maybeRing); else they form
// nothing.
func pairWin(jc, jw *join) (won, maybeRing bool) {
	mask := jc.mask | jw.mask
	if bits.OnesCount16(mask&cornerBits) >= 2 || bits.OnesCount16(mask>>sideShift) >= 3 {
		return true, false
	}
	stones := 2 + jc.stones + jw.stones
	if stones < 6 {
		return false, false
	}
	for i, r := range jw.roots {
		if r == jc.roots[0] || r == jc.roots[1] || r == jc.roots[2] {
			stones -= jw.sizes[i] // one group, counted once
		}
	}
	return false, stones >= 6
}

// join is what a stone on an empty cell would join: the corners and sides
// of the cell and of the groups of its colour next to it, those groups'
// roots and sizes (up to three; an unused root is -1, of size 0) and the
// sum of the sizes.
type join struct {
	mask   uint16
	stones int16
	roots  [3]int16
	sizes  [3]int16
	stamp  uint32
}

// join returns the join of a stone of colour col on the empty cell c in
// the forest as it was when the reading began, computed once a reading.
func (m *mateReading) join(s *State, c int, col uint8) *join {
	j := &m.joins[c]
	if j.stamp == m.stamp {
		return j
	}
	g := s.g
	nb := &g.nbr[c]
	*j = join{mask: g.touch[c], roots: [3]int16{-1, -1, -1}, stamp: m.stamp}
	a := &arcs[s.pattern(c, col)]
	for i := range int(a.n) {
		r := int16(s.root(int(nb[a.first[i]])))
		if r == j.roots[0] || r == j.roots[1] {
			continue // two runs of one group
		}
		j.roots[i], j.sizes[i] = r, -s.cells[r].parent
		j.stones += j.sizes[i]
		j.mask |= s.cells[r].mask
	}
	return j
}

// mateClass is the classifier of mating moves, by the reading.
type mateClass struct {
	r   mateReading
	mv  [1]games.Move
	out [1]int8
}

func (c *mateClass) Is(s games.State, m games.Move) bool {
	c.mv[0] = m
	c.r.Read(s, c.mv[:], c.out[:])
	return c.out[0] == 1
}

// decisiveClass is the general decisive classifier read from the forest.
type decisiveClass struct{}

func (decisiveClass) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	return !s.Terminal() && s.cells[m].color == 0 && s.winAt(int(m), uint8(s.side)+1)
}
