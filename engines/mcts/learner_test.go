package mcts

import (
	"context"
	"testing"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/rng"
)

// watcher is a learning policy for the test: uniform playouts that check
// every trace it is shown replays from the root to a finished game with the
// outcome it is told.
type watcher struct {
	t      *testing.T
	root   games.State
	inner  policy.Policy
	seen   int
	replay games.State
}

func (w *watcher) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, tr *policy.Trace) (int, int64) {
	return w.inner.Run(s, r, limit, stop, tr)
}

func (w *watcher) Observe(tr *policy.Trace, o games.Outcome) {
	w.seen++
	w.replay.CopyFrom(w.root)
	for i, m := range tr.Moves {
		if tr.Movers[i] != w.replay.ToMove() {
			w.t.Fatalf("observation %d: move %d recorded for player %d", w.seen, i, tr.Movers[i])
		}
		w.replay.Play(m)
	}
	if !w.replay.Terminal() || w.replay.Outcome() != o {
		w.t.Fatalf("observation %d: the trace ends at %q (terminal %v), outcome told %v", w.seen, w.replay.String(), w.replay.Terminal(), o)
	}
}

// A playout policy that learns is shown every iteration's whole game: the
// tree's moves, then the playout's, and the outcome.
func TestLearnerObservesWholeGames(t *testing.T) {
	for _, spec := range []string{"tictactoe", "kalah:houses=3,seeds=2", "breakthrough"} {
		root := mustPos(t, spec, "")
		inner, err := policy.New(policy.Config{Kind: policy.Random}, root)
		if err != nil {
			t.Fatal(err)
		}
		w := &watcher{t: t, root: root, inner: inner, replay: root.Clone()}
		cfg := Config{C: 0.7, Solver: false, MaxNodes: 1 << 16,
			Leaf: func(games.State) (Evaluator, error) { return &playoutEval{pol: w}, nil }}
		res, err := New(cfg, "test").Search(context.Background(), engines.Request{Position: root, Budget: engines.Budget{Iterations: 500}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if int64(w.seen) != res.Stats.Iterations {
			t.Fatalf("%s: %d observations for %d iterations", spec, w.seen, res.Stats.Iterations)
		}
	}
}
