package stone

import (
	"maps"
	"strconv"

	"mcarena/games"
	"mcarena/games/grid"
)

// Meta is the metadata the Go-like games share; they embed it in their Game
// types. Stones are never removed before the game ends (NoGo forbids
// captures, AtariGo ends at the first), so a game lasts at most one move per
// cell.
type Meta struct {
	Board *Board
	name  string
	spec  string
	order grid.Order
}

// NewMeta returns the metadata of game name on an n x n board; order is the
// value of the grid.OrderOption and values holds the game's other option
// values by name, as a spec writes them ("misere": "true"). The registry
// makes the spec canonical, without the options at their defaults.
func NewMeta(name string, n int, order string, values map[string]string) Meta {
	values = maps.Clone(values)
	if values == nil {
		values = map[string]string{}
	}
	values["size"], values["order"] = strconv.Itoa(n), order
	if order == "" {
		values["order"] = "native"
	}
	spec := games.Canonical(name, values)
	return Meta{Board: NewBoard(n, n), name: name, spec: spec, order: grid.NewOrder(order, n, n)}
}

// SortLegal puts a list of legal moves, built in cell order, in the game's
// order option's order.
func (m *Meta) SortLegal(moves []games.Move) {
	if m.order.On() {
		grid.Sort(moves, func(c games.Move) int { return m.order.Rank(int(c)) })
	}
}

// Name implements games.Game.
func (m *Meta) Name() string { return m.name }

// Spec implements games.Game.
func (m *Meta) Spec() string { return m.spec }

// PlayerNames implements games.Game.
func (m *Meta) PlayerNames() [2]string { return [2]string{"Black", "White"} }

// MaxMoves implements games.Game.
func (m *Meta) MaxMoves() int { return m.Board.Geo.Cells }

// MoveSpace implements games.Game.
func (m *Meta) MoveSpace() int { return m.Board.Geo.Cells }

// MaxLength implements games.Game.
func (m *Meta) MaxLength() int { return m.Board.Geo.Cells }
