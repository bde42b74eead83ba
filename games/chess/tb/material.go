package tb

import (
	"fmt"
	"strings"
)

// material is a table's set of pieces in its order: the white king, the
// black king, White's other pieces in kind order (QRBNP), then Black's.
// Tables are indexed by the squares in this order.
type material struct {
	n      int
	colour [4]uint8
	kind   [4]uint8
}

// String returns the material's name, White's pieces first: KQvK, KBNvK,
// KQvKR.
func (m material) String() string {
	var w, b strings.Builder
	w.WriteByte('K')
	b.WriteByte('K')
	for i := 2; i < m.n; i++ {
		if m.colour[i] == 0 {
			w.WriteByte(kindLetters[m.kind[i]])
		} else {
			b.WriteByte(kindLetters[m.kind[i]])
		}
	}
	return w.String() + "v" + b.String()
}

func (m material) pawns(c uint8) int {
	n := 0
	for i := 2; i < m.n; i++ {
		if m.colour[i] == c && m.kind[i] == kPawn {
			n++
		}
	}
	return n
}

// supported reports whether the generator builds m: every material of two
// to four pieces.
func (m material) supported() bool {
	return m.n >= 2 && m.n <= 4
}

// enPassant reports whether m's positions can hold an en passant capture:
// it has pawns of both colours (with four pieces, KPvKP alone). Its table
// then has a second half for the positions right after a double step that
// an en passant capture can answer.
func (m material) enPassant() bool {
	return m.pawns(0) > 0 && m.pawns(1) > 0
}

// parseMaterial reads a name such as KQvK or KBNvK (either side may be the
// stronger; the result is in canonical orientation only if the name is).
func parseMaterial(name string) (material, error) {
	w, b, ok := strings.Cut(name, "v")
	if !ok || !strings.HasPrefix(w, "K") || !strings.HasPrefix(b, "K") {
		return material{}, fmt.Errorf("material %q: want a name like KQvK or KBNvK", name)
	}
	var ps []placed
	for c, side := range [2]string{w, b} {
		for _, l := range side {
			k := strings.IndexRune(kindLetters, l)
			if k < 0 {
				return material{}, fmt.Errorf("material %q: %q is not a piece (KQRBNP)", name, l)
			}
			ps = append(ps, placed{uint8(c), uint8(k), 0})
		}
	}
	if len(ps) > 4 || strings.Count(name, "K") != 2 {
		return material{}, fmt.Errorf("material %q: want two kings and at most two other pieces", name)
	}
	m, _, _ := canonical(ps, 0)
	return m, nil
}

// placed is a piece on a square.
type placed struct {
	colour, kind uint8
	sq           int8
}

// stronger compares two sides' pieces other than the king, each in kind
// order: more pieces is stronger, then the first differing piece decides
// (a queen beats a rook and so on). It returns 1, 0 or -1.
func stronger(a, b []uint8) int {
	if len(a) != len(b) {
		if len(a) > len(b) {
			return 1
		}
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return 1
			}
			return -1
		}
	}
	return 0
}

// canonical orders pieces as their table does, with the stronger side as
// White: when Black is the stronger, colours are swapped and the board
// mirrored top to bottom (a square's rank r becomes 7-r), and the side to
// move swapped too. It returns the material, the squares in table order and
// the side to move in the table. It allocates nothing: the generator calls
// it for every capture and promotion.
func canonical(ps []placed, side int) (material, [4]int8, int) {
	var others [2][4]uint8
	var nothers [2]int
	var kingSq [2]int8
	for _, p := range ps {
		if p.kind == kKing {
			kingSq[p.colour] = p.sq
		} else {
			others[p.colour][nothers[p.colour]] = p.kind
			nothers[p.colour]++
		}
	}
	for c := range others {
		sortKinds(others[c][:nothers[c]])
	}
	src := [2]uint8{0, 1}
	if stronger(others[0][:nothers[0]], others[1][:nothers[1]]) < 0 {
		src = [2]uint8{1, 0}
		side ^= 1
	}
	flip := int8(src[0]) * 56
	var m material
	var sq [4]int8
	for c := range uint8(2) {
		m.colour[m.n], m.kind[m.n], sq[m.n] = c, kKing, kingSq[src[c]]^flip
		m.n++
	}
	var used [4]bool
	for c := range uint8(2) {
		for _, k := range others[src[c]][:nothers[src[c]]] {
			for i, p := range ps {
				if !used[i] && p.colour == src[c] && p.kind == k {
					used[i] = true
					m.colour[m.n], m.kind[m.n], sq[m.n] = c, k, p.sq^flip
					m.n++
					break
				}
			}
		}
	}
	return m, sq, side
}

