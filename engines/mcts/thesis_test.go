package mcts

import (
	"context"
	"math"
	"testing"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// The chess thesis' modifications (Arenz 2012): progressive bias as its
// Formula 4 and the re-simulation of drawn playouts.

// sfPerPesto is the thesis engines' reading of Stockfish's internal units:
// its middlegame pawn, 198, over PeSTO's, 82 (config.toml, mcc-progressive-bias).
const sfPerPesto = 198.0 / 82

// Formula 4 (section 2.2.3): a child is chosen by
//
//	w_i + C*sqrt(2 ln n / n_i) + k_bias*H(n_i)/n_i
//
// with w_i its winning rate, n_i its visits, n its parent's, C = 1 (the
// engine's c = sqrt 2 on sqrt(ln n / n_i)), k_bias = 0.001 and H the
// evaluation of the child's position for the side that moved into it, in
// Stockfish-like units. After a search, each child's stored term is that H,
// and at every expanded node the child selection picks is the one the
// formula, computed afresh, ranks first.
func TestFormula4ProgressiveBiasTerm(t *testing.T) {
	s := mustPos(t, "chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	e := mustEngine(t, "mcts:c=1.4142135623730951,solver=false,bias=0.001,heuristic=pesto,biasraw=2.4146341463414633,biasdiv=visits")
	if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: 4}); err != nil {
		t.Fatal(err)
	}
	sr := e.(*gameChecked).Engine.free[0]
	h, err := knowledge.NewHeuristic(s.Game(), "pesto")
	if err != nil {
		t.Fatal(err)
	}
	raw := h.(knowledge.Raw)
	nodes, compared := 0, 0
	var walk func(idx int32, st games.State)
	walk = func(idx int32, st games.State) {
		n := sr.pool.at(idx)
		if n.first < 0 {
			return
		}
		sign := 1.0
		if st.ToMove() == games.Second {
			sign = -1
		}
		children := sr.pool.run(n.first, int(n.nChild))
		best, second := math.Inf(-1), math.Inf(-1)
		var want int32 = -1
		for j := range children {
			c := n.first + int32(j)
			ch := &children[j]
			child := st.Clone()
			child.Play(ch.move)
			hv := sign * sfPerPesto * raw.Raw(child)
			if got := *sr.bias.at(c); math.Abs(got-hv) > 1e-9*math.Max(1, math.Abs(hv)) {
				t.Fatalf("child %s: stored H %g, want %g (Stockfish-like units, the mover's view)", st.MoveString(ch.move), got, hv)
			}
			if int16(j) < n.nExp {
				walk(c, child)
			}
			if ch.visits == 0 {
				continue
			}
			ni := float64(ch.visits)
			score := ch.wins/ni + math.Sqrt(2*math.Log(float64(n.visits))/ni) + 0.001*hv/ni
			switch {
			case score > best:
				best, second, want = score, best, c
			case score > second:
				second = score
			}
		}
		nodes++
		// Only nodes whose selection is fully expanded and not close to a
		// tie (the engine rounds its terms to float32).
		if n.nExp < n.nChild || best-second < 1e-4 {
			return
		}
		compared++
		if got := sr.selectGeneral(idx); got != want {
			t.Errorf("node of %d visits: selection took %s, Formula 4 ranks %s first", n.visits, st.MoveString(sr.pool.at(got).move), st.MoveString(sr.pool.at(want).move))
		}
	}
	walk(sr.rootIdx, s)
	if compared < 10 {
		t.Fatalf("only %d of %d nodes compared", compared, nodes)
	}
}

// The Formula 4 options are refused alone, and on a heuristic with no raw
// evaluation.
func TestFormula4OptionsNeedBias(t *testing.T) {
	for _, spec := range []string{"mcts:biasdiv=visits", "mcts:biasraw=2,heuristic=pesto"} {
		if _, err := engines.New(spec); err == nil {
			t.Errorf("%s: accepted without bias", spec)
		}
	}
	e := mustEngine(t, "mcts:bias=1,biasraw=1,heuristic=efms")
	g := mustPos(t, "breakthrough", "").Game()
	if err := engines.CheckGame(e, g); err == nil {
		t.Error("biasraw on a heuristic with no raw evaluation accepted")
	}
}

// scripted is a leaf evaluation that returns the values of a script in
// turn, plays one move on the leaf (the first legal move on the first
// call, the second on the second...) and records it, and states 10
// states.
type scripted struct {
	vals        []Eval
	calls       int
	leafHash    uint64
	sawOtherPos bool
}

func (e *scripted) Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval {
	if s.Hash() != e.leafHash {
		e.sawOtherPos = true
	}
	ev := e.vals[min(e.calls, len(e.vals)-1)]
	legal := s.Legal(nil)
	m := legal[e.calls%len(legal)]
	e.calls++
	if trace != nil {
		trace.Add(m, s.ToMove())
	}
	s.Play(m)
	ev.States = 10
	return ev
}

