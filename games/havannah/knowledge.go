package havannah

import (
	"math/bits"

	"mcarena/games"
	"mcarena/games/bitset"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// Havannah's knowledge, after "MCTS Enhancements for Havannah" (Stankiewicz,
// Winands and Uiterwijk): the Havannah-Mate reading its baseline program runs
// in the tree, decisive moves in playouts, and the visit-and-win-count
// initialisations of its section 3.3 as priors. All of it reads the
// union-find forest of the State: whether a stone on an empty cell would win
// is the test that Play runs (link), done without placing the stone.
//
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
//
// The decisive playout (Teytaud and Teytaud 2010, as the paper's section 3.1
// recalls it): a move that wins at once if there is one (drawn uniformly
// among them, in cell order); else, when the opponent has exactly one
// winning cell, that cell (anti-decisive: the block); else a uniform random
// move, drawn exactly as Playout draws it. The winning cells of each player
// are kept between moves: they change only when that player moves (and when
// a cell fills), so each ply rescans only the empty cells next to the
// mover's stones.
//
// The priors of section 3.3 and 4.4, for the player to move, as virtual
// visits and wins of the move's node (Gelly and Silver's initialisation,
// the paper's Equation 1):
//
//   - joint: a neighbour move (next to an own stone) 40 visits and 40 wins;
//     a joint move (two cells from an own stone, across the two cells both
//     share, both empty: the "two-bridge" shape) 40 and 30; any other move
//     40 and 5. A move that is both counts as a neighbour move.
//   - local: 30 visits and 10 wins per local group the move joins: the runs
//     of own stones among its six neighbours, each run's stones touching
//     one another (the paper's Fig. 3b counts groups within the local area:
//     two runs that meet outside it still count two, and the move then
//     closes a ring), so 0 to 3 groups and 0 to 30 wins.
//   - edge: the corners and sides (the paper's "edges") that the group the
//     move would form touches, the move's own cell included: 30 visits and
//     10 wins per corner and per side; more than one corner or more than two
//     sides (the move makes a bridge or a fork: it wins) 1 visit and 1000
//     wins, as the paper prints it, which puts the move first in selection.
//   - combined: the three summed, 100 visits (40+30+30) and the sum of the
//     three win counts; a bridge or fork again 1 visit and 1000 wins.
//
// The swap move (the first stone's cell, with the swap option) gets the
// lowest category of each prior.

func init() {
	knowledge.RegisterReading("havannah", "mate",
		"Havannah-Mate: a move that wins at once, or that leaves two winning cells and the opponent none, is won; when the opponent threatens a win, the moves elsewhere are lost",
		func(g games.Game) (knowledge.Reading, error) { return &mateReading{}, nil })
	knowledge.RegisterClassifier("havannah", "mate",
		"the move wins at once, or leaves the mover two winning cells and the opponent none (Havannah-Mate)",
		func(g games.Game) (knowledge.Classifier, error) { return &mateClass{}, nil })
	knowledge.RegisterClassifier("havannah", "decisive", "the move ends the game with a win for the player who makes it",
		func(g games.Game) (knowledge.Classifier, error) { return decisiveClass{}, nil })
	knowledge.RegisterPlayout("havannah", "decisive",
		"a move that wins at once if there is one; else the block of the opponent's only winning cell; else a uniform random move",
		func(g games.Game) (knowledge.Playout, error) { return &decisivePlayout{}, nil })
	for _, p := range []struct {
		kind      priorKind
		name, doc string
	}{
		{jointPrior, "joint", "the paper's joint and neighbour moves: 40 visits; 40 wins next to an own stone, 30 two cells from one across two empty cells, else 5"},
		{localPrior, "local", "the paper's local connections: 30 visits, 10 wins per run of own neighbours the move joins (0 to 3)"},
		{edgePrior, "edge", "the paper's edge and corner connections: 30 visits, 10 wins per corner and side the move's group touches; a bridge or fork 1 visit, 1000 wins"},
		{combinedPrior, "combined", "joint, local and edge summed: 100 visits; a bridge or fork 1 visit, 1000 wins"},
	} {
		kind := p.kind
		knowledge.RegisterMovePrior("havannah", p.name, p.doc,
			func(g games.Game) (knowledge.MovePrior, error) { return patternPrior{kind}, nil })
	}
}

// root returns the root of c's group without changing the forest.
func (s *State) root(c int) int {
	for s.cells[c].parent >= 0 {
		c = int(s.cells[c].parent)
	}
	return c
}

// pattern returns the bits d of c's neighbours of colour col.
func (s *State) pattern(c int, col uint8) int {
	nb := &s.g.nbr[c]
	pat := 0
	for d := range 6 {
		pat |= int((uint(s.cells[nb[d]].color^col)-1)>>63) << d
	}
	return pat
}

// winAt reports whether a stone of colour col on the empty cell c would
// win: link's test, without placing the stone or changing the forest.
func (s *State) winAt(c int, col uint8) bool {
	pat := s.pattern(c, col)
	if pat == 0 {
		return false // a lone stone touches one corner or side at most
	}
	g := s.g
	nb := &g.nbr[c]
	a := &arcs[pat]
	mask := g.touch[c]
	var roots [3]int
	for i := range int(a.n) {
		r := s.root(int(nb[a.first[i]]))
		for j := range i {
			if roots[j] == r {
				return true // two arcs of one group: a ring
			}
		}
		roots[i] = r
		mask |= s.cells[r].mask
	}
	if bits.OnesCount16(mask&cornerBits) >= 2 || bits.OnesCount16(mask>>sideShift) >= 3 {
		return true
	}
	return a.flower != 0 && s.flowerAround(c, a.flower, col)
}

// flowerAround is flower for a stone not yet on c: whether a neighbour of c
// in one of the directions dirs, off the edge, has all its neighbours but c
// of colour col.
func (s *State) flowerAround(c int, dirs uint8, col uint8) bool {
	g := s.g
	for ; dirs != 0; dirs &= dirs - 1 {
		x := int(g.nbr[c][bits.TrailingZeros8(dirs)])
		if !g.inner[x] {
			continue
		}
		all := true
		for _, n := range g.nbr[x] {
			all = all && (int(n) == c || s.cells[n].color == col)
		}
		if all {
			return true
		}
	}
	return false
}

// winsIn returns the cells of cand where a stone of colour col would win.
func (s *State) winsIn(cand bitset.Set, col uint8) bitset.Set {
	var out bitset.Set
	for w, x := range cand {
		for ; x != 0; x &= x - 1 {
			if c := w*64 + bits.TrailingZeros64(x); s.winAt(c, col) {
				out.Add(c)
			}
		}
	}
	return out
}

// WinningCells returns the empty cells where the player p would win at once
// by placing a stone, whoever is to move.
func (s *State) WinningCells(p games.Player) bitset.Set {
	if s.won != 0 {
		return bitset.Set{}
	}
	return s.winsIn(s.empty, uint8(p)+1)
}

// mateReading is Havannah-Mate (see the comment above init); libs holds the
// liberties of the mover's groups by root, valid where seen is stamp, and
// joins what a stone of the mover on each empty cell would join, valid
// where its stamp is stamp.
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
	for i, mv := range moves {
		if c := int(mv); out[i] == 0 && s.cells[c].color == 0 && m.double(s, c, p) {
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

// decisivePlayout is the decisive playout (see the comment above init).
// libs holds the liberties of each group by root (the cells next to it,
// filled or not), valid where seen is stamp.
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

// priorKind selects one of the paper's visit-and-win-count initialisations.
type priorKind uint8

const (
	jointPrior priorKind = iota
	localPrior
	edgePrior
	combinedPrior
)

// patternPrior is a visit-and-win-count initialisation of the paper (see
// the comment above init).
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
