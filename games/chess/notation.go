package chess

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"mcarena/games"
)

var pieceNames = [6]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

// isCastle reports whether m, a legal move of p, castles.
func (p *pos) isCastle(from, to int) bool {
	d := to - from
	return p.board[from]&7-1 == king && (d == 2 || d == -2)
}

// isCapture reports whether the move from from to to, legal in p, captures.
func (p *pos) isCapture(from, to int) bool {
	return p.board[to] != 0 || (p.board[from]&7-1 == pawn && to == int(p.ep) && p.ep != 0)
}

// promotes reports whether the move from from, legal in p, promotes.
func (p *pos) promotes(from, to int) bool {
	return p.board[from]&7-1 == pawn && (to < 8 || to >= 56)
}

// UCI returns m, a legal move of s, in long algebraic notation as the
// Universal Chess Interface writes it: e2e4, e1g1 (castling), e7e8q.
func (s *State) UCI(m games.Move) string {
	from, to, promo := decode(m)
	t := squareName(from) + squareName(to)
	if s.promotes(from, to) {
		t += string(pieceLetters[promo] | 0x20)
	}
	return t
}

// MoveString implements games.State: Standard Algebraic Notation.
func (s *State) MoveString(m games.Move) string {
	var ml [maxMoves]games.Move
	n := s.gen(&ml)
	t := s.sanBase(m, ml[:n])
	c := s.pos
	c.play(m)
	if c.inCheck() {
		if c.hasMove() {
			t += "+"
		} else {
			t += "#"
		}
	}
	return t
}

