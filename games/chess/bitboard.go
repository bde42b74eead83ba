package chess

import (
	"math/bits"

	"mcarena/games/rng"
)

// Bitboards: bit i is square i (a1 = 0, h1 = 7, a8 = 56, h8 = 63), as in the
// package comment's diagram.
const (
	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
	rank1 uint64 = 0xff
	rank2        = rank1 << 8
	rank3        = rank1 << 16
	rank6        = rank1 << 40
	rank7        = rank1 << 48
	rank8        = rank1 << 56
	// dark holds the dark squares (a1 is dark).
	dark uint64 = 0xaa55aa55aa55aa55
)

// Attack tables, built by init.
var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	// pawnAttacks[c][sq] holds the squares a pawn of colour c on sq attacks.
	pawnAttacks [2][64]uint64
	// between[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal, and nothing otherwise.
	between [64][64]uint64
	// line[a][b] holds the whole rank, file or diagonal through a and b
	// (edge to edge), or nothing when they share none.
	line [64][64]uint64
	// castleKeep[sq] holds the castling rights that survive a move from or to
	// sq.
	castleKeep [64]uint8
)

// Sliders. A bishop's attacks come from magic bitboards, whose table (41 KB)
// stays in cache. A rook's would need 800 KB, which random games, jumping
// between unlike positions, keep missing in cache: measured, they play
// 13-17% more games a second with the rook's attacks computed instead, along
// its file by a subtraction (lineAttacks) and along its rank from a 512-byte
// table, while bulk perft from the start, whose positions are alike, loses
// 5-7%.

// magic finds the attacks of a slider on one square from the occupancy of the
// relevant squares (its rays without their last square): the product of the
// masked occupancy and the multiplier, shifted, indexes the square's slice of
// sliderTable ("fancy" magic bitboards: a shift per square, one shared table).
type magic struct {
	mask, mul uint64
	shift     uint8
	offset    uint32
}

var (
	bishopMagics [64]magic
	// sliderTable is a power of two long, above the 5,248 entries the
	// magics fill, so that a masked index needs no bounds check.
	sliderTable [sliderSize]uint64
	// files[sq] holds the file of sq, sq left out.
	files [64]uint64
	// rankAttacks[f][o] holds the attacks along the first rank of a rook on
	// file f, when o (6 bits) is the occupancy of files b to g.
	rankAttacks [8][64]uint8
)

const sliderSize = 1 << 13

func rookAttacks(sq int, occ uint64) uint64 {
	sq &= 63
	r := uint(sq) &^ 7 // the first square of its rank
	return lineAttacks(sq, occ, files[sq]) | uint64(rankAttacks[sq&7][occ>>(r+1)&63])<<r
}

func bishopAttacks(sq int, occ uint64) uint64 {
	m := &bishopMagics[sq&63]
	return sliderTable[(m.offset+uint32(((occ&m.mask)*m.mul)>>m.shift))&(sliderSize-1)]
}

// pieceAttacks returns the squares a piece of type t (knight to king) on sq
// attacks with the board's pieces on occ; 0 for a pawn, whose attacks
// depend on its colour (pawnAttacks).
func pieceAttacks(t, sq int, occ uint64) uint64 {
	switch t {
	case knight:
		return knightAttacks[sq]
	case bishop:
		return bishopAttacks(sq, occ)
	case rook:
		return rookAttacks(sq, occ)
	case queen:
		return bishopAttacks(sq, occ) | rookAttacks(sq, occ)
	case king:
		return kingAttacks[sq]
	}
	return 0
}

// lineAttacks returns the attacks of a slider on sq along mask, a line
// through sq that crosses each rank once (a file or a diagonal), sq left
// out. Subtracting the slider's bit from the line's occupancy borrows up to
// the first piece above it, changing exactly the squares it attacks upwards;
// the same on the board with its ranks reversed (a byte swap) gives those
// downwards, and every other square of the line is unchanged in both.
func lineAttacks(sq int, occ, mask uint64) uint64 {
	b := uint64(1) << (sq & 63)
	up := occ & mask
	down := bits.ReverseBytes64(up)
	up -= b
	down -= bits.ReverseBytes64(b)
	return (up ^ bits.ReverseBytes64(down)) & mask
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slowAttacks walks the rays of a slider from sq on occupancy occ; with edges
// false it leaves out each ray's last square (the relevant-occupancy mask).
func slowAttacks(sq int, occ uint64, dirs [4][2]int, edges bool) uint64 {
	var a uint64
	f0, r0 := sq%8, sq/8
	for _, d := range dirs {
		f, r := f0+d[0], r0+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			nf, nr := f+d[0], r+d[1]
			last := nf < 0 || nf > 7 || nr < 0 || nr > 7
			if last && !edges {
				break
			}
			b := uint64(1) << (r*8 + f)
			a |= b
			if occ&b != 0 {
				break
			}
			f, r = nf, nr
		}
	}
	return a
}

