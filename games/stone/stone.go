// Package stone holds what the Go-like games (NoGo, AtariGo) share: a square
// board of up to 8x8 with black and white stones as two bitboards, liberties
// and captures computed by bitboard flood fill, Zobrist hashing and the
// position text.
//
// Cells are numbered as in package grid (a1 = 0 bottom-left). A move is the
// index of the cell a stone goes on, written as its name ("c3").
//
// Position text: ranks from the top separated by '/', 'b' for a black stone,
// 'w' for a white one, digits for runs of empty cells, then the side to move,
// 'b' or 'w' ("5/5/2b2/5/5 w"). Any side may be to move.
package stone

import (
	"fmt"
	"math/bits"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
)

// Black and White are the players of a Go-like game: Black moves first.
const (
	Black = games.First
	White = games.Second
)

// Board is the geometry and hash keys of one board size.
type Board struct {
	Geo  grid.Geometry
	keys grid.Keys
}

// NewBoard returns a rows x cols board.
func NewBoard(rows, cols int) *Board {
	return &Board{Geo: grid.New(rows, cols), keys: grid.NewKeys(0x5707e5)}
}

// Position is the stones on a Board and the side to move. Games embed it in
// their states.
type Position struct {
	B *Board
	// Pieces holds, in BB, the stones of each player.
	grid.Pieces
	// noMoves caches that SampleLegal found no legal move for the side to
	// move, so that the end of a playout is not tested twice; Place clears
	// it.
	noMoves bool
	// barred[p] holds empty cells found illegal for player p under
	// NoCapture, which stay so while they are empty (see Legal). Filled
	// cells may linger in it: it is read only for empty cells.
	barred [2]uint64
}

// KnownNoMoves reports whether SampleLegal has found that the side to move
// has no legal move in this position. False means not known.
func (p *Position) KnownNoMoves() bool { return p.noMoves }

// MarkNoMoves records that the side to move has no legal move; a game's Legal
// calls it when it finds none.
func (p *Position) MarkNoMoves() { p.noMoves = true }

// Empty returns the empty cells.
func (p *Position) Empty() uint64 { return p.B.Geo.All &^ (p.BB[0] | p.BB[1]) }

// Rule says which empty cells are legal moves.
type Rule uint8

// The legality rules of the Go-like games.
const (
	// NoCapture forbids captures and suicide (NoGo).
	NoCapture Rule = iota
	// NoSuicide forbids suicide unless the move captures (AtariGo).
	NoSuicide
)

// Captures reports whether a stone of the side to move on the empty cell c
// would leave an adjacent enemy group without liberties.
func (p *Position) Captures(c int) bool {
	return captures(&p.B.Geo, p.BB[p.Side^1], p.Empty(), c)
}

// Suicide reports whether a stone of the side to move on the empty cell c
// would form a group without liberties, captures aside.
func (p *Position) Suicide(c int) bool {
	return suicide(&p.B.Geo, p.BB[p.Side], p.Empty(), c)
}

// Legal reports whether the empty cell c is a legal move for the side to move
// under rule.
//
// Under NoCapture it remembers, per player, the cells it finds illegal and
// answers for them again without a flood. With no captures stones only ever
// come, so an empty cell that would capture an enemy group (being its only
// liberty) or be suicide (no empty neighbour, and the only liberty of each
// own group beside it) stays so for that player until someone fills it: a
// stone joins a group only on one of its liberties, here the cell itself, so
// those groups never gain a liberty.
func (p *Position) Legal(c int, rule Rule) bool {
	cb := uint64(1) << uint(c&63)
	if rule == NoCapture && p.barred[p.Side]&cb != 0 {
		return false
	}
	ok := legal(&p.B.Geo, p.BB[p.Side], p.BB[p.Side^1], p.Empty(), c, rule)
	if !ok && rule == NoCapture {
		p.barred[p.Side] |= cb
	}
	return ok
}

// legal is Position.Legal on bitboards; empty includes c. A capturing move is
// legal exactly under NoSuicide; any other move exactly when it is not
// suicide. This is the playouts' inner loop, so it is written out in one
// piece rather than through captures and suicide.
func legal(g *grid.Geometry, own, opp, empty uint64, c int, rule Rule) bool {
	cb := uint64(1) << uint(c&63)
	empty &^= cb
	nb := g.Neighbors[c&63]
	for adj := nb & opp; adj != 0; adj &= adj - 1 {
		q := adj & -adj
		// Most enemy stones touch an empty cell themselves.
		if g.Neighbors[bits.TrailingZeros64(q)]&empty == 0 && !hasLiberty(g, q, opp, empty) {
			return rule == NoSuicide
		}
	}
	return nb&empty != 0 || hasLiberty(g, cb, own|cb, empty)
}

// hasLiberty reports whether the group of stones that contains seed touches
// an empty cell. It grows the group one ring at a time and stops at the first
// liberty, so a group with a liberty near seed costs one or two steps.
func hasLiberty(g *grid.Geometry, seed, stones, empty uint64) bool {
	grp := seed
	for {
		d := g.Dilate(grp)
		if d&empty != 0 {
			return true
		}
		next := d & stones
		if next == grp {
			return false
		}
		grp = next
	}
}

