package tb

import (
	"fmt"
	"math/bits"
)

// Entries: a table holds one byte per index. 0 is a draw, 255 an index that
// is no legal position (two pieces on a square, a pawn on the first or last
// rank, the side not to move in check), and v in 1..254 a position mated
// with best play after dtm = v-1 plies. The parity of dtm says who wins: the
// side to move is mated (dtm 0: it is checkmated now) when dtm is even and
// mates when it is odd.
const (
	entryDraw    = 0
	entryIllegal = 255
	maxDTM       = 253
	// maxMoves bounds the moves of a position of four pieces (two queens
	// and a king have at most 62).
	maxMoves = 128
)

// position is a decoded entry: squares in the table's order, the side to
// move, and whether the other side's pawn has just made a double step (an
// entry of the en passant half, whose capture epCapture gives).
type position struct {
	m    *material
	sq   [4]int8
	side int
	ep   bool
}

// epCapture returns the en passant capture of p's side to move when the
// other side's pawn has just stepped two squares: that pawn on its fourth
// rank with the two squares it crossed empty, a pawn of the side to move
// beside it, and the capture not leaving the capturer's king in check. With
// one pawn a side there is at most one. ok is false when there is none: the
// position is then the same as without the double step.
func (p *position) epCapture() (mv move, ok bool) {
	us := uint8(p.side)
	mine, theirs := -1, -1
	for i := 2; i < p.m.n; i++ {
		if p.m.kind[i] == kPawn {
			if p.m.colour[i] == us {
				mine = i
			} else {
				theirs = i
			}
		}
	}
	if mine < 0 || theirs < 0 {
		return move{}, false
	}
	at, by := int(p.sq[theirs]), int(p.sq[mine])
	rank, back := 3, -8 // White's pawn stepped to its fourth rank (rank 4)
	if us == 0 {
		rank, back = 4, 8 // Black's, to rank 5
	}
	occ := p.occ()
	if at/8 != rank || by/8 != rank || (at%8-by%8)*(at%8-by%8) != 1 ||
		occ>>(at+back)&1 != 0 || occ>>(at+2*back)&1 != 0 {
		return move{}, false
	}
	to := at + back
	after := occ&^(1<<at|1<<by) | 1<<to
	if p.attacked(int(p.sq[us]), 1-us, after, theirs) {
		return move{}, false
	}
	return move{mine, to, theirs, kPawn}, true
}

func (p *position) occ() uint64 {
	var o uint64
	for i := range p.m.n {
		o |= 1 << p.sq[i]
	}
	return o
}

// attacked reports whether square target is attacked by colour by, with occ
// the occupied squares, the piece at skip (a captured one) left out.
func (p *position) attacked(target int, by uint8, occ uint64, skip int) bool {
	for j := range p.m.n {
		if j != skip && p.m.colour[j] == by && attacks(int(p.m.kind[j]), int(by), int(p.sq[j]), target, occ) {
			return true
		}
	}
	return false
}

// legal reports whether the entry is a position: distinct squares, no pawn
// on the first or last rank, the side not to move not in check.
func (p *position) legal() bool {
	occ := p.occ()
	if bits.OnesCount64(occ) != p.m.n {
		return false
	}
	for i := range p.m.n {
		if p.m.kind[i] == kPawn && (p.sq[i] < 8 || p.sq[i] >= 56) {
			return false
		}
	}
	them := 1 - p.side
	return !p.attacked(int(p.sq[them]), uint8(p.side), occ, -1)
}

// move is a legal move's effect: the moving piece's index and new square,
// the captured piece's index (or -1) and the kind the piece becomes.
type move struct {
	piece, to, captured int
	kind                uint8
}

