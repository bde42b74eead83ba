package stone

import (
	"strconv"

	"mcarena/games"
)

// Meta is the metadata the Go-like games share; they embed it in their Game
// types. Stones are never removed before the game ends (NoGo forbids
// captures, AtariGo ends at the first), so a game lasts at most one move per
// cell.
type Meta struct {
	Board *Board
	name  string
	spec  string
}

// NewMeta returns the metadata of game name on an n x n board; flag names a
// boolean option that is set (or "" for none). The registry makes the spec
// canonical.
func NewMeta(name string, n int, flag string) Meta {
	values := map[string]string{"size": strconv.Itoa(n)}
	if flag != "" {
		values[flag] = "true"
	}
	spec := games.Canonical(name, values)
	return Meta{Board: NewBoard(n, n), name: name, spec: spec}
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