func init() {
	for sq := range 64 {
		f, r := sq%8, sq/8
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightAttacks[sq] |= 1 << (nr*8 + nf)
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if nf, nr := f+df, r+dr; (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					kingAttacks[sq] |= 1 << (nr*8 + nf)
				}
			}
		}
		for _, df := range [2]int{-1, 1} {
			if nf := f + df; nf >= 0 && nf < 8 {
				if r < 7 {
					pawnAttacks[White][sq] |= 1 << ((r+1)*8 + nf)
				}
				if r > 0 {
					pawnAttacks[Black][sq] |= 1 << ((r-1)*8 + nf)
				}
			}
		}
		castleKeep[sq] = 15
	}
	castleKeep[sqE1] &^= castleWK | castleWQ
	castleKeep[sqH1] &^= castleWK
	castleKeep[sqA1] &^= castleWQ
	castleKeep[sqE8] &^= castleBK | castleBQ
	castleKeep[sqH8] &^= castleBK
	castleKeep[sqA8] &^= castleBQ
	initMagics()
	for sq := range 64 {
		files[sq] = fileA << (sq % 8) &^ (1 << sq)
	}
	for f := range 8 {
		for o := range 64 {
			rankAttacks[f][o] = uint8(slowAttacks(f, uint64(o)<<1, rookDirs, true))
		}
	}
	for a := range 64 {
		for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
			ra := slowAttacks(a, 0, dirs, true)
			for b := range 64 {
				if ra&(1<<b) == 0 {
					continue
				}
				rb := slowAttacks(b, 0, dirs, true)
				line[a][b] = ra&rb | 1<<a | 1<<b
				between[a][b] = slowAttacks(a, 1<<b, dirs, true) & slowAttacks(b, 1<<a, dirs, true)
			}
		}
	}
}

// initMagics fills the attack table with the multipliers of magics.go.
func initMagics() {
	size := 0
	for sq := range 64 {
		size += 1 << bits.OnesCount64(slowAttacks(sq, 0, bishopDirs, false))
	}
	if size > len(sliderTable) {
		panic("chess: the magics need a longer sliderTable")
	}
	offset := uint32(0)
	for sq := range 64 {
		offset = fillMagic(&bishopMagics[sq], sq, bishopMuls[sq], bishopDirs, offset)
	}
}

// fillMagic sets up the magic of a slider moving along dirs on sq with the
// multiplier mul, its slice of sliderTable starting at offset, and returns
// where the next slice starts. A multiplier that sends two occupancies with
// different attacks to one slot is a programming error and panics.
func fillMagic(m *magic, sq int, mul uint64, dirs [4][2]int, offset uint32) uint32 {
	mask := slowAttacks(sq, 0, dirs, false)
	n := bits.OnesCount64(mask)
	*m = magic{mask: mask, mul: mul, shift: uint8(64 - n), offset: offset}
	slots := sliderTable[offset : offset+1<<n]
	var filled [4096]bool
	// Every subset of the mask, by the carry-rippler.
	for sub := uint64(0); ; {
		a := slowAttacks(sq, sub, dirs, true)
		i := (sub * mul) >> m.shift
		if filled[i] && slots[i] != a {
			panic("chess: a magic multiplier collides")
		}
		filled[i], slots[i] = true, a
		sub = (sub - mask) & mask
		if sub == 0 {
			break
		}
	}
	return offset + 1<<n
}

// findMagic searches for a multiplier for a slider moving along dirs on sq:
// sparse random numbers until one sends the occupancies of the mask to slots
// without a harmful collision. It made the numbers of magics.go.
func findMagic(sq int, dirs [4][2]int, r *rng.Rand) uint64 {
	mask := slowAttacks(sq, 0, dirs, false)
	n := bits.OnesCount64(mask)
	var occs, atts []uint64
	for sub := uint64(0); ; {
		occs, atts = append(occs, sub), append(atts, slowAttacks(sq, sub, dirs, true))
		sub = (sub - mask) & mask
		if sub == 0 {
			break
		}
	}
	slots := make([]uint64, 1<<n)
	epoch := make([]int, 1<<n)
	for try := 1; ; try++ {
		//lint:ignore SA4000 three draws of the generator, not one expression: their AND has few bits set, as magic multipliers want
		mul := r.Uint64() & r.Uint64() & r.Uint64()
		if bits.OnesCount64((mask*mul)>>56) < 6 {
			continue
		}
		ok := true
		for i, occ := range occs {
			j := (occ * mul) >> (64 - n)
			if epoch[j] != try {
				epoch[j], slots[j] = try, atts[i]
			} else if slots[j] != atts[i] {
				ok = false
				break
			}
		}
		if ok {
			return mul
		}
	}
}