// captures: see Position.Captures; empty includes c.
func captures(g *grid.Geometry, opp, empty uint64, c int) bool {
	empty &^= 1 << uint(c&63)
	for adj := g.Neighbors[c&63] & opp; adj != 0; adj &= adj - 1 {
		if !hasLiberty(g, adj&-adj, opp, empty) {
			return true
		}
	}
	return false
}

// suicide: see Position.Suicide; empty includes c.
func suicide(g *grid.Geometry, own, empty uint64, c int) bool {
	cb := uint64(1) << uint(c&63)
	empty &^= cb
	return g.Neighbors[c&63]&empty == 0 && !hasLiberty(g, cb, own|cb, empty)
}

// Place puts a stone of the side to move on c and passes the turn. It removes
// nothing.
func (p *Position) Place(c int) {
	p.noMoves = false
	p.BB[p.Side] |= 1 << uint(c&63)
	p.XorHash(p.B.keys.Cell[p.Side][c&63] ^ p.B.keys.Side)
	p.Side ^= 1
}

// DeadGroup reports whether some group of player pl has no liberty.
func (p *Position) DeadGroup(pl games.Player) bool {
	g := &p.B.Geo
	empty := p.Empty()
	for rest := p.BB[pl]; rest != 0; {
		grp := g.Flood(rest&-rest, p.BB[pl])
		if g.Dilate(grp)&empty == 0 {
			return true
		}
		rest &^= grp
	}
	return false
}

// SampleLegal draws a move uniformly from the legal moves under rule: it
// picks Select(candidates, r.Intn(count)) among the untried empty cells, and
// drops a pick that is illegal, until one is legal. Each legal move is equally
// likely. It returns -1 when no empty cell is legal (having drawn once for
// each). Under NoCapture a pick already known to be illegal (see Legal) costs
// its draw but no test, so the draws and the move are those of a sampler
// without that memory.
func (p *Position) SampleLegal(r *rng.Rand, rule Rule) int {
	g := &p.B.Geo
	own, opp := p.BB[p.Side], p.BB[p.Side^1]
	empty := g.All &^ (own | opp)
	var barred uint64 // under NoCapture, see Legal
	if rule == NoCapture {
		barred = p.barred[p.Side]
	}
	c := -1
	for cand := empty; cand != 0; {
		k := grid.Select(cand, r.Intn(bits.OnesCount64(cand)))
		kb := uint64(1) << uint(k&63)
		if barred&kb == 0 {
			if legal(g, own, opp, empty, k, rule) {
				c = k
				break
			}
			barred |= kb
		}
		cand &^= kb
	}
	if rule == NoCapture {
		p.barred[p.Side] = barred
	}
	p.noMoves = c < 0
	return c
}

// RecomputeHash computes the hash from scratch.
func (p *Position) RecomputeHash() uint64 {
	return p.B.keys.Hash(p.BB, p.Side)
}

// ResetHash sets the hash from scratch, after the stones were set directly.
func (p *Position) ResetHash() { p.Pieces.ResetHash(&p.B.keys) }

// ParsePosition reads the position text onto board b.
func ParsePosition(b *Board, text string) (Position, error) {
	cells, side, err := b.Geo.ParsePosition(text, "bw", "bw")
	if err != nil {
		return Position{}, err
	}
	p := Position{B: b}
	p.Side = games.Player(side)
	for i, c := range cells {
		if c >= 0 {
			p.BB[c] |= 1 << uint(i)
		}
	}
	p.ResetHash()
	return p, nil
}

// String returns the position text.
func (p *Position) String() string { return p.Text(&p.B.Geo, "bw") }

// MoveString returns the cell name of a move.
func (p *Position) MoveString(m games.Move) string { return p.B.Geo.CellName(int(m)) }

// MoveCells returns the cell of a move.
func (p *Position) MoveCells(m games.Move) (from, to int) { return int(m), -1 }

// ParseCell reads a move's cell and checks that it is empty.
func (p *Position) ParseCell(text string) (int, error) {
	c, err := p.B.Geo.ParseCell(text)
	if err != nil {
		return 0, err
	}
	if p.Empty()&(1<<uint(c)) == 0 {
		return 0, fmt.Errorf("%s: the point is taken", text)
	}
	return c, nil
}

// Board describes the position for drawing: stones, and a group without
// a liberty (AtariGo's last capture, left on the board) marked captured.
func (p *Position) Board() games.Board {
	b := p.Pieces.SquareBoard(&p.B.Geo, "bw")
	b.Stones = true
	g := &p.B.Geo
	empty := p.Empty()
	for pl := range 2 {
		for rest := p.BB[pl]; rest != 0; {
			grp := g.Flood(rest&-rest, p.BB[pl])
			if g.Dilate(grp)&empty == 0 {
				for c := grp; c != 0; c &= c - 1 {
					b.Cells[Trailing(c)].Mark |= games.Captured
				}
			}
			rest &^= grp
		}
	}
	return b
}
