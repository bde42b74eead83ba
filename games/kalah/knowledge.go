package kalah

import (
	"math"

	"mcarena/games"
	"mcarena/games/knowledge"
)

func init() {
	knowledge.RegisterHeuristic("kalah", "stores",
		"tanh((South's store - North's store)/10): the evaluation of the implicit-minimax paper's Kalah experiments (after Ramanujan and Selman 2011); a finished game scores its outcome",
		func(games.Game) (knowledge.Heuristic, error) { return storesHeuristic{}, nil })
}

// storesHeuristic is the store difference passed through tanh, from South's
// (the first player's) view.
type storesHeuristic struct{}

func (storesHeuristic) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	return math.Tanh(float64(int(s.pit[s.g.store[0]])-int(s.pit[s.g.store[1]])) / 10)
}
