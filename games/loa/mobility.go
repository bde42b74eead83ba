package loa

// Mobility by lines (see lines.go): what mia-sub's mobility weighs a move
// depends on the pieces of its line and on whether it lands on the edge,
// which on a line is its two ends, or all of it for the rank or file along
// an edge. A table indexed by a line's number gives both sides' weighted
// moves along it, and a side's mobility is the sum over the lines.

// lineMoves[movesBase+index] holds the weighted moves along a line of
// Black's pieces (1s) and White's (2s), Black's in the low 16 bits and
// White's above: 2 a move, 1 onto the edge, doubled for a capture. Its
// lines are those of lineDirs, then the ranks and files along the edge.
var lineMoves [patterns + 6561]uint32

func init() {
	for n := 2; n <= 8; n++ {
		fillLineMoves(lineMoves[patternBase[n]:patternBase[n]+pow3(n)], n, false)
	}
	fillLineMoves(lineMoves[patterns:], 8, true)
}

// fillLineMoves fills t, indexed by the numbers of lines of n cells, with
// both sides' weighted moves along them.
func fillLineMoves(t []uint32, n int, edge bool) {
	for idx := range t {
		cells, pieces := digits(idx, n)
		var moves [3]uint32
		for from := range n {
			if cells[from] == 0 {
				continue
			}
			for _, step := range []int{1, -1} {
				to, ok := lineTarget(&cells, n, pieces, from, step)
				if !ok {
					continue
				}
				w := uint32(2)
				if edge || to == 0 || to == n-1 {
					w = 1
				}
				if cells[to] != 0 {
					w *= 2
				}
				moves[cells[from]] += w
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
		sum += lineMoves[uint32(l.movesBase)+l.index(b, w)]
	}
	return int(sum & 0xffff), int(sum >> 16)
}
