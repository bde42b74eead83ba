// Package havannah implements Havannah, Christian Freeling's connection game
// on a hexagonal board, as the Havannah paper of mcarena plays it
// (Stankiewicz, Winands and Uiterwijk, "MCTS Enhancements for Havannah").
//
// Rules: a hexagonal board of base N (N cells a side, 3N(N-1)+1 cells; option
// base=4..10, default 5), empty at the start. White moves first; the players
// take turns placing a stone of their colour on an empty cell. A player wins
// by forming one of three structures with their stones:
//
//   - a ring: a loop of the player's stones that surrounds at least one cell;
//     the surrounded cells may be empty or hold stones of either colour (so
//     six stones around a seventh of the same colour, the "flower", is a
//     ring);
//   - a bridge: a chain (stones joined through neighbours) that holds two of
//     the six corner cells;
//   - a fork: a chain that touches three of the six sides; a corner cell
//     belongs to no side.
//
// A full board without a winner is a draw (very rare). With the swap option
// the second player's first move may be a swap instead of a stone: the second
// player takes over the first stone, which turns black, and White moves next,
// so the game goes on as if Black had opened there. A swap is written "swap";
// in Legal it is the index of the cell of the first stone (a cell that is
// otherwise never legal, being taken), in ascending order among the empty
// cells, and playouts draw it like any other move.
//
// Board and coordinates (castro's default notation): cell (x, y) with
// 0 <= x, y <= 2N-2 and |x - y| <= N-1; its name is the row letter ('a' + y)
// followed by x+1. The neighbours of (x, y) are (x±1, y), (x, y±1),
// (x+1, y+1) and (x-1, y-1). Cells are numbered row by row from row a, each
// row in increasing x, and a move is the number of its cell. Base 4, drawn
// with row a on top and cell (x, y) at column 2x - y, names and numbers:
//
//	      a1  a2  a3  a4                    0   1   2   3
//	    b1  b2  b3  b4  b5                4   5   6   7   8
//	  c1  c2  c3  c4  c5  c6            9   10  11  12  13  14
//	d1  d2  d3  d4  d5  d6  d7        15  16  17  18  19  20  21
//	  e2  e3  e4  e5  e6  e7            22  23  24  25  26  27
//	    f3  f4  f5  f6  f7                28  29  30  31  32
//	      g4  g5  g6  g7                    33  34  35  36
//
// The corners are a1, aN, the two ends of the middle row and the two ends of
// the last row (base 4: a1, a4, d1, d7, g4, g7). The sides are the other
// cells of the six edges: row a; the right ends of rows b to the middle row
// (x - y = N-1); the right ends of the rows below it (x = 2N-2); the last
// row; the left ends of the rows below the middle row (y - x = N-1); the
// left ends of rows b to the middle row (x = 0). Base 4's sides are a2-a3,
// b5-c6, e7-f7, g5-g6, e2-f3 and b1-c1.
//
// Position text: the rows a, b, ... separated by '/', each row's cells in
// increasing x as '.', 'w' or 'b', then a space and the side to move ('w' or
// 'b'). The empty base-4 board is "..../...../....../......./....../...../.... w".
// The stone counts must fit the turn (and a swap, with the swap option); a
// position in which the player to move has a winning structure is refused,
// and one in which the other player has one is over, won by that player.
//
// Hash: Zobrist keys per stone and cell and one for the side to move.
//
// Win detection is incremental and exact, a few steps per move. Each State
// keeps a union-find forest over the stones (parent links, group sizes at the
// roots and, per root, a mask of the corners and sides its group touches), so
// it is copied with the position. A move joins the stone to the groups of its
// neighbours; the new group's masks give bridges and forks at once. For
// rings, look at the six neighbours of the new stone c in circular order: the
// player's own ones fall into arcs (runs of consecutive neighbours, which
// touch one another). Before the move there was no ring, so a ring after it
// passes through c, and (the comment on link, in state.go, proves it):
//
//   - a ring surrounds a cell not of the player exactly when two different
//     arcs around c belonged to the same group before the move (the loop
//     through c and that group encloses a cell between the arcs);
//   - a ring surrounds only the player's own cells exactly when it is a
//     flower: some neighbour x of c, not on the edge, has all six neighbours
//     own, which needs c's neighbours on both sides of x to be own.
//
// Both tests look at a few cells: no search runs at all. The tests check the
// game move for move against a plain second implementation that floods the
// board from scratch.
//
// Priors (the engine option prior=joint|local|edge|combined): the paper's
// visit-and-win-count initialisations (its sections 3.3 and 4.4), for the
// player to move, as virtual visits and wins of the move's node (Gelly and
// Silver's initialisation, the paper's Equation 1):
//
//   - joint: a neighbour move (next to an own stone) 40 visits and 40 wins;
//     a joint move (two cells from an own stone, across the two cells both
//     share, both empty: the "two-bridge" shape) 40 and 30; any other move
//     40 and 5. A move that is both counts as a neighbour move.
//   - local: 30 visits, and 10 wins per local group the move joins: the runs
//     of own stones among its six neighbours, each run's stones touching
//     one another (the paper's Fig. 3b counts groups within the local area:
//     two runs that meet outside it still count two, and the move then
//     closes a ring), so 0 to 3 groups and 0 to 30 wins.
//   - edge: the corners and sides (the paper's "edges") that the group the
//     move would form touches, the move's own cell included: 30 visits, and
//     10 wins per corner and per side; more than one corner or more than two
//     sides (the move makes a bridge or a fork: it wins) 1 visit and 1000
//     wins, as the paper prints it, which puts the move first in selection.
//   - combined: the three summed, 100 visits (40+30+30) and the sum of the
//     three win counts (the paper says "visit counts" there; summed visits
//     would always give 100); a bridge or fork again 1 visit and 1000 wins.
//
// The swap move (the first stone's cell, with the swap option) gets the
// lowest category of each prior.
//
// How the counts meet the search: the paper's words are that the visit and
// win counts of new nodes are initialised, and its Equation 1 shows UCT
// alone; it does not say how the counts meet RAVE. mcarena reads it
// literally: the virtual visits and wins are the node's counts from its
// creation, so every formula that reads them sees them. With n and w the
// real visits and wins, the node's mean is (w + alpha_i)/(n + beta_i) and
// its exploration term divides by n + beta_i (Equation 1, alpha_i and
// beta_i the virtual wins and visits); RAVE's weight R/(R + n + beta_i)
// counts them too, so
// a node with a prior trusts its AMAF value less from the start (at R = 50,
// 0.56 of the full weight under 40 virtual visits, 0.63 under 30 and 0.33
// under 100); once the node has children of its own, their exploration
// term's ln n_p includes its virtual visits. The AMAF statistics get no
// prior, and the parent's count does not grow by its children's virtual
// visits (the engine's np option, for the implicit-minimax paper's node
// priors, would do that).
//
// Playout draws Legal()[r.Intn(n)], the reference rule: the r.Intn(n)-th
// empty cell in ascending order (with a swap, of the empty cells and the
// first stone's), found with bitset.Set.Select.
package havannah

