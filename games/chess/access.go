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
// is not dead (insufficient material, as the FIDE draws read it, under
// either draws option) and p has a
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

// HalfmoveClock returns the plies since the last capture or pawn move, the
// FEN's fifth field: the fifty-move rule draws the game when the clock
// reaches 100, unless the move that makes it 100 mates.
func (s *State) HalfmoveClock() int { return int(s.half) }

// MateStands reports whether mcarena's draw rules let a mate that the moves
// alone force stand: whether every line from s that mates within plies
// plies and never repeats a position (s included) ends the game by that
// mate. A tablebase's mate is such a line, for either side to move: its
// distance to mate falls by one ply at least with every ply, whatever the
// losing side plays, so no position comes twice. The rules let it stand
// when
//
//   - the mate comes on the ply the halfmove clock reaches 100 at the
//     latest, HalfmoveClock()+plies <= 100 (checkmate comes first on that
//     ply; a capture or pawn move on the way only resets the clock);
//   - under maxplies=N, it comes on ply N at the latest (a mate on ply N
//     wins, as on the clock's 100th);
//   - no position since the last irreversible move has occurred twice
//     before s, so that no position of the line can be a third occurrence.
//
// Otherwise a draw rule may end the game first: the mate may still win (a
// line that captures or moves a pawn resets the clock), but the moves alone
// do not show it. The other draws (stalemate, dead material) are the
// moves' own, which a tablebase sees. A side checkmated now (plies 0) is
// mated whatever the rules. The repetition test reads the history, at most
// 100 positions, only when the other tests pass.
//
// Under Stockfish's draws (draws=stockfish) a position's second occurrence
// draws, so a line that comes back to any position since the last
// irreversible move ends in a draw, and which positions a line passes is
// not known here: the mate is taken to stand only when s has no history
// (the last move was irreversible, as the move into a tablebase's few
// pieces, a capture, always is).
func (s *State) MateStands(plies int) bool {
	switch {
	case plies <= 0:
		return plies == 0
	case int(s.half)+plies > histLen:
		return false
	case s.g.maxPlies > 0 && int(s.ply)+plies > s.g.maxPlies:
		return false
	case s.g.sfDraws:
		return s.nhist == 0
	}
	// Two occurrences of a position are four plies apart at least, with
	// the same side to move.
	for i := int(s.nhist) - 1; i >= 4; i-- {
		for j := i - 4; j >= 0; j -= 2 {
			if s.hist[i] == s.hist[j] {
				return false
			}
		}
	}
	return true
}