// moves fills ml with the legal moves of p and returns how many there are,
// the en passant capture of an entry of the en passant half included.
func (p *position) moves(ml *[maxMoves]move) int {
	n := 0
	if p.ep {
		if mv, ok := p.epCapture(); ok {
			ml[n] = mv
			n++
		}
	}
	occ := p.occ()
	us := uint8(p.side)
	var own uint64
	for i := range p.m.n {
		if p.m.colour[i] == us {
			own |= 1 << p.sq[i]
		}
	}
	try := func(i, to int, kind uint8) {
		capt := -1
		for j := range p.m.n {
			if int(p.sq[j]) == to {
				capt = j
			}
		}
		after := occ&^(1<<p.sq[i]) | 1<<to
		ksq := int(p.sq[us])
		if i == int(us) {
			ksq = to
		}
		saved := p.sq[i]
		p.sq[i] = int8(to)
		bad := p.attacked(ksq, 1-us, after, capt)
		p.sq[i] = saved
		if bad {
			return
		}
		if p.m.kind[i] == kPawn && (to < 8 || to >= 56) {
			for _, k := range [4]uint8{kQueen, kRook, kBishop, kKnight} {
				ml[n] = move{i, to, capt, k}
				n++
			}
			return
		}
		ml[n] = move{i, to, capt, p.m.kind[i]}
		n++
	}
	for i := range p.m.n {
		if p.m.colour[i] != us {
			continue
		}
		from := int(p.sq[i])
		switch k := p.m.kind[i]; k {
		case kKing, kKnight:
			t := kingAtt[from]
			if k == kKnight {
				t = knightAtt[from]
			}
			for t &^= own; t != 0; t &= t - 1 {
				try(i, bits.TrailingZeros64(t), k)
			}
		case kPawn:
			step, start := 8, 1
			if us == 1 {
				step, start = -8, 6
			}
			if to := from + step; occ>>to&1 == 0 {
				try(i, to, k)
				if from/8 == start && occ>>(to+step)&1 == 0 {
					try(i, to+step, k)
				}
			}
			for t := pawnAtt[us][from] & occ &^ own; t != 0; t &= t - 1 {
				try(i, bits.TrailingZeros64(t), k)
			}
		default:
			lo, hi := 0, 8
			if k == kRook {
				hi = 4
			} else if k == kBishop {
				lo = 4
			}
			for d := lo; d < hi; d++ {
				for _, to := range rays[d][from] {
					if own>>to&1 != 0 {
						break
					}
					try(i, int(to), k)
					if occ>>to&1 != 0 {
						break
					}
				}
			}
		}
	}
	return n
}

// unmove is a piece's index and the square it came from.
type unmove struct{ piece, from int8 }

// unmoves fills ul with the square each piece of the side that just moved
// could have come from by a move that neither captured nor promoted, and
// returns how many there are.
func (p *position) unmoves(ul *[maxMoves]unmove) int {
	n := 0
	occ := p.occ()
	mover := uint8(1 - p.side)
	for i := range p.m.n {
		if p.m.colour[i] != mover {
			continue
		}
		at := int(p.sq[i])
		switch k := p.m.kind[i]; k {
		case kKing, kKnight:
			t := kingAtt[at]
			if k == kKnight {
				t = knightAtt[at]
			}
			for t &^= occ; t != 0; t &= t - 1 {
				ul[n] = unmove{int8(i), int8(bits.TrailingZeros64(t))}
				n++
			}
		case kPawn:
			step, lo, double := -8, 8, 3
			if mover == 1 {
				step, lo, double = 8, 8, 4
			}
			from := at + step
			if from < lo || from >= 56 || occ>>from&1 != 0 {
				continue
			}
			ul[n] = unmove{int8(i), int8(from)}
			n++
			if at/8 == double && occ>>(from+step)&1 == 0 {
				ul[n] = unmove{int8(i), int8(from + step)}
				n++
			}
		default:
			lo, hi := 0, 8
			if k == kRook {
				hi = 4
			} else if k == kBishop {
				lo = 4
			}
			for d := lo; d < hi; d++ {
				for _, from := range rays[d][at] {
					if occ>>from&1 != 0 {
						break
					}
					ul[n] = unmove{int8(i), int8(int(from))}
					n++
				}
			}
		}
	}
	return n
}

