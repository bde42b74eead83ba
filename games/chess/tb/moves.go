package tb

// Piece kinds, in the order tables list a side's pieces after its king.
const (
	kKing = iota
	kQueen
	kRook
	kBishop
	kKnight
	kPawn
)

const kindLetters = "KQRBNP"

// Attack tables, built by init: the generator's own, independent of the
// chess package's bitboard move generator, so that the tests comparing the
// two check something.
var (
	kingAtt   [64]uint64
	knightAtt [64]uint64
	// pawnAtt[c][sq] holds the squares a pawn of colour c on sq attacks.
	pawnAtt [2][64]uint64
	// between[a][b] holds the squares strictly between a and b when they
	// share a line; lineKind[a][b] is 1 for a rank or file, 2 for a
	// diagonal, 0 for neither.
	between  [64][64]uint64
	lineKind [64][64]uint8
	// rays[d][sq] lists the squares from sq outwards in direction d (0-3
	// orthogonal, 4-7 diagonal).
	rays [8][64][]int8
)

var dirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func init() {
	for sq := range 64 {
		f, r := sq%8, sq/8
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			if onBoard(f+d[0], r+d[1]) {
				knightAtt[sq] |= 1 << ((r+d[1])*8 + f + d[0])
			}
		}
		for di, d := range dirs {
			if onBoard(f+d[0], r+d[1]) {
				kingAtt[sq] |= 1 << ((r+d[1])*8 + f + d[0])
			}
			var btw uint64
			for k := 1; onBoard(f+k*d[0], r+k*d[1]); k++ {
				to := (r+k*d[1])*8 + f + k*d[0]
				rays[di][sq] = append(rays[di][sq], int8(to))
				between[sq][to] = btw
				lineKind[sq][to] = 1 + uint8(di/4)
				btw |= 1 << to
			}
		}
		for c, dr := range [2]int{1, -1} {
			for _, df := range [2]int{-1, 1} {
				if onBoard(f+df, r+dr) {
					pawnAtt[c][sq] |= 1 << ((r+dr)*8 + f + df)
				}
			}
		}
	}
}

// attacks reports whether a piece of the kind and colour on from attacks
// square to, with occ the occupied squares.
func attacks(kind, colour, from, to int, occ uint64) bool {
	switch kind {
	case kKing:
		return kingAtt[from]>>to&1 != 0
	case kKnight:
		return knightAtt[from]>>to&1 != 0
	case kPawn:
		return pawnAtt[colour][from]>>to&1 != 0
	case kRook:
		return lineKind[from][to] == 1 && between[from][to]&occ == 0
	case kBishop:
		return lineKind[from][to] == 2 && between[from][to]&occ == 0
	case kQueen:
		return lineKind[from][to] != 0 && between[from][to]&occ == 0
	}
	return false
}
