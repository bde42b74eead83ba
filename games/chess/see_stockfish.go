package chess

import (
	"math/bits"

	"mcarena/games"
)

// Stockfish's static exchange evaluation, as Stockfish 2.2.2 computes it
// in Position::see, for the thesis' heavy playouts MCC_HP_SEE,ε ("uses
// Stockfish's Static Exchange Evaluator"). The thesis built MCC on
// Stockfish in early 2012 and names no version; 2.2.2 (14 January 2012)
// was the last release before 2.3 in September, the one mcarena's
// Stockfish move order follows too (2.2 and 2.2.1 compute the SEE alike).
// These are that release's rules and constants, written anew. They differ
// from mcarena's own SEE (see.go) in three ways, and agree in a fourth:
//
//   - values: Stockfish's midgame piece values in its internal units, pawn
//     198, knight 817, bishop 836, rook 1270, queen 2521 (a bishop is worth
//     a little more than a knight, so knight takes a defended bishop
//     gains 19);
//   - promotions are not understood (the release says so): a promoting pawn
//     is a pawn, so a quiet promotion scores 0 and a recapture on the last
//     rank takes a pawn's value;
//   - a pawn on the last rank is no later in the order of attackers;
//   - alike: a king that captures while the other side still attacks the
//     square ends the sequence as if it lost ten queens, so it never
//     captures there (mcarena's stops before it, the same choice).
//
// As in both, castling scores 0, en passant takes a pawn (and leaves its
// square for the lines behind it), attackers hidden behind others on a
// line join as those in front leave, and pins are ignored.
var sfSEEValue = [6]int{198, 817, 836, 1270, 2521, 0}

// sfKingCapture is the swap list's entry after a king's capture into an
// attacked square: ten queens.
const sfKingCapture = 10 * 2521

// seeStockfish returns Stockfish 2.2.2's static exchange evaluation of m,
// legal in p, in its internal units for the side to move.
func (p *pos) seeStockfish(m games.Move) int {
	from, to, _ := decode(m)
	t := int(p.board[from]&7) - 1
	if t == king && (to-from == 2 || from-to == 2) {
		return 0
	}
	occ := (p.occ[0] | p.occ[1]) &^ (1 << from)
	captured := -1
	if c := p.board[to]; c != 0 {
		captured = int(c&7) - 1
	} else if t == pawn && to == int(p.ep) && p.ep != 0 {
		captured = pawn
		if p.side == White {
			occ &^= 1 << (to - 8)
		} else {
			occ &^= 1 << (to + 8)
		}
	}
	var swap [32]int
	if captured >= 0 {
		swap[0] = sfSEEValue[captured]
	}
	side := int(p.side) ^ 1
	onSq := t // the piece on the square, the next capture's prize
	n := 1
	for n < len(swap)-1 {
		att := p.attackers(to, occ, side) & occ
		if att == 0 {
			break
		}
		at := pawn
		for att&p.pieces(side, at) == 0 {
			at++
		}
		sq := bits.TrailingZeros64(att & p.pieces(side, at))
		occ &^= 1 << sq
		swap[n] = sfSEEValue[onSq] - swap[n-1]
		n++
		onSq = at
		side ^= 1
		if at == king && p.attackers(to, occ, side)&occ != 0 {
			swap[n] = sfKingCapture
			n++
			break
		}
	}
	for n--; n > 0; n-- {
		swap[n-1] = min(-swap[n], swap[n-1])
	}
	return swap[0]
}
