package tournament

import (
	"context"
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
}

// Played is a finished game.
type Played struct {
	Moves   []MoveSummary
	Outcome games.Outcome
	Score   int
	Seconds float64
	Err     string
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
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			p.Err = fmt.Sprintf("engine panic: %v", r)
			p.Seconds = time.Since(start).Seconds()
			ok = ctx.Err() == nil
		}
	}()
	s := from.Clone()
	req := engines.Request{Start: from.Clone(), Budget: budget}
	x := seed
	for !s.Terminal() {
		if ctx.Err() != nil {
			return p, false
		}
		e := seats[s.ToMove()]
		t0 := time.Now()
		req.Position, req.Seed = s, rng.SplitMix64(&x)
		res, err := e.Search(ctx, req)
		if ctx.Err() != nil {
			return p, false
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
		p.Moves = append(p.Moves, MoveSummary{Move: name, States: res.Stats.States, Iterations: res.Stats.Iterations,
			Millis: float64(time.Since(t0).Microseconds()) / 1000})
		s.Play(res.Move)
		req.History = append(req.History, res.Move)
	}
	p.Outcome, p.Score = s.Outcome(), s.Score()
	p.Seconds = time.Since(start).Seconds()
	return p, true
}
