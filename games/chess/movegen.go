package chess

import (
	"math/bits"

	"mcarena/games"
)

// Under-promotion pieces, by the last term of their move.
var underPieces = [3]int{knight, bishop, rook}

// under decodes the under-promotion moves: from, to and piece.
var under [moveSpace - underBase]struct{ from, to, piece uint8 }

func init() {
	for c := range 2 {
		for ff := range 8 {
			for d := range 3 {
				tf := ff + d - 1
				for p := range 3 {
					from, to := 48+ff, 56+tf
					if c == Black {
						from, to = 8+ff, tf
					}
					i := 9*(8*c+ff) + 3*d + p
					if tf >= 0 && tf < 8 {
						under[i].from, under[i].to, under[i].piece = uint8(from), uint8(to), uint8(underPieces[p])
					}
				}
			}
		}
	}
}

// decode returns a move's squares and, for an under-promotion, its piece;
// promo is queen for every other move (it counts only for a pawn reaching
// the last rank).
func decode(m games.Move) (from, to, promo int) {
	if m < underBase {
		return int(m) & 63, int(m) >> 6 & 63, queen
	}
	u := under[(int(m)-underBase)%len(under)]
	return int(u.from), int(u.to), int(u.piece)
}

// underMove encodes the promotion of a pawn of colour c from from to to
// into piece, one of knight, bishop or rook.
func underMove(c, from, to, piece int) games.Move {
	return games.Move(underBase + 9*(8*c+from%8) + 3*(to%8-from%8+1) + piece - knight)
}

func move(from, to int) games.Move { return games.Move(from | to<<6) }

// attackers returns the pieces of colour by that attack sq on occupancy occ.
func (p *pos) attackers(sq int, occ uint64, by int) uint64 {
	sq &= 63
	q := p.pc[queen]
	return (knightAttacks[sq]&p.pc[knight] | kingAttacks[sq]&p.pc[king] | pawnAttacks[(by^1)&1][sq]&p.pc[pawn] |
		rookAttacks(sq, occ)&(p.pc[rook]|q) | bishopAttacks(sq, occ)&(p.pc[bishop]|q)) & p.occ[by&1]
}

func (p *pos) attacked(sq int, occ uint64, by int) bool {
	return p.attackers(sq, occ, by) != 0
}

func (p *pos) inCheck() bool {
	us := int(p.side & 1)
	return p.attacked(bits.TrailingZeros64(p.pieces(us, king)), p.occ[0]|p.occ[1], us^1)
}

// epLegal reports whether the pawn of colour us on from may capture en
// passant on ep: whether its king is safe once both pawns have left.
func (p *pos) epLegal(us, from, ep int) bool {
	them := us ^ 1
	capSq := ep - 8
	if us == Black {
		capSq = ep + 8
	}
	occ := (p.occ[0] | p.occ[1]) ^ 1<<from ^ 1<<capSq | 1<<ep
	ksq := bits.TrailingZeros64(p.pieces(us, king))
	return p.attackers(ksq, occ, them)&^(1<<capSq) == 0
}

// setEP records ep, the square a double step just passed, when the side to
// move has a legal en passant capture there.
func (p *pos) setEP(ep int) {
	us := int(p.side & 1)
	for c := pawnAttacks[us^1][ep] & p.pieces(us, pawn); c != 0; c &= c - 1 {
		if p.epLegal(us, bits.TrailingZeros64(c), ep) {
			p.ep = uint8(ep)
			p.hash ^= epKeys[ep%8]
			return
		}
	}
}

// maxSets bounds the move sets of a position: the king's, two castlings,
// one per other piece (15), seven of the unpinned pawns, two per pinned pawn
// (a pinned pawn moves along its pin: pushes on a file, one capture on a
// diagonal; at most 8 pawns are pinned) and two en passant captures make 43.
const maxSets = 64

// A moveSet is legal moves that share a from square, or pawn moves that
// share a step (from = to - step), as their set of to squares. gen lists
// the sets in the order of Legal (see the package comment), and a set's
// moves go by rising to square; a promotion set holds four moves per to
// square: queen, rook, bishop, knight.
type moveSet struct {
	to uint64
	// from is the from square of a piece's set; a pawn set has step
	// instead, its to - from (from is then -1).
	from, step int8
	// promo is 2 for a promotion set, which counts four moves per to square
	// (count << promo), else 0.
	promo uint8
}

// moves returns the number of moves in the set.
func (ms *moveSet) moves() int { return bits.OnesCount64(ms.to) << ms.promo }

