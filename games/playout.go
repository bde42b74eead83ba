package games

import "mcarena/games/rng"

// LegalPlayout plays s to the end by the reference rule of State.Playout:
// at each step Legal()[r.Intn(n)]. buf is the move buffer. It returns the
// number of moves played. Games whose Playout follows this rule must produce
// the same game from the same generator state; the conformance test checks it.
func LegalPlayout(s State, r *rng.Rand, buf []Move) int {
	n := 0
	for {
		buf = s.Legal(buf)
		if len(buf) == 0 {
			return n
		}
		s.Play(buf[r.Intn(len(buf))])
		n++
	}
}
