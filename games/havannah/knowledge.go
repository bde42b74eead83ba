package havannah

import (
	"math/bits"

	"mcarena/games"
	"mcarena/games/bitset"
	"mcarena/games/knowledge"
)

// Havannah's knowledge, after "MCTS Enhancements for Havannah" (Stankiewicz,
// Winands and Uiterwijk): the Havannah-Mate reading its baseline program runs
// in the tree, decisive moves in playouts, and the visit-and-win-count
// initialisations of its section 3.3 as priors. All of it reads the
// union-find forest of the State: whether a stone on an empty cell would win
// is the test that Play runs (link), done without placing the stone.
//
// The reading, the playout and the priors are in mate.go, decisive.go
// and priors.go; this file registers them and holds the win test they
// share.

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
