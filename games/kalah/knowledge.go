package kalah

import (
	"math"

	"mcarena/games"
	"mcarena/games/knowledge"
)

func init() {
	knowledge.RegisterHeuristic("kalah", "stores",
		"tanh((South's store - North's store)/10): the evaluation of the implicit-minimax paper's Kalah experiments (after Ramanujan and Selman 2011); a finished game scores its outcome",
		func(g games.Game) (knowledge.Heuristic, error) { return newStoresHeuristic(g.(*Game)), nil })
}

// storesHeuristic is the store difference passed through tanh, from South's
// (the first player's) view. The difference is a whole number of seeds
// within the game's total, so the values are a table (math.Tanh of the same
// arguments, computed once a search), read at every expansion's children
// and every leaf.
type storesHeuristic struct {
	total int
	tanh  []float64 // tanh[d+total] = math.Tanh(d/10)
}

func newStoresHeuristic(g *Game) *storesHeuristic {
	h := &storesHeuristic{total: g.total, tanh: make([]float64, 2*g.total+1)}
	for i := range h.tanh {
		h.tanh[i] = math.Tanh(float64(i-g.total) / 10)
	}
	return h
}

func (h *storesHeuristic) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	return h.tanh[int(s.pit[s.g.store[0]])-int(s.pit[s.g.store[1]])+h.total]
}
