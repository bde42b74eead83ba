package games

import "mcarena/games/rng"

// NoLimit is a Playout limit that no game reaches.
const NoLimit = int(^uint(0) >> 1)

// LegalPlayout plays s by the reference rule of State.Playout, at each step
// Legal()[r.Intn(n)], until the game ends or limit moves are played. buf is the
// move buffer. It returns the number of moves played. Games whose Playout
// follows this rule must produce the same game from the same generator state;
// the conformance test checks it.
func LegalPlayout(s State, r *rng.Rand, buf []Move, limit int) int {
	n := 0
	for n < limit {
		buf = s.Legal(buf)
		if len(buf) == 0 {
			return n
		}
		s.Play(buf[r.Intn(len(buf))])
		n++
	}
	return n
}
