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

// amafCounter is a learning policy that tallies, per root move, how many
// iterations played it for the root's player anywhere in their game, and
// the rewards: the AMAF statistics the root's children must hold.
type amafCounter struct {
	inner  policy.Policy
	player games.Player
	n      map[games.Move]int32
	w      map[games.Move]float64
}

func (c *amafCounter) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, tr *policy.Trace) (int, int64) {
	return c.inner.Run(s, r, limit, stop, tr)
}

func (c *amafCounter) Observe(tr *policy.Trace, o games.Outcome) {
	counted := map[games.Move]bool{}
	for i, m := range tr.Moves {
		if tr.Movers[i] != c.player || counted[m] {
			continue
		}
		counted[m] = true
		c.n[m]++
		c.w[m] += float64(o.Value(c.player)+1) / 2
	}
}

// AMAF statistics of the root's children (whose slots exist from the first
// iteration on) equal a recount over every iteration's game.
func TestAMAFMatchesRecount(t *testing.T) {
	for _, spec := range []string{"tictactoe", "nogo:size=3", "kalah:houses=3,seeds=2"} {
		root := mustPos(t, spec, "")
		inner, _ := policy.New(policy.Config{Kind: policy.Random}, root)
		c := &amafCounter{inner: inner, player: root.ToMove(), n: map[games.Move]int32{}, w: map[games.Move]float64{}}
		cfg := Config{C: 0.7, Solver: false, MaxNodes: 1 << 16, Rave: 50,
			Leaf: func(games.State) (Evaluator, error) { return &playoutEval{pol: c}, nil }}
		e := New(cfg, "test")
		res, err := e.Search(context.Background(), engines.Request{Position: root, Budget: engines.Budget{Iterations: 400}, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		rn := sr.pool.at(sr.rootIdx)
		for i, ch := range sr.pool.run(rn.first, int(rn.nChild)) {
			a := sr.amaf.at(rn.first + int32(i))
			if a.n != c.n[ch.move] || a.w != c.w[ch.move] {
				t.Errorf("%s %s: amaf %d/%v, recount %d/%v", spec, root.MoveString(ch.move), a.n, a.w, c.n[ch.move], c.w[ch.move])
			}
		}
		if res.Stats.Column("amaf") < 0 {
			t.Errorf("%s: no amaf column", spec)
		}
	}
}
