package loa

// Mobility by lines. Every move runs along one line (a rank, a file, a
// diagonal or an anti-diagonal), and whether it is legal and what mia-sub
// weighs it depends only on the pieces of that line: how many there are,
// whether an enemy piece stands between, what stands on the landing cell,
// and whether that cell is on the edge, which on a line is its two ends, or
// all of it for the rank or file along an edge. So each line's pieces, read
// as two patterns of up to eight cells, index a table of both sides'
// weighted moves along it, and a side's mobility is the sum over the lines.
// Where genInto's loop costs some twenty operations per piece and
// direction, this costs about a dozen per line for both sides at once.

// line is one line of the board as mobilities reads it: the pattern of b's
// cells on the line, in order, is (b&mask)*mul>>shift, and the line's table
// starts at base.
type line struct {
	mask, mul uint64
	shift     uint8
	base      uint16
}

var (
	// boardLines are the lines with at least two cells.
	boardLines [42]line
	// ternary[p] is the pattern p read in base 3, the base-3 digits that
	// index lineMoves: a cell is 0 empty, 1 Black, 2 White.
	ternary [256]uint16
	// lineMoves[base+ternary[b]+2*ternary[w]] holds the weighted moves
	// along a line of Black's pieces b and White's w, Black's in the low
	// 16 bits and White's above: 2 a move, 1 onto the edge, doubled for
	// a capture.
	lineMoves []uint32
)

func init() {
	for p := range 256 {
		t, d := 0, 1
		for i := range 8 {
			t += int(p>>i&1) * d
			d *= 3
		}
		ternary[p] = uint16(t)
	}
	// One table for each length below eight, one for an inner line of eight
	// (its ends on the edge) and one for an edge line (every cell on it).
	var bases [9]int
	n := 0
	for length := 2; length <= 8; length++ {
		bases[length] = n
		n += pow3(length)
	}
	edgeBase := n
	n += pow3(8)
	lineMoves = make([]uint32, n)
	for length := 2; length <= 8; length++ {
		fillLineMoves(lineMoves[bases[length]:bases[length]+pow3(length)], length, false)
	}
	fillLineMoves(lineMoves[edgeBase:], 8, true)

	const magicFile = 0x0102040810204080 // gathers a file's cells, a1 up, into the top byte
	i := 0
	add := func(mask, mul uint64, first, length int, edge bool) {
		base := bases[length]
		if edge {
			base = edgeBase
		}
		boardLines[i] = line{mask: mask, mul: mul, shift: uint8(56 + first), base: uint16(base)}
		i++
	}
	for k := range 8 {
		add(rank1<<uint(8*k), 1<<uint(56-8*k), 0, 8, k == 0 || k == 7)
		add(fileA<<uint(k), magicFile>>uint(k), 0, 8, k == 0 || k == 7)
	}
	// Diagonals and anti-diagonals: multiplying by fileA gathers their
	// cells by file into the top byte; the shift drops the files before
	// the line's first.
	for c := -6; c <= 6; c++ {
		var diag, anti uint64
		for f := range 8 {
			if r := f - c; r >= 0 && r < 8 {
				diag |= 1 << uint(8*r+f)
			}
			if r := 7 + c - f; r >= 0 && r < 8 {
				anti |= 1 << uint(8*r+f)
			}
		}
		length := 8 - abs(c)
		add(diag, fileA, max(c, 0), length, false)
		add(anti, fileA, max(c, 0), length, false)
	}
}

func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// fillLineMoves fills t, indexed by the base-3 pattern of a line of length
// cells, with both sides' weighted moves along it by the rules: a piece
// moves as many cells as the line holds pieces, not off the line, not onto
// its own piece, not over an enemy one.
func fillLineMoves(t []uint32, length int, edge bool) {
	for idx := range t {
		var cell [8]int
		pieces := 0
		for i, x := 0, idx; i < length; i, x = i+1, x/3 {
			cell[i] = x % 3
			if cell[i] != 0 {
				pieces++
			}
		}
		var moves [3]uint32
		for from := range length {
			me := cell[from]
			if me == 0 {
				continue
			}
		dirs:
			for _, step := range []int{1, -1} {
				to := from + step*pieces
				if to < 0 || to >= length || cell[to] == me {
					continue
				}
				for j := from + step; j != to; j += step {
					if cell[j] != 0 && cell[j] != me {
						continue dirs
					}
				}
				w := uint32(2)
				if edge || to == 0 || to == length-1 {
					w = 1
				}
				if cell[to] != 0 {
					w *= 2
				}
				moves[me] += w
			}
		}
		t[idx] = moves[1] | moves[2]<<16
	}
}

// mobilities returns twice Features.Mobility of Black's pieces b against
// White's w, and of w against b: half-moves, 2 a move, 1 onto the edge,
// doubled for a capture.
func mobilities(b, w uint64) (black, white int) {
	var sum uint32
	for i := range boardLines {
		l := &boardLines[i]
		pb := (b & l.mask) * l.mul >> (l.shift & 63)
		pw := (w & l.mask) * l.mul >> (l.shift & 63)
		sum += lineMoves[uint32(l.base)+uint32(ternary[pb&255])+2*uint32(ternary[pw&255])]
	}
	return int(sum & 0xffff), int(sum >> 16)
}