// Section 5.1.1 (Réti's study): "whenever a simulation ended in a draw,
// the result was discarded and the simulation was repeated. Only if after
// six simulations no win for either side was found" is the draw backed up.
// Each try starts from the leaf, every try's states count, and the trace
// keeps the last try's moves.
func TestDrawTriesBackUpADrawOnlyAfterSixDraws(t *testing.T) {
	draw, win, loss := Eval{}, Eval{Value: 1}, Eval{Value: -1}
	for _, tt := range []struct {
		name       string
		tries      int
		script     []Eval
		want       float64
		wantCalls  int
		wantStates int64
	}{
		{"six draws back up a draw", 6, []Eval{draw}, 0, 6, 60},
		{"a win after two draws is backed up", 6, []Eval{draw, draw, win}, 1, 3, 30},
		{"a loss at once", 6, []Eval{loss}, -1, 1, 10},
		{"the sixth try decides", 6, []Eval{draw, draw, draw, draw, draw, loss}, -1, 6, 60},
		{"no seventh try", 6, []Eval{draw, draw, draw, draw, draw, draw, win}, 0, 6, 60},
		{"one try is off", 1, []Eval{draw, win}, 0, 1, 10},
		{"a finished leaf is not repeated", 6, []Eval{{Terminal: true}}, 0, 1, 10},
		{"a proven draw is not repeated", 6, []Eval{{Proven: true}}, 0, 1, 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := mustPos(t, "tictactoe", "")
			inner := &scripted{vals: tt.script, leafHash: s.Hash()}
			ev, err := DrawTriesLeaf(func(games.State) (Evaluator, error) { return inner, nil }, tt.tries)(s)
			if err != nil {
				t.Fatal(err)
			}
			trace := &policy.Trace{}
			trace.Add(3, games.First) // a tree move before the leaf
			var r rng.Rand
			got := ev.Evaluate(s, &r, nil, trace)
			if got.Value != tt.want || inner.calls != tt.wantCalls || got.States != tt.wantStates {
				t.Errorf("value %g after %d tries, %d states; want %g after %d, %d states", got.Value, inner.calls, got.States, tt.want, tt.wantCalls, tt.wantStates)
			}
			if inner.sawOtherPos {
				t.Error("a try did not start from the leaf")
			}
			legal := mustPos(t, "tictactoe", "").Legal(nil)
			if last := legal[(inner.calls-1)%len(legal)]; trace.Len() != 2 || trace.Moves[0] != 3 || trace.Moves[1] != last {
				t.Errorf("trace %v, want the tree's move 3 and the last try's %v", trace.Moves, last)
			}
		})
	}
}

// With a playout that draws with probability p, six tries back up a draw
// with probability p^6: 0.262 for p = 0.8.
func TestDrawTriesDrawRateIsPToTheSixth(t *testing.T) {
	const p, n = 0.8, 20000
	var coin rng.Rand
	coin.Seed(7)
	inner := evalFunc(func(s games.State, r *rng.Rand) Eval {
		if r.Float64() < p {
			return Eval{States: 1}
		}
		return Eval{Value: 1, States: 1}
	})
	ev, err := DrawTriesLeaf(func(games.State) (Evaluator, error) { return inner, nil }, 6)(mustPos(t, "tictactoe", ""))
	if err != nil {
		t.Fatal(err)
	}
	s := mustPos(t, "tictactoe", "")
	draws, states := 0, int64(0)
	for range n {
		got := ev.Evaluate(s, &coin, nil, nil)
		states += got.States
		if got.Value == 0 {
			draws++
		}
	}
	want := math.Pow(p, 6)
	if got := float64(draws) / n; math.Abs(got-want) > 4*math.Sqrt(want*(1-want)/n) {
		t.Errorf("draws backed up %.4f of the time, want %.4f", got, want)
	}
	// Expected tries: (1 - p^6) / (1 - p).
	if got, want := float64(states)/n, (1-want)/(1-p); math.Abs(got-want) > 0.05 {
		t.Errorf("%.3f evaluations a leaf, want %.3f", got, want)
	}
}

type evalFunc func(s games.State, r *rng.Rand) Eval

func (f evalFunc) Evaluate(s games.State, r *rng.Rand, _ *engines.Stop, _ *policy.Trace) Eval {
	return f(s, r)
}

// drawtries wraps the leaves whose values are outcomes, and is refused
// where they are estimates or where a learning playout would learn from the
// discarded games.
func TestDrawTriesOption(t *testing.T) {
	for _, spec := range []string{"mcts:drawtries=6", "mcts:drawtries=6,leaf=oracle(name=tb3),playout=game(name=dm)", "mcts:drawtries=6,leaf=threshold,heuristic=pesto"} {
		e := mustEngine(t, spec)
		s := mustPos(t, "chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
		if err := engines.CheckGame(e, s.Game()); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 30}, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if !legalIn(s, res.Move) {
			t.Errorf("%s: played %d, not a legal move", spec, res.Move)
		}
	}
	for _, spec := range []string{"mcts:drawtries=6,leaf=cutoff,heuristic=pesto", "mcts:drawtries=6,leaf=heuristic,heuristic=pesto", "mcts:drawtries=6,playout=lgr"} {
		if _, err := engines.New(spec); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
}

func legalIn(s games.State, m games.Move) bool {
	for _, l := range s.Legal(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// The re-simulating leaf and the raw-units prior run in every iteration:
// neither allocates.
func TestThesisComponentsAllocateNothing(t *testing.T) {
	s := mustPos(t, "chess", "8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
	ev, err := DrawTriesLeaf(PlayoutLeaf(policy.Config{}), 6)(s)
	if err != nil {
		t.Fatal(err)
	}
	scratch := s.Clone()
	var r rng.Rand
	r.Seed(1)
	if n := testing.AllocsPerRun(200, func() {
		scratch.CopyFrom(s)
		ev.Evaluate(scratch, &r, nil, nil)
	}); n != 0 {
		t.Errorf("draw tries: %g allocations an evaluation", n)
	}
	p, err := RawHeuristicPrior("pesto", sfPerPesto)(s)
	if err != nil {
		t.Fatal(err)
	}
	moves := s.Legal(nil)
	out := make([]ChildPrior, len(moves))
	if n := testing.AllocsPerRun(200, func() { p.Priors(s, moves, out) }); n != 0 {
		t.Errorf("raw prior: %g allocations an expansion", n)
	}
}
