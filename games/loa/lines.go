package loa

import "math/bits"

// Lines as numbers. Every move runs along one line (a rank, a file, a
// diagonal or an anti-diagonal), and whether it is legal depends only on
// the pieces of that line: how many there are, whether an enemy piece
// stands between, and what stands on the landing cell. A line's cells, in
// order, are the digits of a number in base 3 (0 empty, 1 a piece of one
// side, 2 of the other), and tables indexed by that number answer for the
// whole line at once: lineDirs which moves are legal (genInto), lineMoves
// what mia-sub's mobility weighs them (mobilities). Reading a line costs a
// multiplication and two lookups per side, against some twenty operations
// per piece and direction to test the moves one by one.

// line is one line of the board: the pattern of b's cells on it, in order,
// is (b&mask)*mul>>shift; its tables start at base in lineDirs and at
// movesBase in lineMoves. In pieceLines, at is twice the place of the cell
// whose moves are read, the place of its bits in lineDirs.
type line struct {
	mask, mul       uint64
	shift, at       uint8
	base, movesBase uint16
}

// index is the number of the line with own's pieces as 1s and opp's as 2s.
func (l *line) index(own, opp uint64) uint32 {
	po := (own & l.mask) * l.mul >> (l.shift & 63)
	pp := (opp & l.mask) * l.mul >> (l.shift & 63)
	return uint32(ternary[po&255]) + 2*uint32(ternary[pp&255])
}

// patterns is the number of patterns of lines of one to eight cells.
const patterns = 3 + 9 + 27 + 81 + 243 + 729 + 2187 + 6561

var (
	// ternary[p] is the pattern p, a set of cells, read in base 3.
	ternary = func() (t [256]uint16) {
		for p := range 256 {
			for i, d := 0, 1; i < 8; i, d = i+1, d*3 {
				t[p] += uint16(p>>i&1) * uint16(d)
			}
		}
		return t
	}()
	// patternBase[n] is where the patterns of lines of n cells start in
	// lineDirs, and in lineMoves before its edge lines.
	patternBase = func() (b [9]int) {
		for n := 2; n <= 8; n++ {
			b[n] = b[n-1] + pow3(n-1)
		}
		return b
	}()
	// boardLines are the 42 lines with at least two cells (the corners'
	// diagonals of one cell hold no move).
	boardLines [42]line
	// linesThrough[c] holds bit i for each line boardLines[i] through c.
	linesThrough [64]uint64
	// pieceLines[c][a] is the line through c along axis a (0 file, 1
	// diagonal, 2 rank, 3 anti-diagonal), at c's place.
	pieceLines [64][4]line
	// lineDirs[base+index] holds the moves of the 1s of a line: bit 2i is
	// set when the piece at place i can move forward (to higher places:
	// north, north-east, east or south-east, direction a), bit 2i+1 when
	// it can move back (direction a+4).
	lineDirs [patterns]uint16
)

func init() {
	for n := 1; n <= 8; n++ {
		for idx := range pow3(n) {
			cells, pieces := digits(idx, n)
			var dirs uint16
			for i := range n {
				if cells[i] != 1 {
					continue
				}
				if _, ok := lineTarget(&cells, n, pieces, i, 1); ok {
					dirs |= 1 << uint(2*i)
				}
				if _, ok := lineTarget(&cells, n, pieces, i, -1); ok {
					dirs |= 2 << uint(2*i)
				}
			}
			lineDirs[patternBase[n]+idx] = dirs
		}
	}

	const magicFile = 0x0102040810204080 // gathers a file's cells, a1 up, into the top byte
	k := 0
	add := func(a int, mask, mul uint64, first int) {
		n := bits.OnesCount64(mask)
		l := line{mask: mask, mul: mul, shift: uint8(56 + first), base: uint16(patternBase[n]), movesBase: uint16(patternBase[n])}
		if n == 8 && mask&edges == mask { // a rank or file along the edge
			l.movesBase = patterns
		}
		if n > 1 {
			boardLines[k] = l
			for b := mask; b != 0; b &= b - 1 {
				linesThrough[bits.TrailingZeros64(b)] |= 1 << uint(k)
			}
			k++
		}
		for i, c := range cellsOf(a, mask) {
			l.at = uint8(2 * i)
			pieceLines[c][a] = l
		}
	}
	for j := range 8 {
		add(0, fileA<<uint(j), magicFile>>uint(j), 0)
		add(2, rank1<<uint(8*j), 1<<uint(56-8*j), 0)
	}
	// Diagonals and anti-diagonals: multiplying by fileA gathers their
	// cells by file into the top byte; the shift drops the files before
	// the line's first.
	for c := -7; c <= 7; c++ {
		var diag, anti uint64
		for f := range 8 {
			if r := f - c; r >= 0 && r < 8 {
				diag |= 1 << uint(8*r+f)
			}
			if r := 7 + c - f; r >= 0 && r < 8 {
				anti |= 1 << uint(8*r+f)
			}
		}
		add(1, diag, fileA, max(c, 0))
		add(3, anti, fileA, max(c, 0))
	}
}

// digits returns the n base-3 digits of idx, lowest first, and how many
// are not 0.
func digits(idx, n int) (cells [8]int, pieces int) {
	for i := range n {
		cells[i] = idx % 3
		idx /= 3
		if cells[i] != 0 {
			pieces++
		}
	}
	return cells, pieces
}

// lineTarget returns where the piece at place from of a line of n cells
// lands in direction step (1 or -1) by the rules, when it may move: as many
// cells as the line holds pieces, not off the line, not onto its own
// piece, not over an enemy one.
func lineTarget(cells *[8]int, n, pieces, from, step int) (to int, ok bool) {
	me := cells[from]
	to = from + step*pieces
	if to < 0 || to >= n || cells[to] == me {
		return 0, false
	}
	for j := from + step; j != to; j += step {
		if cells[j] != 0 && cells[j] != me {
			return 0, false
		}
	}
	return to, true
}

// cellsOf lists the cells of the line mask along axis a in the order of its
// pattern: by rank along a file, by file along the others.
func cellsOf(a int, mask uint64) []int {
	var cells []int
	for c := range 64 {
		if mask>>uint(c)&1 != 0 {
			cells = append(cells, c)
		}
	}
	if a == 3 { // ascending cells run down an anti-diagonal's files
		for i, j := 0, len(cells)-1; i < j; i, j = i+1, j-1 {
			cells[i], cells[j] = cells[j], cells[i]
		}
	}
	return cells
}

func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// dirs returns the moves along l of the piece of own at l's place at: bit
// 0 forward, bit 4 back.
func (l *line) dirs(own, opp uint64) uint {
	return uint(spread[lineDirs[uint32(l.base)+l.index(own, opp)]>>(l.at&15)&3])
}

// spread[e] moves bit 1 of e to bit 4.
var spread = [4]uint8{0, 1, 16, 17}
