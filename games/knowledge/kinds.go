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

// Informed is a Playout whose single steps an epsilon-greedy playout can
// build on, as the implicit-minimax paper's players all draw from its
// informed Breakthrough playout: Forced appends to buf[:0] the moves a step
// must choose among (decisive wins, else the moves that stop an immediate
// loss) and returns it, empty when the step is free; Draw draws the move
// of a free step, from a position with a legal move, as Run would.
type Informed interface {
	Playout
	Forced(s games.State, buf []games.Move) []games.Move
	Draw(s games.State, r *rng.Rand) games.Move
}

// Weighted is an Informed playout whose free draw weighs moves: DrawAmong
// draws one of moves, legal in s and not empty, by those weights, as the
// draw would among them alone.
type Weighted interface {
	Informed
	DrawAmong(s games.State, moves []games.Move, r *rng.Rand) games.Move
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

// VirtualPrior is a MovePrior that states its own virtual results, visits
// and wins, rather than a win rate that a search scales by a number of
// visits of its own (the visit-and-win-count initialisation of the Havannah
// paper, whose categories differ in visits as well as in wins). Its Prior
// is wins/visits, at most 1.
type VirtualPrior interface {
	MovePrior
	// Virtual returns the virtual visits and wins of m, legal in s, for
	// s's player to move. Wins may exceed visits: a prior may put a move
	// first by a mean above 1. s is unchanged.
	Virtual(s games.State, m games.Move) (visits int32, wins float64)
}

// Reading proves some moves of a position won or lost by a short exact
// analysis (Havannah-Mate), for a search to mark its children solved when
// it first reaches a node. It may keep buffers: each search makes its own.
type Reading interface {
	// Read sets out[i] for moves[i], legal in s, from the view of s's
	// player to move: +1 when the move wins by force, -1 when it loses
	// by force, 0 when the reading does not settle it. Read writes every
	// entry; s is unchanged.
	Read(s games.State, moves []games.Move, out []int8)
}

var (
	playouts = &table[Playout]{what: "playout", entries: map[string]entry[Playout]{}}
	priors   = &table[MovePrior]{what: "move prior", entries: map[string]entry[MovePrior]{}}
	readings = &table[Reading]{what: "reading", entries: map[string]entry[Reading]{}}
)

// RegisterReading adds a reading of the game named game, as
// RegisterHeuristic does.
func RegisterReading(game, name, doc string, make func(g games.Game) (Reading, error)) {
	readings.register(game, name, doc, make)
}

// NewReading builds the reading named name for g, as NewHeuristic does.
func NewReading(g games.Game, name string) (Reading, error) { return readings.build(g, name) }

// Readings lists the readings registered for g's game and for every game.
func Readings(g games.Game) []Entry { return readings.list(g.Name()) }

// RegisterPlayout adds a playout policy of the game named game, as
// RegisterHeuristic does.
func RegisterPlayout(game, name, doc string, make func(g games.Game) (Playout, error)) {
	playouts.register(game, name, doc, make)
}

// RegisterPlayoutFamily adds playouts of the game named game whose names
// are prefix and a number E from min to max ("hp-eval-" and 40: hp-eval-40),
// which make builds with x = E; mcarena games lists the family once, as
// prefix and "E". An exact name registered by RegisterPlayout goes first.
// It panics on a duplicate prefix.
func RegisterPlayoutFamily(game, prefix, doc string, min, max float64, make func(g games.Game, x float64) (Playout, error)) {
	playouts.registerFamily(game, prefix, doc, min, max, make)
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
// prior, reading, oracle, move score) and its entries.
func Kinds() []Kind {
	return []Kind{
		{"heuristic", heuristics.list("")},
		{"move classifier", classifiers.list("")},
		{"playout", playouts.list("")},
		{"move prior", priors.list("")},
		{"reading", readings.list("")},
		{"oracle", oracles.list("")},
		{"move score", moveScores.list("")},
	}
}

// Kind is one kind of knowledge and its entries.
type Kind struct {
	Name    string
	Entries []Entry
}
