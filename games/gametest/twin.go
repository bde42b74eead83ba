package gametest

import (
	"mcarena/games"
	"mcarena/games/rng"
)

// TwinPlayout is a Config.ReferencePlayout for a game whose Legal lists
// moves in another order than its playouts draw from: each step draws
// Legal()[j] of the twin that twin(s) makes of the position (the same
// position, listing moves in the playouts' order) and plays the move on
// both.
func TwinPlayout(twin func(s games.State) games.State) func(s games.State, r *rng.Rand, limit int) int {
	return func(s games.State, r *rng.Rand, limit int) int {
		t := twin(s)
		n := 0
		for ; n < limit; n++ {
			moves := t.Legal(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[r.Intn(len(moves))]
			t.Play(m)
			s.Play(m)
		}
		return n
	}
}