// sanBase writes m in SAN without the check or mate mark; legal holds the
// position's legal moves, for disambiguation.
func (p *pos) sanBase(m games.Move, legal []games.Move) string {
	from, to, promo := decode(m)
	if p.isCastle(from, to) {
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	}
	var b strings.Builder
	t := int(p.board[from]&7) - 1
	capture := p.isCapture(from, to)
	if t == pawn {
		if capture {
			b.WriteByte(byte('a' + from%8))
			b.WriteByte('x')
		}
		b.WriteString(squareName(to))
		if p.promotes(from, to) {
			b.WriteByte('=')
			b.WriteByte(pieceLetters[promo])
		}
		return b.String()
	}
	b.WriteByte(pieceLetters[t])
	others, sameFile, sameRank := false, false, false
	for _, o := range legal {
		of, ot, _ := decode(o)
		if ot == to && of != from && p.board[of] == p.board[from] {
			others = true
			sameFile = sameFile || of%8 == from%8
			sameRank = sameRank || of/8 == from/8
		}
	}
	if others {
		switch {
		case !sameFile:
			b.WriteByte(byte('a' + from%8))
		case !sameRank:
			b.WriteByte(byte('1' + from/8))
		default:
			b.WriteString(squareName(from))
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(squareName(to))
	return b.String()
}

// ParseMove implements games.State: it reads SAN or UCI.
func (s *State) ParseMove(text string) (games.Move, error) {
	if s.Terminal() {
		if !isUCI(text) {
			if _, err := s.parseSAN(text, nil); games.IsNotation(err) {
				return games.NoMove, err // no move of chess, over or not
			}
		}
		return games.NoMove, fmt.Errorf("%s: the game is over (%s)", text, s.EndReason())
	}
	var ml [maxMoves]games.Move
	legal := ml[:s.gen(&ml)]
	if isUCI(text) {
		for _, m := range legal {
			if s.UCI(m) == text {
				return m, nil
			}
		}
		from, _ := parseSquare(text[:2])
		to, _ := parseSquare(text[2:4])
		switch {
		case s.board[from] == 0 || int(s.board[from]>>3) != int(s.side):
			return games.NoMove, fmt.Errorf("%s: no %s piece on %s", text, s.g.PlayerNames()[s.side], text[:2])
		case len(text) == 4 && s.promotes(from, to):
			return games.NoMove, fmt.Errorf("%s: a promotion names its piece, like %sq", text, text)
		case len(text) == 5 && !s.promotes(from, to):
			if _, err := s.ParseMove(text[:4]); err == nil {
				return games.NoMove, fmt.Errorf("%s: only a pawn that reaches the last rank promotes; without the %c the move is %s", text, text[4], text[:4])
			}
			return games.NoMove, fmt.Errorf("%s: only a pawn that reaches the last rank promotes", text)
		}
		piece := int(s.board[from]&7 - 1)
		home := sqE1
		if s.side&1 != White {
			home = sqE8
		}
		if piece == king && from == home && (to-from == 2 || from-to == 2) {
			return games.NoMove, fmt.Errorf("%s: %s", text, s.castleReason(to < from))
		}
		if why := s.kingSafety(piece, to, from%8, from/8, false, len(text) == 5); why != "" {
			return games.NoMove, fmt.Errorf("%s: %s", text, why)
		}
		return games.NoMove, fmt.Errorf("%s: the %s on %s cannot move to %s here", text, pieceNames[piece], text[:2], text[2:4])
	}
	return s.parseSAN(text, legal)
}

// isUCI reports whether t has the form of a UCI move.
func isUCI(t string) bool {
	if len(t) != 4 && len(t) != 5 {
		return false
	}
	_, ok1 := parseSquare(t[:2])
	_, ok2 := parseSquare(t[2:4])
	return ok1 && ok2 && (len(t) == 4 || strings.IndexByte("qrbn", t[4]) >= 0)
}

// parseSAN reads a move in SAN, forgiving its decorations.
func (s *State) parseSAN(text string, legal []games.Move) (games.Move, error) {
	t := strings.TrimRight(text, "+#!?")
	t = strings.TrimSuffix(strings.TrimSuffix(t, "e.p."), " ")
	switch strings.ReplaceAll(t, "0", "O") {
	case "O-O", "O-O-O":
		long := len(t) == 5
		for _, m := range legal {
			if from, to, _ := decode(m); s.isCastle(from, to) && (to < from) == long {
				return m, nil
			}
		}
		return games.NoMove, fmt.Errorf("%s: %s", text, s.castleReason(long))
	}
	bad := func() (games.Move, error) {
		return games.NoMove, games.Notation(fmt.Errorf("%q is not a move in SAN (e4, Nf3, exd5, O-O, e8=Q, Nbd7) or UCI (e2e4, e7e8q)", text))
	}
	piece := pawn
	if t != "" && strings.IndexByte("NBRQK", t[0]) >= 0 {
		piece = strings.IndexByte(pieceLetters, t[0])
		t = t[1:]
	}
	promo := -1
	if i := strings.IndexByte(t, '='); i >= 0 {
		if i != len(t)-2 {
			return bad()
		}
		promo = strings.IndexByte("NBRQ", t[i+1]&^0x20)
		if promo < 0 {
			return bad()
		}
		promo += knight
		t = t[:i]
	} else if piece == pawn && len(t) >= 3 && strings.IndexByte("NBRQ", t[len(t)-1]) >= 0 {
		promo = strings.IndexByte(pieceLetters, t[len(t)-1])
		t = t[:len(t)-1]
	}
	if len(t) < 2 {
		return bad()
	}
	to, ok := parseSquare(t[len(t)-2:])
	if !ok {
		return bad()
	}
	fromFile, fromRank, capture := -1, -1, false
	for i := 0; i < len(t)-2; i++ {
		switch c := t[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0 && !capture:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0 && !capture:
			fromRank = int(c - '1')
		case (c == 'x' || c == ':') && !capture:
			capture = true
		case c == '-' && i == len(t)-3:
		default:
			return bad()
		}
	}
	if promo >= 0 && piece != pawn {
		return bad()
	}
	var found []games.Move
	for _, m := range legal {
		from, mto, mpromo := decode(m)
		switch {
		case mto != to || int(s.board[from]&7-1) != piece || s.isCastle(from, mto):
		case fromFile >= 0 && from%8 != fromFile, fromRank >= 0 && from/8 != fromRank:
		case capture && !s.isCapture(from, mto):
		case s.promotes(from, mto) && mpromo != promo, !s.promotes(from, mto) && promo >= 0:
		default:
			found = append(found, m)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = s.sanBase(m, legal)
		}
		return games.NoMove, fmt.Errorf("%s is ambiguous: %s", text, strings.Join(names, ", "))
	case piece == pawn && (to < 8 || to >= 56) && promo < 0:
		return games.NoMove, fmt.Errorf("%s: a promotion names its piece, like %s=Q", text, t)
	case promo >= 0 && to/8 != 7-7*int(s.side&1):
		why := fmt.Sprintf("%s: a pawn of %s promotes only on the %s rank", text, s.g.PlayerNames()[s.side], map[bool]string{true: "8th", false: "1st"}[s.side&1 == 0])
		if _, err := s.parseSAN(t, legal); err == nil {
			why += fmt.Sprintf("; without =%c the move is %s", pieceLetters[promo], t)
		}
		return games.NoMove, errors.New(why)
	}
	if why := s.kingSafety(piece, to, fromFile, fromRank, capture, promo >= 0); why != "" {
		return games.NoMove, fmt.Errorf("%s: %s", text, why)
	}
	return games.NoMove, fmt.Errorf("%s: no %s of %s can move to %s here", text, pieceNames[piece], s.g.PlayerNames()[s.side], squareName(to))
}

// castleReason says why the side to move cannot castle on the long
// (queenside) or short side: no right, a piece between king and rook, a
// check, or a square the king would cross or reach that the opponent
// attacks.
func (s *State) castleReason(long bool) string {
	us := int(s.side & 1)
	player := s.g.PlayerNames()[s.side]
	base, right, wing := 0, uint8(castleWK), "kingside"
	if us != White {
		base, right = 56, castleBK
	}
	between, path := []int{5, 6}, []int{5, 6}
	if long {
		right <<= 1 // castleWQ, castleBQ
		wing, between, path = "queenside", []int{3, 2, 1}, []int{3, 2}
	}
	if s.castle&right == 0 {
		return fmt.Sprintf("%s has no right to castle %s here", player, wing)
	}
	for _, f := range between {
		if c := s.board[base+f]; c != 0 {
			return fmt.Sprintf("the %s on %s stands between %s's king and rook", pieceNames[c&7-1], squareName(base+f), player)
		}
	}
	occ := s.occ[0] | s.occ[1]
	if s.attackers(base+4, occ, us^1) != 0 {
		return fmt.Sprintf("%s is in check, and castling does not answer a check", player)
	}
	for i, f := range path {
		if s.attackers(base+f, occ, us^1) != 0 {
			if i == len(path)-1 {
				return fmt.Sprintf("%s's king would be in check on %s", player, squareName(base+f))
			}
			return fmt.Sprintf("%s's king would cross %s, which %s attacks", player, squareName(base+f), s.g.PlayerNames()[s.side^1])
		}
	}
	return fmt.Sprintf("castling %s is not legal here", wing)
}

// kingSafety says why no legal move takes a piece of kind piece to to when
// one could go there but for its own king (the side is in check and the
// move does not answer it, the king would stand in check, or the piece is
// pinned), or returns "" when none could: fromFile and fromRank, when not
// -1, are the SAN's disambiguation, capture and promotes whether it writes
// a capture and a promotion.
func (s *State) kingSafety(piece, to, fromFile, fromRank int, capture, promotes bool) string {
	us := int(s.side & 1)
	occ := s.occ[0] | s.occ[1]
	takes := occ&(1<<to) != 0 || (piece == pawn && s.EnPassant() == to)
	lastRank := (piece == pawn && to/8 == 7-7*us)
	switch {
	case s.occ[us]&(1<<to) != 0, capture && !takes, promotes != lastRank:
		return ""
	case piece == pawn && takes != (fromFile >= 0 && fromFile != to%8):
		return "" // a pawn captures from a file it names, and pushes along its own
	}
	from := pieceAttacks(piece, to, occ) // attacks are symmetric: the squares a piece on to would attack
	if piece == pawn {
		if occ&(1<<to) != 0 || s.EnPassant() == to {
			from = pawnAttacks[us^1][to] // the squares from which a pawn of ours captures on to
		} else if step := 8 - 16*us; to-step >= 0 && to-step < 64 {
			from = 1 << (to - step)
			if occ&from == 0 && to-2*step >= 0 && to-2*step < 64 && (to-2*step)/8 == 1+5*us {
				from = 1 << (to - 2*step)
			}
		}
	}
	from &= s.pieces(us, piece)
	ksq := bits.TrailingZeros64(s.pieces(us, king)) & 63
	checkers := s.attackers(ksq, occ, us^1)
	for b := from; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		if (fromFile >= 0 && sq%8 != fromFile) || (fromRank >= 0 && sq/8 != fromRank) {
			continue
		}
		player := s.g.PlayerNames()[s.side]
		checker := bits.TrailingZeros64(checkers) & 63
		switch {
		case piece == king:
			return fmt.Sprintf("%s's king would be in check on %s", player, squareName(to))
		case checkers&(checkers-1) != 0:
			return fmt.Sprintf("%s is in double check: only the king can move", player)
		case checkers != 0 && to != checker && between[checker][ksq]&(1<<to) == 0:
			return fmt.Sprintf("%s is in check, and the %s from %s to %s does not answer it", player, pieceNames[piece], squareName(sq), squareName(to))
		default: // the move would answer a check, or there is none: a pin forbids it
			return fmt.Sprintf("the %s on %s is pinned: moving it to %s would leave %s's king in check", pieceNames[piece], squareName(sq), squareName(to), player)
		}
	}
	return ""
}
