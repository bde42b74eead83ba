package chess

import "math/bits"

// Perft returns the number of sequences of depth legal moves from s, the
// draw rules ignored, as the published perft figures count them; the last
// ply is counted without being played (bulk counting). s is not changed.
func Perft(s *State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]perftPly, depth)
	stack[depth-1].pos = s.pos
	return perft(stack, depth-1)
}

// perftPly is a ply of perft's stack: its position and its move sets.
type perftPly struct {
	pos
	sets [maxSets]moveSet
}

// perft counts below stack[d], with a position and move sets per ply in
// stack so that the recursion copies into preallocated memory. The moves
// of the last ply are counted from their sets, not made.
func perft(stack []perftPly, d int) uint64 {
	ply := &stack[d]
	ns, moves := ply.genSets(&ply.sets)
	if d == 0 {
		return uint64(moves)
	}
	var total uint64
	c := &stack[d-1].pos
	for i := range ply.sets[:ns] {
		ms := &ply.sets[i]
		for t := ms.to; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			from := ms.fromOf(to)
			for k := range 1 << ms.promo {
				*c = ply.pos
				c.play(promoMove(int(ms.step)>>7&1, from, to, k))
				total += perft(stack, d-1)
			}
		}
	}
	return total
}
