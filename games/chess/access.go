package chess

// Read-only views of a position for code outside the package, such as the
// endgame tablebases (games/chess/tb).

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