// fromOf returns the from square of the set's move to to.
func (ms *moveSet) fromOf(to int) int {
	if ms.from >= 0 {
		return int(ms.from)
	}
	return to - int(ms.step)
}

// nth returns the set's move i, 0 <= i < ms.moves().
func (ms *moveSet) nth(i int) games.Move {
	t := ms.to
	for j := i >> ms.promo; j > 0; j-- {
		t &= t - 1
	}
	to := bits.TrailingZeros64(t)
	from := ms.fromOf(to)
	if ms.promo == 0 {
		return move(from, to)
	}
	return promoMove(int(ms.step)>>7&1, from, to, i&3)
}

// pick returns move i of the moves of sets in their order.
func pick(sets []moveSet, i int) games.Move {
	for j := range sets {
		if k := sets[j].moves(); i >= k {
			i -= k
		} else {
			return sets[j].nth(i)
		}
	}
	panic("chess: pick beyond the moves")
}

// promoMove returns the promotion of a pawn of colour c from from to to
// into the k-th piece of a promotion set: queen, rook, bishop, knight.
func promoMove(c, from, to, k int) games.Move {
	if k == 0 {
		return move(from, to)
	}
	return underMove(c, from, to, rook+1-k)
}

// gen writes the legal moves to ml and returns how many there are. It
// ignores the draw rules.
func (p *pos) gen(ml *[maxMoves]games.Move) int {
	var sets [maxSets]moveSet
	ns, _ := p.genSets(&sets)
	n := 0
	for i := range sets[:ns] {
		ms := &sets[i]
		if ms.promo == 0 {
			for t := ms.to; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				ml[n&255] = move(ms.fromOf(to), to)
				n++
			}
			continue
		}
		c := int(ms.step) >> 7 & 1 // Black's steps are negative
		for t := ms.to; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			from := ms.fromOf(to)
			ml[n&255] = move(from, to)
			ml[(n+1)&255] = underMove(c, from, to, rook)
			ml[(n+2)&255] = underMove(c, from, to, bishop)
			ml[(n+3)&255] = underMove(c, from, to, knight)
			n += 4
		}
	}
	// No position ParsePosition accepts comes near: 218 is the most.
	return min(n, maxMoves)
}

// count returns the number of legal moves, draws ignored.
func (p *pos) count() int {
	var sets [maxSets]moveSet
	_, n := p.genSets(&sets)
	return n
}

// hasMove reports whether the side to move has a legal move, draws ignored.
func (p *pos) hasMove() bool { return p.count() > 0 }

// genSets writes the legal moves as move sets to sets and returns how many
// sets there are (some may be empty) and how many moves. It ignores the draw
// rules.
func (p *pos) genSets(sets *[maxSets]moveSet) (ns, moves int) {
	us := int(p.side & 1)
	them := us ^ 1
	own, opp := p.occ[us], p.occ[them]
	occ := own | opp
	ksq := bits.TrailingZeros64(p.pieces(us, king)) & 63
	// The sliders that would attack the king through the side to move's
	// pieces: with nothing between they check it, with one of its pieces
	// between they pin that piece.
	pc := &p.pc
	checkers := (knightAttacks[ksq]&pc[knight] | pawnAttacks[us][ksq]&pc[pawn]) & opp
	var pinned uint64
	snipers := (rookAttacks(ksq, opp)&(pc[rook]|pc[queen]) | bishopAttacks(ksq, opp)&(pc[bishop]|pc[queen])) & opp
	for ; snipers != 0; snipers &= snipers - 1 {
		sq := bits.TrailingZeros64(snipers)
		bb := between[ksq][sq] & occ
		if bb == 0 {
			checkers |= 1 << sq
		} else if bb&(bb-1) == 0 {
			pinned |= bb & own
		}
	}
	danger := p.attacks(them, occ^1<<ksq)
	sets[0] = moveSet{to: kingAttacks[ksq] &^ own &^ danger, from: int8(ksq)}
	n, k := 1, bits.OnesCount64(sets[0].to)
	if checkers&(checkers-1) != 0 {
		return n, k
	}
	target := ^own
	if checkers != 0 {
		target = between[ksq][bits.TrailingZeros64(checkers)] | checkers
	} else if p.castle != 0 {
		c := p.genCastles(sets, n, us, occ, danger)
		n, k = c, k+c-n // one move a set
	}
	for f := pc[knight] & own &^ pinned; f != 0; f &= f - 1 {
		from := bits.TrailingZeros64(f)
		t := knightAttacks[from] & target
		sets[n&(maxSets-1)] = moveSet{to: t, from: int8(from)}
		n, k = n+1, k+bits.OnesCount64(t)
	}
	for f := pc[bishop] & own; f != 0; f &= f - 1 {
		from := bits.TrailingZeros64(f)
		t := bishopAttacks(from, occ) & target
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		sets[n&(maxSets-1)] = moveSet{to: t, from: int8(from)}
		n, k = n+1, k+bits.OnesCount64(t)
	}
	for f := pc[rook] & own; f != 0; f &= f - 1 {
		from := bits.TrailingZeros64(f)
		t := rookAttacks(from, occ) & target
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		sets[n&(maxSets-1)] = moveSet{to: t, from: int8(from)}
		n, k = n+1, k+bits.OnesCount64(t)
	}
	for f := pc[queen] & own; f != 0; f &= f - 1 {
		from := bits.TrailingZeros64(f)
		t := (rookAttacks(from, occ) | bishopAttacks(from, occ)) & target
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		sets[n&(maxSets-1)] = moveSet{to: t, from: int8(from)}
		n, k = n+1, k+bits.OnesCount64(t)
	}
	pawns := pc[pawn] & own
	n, k = genPawns(sets, n, k, us, pawns&^pinned, target, opp, occ)
	for f := pawns & pinned; f != 0; f &= f - 1 {
		from := bits.TrailingZeros64(f)
		n, k = genPawns(sets, n, k, us, 1<<from, target&line[ksq][from], opp, occ)
	}
	if p.ep != 0 {
		ep := int(p.ep)
		for f := pawnAttacks[them][ep] & pawns; f != 0; f &= f - 1 {
			if from := bits.TrailingZeros64(f); p.epLegal(us, from, ep) {
				sets[n&(maxSets-1)] = moveSet{to: 1 << ep, from: int8(from)}
				n, k = n+1, k+1
			}
		}
	}
	return min(n, maxSets), k
}

