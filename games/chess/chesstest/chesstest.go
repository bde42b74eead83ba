// Package chesstest holds helpers for tests of chess positions: random
// endgames for the tablebases and the engines that are checked against
// them.
package chesstest

import (
	"strings"

	"mcarena/games/rng"
)

// Placement writes a board as FEN's first field: board[sq] is a FEN piece
// letter or 0, square sq being file sq%8, rank sq/8+1.
func Placement(board [64]byte) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for f := range 8 {
			if l := board[rank*8+f]; l != 0 {
				if empty > 0 {
					b.WriteByte(byte('0' + empty))
					empty = 0
				}
				b.WriteByte(l)
			} else {
				empty++
			}
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// RandomEndgame returns the FEN of the two kings and the pieces others
// (FEN letters) on random distinct squares, no pawn on the first or last
// rank, the side to move drawn at random, no castling or en passant. The
// position may still be illegal (the side not to move in check, kings side
// by side): callers parse it and draw again when it is refused.
func RandomEndgame(r *rng.Rand, others string) string {
	for {
		var board [64]byte
		ok := true
		for _, l := range "Kk" + others {
			sq := r.Intn(64)
			if board[sq] != 0 || (l == 'P' || l == 'p') && (sq < 8 || sq >= 56) {
				ok = false
				break
			}
			board[sq] = byte(l)
		}
		if ok {
			return Placement(board) + [2]string{" w - - 0 1", " b - - 0 1"}[r.Intn(2)]
		}
	}
}