func sortKinds(k []uint8) {
	for i := 1; i < len(k); i++ {
		for j := i; j > 0 && k[j] < k[j-1]; j-- {
			k[j], k[j-1] = k[j-1], k[j]
		}
	}
}

// Symmetry: a table without pawns keeps only positions with the white
// king in the triangle a1-d1-d4 (10 squares), reached by mirroring files,
// ranks and the a1-h8 diagonal; with the white king on that diagonal the
// position or its mirror image in the diagonal is kept, whichever lists the
// other pieces' squares first (lowest). A table with pawns keeps the white
// king on files a-d (32 squares), mirroring files only. Every position then
// has exactly one entry.
var (
	// kingSlot[sq] numbers the white king's squares a table keeps, for
	// tables without pawns [0] and with [1]; -1 elsewhere.
	kingSlot [2][64]int8
	// kingSquare inverts kingSlot.
	kingSquare [2][32]int8
	// kingSlots counts them.
	kingSlots = [2]int{10, 32}
)

func init() {
	var n [2]int8
	for sq := range int8(64) {
		f, r := sq&7, sq>>3
		kingSlot[0][sq], kingSlot[1][sq] = -1, -1
		if f <= 3 && r <= f {
			kingSlot[0][sq], kingSquare[0][n[0]] = n[0], sq
			n[0]++
		}
		if f <= 3 {
			kingSlot[1][sq], kingSquare[1][n[1]] = n[1], sq
			n[1]++
		}
	}
}

func transpose(s int8) int8 { return s&7<<3 | s>>3 }

func (m *material) hasPawns() int {
	if m.pawns(0)+m.pawns(1) > 0 {
		return 1
	}
	return 0
}

// size returns the number of entries of m's table for positions without
// an en passant capture.
func (m *material) size() int { return 2 * kingSlots[m.hasPawns()] << (6 * (m.n - 1)) }

// entries returns the length of m's table: size, twice that when the table
// has an en passant half.
func (m *material) entries() int {
	if m.enPassant() {
		return 2 * m.size()
	}
	return m.size()
}

// index returns the entry of squares sq (in m's order) and the side to
// move: (side*slots + kingSlot(white king))*64^(n-1) + sq[1]*64^(n-2) + ...
// + sq[n-1], after the symmetry that brings the position to its kept form.
func (m *material) index(sq [4]int8, side int) int {
	pawns := m.hasPawns()
	n := m.n
	if sq[0]&7 > 3 {
		for k := range n {
			sq[k] ^= 7
		}
	}
	if pawns == 0 {
		if sq[0]>>3 > 3 {
			for k := range n {
				sq[k] ^= 56
			}
		}
		f, r := sq[0]&7, sq[0]>>3
		swap := r > f
		if r == f {
			for k := 1; k < n; k++ {
				if t := transpose(sq[k]); t != sq[k] {
					swap = t < sq[k]
					break
				}
			}
		}
		if swap {
			for k := range n {
				sq[k] = transpose(sq[k])
			}
		}
	}
	i := side*kingSlots[pawns] + int(kingSlot[pawns][sq[0]])
	for k := 1; k < n; k++ {
		i = i<<6 | int(sq[k])
	}
	return i
}

// decode returns the squares and side to move of entry i.
func (m *material) decode(i int) (sq [4]int8, side int) {
	for k := m.n - 1; k >= 1; k-- {
		sq[k] = int8(i & 63)
		i >>= 6
	}
	slots := kingSlots[m.hasPawns()]
	sq[0] = kingSquare[m.hasPawns()][i%slots]
	return sq, i / slots
}
