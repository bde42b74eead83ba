package tournament

import (
	"context"
	"errors"
	"fmt"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// MoveSummary is what a results file keeps of one move's search.
type MoveSummary struct {
	Move       string  `json:"move"`
	States     int64   `json:"states"`
	Iterations int64   `json:"iterations"`
	Millis     float64 `json:"ms"`
	// ClockMillis is, in a game under a clock, the time the mover had left
	// after the move, its increment added (ms); 0 in a game without one.
	ClockMillis float64 `json:"clock_ms,omitempty"`
}

// Why a game ended other than by its rules: on time under a clock, or by
// a resignation.
const (
	// TimeForfeit: the side to move ran out of time and lost.
	TimeForfeit = "time forfeit"
	// TimeForfeitDraw: the side to move ran out of time, but its opponent
	// could not have won by any series of legal moves (a lone king in
	// chess): a draw, as FIDE rules it.
	TimeForfeitDraw = "time forfeit, opponent cannot win"
	// Resignation: the engine to move resigned (engines.ErrResigned, an
	// external program's answer) and lost.
	Resignation = "resignation"
)

// Played is a finished game.
type Played struct {
	Moves   []MoveSummary
	Outcome games.Outcome
	Score   int
	Seconds float64
	Err     string
	// Reason is TimeForfeit or TimeForfeitDraw when a flag fell,
	// Resignation when an engine resigned, "" when the game ended by its
	// rules.
	Reason string
}

// Play plays one game from the start position of g between two engines,
// seats[0] moving first, each move searched under budget with a seed derived
// from the game's. A panic inside an engine ends the game with an error
// instead of the program. A cancelled context abandons the game (ok false).
func Play(ctx context.Context, g games.Game, seats [2]engines.Engine, budget engines.Budget, seed uint64) (p Played, ok bool) {
	return PlayFrom(ctx, g.NewState(), seats, budget, seed)
}

// PlayFrom is Play from the position from, which it leaves unchanged:
// seats[0] is the engine of the first player (games.First), whoever is to
// move there.
func PlayFrom(ctx context.Context, from games.State, seats [2]engines.Engine, budget engines.Budget, seed uint64) (p Played, ok bool) {
	return PlayClocked(ctx, from, seats, budget, engines.TimeControl{}, seed)
}

// PlayClocked is PlayFrom under the time control tc (none when zero). Each
// side's clock starts at tc.Base and loses the wall time from the request
// of each of its moves to the answer; tc.Increment is added after the
// move. Each request carries both clocks (engines.Budget.Clocks), from
// which the engine takes the time for its move. A search still running
// when its side's clock reaches zero is cancelled; a side whose clock has
// run out (below zero) when its answer comes loses on time
// (Played.Reason TimeForfeit), or draws when games.CanWin says the opponent
// cannot win (TimeForfeitDraw); its late move is not played.
func PlayClocked(ctx context.Context, from games.State, seats [2]engines.Engine, budget engines.Budget, tc engines.TimeControl, seed uint64) (p Played, ok bool) {
	return PlaySeats(ctx, from, seats, [2]engines.Budget{budget, budget}, tc, seed)
}

// PlaySeats is PlayClocked with a budget a seat: budgets[0] for each move
// of seats[0], budgets[1] for seats[1]'s.
func PlaySeats(ctx context.Context, from games.State, seats [2]engines.Engine, budgets [2]engines.Budget, tc engines.TimeControl, seed uint64) (p Played, ok bool) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			p.Err = fmt.Sprintf("engine panic: %v", r)
			p.Seconds = time.Since(start).Seconds()
			ok = ctx.Err() == nil
		}
	}()
	s := from.Clone()
	req := engines.Request{Start: from.Clone(), Scope: engines.NewScope()}
	clocks := tc.Start()
	x := seed
	for !s.Terminal() {
		if ctx.Err() != nil {
			return p, false
		}
		side := s.ToMove()
		e := seats[side]
		req.Position, req.Seed = s, rng.SplitMix64(&x)
		req.Budget = budgets[side]
		req.Budget.Clocks = clocks
		sctx, cancel := ctx, context.CancelFunc(func() {})
		t0 := time.Now()
		if clocks.On {
			sctx, cancel = context.WithDeadline(ctx, t0.Add(max(clocks.Left[side], 0)))
		}
		res, err := e.Search(sctx, req)
		took := time.Since(t0)
		cancel()
		if ctx.Err() != nil {
			return p, false
		}
		if clocks.On {
			if clocks.Left[side] -= took; clocks.Left[side] < 0 {
				p.Reason, p.Outcome = TimeForfeit, games.WinFor(side.Other())
				if !games.CanWin(s, side.Other()) {
					p.Reason, p.Outcome = TimeForfeitDraw, games.Draw
				}
				p.Score = int(p.Outcome)
				p.Seconds = time.Since(start).Seconds()
				return p, true
			}
			clocks.Left[side] += clocks.Increment[side]
		}
		if errors.Is(err, engines.ErrResigned) {
			p.Reason, p.Outcome = Resignation, games.WinFor(side.Other())
			p.Score = int(p.Outcome)
			p.Seconds = time.Since(start).Seconds()
			return p, true
		}
		if err != nil {
			p.Err = fmt.Sprintf("%s: %v", e.Spec(), err)
			break
		}
		name := s.MoveString(res.Move)
		if _, err := s.ParseMove(name); err != nil {
			p.Err = fmt.Sprintf("%s played an illegal move %s: %v", e.Spec(), name, err)
			break
		}
		ms := MoveSummary{Move: name, States: res.Stats.States, Iterations: res.Stats.Iterations,
			Millis: float64(took.Microseconds()) / 1000}
		if clocks.On {
			ms.ClockMillis = float64(clocks.Left[side].Microseconds()) / 1000
		}
		p.Moves = append(p.Moves, ms)
		s.Play(res.Move)
		req.History = append(req.History, res.Move)
	}
	p.Outcome, p.Score = s.Outcome(), s.Score()
	p.Seconds = time.Since(start).Seconds()
	return p, true
}
