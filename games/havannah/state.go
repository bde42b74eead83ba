package havannah

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"mcarena/games"
	"mcarena/games/bitset"
	"mcarena/games/rng"
)

// The structures a winning move forms, as bits of State.won.
const (
	ringBit uint8 = 1 << iota
	bridgeBit
	forkBit
)

// reasons[won] names the structures of a win, in the order ring, bridge,
// fork.
var reasons = func() (r [8]string) {
	names := []string{"ring", "bridge", "fork"}
	for w := 1; w < 8; w++ {
		var parts []string
		for i, n := range names {
			if w&(1<<i) != 0 {
				parts = append(parts, n)
			}
		}
		r[w] = strings.Join(parts, ", ")
	}
	return r
}()

// cell is one cell of the board and its union-find node. A stone's node
// points to its parent; a root holds minus the size of its group and the
// corners and sides the group touches.
type cell struct {
	parent int16
	mask   uint16
	color  uint8 // 0 empty, 1 White, 2 Black: the owner plus one
}

// header is the part of a State copied whole.
type header struct {
	g     *Game
	empty bitset.Set
	hash  uint64
	free  int // empty cells
	side  games.Player
	won   uint8 // the structures the last move formed
}

// State is a Havannah position: the stones, their union-find forest, the
// side to move and whether the last move won. CopyFrom copies only the
// board's own cells.
type State struct {
	header
	cells [maxCells + 1]cell // and cells[offBoard]
}

// edgeColor is the colour of cells[offBoard], which no stone has.
const edgeColor = 3

// newState returns the empty board.
func (g *Game) newState() *State {
	s := &State{header: header{g: g, empty: g.all, free: g.cells}}
	s.cells[offBoard].color = edgeColor
	return s
}

// NewState implements games.Game.
func (g *Game) NewState() games.State { return g.newState() }

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// ToMove implements games.State.
func (s *State) ToMove() games.Player { return s.side }

// Terminal implements games.State.
func (s *State) Terminal() bool { return s.won != 0 || s.free == 0 }

// Outcome implements games.State: the player who formed a structure wins.
func (s *State) Outcome() games.Outcome {
	if s.won == 0 {
		return games.Draw
	}
	return games.WinFor(s.side.Other())
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: the structures the winning move
// formed ("ring", "bridge", "fork", or several in that order, as "bridge,
// fork"), or "full board" for a draw.
func (s *State) EndReason() string {
	switch {
	case s.won != 0:
		return reasons[s.won]
	case s.free == 0:
		return "full board"
	}
	return ""
}

// Hash implements games.State.
func (s *State) Hash() uint64 { return s.hash }

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	var h uint64
	for c := range s.g.cells {
		if col := s.cells[c].color; col != 0 {
			h ^= keys[int(col-1)*maxCells+c]
		}
	}
	if s.side == games.Second {
		h ^= keys[sideKey]
	}
	return h
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) {
	o := src.(*State)
	s.header = o.header
	n := o.g.cells
	copy(s.cells[:n], o.cells[:n])
}

// canSwap reports whether the player to move may swap: the swap rule is on
// and the only stone is White's first.
func (s *State) canSwap() bool {
	return s.g.swap && s.side == games.Second && s.free == s.g.cells-1
}

// legalSet returns the legal moves as a set of cells, and their number.
func (s *State) legalSet() (bitset.Set, int) {
	if s.canSwap() {
		// The empty cells and the only stone: every cell.
		return s.g.all, s.free + 1
	}
	return s.empty, s.free
}

// Legal implements games.State: the empty cells in ascending order, and the
// swap where it is legal (as the first stone's cell, in its place in the
// order).
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.Terminal() {
		return buf
	}
	set, _ := s.legalSet()
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			buf = append(buf, games.Move(w*64+bits.TrailingZeros64(x)))
		}
	}
	return buf
}

// IsLegal implements games.MoveChecker: an empty cell, or the swap where
// it is legal, while the game goes on.
func (s *State) IsLegal(m games.Move) bool {
	if m < 0 || int(m) >= s.g.cells || s.Terminal() {
		return false
	}
	return s.empty.Has(int(m)) || s.canSwap() // the swap: every cell
}

// Play implements games.State.
func (s *State) Play(m games.Move) { s.play(int(m)) }

