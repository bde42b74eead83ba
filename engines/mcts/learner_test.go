package mcts

import (
	"context"
	"fmt"
	"testing"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/knowledge"
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
	// cut says playouts may stop early: a trace then need not end the
	// game, but it must end where the iteration's last playout stopped.
	cut bool
	// ran says a playout ran since the last observation, and stoppedAt
	// is the hash of where the last one stopped.
	ran       bool
	stoppedAt uint64
	// cutShown counts the games shown that stopped before the end.
	cutShown int
}

func (w *watcher) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, tr *policy.Trace) (int, int64) {
	k, states := w.inner.Run(s, r, limit, stop, tr)
	w.ran, w.stoppedAt = true, s.Hash()
	return k, states
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
	ran := w.ran
	w.ran = false
	if ran && w.replay.Hash() != w.stoppedAt {
		w.t.Fatalf("observation %d: the trace ends at %q, not where the playout stopped", w.seen, w.replay.String())
	}
	if w.cut && !w.replay.Terminal() {
		w.cutShown++
		return
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

// Under a cut-off or threshold leaf too, a learning playout is shown every
// iteration's game from the root, as far as it was played.
func TestLearnerObservesCutOffGames(t *testing.T) {
	root := mustPos(t, "breakthrough", "")
	h, err := knowledge.NewHeuristic(root.Game(), "efms")
	if err != nil {
		t.Fatal(err)
	}
	for name, leaf := range map[string]func(w *watcher) Evaluator{
		"cutoff": func(w *watcher) Evaluator { return &cutoffEval{pol: w, h: h, plies: 3} },
		"threshold": func(w *watcher) Evaluator {
			return &thresholdEval{pol: w, h: h, t: Threshold{X: 0.2, Every: 2, Plies: 6}}
		},
	} {
		inner, _ := policy.New(policy.Config{Kind: policy.Random}, root)
		w := &watcher{t: t, root: root, inner: inner, replay: root.Clone(), cut: true}
		cfg := Config{C: 0.7, Solver: true, MaxNodes: 1 << 16,
			Leaf: func(games.State) (Evaluator, error) { return leaf(w), nil }}
		res, err := New(cfg, "test").Search(context.Background(), engines.Request{Position: root, Budget: engines.Budget{Iterations: 500}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if int64(w.seen) != res.Stats.Iterations {
			t.Fatalf("%s: %d observations for %d iterations", name, w.seen, res.Stats.Iterations)
		}
		if w.cutShown == 0 {
			t.Errorf("%s: no game shown stopped before its end", name)
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

// learningSpecs are the learning playouts, in each variant.
var learningSpecs = []string{
	"mcts:playout=lgr(kind=lgr1)", "mcts:playout=lgr(kind=lgr2)", "mcts:playout=lgr(kind=lgrf1)",
	"mcts:playout=lgr(kind=lgrf2,reset,learn=playout)", "mcts:playout=lgr(fallback=decisive)",
	"mcts:playout=ngram", "mcts:playout=ngram(n=2,average,threshold=2)", "mcts:playout=ngram(gamma=0.5,epsilon=0)",
	"mcts:playout=lgrngram", "mcts:playout=lgrngram(kind=lgr1,n=2,fallback=decisive)",
	"mcts:playout=mast", "mcts:playout=mast(epsilon=0.3,tree=inverted)", "mcts:playout=mast(epsilon=0,tree=off)",
	"mcts:playout=mast(cutoff=carry),leaf=cutoff(plies=2),heuristic=outcome", "mcts:playout=mast(tree=inverted,cutoff=shared)",
}

// An MCTS with each learning playout finds TicTacToe's win in one, and
// without MCTS-Solver its win by a double threat (a3 threatens a1 and b2,
// the one move that wins: O has no threat and X no win in one), where
// the playouts must run: a search whose playouts played nothing visits a
// state an iteration and no more. (With the solver the win in one is
// proven at the first iteration.)
func TestLearningPlayoutsFindTheWin(t *testing.T) {
	for _, tc := range []struct{ game, pos, options, want string }{
		{"tictactoe", "xx1/oo1/3 x", "", "c3"},
		{"tictactoe", "3/x1o/1ox x", ",solver=false", "a3"},
	} {
		s := mustPos(t, tc.game, tc.pos)
		for _, spec := range learningSpecs {
			res, err := mustEngine(t, spec+tc.options).Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 2000}, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.MoveString(res.Move); got != tc.want {
				t.Errorf("%s%s at %s played %s, want %s", spec, tc.options, tc.pos, got, tc.want)
			}
			if tc.options != "" && res.Stats.States <= res.Stats.Iterations {
				t.Errorf("%s%s at %s: %d states in %d iterations: the playouts played nothing", spec, tc.options, tc.pos, res.Stats.States, res.Stats.Iterations)
			}
		}
	}
}

// rootVisits returns the moves and visits of a search's root children.
func rootVisits(res engines.Result) string {
	out := ""
	for i, m := range res.Stats.Moves {
		out += fmt.Sprintf("%d:%v ", m.Move, res.Stats.Cell(i, "visits"))
	}
	return out
}

// An engine keeps its learning playout's tables from one search to the
// next of a game (its search object, and so the policy, is reused): its
// second search then differs from a fresh engine's of the same position
// and seed, unless the tables were cleared (reset, gamma 0, another game).
func TestLearnedTablesPersistAcrossSearches(t *testing.T) {
	start := mustPos(t, "nogo:size=7", "")
	at := func(moves ...string) engines.Request {
		s := start.Clone()
		var h []games.Move
		for _, name := range moves {
			m, err := s.ParseMove(name)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(m)
			h = append(h, m)
		}
		return engines.Request{Position: s, Start: start, History: h, Budget: engines.Budget{Iterations: 1500}, Seed: 9}
	}
	first, next, other := at("d4", "c3"), at("d4", "c3", "e5", "c5"), at("a1", "b2", "e5", "c5")
	for _, tc := range []struct {
		spec    string
		then    engines.Request
		persist bool
	}{
		{"mcts:playout=lgr(kind=lgrf2)", next, true},
		{"mcts:playout=lgr(kind=lgrf2,reset)", next, false},
		{"mcts:playout=lgr(kind=lgrf2)", other, false},
		{"mcts:playout=ngram(gamma=1)", next, true},
		{"mcts:playout=ngram(gamma=0.9)", next, true},
		{"mcts:playout=ngram", next, false}, // gamma 0
		{"mcts:playout=lgrngram", next, true},
		{"mcts:playout=lgrngram(reset)", next, false},
	} {
		e := mustEngine(t, tc.spec)
		ctx := context.Background()
		if _, err := e.Search(ctx, first); err != nil {
			t.Fatal(err)
		}
		second, err := e.Search(ctx, tc.then)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := mustEngine(t, tc.spec).Search(ctx, tc.then)
		if err != nil {
			t.Fatal(err)
		}
		if differ := rootVisits(second) != rootVisits(fresh); differ != tc.persist {
			t.Errorf("%s, second search %v: differs from a fresh engine's %v, want %v", tc.spec, tc.then.History, differ, tc.persist)
		}
	}
}

// A learning playout needs whole games: cut-off leaves are refused, and
// tables too large for the game are refused when the engine meets it.
func TestLearningPlayoutErrors(t *testing.T) {
	for _, spec := range []string{"mcts:playout=lgr,leaf=cutoff,heuristic=fixed-test", "mcts:playout=ngram(average)"} {
		if _, err := engines.New(spec); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
	e := mustEngine(t, "mcts:playout=ngram(n=2)")
	for _, tc := range []struct {
		game string
		ok   bool
	}{{"nogo:size=7", true}, {"loa", false}} {
		g := mustPos(t, tc.game, "").Game()
		if err := e.(engines.GameChecker).CheckGame(g); (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.game, err)
		}
	}
}
