package knowledge

import (
	"mcarena/games"
	"mcarena/games/rng"
)

// Playout is a playout policy that a game provides because it knows the
// game's tactics (the implicit-minimax paper's informed Breakthrough
// playout, chess's heavy playouts). It may keep buffers: each search makes
// its own with the registered constructor.
type Playout interface {
	// Run plays s until the game ends or limit moves are played, drawing
	// from r, and returns the moves played; with a trace it appends each
	// move and its mover.
	Run(s games.State, r *rng.Rand, limit int, trace *games.Trace) int
}

// MovePrior values a legal move before it is searched, as a win rate in
// [0, 1] for the player who makes it: node priors (Gelly and Silver 2007)
// that a search turns into virtual wins and visits. It may keep buffers:
// each search makes its own.
type MovePrior interface {
	// Prior returns the win rate of m, legal in s, for s's player to
	// move. s is unchanged.
	Prior(s games.State, m games.Move) float64
}

var (
	playouts = &table[Playout]{what: "playout", entries: map[string]entry[Playout]{}}
	priors   = &table[MovePrior]{what: "move prior", entries: map[string]entry[MovePrior]{}}
)

// RegisterPlayout adds a playout policy of the game named game, as
// RegisterHeuristic does.
func RegisterPlayout(game, name, doc string, make func(g games.Game) (Playout, error)) {
	playouts.register(game, name, doc, make)
}

// RegisterMovePrior adds a move prior of the game named game, as
// RegisterHeuristic does.
func RegisterMovePrior(game, name, doc string, make func(g games.Game) (MovePrior, error)) {
	priors.register(game, name, doc, make)
}

// NewPlayout builds the playout named name for g, as NewHeuristic does.
func NewPlayout(g games.Game, name string) (Playout, error) { return playouts.build(g, name) }

// NewMovePrior builds the move prior named name for g, as NewHeuristic does.
func NewMovePrior(g games.Game, name string) (MovePrior, error) { return priors.build(g, name) }

// Playouts lists the playouts registered for g's game and for every game.
func Playouts(g games.Game) []Entry { return playouts.list(g.Name()) }

// MovePriors lists the move priors registered for g's game and for every
// game.
func MovePriors(g games.Game) []Entry { return priors.list(g.Name()) }

// Kinds lists every registered piece of knowledge of every kind, for help
// screens: the kind's name (heuristic, move classifier, playout, move
// prior) and its entries.
func Kinds() []Kind {
	return []Kind{
		{"heuristic", heuristics.list("")},
		{"move classifier", classifiers.list("")},
		{"playout", playouts.list("")},
		{"move prior", priors.list("")},
	}
}

// Kind is one kind of knowledge and its entries.
type Kind struct {
	Name    string
	Entries []Entry
}