func (s *State) play(c int) {
	p := s.side
	if s.cells[c].color != 0 { // the swap: the first stone turns black
		s.cells[c].color = 2
		s.hash ^= keys[c] ^ keys[maxCells+c] ^ keys[sideKey]
		s.side = games.First
		return
	}
	s.won = s.link(c, uint8(p)+1)
	s.empty.Remove(c)
	s.free--
	s.hash ^= keys[int(p)*maxCells+c] ^ keys[sideKey]
	s.side ^= 1
}

// arc describes the pattern of a stone's own neighbours: n arcs (maximal
// runs of own neighbours in circular order), the first direction of each,
// and the directions d whose neighbour has own neighbours on both sides
// (d-1, d and d+1 all own), the candidates for the middle of a flower.
type arc struct {
	n      uint8
	first  [3]uint8
	flower uint8
}

// arcs[pattern] describes a pattern whose bit d is set when the neighbour in
// direction d is own.
var arcs = func() (t [64]arc) {
	for p := range 64 {
		has := func(d int) bool { return p&(1<<((d+6)%6)) != 0 }
		a := &t[p]
		if p == 63 {
			a.n = 1
		}
		for d := range 6 {
			if p != 63 && has(d) && !has(d-1) {
				a.first[a.n] = uint8(d)
				a.n++
			}
			if has(d-1) && has(d) && has(d+1) {
				a.flower |= 1 << d
			}
		}
	}
	return t
}()

// link puts a stone of colour col on the empty cell c, joins it to its
// neighbours' groups, and returns the structures it forms. The ring test is
// exact provided the player had no ring before:
//
// A ring is a cycle of own stones with a cell inside. After the move, the
// player has a ring iff (1) some cell not of the player cannot reach the
// outside of the board through cells not of the player, or (2) some own cell
// off the edge has six own neighbours (the flower: a cycle round an own cell
// x must avoid x, and x escapes through any neighbour not own, since every
// such cell reaches the outside when (1) fails).
//
// (1) is new iff two different arcs around c were in one group. If they
// were, a path P in that group from a neighbour a in one arc to b in the
// other, closed through c, is a simple cycle; each of the two angles at c
// between the edges to a and b holds a neighbour that is not own (the arcs
// differ), and the one inside the cycle is a cell (the board is convex)
// enclosed by the cycle. Conversely, if a cell y not of the player is
// enclosed now, a simple cycle of own stones round y passes through c (else
// y was enclosed before) by two neighbours a and b joined by a path P that
// avoids c, so in one group before; if a and b were in one arc, replacing c
// by the run of own neighbours between them gives a closed walk of old
// stones whose winding number round y is the same (the replaced part sweeps
// triangles of neighbouring cells, which hold no other cell), so y was
// enclosed before: a contradiction.
//
// (2) is new iff the flower's middle is a neighbour x of c (c itself cannot
// be the middle: its six own neighbours would have enclosed it before), and
// then c's neighbours on both sides of x, which are x's neighbours too, are
// own.
func (s *State) link(c int, col uint8) uint8 {
	g := s.g
	nb := &g.nbr[c]
	pat := 0
	for d := range 6 {
		// Bit d is set when the neighbour's colour is col, without a branch:
		// the xor is below 256, and is 0 only for col.
		pat |= int((uint(s.cells[nb[d]].color^col)-1)>>63) << d
	}
	s.cells[c] = cell{parent: -1, mask: g.touch[c], color: col}
	if pat == 0 {
		return 0
	}
	a := &arcs[pat]
	var won uint8
	var roots [3]int
	for i := range int(a.n) {
		roots[i] = s.find(int(nb[a.first[i]]))
		for j := range i {
			if roots[j] == roots[i] {
				won = ringBit
			}
		}
	}
	if won == 0 && a.flower != 0 && s.flower(c, a.flower, col) {
		won = ringBit
	}
	r := c
	for i := range int(a.n) {
		r = s.union(r, roots[i])
	}
	m := s.cells[r].mask
	if bits.OnesCount16(m&cornerBits) >= 2 {
		won |= bridgeBit
	}
	if bits.OnesCount16(m>>sideShift) >= 3 {
		won |= forkBit
	}
	return won
}