import (
	"fmt"
	"strconv"

	"mcarena/games"
	"mcarena/games/bitset"
)

// The limits of the base option.
const (
	MinBase     = 4
	MaxBase     = 10
	DefaultBase = 5
	// maxCells is the number of cells of the largest board.
	maxCells = 3*MaxBase*(MaxBase-1) + 1
	// offBoard is the neighbour beyond the edge: a State's cell that holds
	// a stone of neither player, so that reading a neighbour's colour needs
	// no test for the edge.
	offBoard = maxCells
)

func init() {
	games.Register(games.Entry{
		Name: "havannah",
		Doc:  "Havannah: place stones on a hex board; a ring, a bridge (two corners) or a fork (three sides) wins",
		Options: []games.Option{
			{Name: "base", Kind: games.Int, Default: strconv.Itoa(DefaultBase), Min: MinBase, Max: MaxBase, Doc: "cells on each side of the hexagon"},
			{Name: "swap", Kind: games.Bool, Default: "false", Doc: "the second player may take over the first stone"},
		},
		Build: func(o games.Options) (games.Game, error) {
			return New(o.Int("base"), o.Bool("swap")), nil
		},
	})
}

// The six directions, in circular order: direction d and d+1 (mod 6) lead to
// two neighbours of a cell that are neighbours of each other.
var dirs = [6][2]int{{-1, -1}, {0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 0}}

// Masks of the corners and sides a cell or group touches: corner k is bit k,
// side k is bit 8+k.
const (
	cornerBits = 0x003f
	sideShift  = 8
)

// Game is Havannah on one board, with or without the swap rule.
type Game struct {
	base, diam, cells int
	swap              bool
	spec              string
	// nbr[c][d] is c's neighbour in direction d, or offBoard.
	nbr [maxCells][6]int16
	// touch[c] is the corner or side bit of cell c (0 inside the board).
	touch [maxCells]uint16
	// inner[c] is true where all six neighbours are on the board.
	inner [maxCells]bool
	// near[c] is the set of c's neighbours on the board.
	near [maxCells]bitset.Set
	// joint[c][d] is the cell two steps from c across its neighbours in
	// directions d and d+1 (the two cells it shares with c), or offBoard.
	joint [maxCells][6]int16
	x, y  [maxCells]int8
	// index[y*diam+x] is the cell at (x, y), or -1.
	index []int16
	names []string
	all   bitset.Set
}

