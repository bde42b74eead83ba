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
	knowledge.RegisterHeuristic("kalah", "stores-fw",
		"stores as the implicit-minimax co-authors' framework applied it: tanh((South's store - North's store)/10) for a finished game too, not its outcome, as the framework valued finished positions in the tree; the stores are read after the seeds left are swept into them (stores-unswept reads them before, as the framework did)",
		func(g games.Game) (knowledge.Heuristic, error) {
			return &storesHeuristic{storesTable: newStoresTable(g.(*Game)), formulaAtEnd: true}, nil
		})
	knowledge.RegisterHeuristic("kalah", "stores-unswept",
		"stores-fw with the framework's stores at the end: tanh((South's store - North's store)/10) for a finished game too, the stores taken before the seeds left were swept into them, as the implicit-minimax co-authors' framework (which never swept) valued them",
		func(g games.Game) (knowledge.Heuristic, error) {
			return &storesHeuristic{storesTable: newStoresTable(g.(*Game)), formulaAtEnd: true, unswept: true}, nil
		})
}

// storesHeuristic is the store difference passed through tanh, from South's
// (the first player's) view. The difference is a whole number of seeds
// within the game's total, so the values are a table (math.Tanh of the same
// arguments, computed once a search), read at every expansion's children
// and every leaf.
//
// With formulaAtEnd (stores-fw) a finished game is valued by the formula
// too, as the co-authors' framework valued the finished positions of its
// trees: a win by two seeds is worth tanh(0.2), not 1. Playouts that end
// the game still score its outcome (the search's leaves look at Terminal
// first), as the framework's did. With unswept too (stores-unswept) the
// formula reads a finished game's stores before the end's sweep: the
// framework's board never swept the seeds left (it counted them only for
// the final result), so its trees valued a mover who emptied his side while
// ahead in the stores as ahead, whatever the opponent's houses held.
type storesHeuristic struct {
	storesTable
	formulaAtEnd bool
	unswept      bool
}

// storesTable is the store difference's tanh by difference.
type storesTable struct {
	total int
	tanh  []float64 // tanh[d+total] = math.Tanh(d/10)
}

func newStoresTable(g *Game) storesTable {
	t := storesTable{total: g.total, tanh: make([]float64, 2*g.total+1)}
	for i := range t.tanh {
		t.tanh[i] = math.Tanh(float64(i-g.total) / 10)
	}
	return t
}

func newStoresHeuristic(g *Game) *storesHeuristic {
	return &storesHeuristic{storesTable: newStoresTable(g)}
}

func (h *storesHeuristic) Value(gs games.State) float64 {
	s := gs.(*State)
	if !h.formulaAtEnd && s.Terminal() {
		return float64(s.Outcome())
	}
	d := int(s.pit[s.g.store[0]]) - int(s.pit[s.g.store[1]])
	if h.unswept {
		d += int(s.swept[1]) - int(s.swept[0])
	}
	return h.tanh[d+h.total]
}
