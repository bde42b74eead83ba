package knowledge

import "mcarena/games"

// Oracle knows the value of some positions of a game by an analysis of its
// own (an endgame tablebase): a search may stop a playout at the first
// position it knows and take its value, and take it as proven where the
// oracle says the game's rules guarantee it. It may keep buffers: each
// search makes its own with the registered constructor.
type Oracle interface {
	// Probe returns its verdict on s and ok; ok is false for a position
	// the oracle does not know, when the verdict means nothing. s is
	// unchanged.
	Probe(s games.State) (v Verdict, ok bool)
}

// Verdict is what an Oracle knows of a position.
type Verdict struct {
	// Value is the position's value from the first player's view, -1, 0
	// or 1.
	Value float64
	// Proven says Value is the position's game-theoretic value under the
	// game's own rules, which the oracle's analysis may leave out (a
	// tablebase's mate that the fifty-move rule may draw first is known,
	// not proven): a search may mark only a proven value as a proof.
	Proven bool
	// Plies is, for a proven win or loss, the plies to the end of the game
	// with best play on both sides (a tablebase's distance to mate: the
	// winner's shortest, the loser's longest); 0 where the oracle does not
	// give it.
	Plies int
}

// Sizer is an Oracle that measures positions by the material it is about,
// for the rule of the chess thesis that switches a tablebase cut-off off
// when the search's root is already small (fewer than eight pieces).
type Sizer interface {
	// Pieces returns the number of pieces on s's board.
	Pieces(s games.State) int
}

// Preparer is knowledge with slow work to do once before it is used, such
// as building endgame tables: engines call Prepare before a game starts so
// that the work is not charged to a move's clock. Prepare is safe to call
// again; later calls find the work done.
type Preparer interface {
	Prepare() error
}

var oracles = &table[Oracle]{what: "oracle", entries: map[string]entry[Oracle]{}}

// RegisterOracle adds an oracle of the game named game, as
// RegisterHeuristic does.
func RegisterOracle(game, name, doc string, make func(g games.Game) (Oracle, error)) {
	oracles.register(game, name, doc, make)
}

// NewOracle builds the oracle named name for g, as NewHeuristic does.
func NewOracle(g games.Game, name string) (Oracle, error) { return oracles.build(g, name) }

// Oracles lists the oracles registered for g's game and for every game.
func Oracles(g games.Game) []Entry { return oracles.list(g.Name()) }
