package chess

import "mcarena/games"

// Perft returns the number of sequences of depth legal moves from s, the
// draw rules ignored, as the published perft figures count them; the last
// ply is counted without being played (bulk counting). s is not changed.
func Perft(s *State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]pos, depth)
	stack[depth-1] = s.pos
	return perft(stack, depth-1)
}

// perft counts below stack[d], with a position per ply in stack so that the
// recursion copies into preallocated positions.
func perft(stack []pos, d int) uint64 {
	p := &stack[d]
	var ml [maxMoves]games.Move
	n := p.gen(&ml)
	if d == 0 {
		return uint64(n)
	}
	c := &stack[d-1]
	var total uint64
	for _, m := range ml[:n] {
		*c = *p
		c.play(m)
		total += perft(stack, d-1)
	}
	return total
}
