package loa

import "math/bits"

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
		sum += boardLines[i].moves(b, w)
	}
	return int(sum & 0xffff), int(sum >> 16)
}

// moves is the entry of lineMoves for the line l of Black's pieces b and
// White's w.
func (l *line) moves(b, w uint64) uint32 {
	return lineMoves[uint32(l.movesBase)+l.index(b, w)]
}

// mobilityCache computes mobilities line by line as mobilities does and
// keeps each line's entry, so that the next position, which in a search
// differs from the last in a few cells, rereads only the lines through
// those cells. Its zero value is ready to use.
type mobilityCache struct {
	b, w  uint64 // the last position
	sum   uint32 // the sum of lines
	lines [len(boardLines)]uint32
	valid bool
}

// mobilities is the function mobilities, through the cache.
func (m *mobilityCache) mobilities(b, w uint64) (black, white int) {
	changed := (b ^ m.b) | (w ^ m.w)
	if !m.valid || bits.OnesCount64(changed) > maxCachedChange {
		m.sum = 0
		for i := range boardLines {
			v := boardLines[i].moves(b, w)
			m.lines[i] = v
			m.sum += v
		}
		m.valid = true
	} else {
		var through uint64
		for c := changed; c != 0; c &= c - 1 {
			through |= linesThrough[bits.TrailingZeros64(c)&63]
		}
		for ; through != 0; through &= through - 1 {
			i := bits.TrailingZeros64(through)
			v := boardLines[i].moves(b, w)
			// Each half of sum stays below 2^16, so the packed sums
			// add and subtract without carries between them.
			m.sum += v - m.lines[i]
			m.lines[i] = v
		}
	}
	m.b, m.w = b, w
	return int(m.sum & 0xffff), int(m.sum >> 16)
}

// maxCachedChange is the most cells that may have changed for
// mobilityCache to update its lines rather than read them all: eight
// cells, two moves away and back, touch at most about thirty lines.
const maxCachedChange = 8
