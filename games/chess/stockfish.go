package chess

import (
	"math/bits"

	"mcarena/games"
)

// StockfishOrder is the value of chess's order option under which Legal
// lists the moves as Stockfish 2.2.2's generate<MV_LEGAL> did, the
// generator of the Monte Carlo chess thesis' engine MCC (Arenz 2012,
// section 4.1: MCC is built on Stockfish and "the moves are expanded in the
// same order as they are generated"; the thesis names no version, and 2.2.2
// was Stockfish's release when it was written, January to April 2012).
//
// That generator lists the pseudo-legal moves and then removes the illegal
// ones, each by moving the list's last move into its place. Out of check:
// pawn pushes, double pushes, promotions (captures toward the right of the
// mover, toward the left, then straight ahead; queen, rook, bishop,
// knight), pawn captures right then left, en passant; then the knights,
// bishops, rooks and queens, each piece's moves by target square from a1;
// then the king's; then castling, king's side first. In check: the king's
// moves but onto squares a checking slider's empty-board lines cross (a
// queen checking from a diagonal neighbour's square blocks its rook lines
// only as far as the pieces let it), then,
// against a single checker, the pawns', knights', bishops', rooks' and
// queens' moves onto the checker or between it and the king. Pawns' moves
// come by target square from a1 within each kind; "right" is toward file h
// for White and toward file a for Black.
//
// Pieces of one kind come in the order of Stockfish's piece lists, which
// follow the game's history: read from the FEN (rank 8 first, files from
// a), a piece keeps its place when it moves, a captured piece's place goes
// to the last piece of its list, and a promoted piece joins the end of its
// list. The state keeps those lists from the position it was read from, as
// a game sent to Stockfish as a start position and its moves would have
// them. An en passant capture is listed whenever a pawn of the side to move
// attacks the square a double step passed, legal or not, as Stockfish's
// position kept it.
//
// TestStockfishOrder checks the order at every ply of random games against
// lists Stockfish 2.2.2 itself printed (testdata/stockfish-order.txt).
const StockfishOrder = "stockfish"

// sfState is what the Stockfish order needs beyond the position: the
// piece lists of knights, bishops, rooks and queens (a piece's place in its
// list decides where its moves come), and Stockfish's en passant square.
type sfState struct {
	sq [2][4][10]uint8 // sq[c][t-knight][i]: the i-th piece of colour c and type t
	n  [2][4]uint8
	// ep is the square a double step just passed when a pawn of the side to
	// move attacks it, else 0.
	ep uint8
}

// sfInit reads the piece lists from the board in FEN order and the en
// passant square from the FEN's (ep, 0 for none).
func (s *State) sfInit(ep int) {
	s.sf = sfState{}
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			sq := r*8 + f
			if pc := s.board[sq]; pc != 0 {
				if t := int(pc&7) - 1; t >= knight && t <= queen {
					s.sf.add(int(pc>>3), t, sq)
				}
			}
		}
	}
	us := int(s.side)
	if ep != 0 && pawnAttacks[us^1][ep]&s.pieces(us, pawn) != 0 {
		s.sf.ep = uint8(ep)
	}
}

func (l *sfState) add(c, t, sq int) {
	k := &l.n[c][t-knight]
	l.sq[c][t-knight][*k%10] = uint8(sq)
	*k++
}

// remove takes the piece on sq out of its list, the last piece taking its
// place.
func (l *sfState) remove(c, t, sq int) {
	list, k := &l.sq[c][t-knight], &l.n[c][t-knight]
	for i := range int(*k) {
		if int(list[i]) == sq {
			*k--
			list[i] = list[*k%10]
			return
		}
	}
}

// move puts the piece on from, at its place in its list, on to.
func (l *sfState) move(c, t, from, to int) {
	list := &l.sq[c][t-knight]
	for i := range int(l.n[c][t-knight]) {
		if int(list[i]) == from {
			list[i] = uint8(to)
			return
		}
	}
}

// sfPlay updates the piece lists and the en passant square for the legal
// move m, before it is played.
func (s *State) sfPlay(m games.Move) {
	from, to, promo := decode(m)
	from, to = from&63, to&63
	us := int(s.side & 1)
	t := int(s.board[from]&7) - 1
	if pc := s.board[to]; pc != 0 {
		if ct := int(pc&7) - 1; ct >= knight && ct <= queen {
			s.sf.remove(us^1, ct, to)
		}
	}
	s.sf.ep = 0
	switch {
	case t >= knight && t <= queen:
		s.sf.move(us, t, from, to)
	case t == king && (to-from == 2 || from-to == 2):
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		s.sf.move(us, rook, rf, rt)
	case t == pawn && (to < 8 || to >= 56):
		s.sf.add(us, promo, to)
	case t == pawn && (to-from == 16 || from-to == 16):
		if mid := (from + to) / 2; pawnAttacks[us][mid]&s.pieces(us^1, pawn) != 0 {
			s.sf.ep = uint8(mid)
		}
	}
}