// New returns Havannah of the given base (MinBase to MaxBase).
func New(base int, swap bool) *Game {
	if base < MinBase || base > MaxBase {
		panic(fmt.Sprintf("havannah: base %d outside %d..%d", base, MinBase, MaxBase))
	}
	d := 2*base - 1
	g := &Game{base: base, diam: d, cells: 3*base*(base-1) + 1, swap: swap}
	g.spec = games.Canonical("havannah", map[string]string{"base": strconv.Itoa(base), "swap": strconv.FormatBool(swap)})
	g.index = make([]int16, d*d)
	for i := range g.index {
		g.index[i] = -1
	}
	n := 0
	for y := range d {
		lo, hi := g.rowSpan(y)
		for x := lo; x <= hi; x++ {
			g.index[y*d+x] = int16(n)
			g.x[n], g.y[n] = int8(x), int8(y)
			g.names = append(g.names, string(rune('a'+y))+strconv.Itoa(x+1))
			n++
		}
	}
	for c := range g.cells {
		x, y := int(g.x[c]), int(g.y[c])
		on := 0
		for k, dir := range dirs {
			g.nbr[c][k] = offBoard
			if n := g.at(x+dir[0], y+dir[1]); n >= 0 {
				g.nbr[c][k] = int16(n)
				on++
			}
		}
		g.inner[c] = on == 6
		for k := range dirs {
			g.joint[c][k] = offBoard
			if n := g.at(x+dirs[k][0]+dirs[(k+1)%6][0], y+dirs[k][1]+dirs[(k+1)%6][1]); n >= 0 {
				g.joint[c][k] = int16(n)
			}
			if n := g.nbr[c][k]; n != offBoard {
				g.near[c].Add(int(n))
			}
		}
		g.touch[c] = g.edgeBit(x, y)
	}
	g.all = bitset.Below(g.cells)
	return g
}

// rowSpan returns the first and last x of row y.
func (g *Game) rowSpan(y int) (lo, hi int) {
	m := g.base - 1
	return max(0, y-m), min(g.diam-1, y+m)
}

// at returns the cell at (x, y), or -1 off the board.
func (g *Game) at(x, y int) int {
	if x < 0 || y < 0 || x >= g.diam || y >= g.diam {
		return -1
	}
	return int(g.index[y*g.diam+x])
}

// edgeBit returns the corner or side bit of the cell at (x, y): corners
// a1, aN, the right end of the middle row, the right end of the last row, its
// left end and the left end of the middle row are corners 0 to 5; side k runs
// from corner k to corner k+1.
func (g *Game) edgeBit(x, y int) uint16 {
	m, e := g.base-1, g.diam-1
	switch {
	case x == 0 && y == 0:
		return 1 << 0
	case x == m && y == 0:
		return 1 << 1
	case x == e && y == m:
		return 1 << 2
	case x == e && y == e:
		return 1 << 3
	case x == m && y == e:
		return 1 << 4
	case x == 0 && y == m:
		return 1 << 5
	case y == 0:
		return 1 << (sideShift + 0)
	case x-y == m:
		return 1 << (sideShift + 1)
	case x == e:
		return 1 << (sideShift + 2)
	case y == e:
		return 1 << (sideShift + 3)
	case y-x == m:
		return 1 << (sideShift + 4)
	case x == 0:
		return 1 << (sideShift + 5)
	}
	return 0
}

// Name implements games.Game.
func (g *Game) Name() string { return "havannah" }

// Spec implements games.Game.
func (g *Game) Spec() string { return g.spec }

// Base returns the number of cells on each side of the board.
func (g *Game) Base() int { return g.base }

// Cells returns the number of cells, 3N(N-1)+1 for base N.
func (g *Game) Cells() int { return g.cells }

// Swap reports whether the swap rule is on.
func (g *Game) Swap() bool { return g.swap }

// CellName returns the name of cell c, such as "d4".
func (g *Game) CellName(c int) string { return g.names[c] }

// Coords returns the coordinates (x, y) of cell c.
func (g *Game) Coords(c int) (x, y int) { return int(g.x[c]), int(g.y[c]) }

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"White", "Black"} }

// MaxMoves implements games.Game: every cell is empty at the start, and the
// second player's first move has the empty cells and the swap.
func (g *Game) MaxMoves() int { return g.cells }

// MoveSpace implements games.Game: a move is a cell.
func (g *Game) MoveSpace() int { return g.cells }

// MaxLength implements games.Game: one stone a ply, and the swap.
func (g *Game) MaxLength() int {
	if g.swap {
		return g.cells + 1
	}
	return g.cells
}

// keys holds the Zobrist keys: keys[p*maxCells+c] for a stone of player p on
// cell c, and keys[2*maxCells] for Black to move.
var keys = games.ZobristKeys(2*maxCells+1, 0x4a7a77a4)

const sideKey = 2 * maxCells