// generateLocked builds m's table by retrograde analysis: every entry's legal
// moves counted forwards, the checkmates at level 0, then level by level
// the predecessors of the positions decided at that level (found by
// un-moves), together with the moves that leave the table (captures and
// promotions, valued by the smaller tables, built first).
//
// With pawns of both colours (KPvKP) the table has a second half: entry
// size+i is position i right after the pawn of the side not to move made a
// double step that an en passant capture can answer (an index where none
// can is illegal there). A double step leads to the second half when the
// capture is possible, to the first otherwise; an entry of the second half
// has the moves of its twin in the first plus the capture, which leaves
// the table, and its only predecessor is the double step. No chain arises:
// the side that may capture has its pawn on its fifth rank, so it has no
// double step of its own.
func (t *Tablebase) generateLocked(m material) ([]byte, error) {
	size := m.size()
	total := m.entries()
	val := make([]byte, total)
	cnt := make([]uint8, total)
	// win[L] and dec[L] list entries with a move out of the table to a
	// position decided after L plies: lost for the opponent (a win for the
	// entry in L+1) or won (one move fewer not yet refuted).
	var win, dec [maxDTM + 1][]uint32
	var cur []uint32
	p := position{m: &m}
	var ml [maxMoves]move
	var ul [maxMoves]unmove
	for idx := range total {
		p.sq, p.side = m.decode(idx % size)
		p.ep = idx >= size
		if m.index(p.sq, p.side) != idx%size || !p.legal() {
			val[idx] = entryIllegal
			continue
		}
		if _, ok := p.epCapture(); p.ep && !ok {
			val[idx] = entryIllegal
			continue
		}
		count := p.moves(&ml)
		var succ [maxMoves]int
		nsucc := 0
		for _, mv := range ml[:count] {
			if mv.captured < 0 && mv.kind == m.kind[mv.piece] {
				sq := p.sq
				sq[mv.piece] = int8(mv.to)
				q := m.index(sq, 1-p.side)
				if mv.kind == kPawn && (mv.to-int(p.sq[mv.piece]))%16 == 0 && m.enPassant() {
					after := position{m: &m, sq: sq, side: 1 - p.side, ep: true}
					if _, ok := after.epCapture(); ok {
						q += size
					}
				}
				succ[nsucc] = q
				nsucc++
				continue
			}
			v, err := t.exit(&p, mv)
			switch {
			case err != nil:
				return nil, err
			case v == entryDraw:
			case v == entryIllegal:
				return nil, fmt.Errorf("tablebase %v: a move leads to an illegal entry", m)
			case (v-1)%2 == 0:
				win[v-1] = append(win[v-1], uint32(idx))
			default:
				dec[v-1] = append(dec[v-1], uint32(idx))
			}
		}
		if count == 0 {
			if p.attacked(int(p.sq[p.side]), uint8(1-p.side), p.occ(), -1) {
				val[idx] = 1
				cur = append(cur, uint32(idx))
			}
			continue
		}
		// Moves to one entry (symmetric images of one position) count
		// once, as the un-moves of the entry reach this one once.
		cnt[idx] = uint8(count - nsucc + distinct(succ[:nsucc]))
	}
	for level := 0; level < maxDTM; level++ {
		var next []uint32
		event := func(q int) {
			if val[q] != entryDraw {
				return
			}
			if level%2 == 1 { // the move reaches a position its mover wins
				if cnt[q]--; cnt[q] != 0 {
					return
				}
			}
			val[q] = byte(level + 2)
			next = append(next, uint32(q))
		}
		for _, f := range cur {
			p.sq, p.side = m.decode(int(f) % size)
			var pred [maxMoves]int
			k := 0
			if int(f) >= size {
				// Only the double step leads here.
				pred[0] = m.index(p.undoubleStep(), 1-p.side)
				k = 1
			} else {
				double := m.enPassant() && val[int(f)+size] != entryIllegal
				for _, u := range ul[:p.unmoves(&ul)] {
					if double && m.kind[u.piece] == kPawn && (int(u.from)-int(p.sq[u.piece]))%16 == 0 {
						continue // that double step leads to the en passant half
					}
					sq := p.sq
					sq[u.piece] = u.from
					pred[k] = m.index(sq, 1-p.side)
					k++
				}
				k = distinct(pred[:k])
			}
			for _, q := range pred[:k] {
				if val[q] != entryIllegal {
					event(q)
				}
				// The twin in the en passant half has the same moves.
				if int(f) < size && m.enPassant() && val[q+size] != entryIllegal {
					event(q + size)
				}
			}
		}
		for _, q := range win[level] {
			event(int(q))
		}
		for _, q := range dec[level] {
			event(int(q))
		}
		cur = next
	}
	if len(cur) != 0 {
		return nil, fmt.Errorf("tablebase %v: mates longer than %d plies", m, maxDTM)
	}
	return val, nil
}

// exit returns the entry, in its own table, of the position mv leads to
// when it leaves p's table by a capture or a promotion.
func (t *Tablebase) exit(p *position, mv move) (byte, error) {
	var buf [4]placed
	ps := buf[:0]
	for j := range p.m.n {
		if j == mv.captured {
			continue
		}
		q := placed{p.m.colour[j], p.m.kind[j], p.sq[j]}
		if j == mv.piece {
			q.kind, q.sq = mv.kind, int8(mv.to)
		}
		ps = append(ps, q)
	}
	return t.entryLocked(ps, 1-p.side)
}

// undoubleStep returns p's squares with the pawn of the side not to move
// taken back two squares: the position before its double step.
func (p *position) undoubleStep() [4]int8 {
	sq := p.sq
	for i := 2; i < p.m.n; i++ {
		if p.m.kind[i] == kPawn && p.m.colour[i] != uint8(p.side) {
			if p.side == 1 {
				sq[i] -= 16
			} else {
				sq[i] += 16
			}
		}
	}
	return sq
}

// distinct moves the distinct values of a to its front and returns how many
// there are.
func distinct(a []int) int {
	n := 0
outer:
	for _, v := range a {
		for _, w := range a[:n] {
			if v == w {
				continue outer
			}
		}
		a[n] = v
		n++
	}
	return n
}