// flower reports whether a neighbour of c in one of the directions of the
// bits dirs, off the edge, has six neighbours of colour col.
func (s *State) flower(c int, dirs uint8, col uint8) bool {
	g := s.g
	for ; dirs != 0; dirs &= dirs - 1 {
		x := int(g.nbr[c][bits.TrailingZeros8(dirs)])
		if !g.inner[x] {
			continue
		}
		all := true
		for _, n := range g.nbr[x] {
			all = all && s.cells[n].color == col
		}
		if all {
			return true
		}
	}
	return false
}

// find returns the root of c's group, halving the path on the way.
func (s *State) find(c int) int {
	for {
		p := s.cells[c].parent
		if p < 0 {
			return c
		}
		gp := s.cells[p].parent
		if gp < 0 {
			return int(p)
		}
		s.cells[c].parent = gp
		c = int(gp)
	}
}

// union joins the groups of a and b, the smaller under the larger, and
// returns the new root.
func (s *State) union(a, b int) int {
	a, b = s.find(a), s.find(b)
	if a == b {
		return a
	}
	if s.cells[a].parent > s.cells[b].parent { // a's group is smaller
		a, b = b, a
	}
	s.cells[a].parent += s.cells[b].parent
	s.cells[b].parent = int16(a)
	s.cells[a].mask |= s.cells[b].mask
	return a
}

// Playout implements games.State: Legal()[r.Intn(n)] at each step.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording into t.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	n := 0
	for ; n < limit && s.won == 0 && s.free > 0; n++ {
		var c int
		if s.canSwap() {
			set, k := s.legalSet()
			c = set.Select(r.Intn(k))
		} else {
			c = s.empty.Select(r.Intn(s.free))
		}
		if t != nil {
			t.Add(games.Move(c), s.side)
		}
		s.play(c)
	}
	return n
}

// MoveString implements games.State: the cell's name, or "swap".
func (s *State) MoveString(m games.Move) string {
	if s.cells[m].color != 0 {
		return "swap"
	}
	return s.g.names[m]
}

// MoveCells implements games.State.
func (s *State) MoveCells(m games.Move) (from, to int) { return int(m), -1 }

// ParseMove implements games.State: a cell name such as "d4" (the row
// letter may be upper case), or "swap".
func (s *State) ParseMove(text string) (games.Move, error) {
	g := s.g
	if strings.EqualFold(text, "swap") {
		switch {
		case s.Terminal():
			return games.NoMove, fmt.Errorf("swap: the game is over (%s)", s.EndReason())
		case !g.swap:
			return games.NoMove, fmt.Errorf("swap: this game has no swap rule (option swap)")
		case !s.canSwap():
			return games.NoMove, fmt.Errorf("swap: only the second player's first move may swap")
		}
		first := g.all.AndNot(s.empty)
		return games.Move(first.First()), nil
	}
	c, err := g.parseCell(text)
	if err != nil {
		return games.NoMove, err
	}
	if s.Terminal() {
		return games.NoMove, fmt.Errorf("%s: the game is over (%s)", text, s.EndReason())
	}
	if col := s.cells[c].color; col != 0 {
		hint := ""
		if s.canSwap() {
			hint = "; write swap to take it over"
		}
		return games.NoMove, fmt.Errorf("%s: taken by %s%s", text, g.PlayerNames()[col-1], hint)
	}
	return games.Move(c), nil
}

// parseCell reads a cell name.
func (g *Game) parseCell(text string) (int, error) {
	last := byte('a' + g.diam - 1)
	bad := games.Notation(fmt.Errorf("%q: not a cell: want a row letter a-%c and a number, like %s", text, last, g.names[g.cells/2]))
	if len(text) < 2 || len(text) > 3 {
		return -1, bad
	}
	row := text[0] | 0x20
	digits := text[1:]
	if row < 'a' || row > 'z' || digits[0] < '1' || digits[0] > '9' {
		return -1, bad
	}
	num, err := strconv.Atoi(digits)
	if err != nil {
		return -1, bad
	}
	y := int(row - 'a')
	if y >= g.diam {
		return -1, games.Notation(fmt.Errorf("%s: off the board (rows a-%c)", text, last))
	}
	lo, hi := g.rowSpan(y)
	if x := num - 1; x < lo || x > hi {
		return -1, games.Notation(fmt.Errorf("%s: off the board (row %c holds %s-%s)", text, row, g.names[g.at(lo, y)], g.names[g.at(hi, y)]))
	}
	return g.at(num-1, y), nil
}