// sfMoves is a pseudo-legal move list in Stockfish's order.
type sfMoves struct {
	m [512]games.Move // a power of two, so that a masked index needs no check
	n int
}

func (l *sfMoves) add(m games.Move) { l.m[l.n&(len(l.m)-1)] = m; l.n++ }

// targets adds the moves from from to each square of to, from a1.
func (l *sfMoves) targets(from int, to uint64) {
	for ; to != 0; to &= to - 1 {
		l.add(move(from, bits.TrailingZeros64(to)))
	}
}

// pawns adds the pawn moves of us whose from square is step below each
// target square.
func (l *sfMoves) pawns(to uint64, step int) {
	for ; to != 0; to &= to - 1 {
		t := bits.TrailingZeros64(to)
		l.add(move(t-step, t))
	}
}

// promotions adds, for each target, the promotions to queen, rook, bishop
// and knight of the pawn of colour c step below it.
func (l *sfMoves) promotions(c int, to uint64, step int) {
	for ; to != 0; to &= to - 1 {
		t := bits.TrailingZeros64(to)
		f := t - step
		l.add(move(f, t))
		l.add(underMove(c, f, t, rook))
		l.add(underMove(c, f, t, bishop))
		l.add(underMove(c, f, t, knight))
	}
}

// shift moves the squares of b by step (up for positive steps).
func shift(b uint64, step int) uint64 {
	if step > 0 {
		return b << step
	}
	return b >> -step
}

// sfPieces adds the moves of the pieces of us of type t, in their list's
// order, onto target.
func (s *State) sfPieces(l *sfMoves, us, t int, occ, target uint64) {
	list := &s.sf.sq[us][t-knight]
	for i := range int(s.sf.n[us][t-knight]) {
		from := int(list[i]) & 63
		l.targets(from, pieceAttacks(t, from, occ)&target)
	}
}

// sfPawns adds the pawn moves of us: onto target's empty squares and
// captures of target's enemy pieces, as generate_pawn_moves did for
// MV_NON_EVASION (evasion false, target every square not our own) and
// MV_EVASION.
func (s *State) sfPawns(l *sfMoves, us int, target uint64, evasion bool) {
	them := us ^ 1
	occ := s.occ[0] | s.occ[1]
	seventh, third := rank7, rank3
	up, right, left := 8, 9, 7
	rightEdge, leftEdge := fileA, fileH // the files a capture cannot reach
	if us == Black {
		seventh, third = rank2, rank6
		up, right, left = -8, -9, -7
		rightEdge, leftEdge = fileH, fileA
	}
	pawns := s.pieces(us, pawn)
	on7, not7 := pawns&seventh, pawns&^seventh
	enemies := s.occ[them]
	empty := ^occ
	if evasion {
		enemies &= target
	}
	b1 := shift(not7, up) & empty
	b2 := shift(b1&third, up) & empty
	if evasion {
		b1 &= target
		b2 &= target
	}
	l.pawns(b1, up)
	l.pawns(b2, 2*up)
	if on7 != 0 {
		if evasion {
			empty &= target
		}
		l.promotions(us, shift(on7, right)&enemies&^rightEdge, right)
		l.promotions(us, shift(on7, left)&enemies&^leftEdge, left)
		l.promotions(us, shift(on7, up)&empty, up)
	}
	l.pawns(shift(not7, right)&enemies&^rightEdge, right)
	l.pawns(shift(not7, left)&enemies&^leftEdge, left)
	if ep := int(s.sf.ep); ep != 0 {
		if evasion && target&(1<<(ep-up)) == 0 {
			return
		}
		for b := not7 & pawnAttacks[them][ep]; b != 0; b &= b - 1 {
			l.add(move(bits.TrailingZeros64(b), ep))
		}
	}
}

