// Package stonetest restates the playout rule of stone.Position.SampleLegal
// through the game API, for the conformance tests of the Go-like games.
package stonetest

import (
	"slices"

	"mcarena/games"
	"mcarena/games/rng"
)

// ReferencePlayout returns the rule of SampleLegal, step by step: the
// candidates are the empty cells in ascending order; a candidate drawn with
// r.Intn is played if it is in Legal(), else dropped. ended reports a game
// that is over without a draw (an AtariGo capture); nil means never.
func ReferencePlayout(ended func(games.State) bool) func(s games.State, r *rng.Rand, limit int) int {
	return func(s games.State, r *rng.Rand, limit int) int {
		n := 0
		for n < limit && (ended == nil || !ended(s)) {
			legal := s.Legal(nil)
			var cand []int
			for i, c := range s.Board().Cells {
				if c.Owner < 0 {
					cand = append(cand, i)
				}
			}
			for {
				if len(cand) == 0 {
					return n
				}
				k := r.Intn(len(cand))
				if slices.Contains(legal, games.Move(cand[k])) {
					s.Play(games.Move(cand[k]))
					n++
					break
				}
				cand = slices.Delete(cand, k, k+1)
			}
		}
		return n
	}
}