// String implements games.State: see the package comment.
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	b.Grow(g.cells + g.diam + 2)
	for c := range g.cells {
		if c > 0 && g.x[c] == int8(max(0, int(g.y[c])-g.base+1)) {
			b.WriteByte('/')
		}
		b.WriteByte(".wb"[s.cells[c].color])
	}
	b.WriteByte(' ')
	b.WriteByte("wb"[s.side])
	return b.String()
}

// Board implements games.State. The board is a games.HexGrid: Rows is the
// base N, Cols the number of rows 2N-1, and Cells the board's cells by number
// (row a first, each row in increasing x; row y holds x = max(0, y-N+1) to
// min(2N-2, y+N-1), named as in the package comment, not by
// games.CellName). Draw row a on top with cell (x, y) at column 2x - y, as
// in the package comment's diagram. The pieces are stones, White's (the
// first player's) drawn white.
func (s *State) Board() games.Board {
	g := s.g
	b := games.Board{Kind: games.HexGrid, Rows: g.base, Cols: g.diam, Cells: make([]games.Cell, g.cells), Stones: true, FirstWhite: true}
	for c := range b.Cells {
		b.Cells[c] = games.Cell{Owner: -1}
		if col := s.cells[c].color; col != 0 {
			b.Cells[c] = games.Cell{Owner: int8(col - 1), Piece: "wb"[col-1]}
		}
	}
	return b
}

// ParsePosition implements games.Game: see the package comment.
func (g *Game) ParsePosition(text string) (games.State, error) {
	f := strings.Fields(text)
	empty := g.NewState().String()
	if len(f) != 2 {
		return nil, fmt.Errorf("position %q: want the rows, a space and the side to move (w or b), like %q", text, empty)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != g.diam {
		return nil, fmt.Errorf("position %q: %d rows, want %d for base %d", text, len(rows), g.diam, g.base)
	}
	s := g.newState()
	var count [2]int
	var ring [2]bool
	c := 0
	for y, row := range rows {
		lo, hi := g.rowSpan(y)
		if len(row) != hi-lo+1 {
			return nil, fmt.Errorf("position %q: row %c has %d cells, want %d", text, 'a'+y, len(row), hi-lo+1)
		}
		for i := range len(row) {
			var col uint8
			switch row[i] {
			case '.':
			case 'w':
				col = 1
			case 'b':
				col = 2
			default:
				return nil, fmt.Errorf("position %q: row %c: %q is not a cell (want ., w or b)", text, 'a'+y, row[i])
			}
			if col != 0 {
				// The ring test is exact up to the first ring of each
				// player, which is all a position needs.
				if s.link(c, col)&ringBit != 0 {
					ring[col-1] = true
				}
				s.empty.Remove(c)
				s.free--
				count[col-1]++
			}
			c++
		}
	}
	switch f[1] {
	case "w":
		s.side = games.First
	case "b":
		s.side = games.Second
	default:
		return nil, fmt.Errorf("position %q: side to move %q, want w or b", text, f[1])
	}
	w, b := count[0], count[1]
	fits := w == b
	if s.side == games.Second {
		fits = w == b+1
	}
	swapped := g.swap && (s.side == games.First && b == w+1 || s.side == games.Second && w == b && w > 0)
	if !fits && !swapped {
		after := ": with White to move both have as many stones, with Black to move White has one more"
		if g.swap {
			after = " (or Black, after a swap)"
		}
		return nil, fmt.Errorf("position %q: %d white and %d black stones with %s to move, but White moves first%s",
			text, w, b, g.PlayerNames()[s.side], after)
	}
	var won [2]uint8
	for p := range 2 {
		if ring[p] {
			won[p] |= ringBit
		}
	}
	for c := range g.cells {
		if col := s.cells[c].color; col != 0 && s.cells[c].parent < 0 {
			m := s.cells[c].mask
			if bits.OnesCount16(m&cornerBits) >= 2 {
				won[col-1] |= bridgeBit
			}
			if bits.OnesCount16(m>>sideShift) >= 3 {
				won[col-1] |= forkBit
			}
		}
	}
	if w := won[s.side]; w != 0 {
		return nil, fmt.Errorf("position %q: %s is to move but has already won (%s)", text, g.PlayerNames()[s.side], reasons[w])
	}
	s.won = won[s.side.Other()]
	s.hash = s.RecomputeHash()
	return s, nil
}