func (p *pos) genCastles(sets *[maxSets]moveSet, n, us int, occ, danger uint64) int {
	if us == White {
		if p.castle&castleWK != 0 && (occ|danger)&(1<<sqF1|1<<sqG1) == 0 {
			sets[n&(maxSets-1)] = moveSet{to: 1 << sqG1, from: sqE1}
			n++
		}
		if p.castle&castleWQ != 0 && occ&(1<<sqD1|1<<sqC1|1<<(sqA1+1)) == 0 && danger&(1<<sqD1|1<<sqC1) == 0 {
			sets[n&(maxSets-1)] = moveSet{to: 1 << sqC1, from: sqE1}
			n++
		}
		return n
	}
	if p.castle&castleBK != 0 && (occ|danger)&(1<<sqF8|1<<sqG8) == 0 {
		sets[n&(maxSets-1)] = moveSet{to: 1 << sqG8, from: sqE8}
		n++
	}
	if p.castle&castleBQ != 0 && occ&(1<<sqD8|1<<sqC8|1<<(sqA8+1)) == 0 && danger&(1<<sqD8|1<<sqC8) == 0 {
		sets[n&(maxSets-1)] = moveSet{to: 1 << sqC8, from: sqE8}
		n++
	}
	return n
}

// attacks returns the squares the pieces of colour by attack on occupancy
// occ (the side to move's king left out of it, so that the king cannot step
// back along a slider's line).
func (p *pos) attacks(by int, occ uint64) uint64 {
	o := p.occ[by&1]
	a := kingAttacks[bits.TrailingZeros64(p.pc[king]&o)&63]
	pawns := p.pc[pawn] & o
	if by == White {
		a |= (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	} else {
		a |= (pawns&^fileA)>>9 | (pawns&^fileH)>>7
	}
	for f := p.pc[knight] & o; f != 0; f &= f - 1 {
		a |= knightAttacks[bits.TrailingZeros64(f)]
	}
	q := p.pc[queen] & o
	for f := p.pc[bishop]&o | q; f != 0; f &= f - 1 {
		a |= bishopAttacks(bits.TrailingZeros64(f), occ)
	}
	for f := p.pc[rook]&o | q; f != 0; f &= f - 1 {
		a |= rookAttacks(bits.TrailingZeros64(f), occ)
	}
	return a
}

// addPawnSet writes the pawn set of to squares to, step and promo at n, and
// returns n, moved on when the set is not empty.
func addPawnSet(sets *[maxSets]moveSet, n int, to uint64, step int8, promo uint8) int {
	sets[n&(maxSets-1)] = moveSet{to: to, from: -1, step: step, promo: promo}
	if to != 0 {
		n++
	}
	return n
}

// genPawns adds the move sets of the pushes, captures and promotions of the
// pawns in pawns that land in target (en passant apart), leaving out empty
// sets: double steps, single steps, promotions by a step, captures to the
// left (towards file a), their promotions, captures to the right and theirs.
// It returns the sets' and moves' counts n and k with those added.
func genPawns(sets *[maxSets]moveSet, n, k, us int, pawns, target, opp, occ uint64) (int, int) {
	if pawns == 0 {
		return n, k
	}
	empty := ^occ
	var push1, push2, capL, capR uint64
	var d1, dL, dR int8 // to - from
	var last uint64
	if us == White {
		push1 = pawns << 8 & empty
		push2 = (push1 & rank3) << 8 & empty & target
		capL = (pawns &^ fileA) << 7 & opp & target
		capR = (pawns &^ fileH) << 9 & opp & target
		d1, dL, dR, last = 8, 7, 9, rank8
	} else {
		push1 = pawns >> 8 & empty
		push2 = (push1 & rank6) >> 8 & empty & target
		capL = (pawns &^ fileA) >> 9 & opp & target
		capR = (pawns &^ fileH) >> 7 & opp & target
		d1, dL, dR, last = -8, -9, -7, rank1
	}
	push1 &= target
	n = addPawnSet(sets, n, push2, 2*d1, 0)
	n = addPawnSet(sets, n, push1&^last, d1, 0)
	n = addPawnSet(sets, n, push1&last, d1, 2)
	n = addPawnSet(sets, n, capL&^last, dL, 0)
	n = addPawnSet(sets, n, capL&last, dL, 2)
	n = addPawnSet(sets, n, capR&^last, dR, 0)
	n = addPawnSet(sets, n, capR&last, dR, 2)
	// Four moves for each promotion.
	k += bits.OnesCount64(push2) + bits.OnesCount64(push1) + bits.OnesCount64(capL) + bits.OnesCount64(capR) +
		3*(bits.OnesCount64(push1&last)+bits.OnesCount64(capL&last)+bits.OnesCount64(capR&last))
	return n, k
}

// play makes the legal move m and reports whether it was a capture or a
// pawn move (which reset the halfmove clock).
func (p *pos) play(m games.Move) bool {
	from, to, promo := decode(m)
	from, to = from&63, to&63
	us := int(p.side & 1)
	them := us ^ 1
	pc := p.board[from]
	t := int(pc&7) - 1
	h := p.hash ^ sideKey ^ castleKeys[p.castle&15]
	if p.ep != 0 {
		h ^= epKeys[p.ep%8]
	}
	fb, tb := uint64(1)<<from, uint64(1)<<to
	irrev := t == pawn
	if cap := p.board[to]; cap != 0 {
		ct := int(cap&7) - 1
		p.pc[ct] &^= tb
		p.occ[them] &^= tb
		h ^= pieceKey(them, ct, to)
		irrev = true
	} else if t == pawn && to == int(p.ep) && p.ep != 0 {
		capSq := to - 8
		if us == Black {
			capSq = to + 8
		}
		p.pc[pawn] &^= 1 << capSq
		p.occ[them] &^= 1 << capSq
		p.board[capSq] = 0
		h ^= pieceKey(them, pawn, capSq)
	}
	p.pc[t] ^= fb
	p.occ[us] ^= fb | tb
	p.board[from] = 0
	h ^= pieceKey(us, t, from)
	nt := t
	if t == pawn && tb&(rank1|rank8) != 0 {
		nt = promo
	}
	p.pc[nt] |= tb
	p.board[to] = uint8(us*8 + nt + 1)
	h ^= pieceKey(us, nt, to)
	if t == king && (to-from == 2 || from-to == 2) {
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		rb := uint64(1)<<rf | uint64(1)<<rt
		p.pc[rook] ^= rb
		p.occ[us] ^= rb
		p.board[rf], p.board[rt] = 0, uint8(us*8+rook+1)
		h ^= pieceKey(us, rook, rf) ^ pieceKey(us, rook, rt)
	}
	p.castle &= castleKeep[from] & castleKeep[to]
	p.hash = h ^ castleKeys[p.castle&15]
	p.ep = 0
	p.side = uint8(them)
	p.ply++
	if irrev {
		p.half = 0
		if t == pawn && (to-from == 16 || from-to == 16) {
			p.setEP((from + to) / 2)
		}
	} else {
		p.half++
	}
	return irrev
}
