package knowledge

import "mcarena/games"

// MoveScore values the legal moves of a position for a search's move
// order, before they are searched: captures by the value of the piece
// taken less a fraction of the taker's (MVV/LVA), or by the material the
// exchange on the target square wins (static exchange evaluation). Higher
// scores are searched first. A score below 0 says the move is expected to
// lose material: a search may put such moves after the quiet ones, or leave
// them out of a quiescence search. It may keep buffers: each search makes
// its own with the registered constructor.
type MoveScore interface {
	// Score returns the value of m, legal in s, for s's player to move.
	// s is unchanged.
	Score(s games.State, m games.Move) int
}

var moveScores = &table[MoveScore]{what: "move score", entries: map[string]entry[MoveScore]{}}

// RegisterMoveScore adds a move score of the game named game, as
// RegisterHeuristic does.
func RegisterMoveScore(game, name, doc string, make func(g games.Game) (MoveScore, error)) {
	moveScores.register(game, name, doc, make)
}

// NewMoveScore builds the move score named name for g, as NewHeuristic
// does.
func NewMoveScore(g games.Game, name string) (MoveScore, error) { return moveScores.build(g, name) }

// MoveScores lists the move scores registered for g's game and for every
// game.
func MoveScores(g games.Game) []Entry { return moveScores.list(g.Name()) }
