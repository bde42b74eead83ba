package chess

import (
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// Static exchange evaluation (SEE): the material a move wins or loses when
// both sides then capture on its target square, each with its least
// valuable attacker, and either side may stop capturing when going on
// would cost it (the swap algorithm; the thesis' section 2.1 after Maynard
// Smith and Michie 1961). Readings:
//
//   - values: pawn 100, knight 300, bishop 300, rook 500, queen 900, the
//     values in which the standard SEE test positions (from Arasan's unit
//     tests, as reproduced by many engines) state their results;
//   - a quiet move scores 0 or less (what the opponent can then win on its
//     square), castling 0;
//   - en passant takes a pawn; a promotion (the move's own, or a pawn's
//     recapture on the last rank, taken as a queen) gains the new piece's
//     value less a pawn, and the new piece stands on the square;
//   - the least valuable attacker captures first, a pawn that promotes
//     by its capture counted as the queen it becomes (seeOrder);
//   - attackers hidden behind others on a line (x-rays) join as the pieces
//     in front leave; pins are ignored; a king captures only when the
//     opponent has no attacker left on the square.
var seeValue = [6]int{100, 300, 300, 500, 900, 20000}

// seeOrder is the order in which attackers capture: least valuable first;
// on the last rank a pawn, which becomes a queen there, comes after the
// rooks (the standard positions expect it: in 8/8/8/1k6/6b1/4N3/2p3K1/3n4
// w, Nxd1 is met by Bxd1, not cxd1=Q).
var seeOrder = [2][6]int{
	{pawn, knight, bishop, rook, queen, king},
	{knight, bishop, rook, pawn, queen, king},
}

// SEE returns the static exchange evaluation of m, legal in s, in
// centipawns for the side to move (see seeValue for the readings).
func (s *State) SEE(m games.Move) int { return s.see(m) }

func (p *pos) see(m games.Move) int {
	from, to, promo := decode(m)
	us := int(p.side)
	t := int(p.board[from]&7) - 1
	if t == king && (to-from == 2 || from-to == 2) {
		return 0
	}
	occ := (p.occ[0] | p.occ[1]) &^ (1 << from)
	var gain [32]int
	if c := p.board[to]; c != 0 {
		gain[0] = seeValue[c&7-1]
	} else if t == pawn && to == int(p.ep) && p.ep != 0 {
		gain[0] = seeValue[pawn]
		if us == White {
			occ &^= 1 << (to - 8)
		} else {
			occ &^= 1 << (to + 8)
		}
	}
	last := to < 8 || to >= 56
	onSq := seeValue[t]
	if t == pawn && last {
		gain[0] += seeValue[promo] - seeValue[pawn]
		onSq = seeValue[promo]
	}
	side := us ^ 1
	d := 0
	for d < len(gain)-1 {
		att := p.attackers(to, occ, side) & occ
		if att == 0 {
			break
		}
		order := &seeOrder[0]
		if last {
			order = &seeOrder[1]
		}
		at := king
		for _, t := range order {
			if att&p.pieces(side, t) != 0 {
				at = t
				break
			}
		}
		sq := bits.TrailingZeros64(att & p.pieces(side, at))
		if at == king && p.attackers(to, occ&^(1<<sq), side^1)&occ != 0 {
			break // the king may not capture into an attack
		}
		d++
		gain[d] = onSq - gain[d-1]
		onSq = seeValue[at]
		if at == pawn && last {
			gain[d] += seeValue[queen] - seeValue[pawn]
			onSq = seeValue[queen]
		}
		occ &^= 1 << sq
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

func init() {
	knowledge.RegisterClassifier("chess", "see-gain",
		"the move wins material by static exchange evaluation (SEE > 0: pawn 100, minor pieces 300, rook 500, queen 900)",
		func(games.Game) (knowledge.Classifier, error) { return seeGain{}, nil })
	knowledge.RegisterClassifier("chess", "capture",
		"the move takes a piece (en passant included); the class alpha-beta's quiescence search plays",
		func(games.Game) (knowledge.Classifier, error) { return capture{}, nil })
}

// capture classifies the moves that take a piece.
type capture struct{}

func (capture) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	from, to, _ := decode(m)
	return s.isCapture(from, to)
}

// seeGain classifies the moves whose SEE is positive.
type seeGain struct{}

func (seeGain) Is(gs games.State, m games.Move) bool { return gs.(*State).see(m) > 0 }