// sfPseudo lists the pseudo-legal moves in Stockfish's order, castling
// only when legal (as Stockfish generated it).
func (s *State) sfPseudo(l *sfMoves) {
	us := int(s.side & 1)
	them := us ^ 1
	occ := s.occ[0] | s.occ[1]
	ksq := bits.TrailingZeros64(s.pieces(us, king))
	checkers := s.attackers(ksq, occ, them)
	if checkers == 0 {
		target := ^s.occ[us]
		s.sfPawns(l, us, target, false)
		for t := knight; t <= queen; t++ {
			s.sfPieces(l, us, t, occ, target)
		}
		l.targets(ksq, kingAttacks[ksq]&target)
		if s.castle != 0 {
			var sets [maxSets]moveSet
			danger := s.attacks(them, occ^1<<ksq)
			for _, cs := range sets[:s.genCastles(&sets, 0, us, occ, danger)] {
				l.add(move(ksq, bits.TrailingZeros64(cs.to))) // king's side first, as genCastles lists them
			}
		}
		return
	}
	var sliders uint64
	checksq := 0
	for b := checkers; b != 0; b &= b - 1 {
		checksq = bits.TrailingZeros64(b)
		switch int(s.board[checksq]&7) - 1 {
		case bishop:
			sliders |= bishopAttacks(checksq, 0)
		case rook:
			sliders |= rookAttacks(checksq, 0)
		case queen:
			if between[ksq][checksq] != 0 || bishopAttacks(checksq, 0)&(1<<ksq) == 0 {
				sliders |= bishopAttacks(checksq, 0) | rookAttacks(checksq, 0)
			} else {
				sliders |= bishopAttacks(checksq, 0) | rookAttacks(checksq, occ)
			}
		}
	}
	l.targets(ksq, kingAttacks[ksq]&^s.occ[us]&^sliders)
	if checkers&(checkers-1) != 0 {
		return
	}
	target := between[checksq][ksq] | checkers
	s.sfPawns(l, us, target, true)
	for t := knight; t <= queen; t++ {
		s.sfPieces(l, us, t, occ, target)
	}
}

// sfLegal reports whether the pseudo-legal move m keeps the king safe, as
// Stockfish's pl_move_is_legal decided: an en passant capture by the king's
// safety once both pawns have left; a king's move by its target's attackers
// (the king still on its square, as in Stockfish; castling comes legal from
// the generator); any other move by whether its piece is pinned and leaves
// the line of its pin.
//
// danger holds the squares the opponent attacks with the king still on its
// square: a king's move is legal when its target is not among them.
func (s *State) sfLegal(m games.Move, ksq int, pinned, danger uint64) bool {
	from, to, _ := decode(m)
	from, to = from&63, to&63
	switch {
	case from == ksq:
		return to-from == 2 || from-to == 2 || danger&(1<<to) == 0
	case s.sf.ep != 0 && to == int(s.sf.ep) && s.board[from]&7 == pawn+1:
		return s.epLegal(int(s.side&1), from, to)
	}
	return pinned&(1<<from) == 0 || line[from][to]&(1<<ksq) != 0
}

// sfPinned returns the pieces of the side to move that stand alone between
// its king and an enemy slider.
func (s *State) sfPinned(ksq int) uint64 {
	us := int(s.side & 1)
	own, opp := s.occ[us], s.occ[us^1]
	occ := own | opp
	pc := &s.pc
	var pinned uint64
	for b := (rookAttacks(ksq, 0)&(pc[rook]|pc[queen]) | bishopAttacks(ksq, 0)&(pc[bishop]|pc[queen])) & opp; b != 0; b &= b - 1 {
		if bb := between[ksq][bits.TrailingZeros64(b)] & occ; bb != 0 && bb&(bb-1) == 0 {
			pinned |= bb & own
		}
	}
	return pinned
}

// sfGen writes the legal moves in Stockfish's order to ml and returns how
// many there are: its pseudo-legal list, each move that fails its legality
// test replaced by the list's last.
func (s *State) sfGen(ml *[maxMoves]games.Move) int {
	var l sfMoves
	s.sfPseudo(&l)
	us := int(s.side & 1)
	ksq := bits.TrailingZeros64(s.pieces(us, king)) & 63
	pinned := s.sfPinned(ksq)
	danger := s.attacks(us^1, s.occ[0]|s.occ[1])
	last := min(l.n, len(l.m))
	for cur := 0; cur < last; {
		if s.sfLegal(l.m[cur], ksq, pinned, danger) {
			cur++
			continue
		}
		last--
		l.m[cur] = l.m[last]
	}
	return copy(ml[:], l.m[:min(last, maxMoves)])
}
