// Package random is the uniform random player: it plays Legal()[r.Intn(n)]
// with a generator seeded by the search's seed.
package random

import (
	"context"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
	"mcarena/games/spec"
)

// Engine is the random player.
type Engine struct{}

// Spec implements engines.Engine.
func (Engine) Spec() string { return "random" }

// Search implements engines.Engine.
func (Engine) Search(_ context.Context, req engines.Request) (engines.Result, error) {
	start := time.Now()
	s, seed, report := req.Position, req.Seed, req.Report
	moves := s.Legal(nil)
	if len(moves) == 0 {
		return engines.Result{Move: games.NoMove}, engines.ErrNoMoves
	}
	r := rng.New(seed)
	m := moves[r.Intn(len(moves))]
	st := engines.Stats{Iterations: 1, Elapsed: time.Since(start), PV: []games.Move{m}, Done: true}
	if report != nil {
		report(st)
	}
	return engines.Result{Move: m, Stats: st}, nil
}

func init() {
	engines.Register(engines.Family{
		Name: "random",
		Doc:  "uniform random legal moves",
		Build: func(spec.Values, string) (engines.Engine, error) {
			return Engine{}, nil
		},
	})
}
