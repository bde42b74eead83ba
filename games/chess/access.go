package chess

// Read-only views of a position for code outside the package, such as the
// endgame tablebases (games/chess/tb).

import "mcarena/games"

// Occupied returns the occupied squares as a bitboard (bit i for square i).
func (s *State) Occupied() uint64 { return s.occ[White] | s.occ[Black] }

// PieceOn returns the FEN letter of the piece on square sq (KQRBNP for White,
// kqrbnp for Black), or 0 when sq is empty or off the board.
func (s *State) PieceOn(sq int) byte {
	if sq < 0 || sq > 63 || s.board[sq] == 0 {
		return 0
	}
	v := s.board[sq] - 1
	c := pieceLetters[v&7]
	if v>>3 == Black {
		c += 'a' - 'A'
	}
	return c
}

// EnPassant returns the square a double step just passed when an en passant
// capture of it is legal, or -1.
func (s *State) EnPassant() int {
	if s.ep == 0 {
		return -1
	}
	return int(s.ep)
}

// CastlingRights reports whether either side keeps a castling right.
func (s *State) CastlingRights() bool { return s.castle != 0 }

// CanWin implements games.WinChecker, the knowledge a clock needs (FIDE
// 6.9: a player whose flag falls loses, unless the opponent cannot mate by
// any series of legal moves, which is a draw): p can mate when the position
// is not dead (insufficient material, as Terminal reads it) and p has a
// piece besides its king, since the other side's pieces can then be made
// to block its own king. A lone king can never mate. The rule is exact but
// for positions locked by pawns (a blockade no series of legal moves
// opens), which FIDE counts as dead and CanWin as winnable.
func (s *State) CanWin(p games.Player) bool {
	c := White
	if p != games.First {
		c = 1 - White
	}
	return s.occ[c]&^s.pieces(c, king) != 0 && !s.deadMaterial()
}
