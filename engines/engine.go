// Package engines defines the contract every search engine of mcarena keeps,
// the statistics it reports while it searches, and the registry that builds
// engines from specs such as "nmcs:level=2,discount,pod=3". Each search family
// lives in its own package below this one and registers itself.
//
// An engine chooses a move for a position under a budget, cancellable by a
// context, and calls a reporter with snapshots of its statistics at a bounded
// rate. With a seed and a counted budget (iterations or states), the same call
// returns the same move and the same statistics on every machine.
package engines

import (
	"context"
	"errors"
	"time"

	"mcarena/games"
)

// Budget limits one search. A zero field is no limit. Time budgets are for
// play; counted budgets make experiments reproducible. A game played under
// a clock passes its Clocks, and the engine turns them into a time for the
// move (Request.MoveBudget); the zero Clocks changes nothing.
type Budget struct {
	// Time is the wall time for the move.
	Time time.Duration
	// Iterations caps the iterations (the engine says what one is).
	Iterations int64
	// States caps the states visited, counting one per move played in the
	// search, playouts included.
	States int64
	// Clocks is the game's clocks when the move is asked for, zero when
	// the game has none.
	Clocks Clocks
}

// Proof is a proven game-theoretic value of a move for the player to move.
type Proof int8

// Proof values.
const (
	Unproven   Proof = 0
	ProvenWin  Proof = 1
	ProvenLoss Proof = -1
	ProvenDraw Proof = 2
)

// String names the proof as the statistics show it.
func (p Proof) String() string {
	switch p {
	case ProvenWin:
		return "win"
	case ProvenLoss:
		return "loss"
	case ProvenDraw:
		return "draw"
	}
	return ""
}

// Result is an engine's answer.
type Result struct {
	Move  games.Move
	Stats Stats
}

// Reporter receives statistics snapshots while an engine searches. It is
// called on the searching goroutine and must return quickly; the snapshot is
// the reporter's to keep.
type Reporter func(Stats)

// Engine is a configured search: one family with its options.
type Engine interface {
	// Spec returns the engine's canonical spec.
	Spec() string
	// Search chooses a move for req.Position, which it does not change.
	// req.Seed fixes the engine's random choices. A cancelled context ends
	// the search early with the best move so far.
	Search(ctx context.Context, req Request) (Result, error)
}

// ReportEvery is the least time between two snapshots an engine sends.
const ReportEvery = 100 * time.Millisecond

// PlayoutAnalyser is implemented by engines whose move is the first step of a
// longer playout (NMCS): AnalysePlayout plays that whole playout and returns
// its first move and the states it visited, the quantities of the NMCS
// paper's Table 2.
type PlayoutAnalyser interface {
	AnalysePlayout(ctx context.Context, s games.State, seed uint64) (first games.Move, states int64, err error)
}

// ErrNoMoves is the error of a search asked to move in a finished game.
var ErrNoMoves = errors.New("the position has no legal move")

// ErrResigned is the error of a search whose engine resigned the game
// instead of moving (an external program's answer, such as castro's
// resign): the side to move loses. Searches wrap it with who resigned;
// errors.Is finds it.
var ErrResigned = errors.New("resigns")

// GameChecker is implemented by engines whose options need knowledge of the
// game (a heuristic, a move classifier): CheckGame says whether the engine
// can play g, with an error naming the game, the engine, the option and
// what the game has. Presets and the commands call it when they pair an
// engine with a game, so that a run never fails midway for want of it.
type GameChecker interface {
	CheckGame(g games.Game) error
}

// Preparer is implemented by engines with slow work to do once before they
// play a game (building endgame tables, say). Prepare does it; runners and
// front ends call it before the game's clock starts, and it is safe to call
// again.
type Preparer interface {
	Prepare(g games.Game) error
}

// Prepare prepares e to play g, where e has anything to prepare.
func Prepare(e Engine, g games.Game) error {
	if p, ok := e.(Preparer); ok {
		return p.Prepare(g)
	}
	return nil
}

// CheckGame checks that e can play g, where e says what it needs.
func CheckGame(e Engine, g games.Game) error {
	if c, ok := e.(GameChecker); ok {
		return c.CheckGame(g)
	}
	return nil
}
