package mcts

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

func mustEngine(t testing.TB, spec string) engines.Engine {
	t.Helper()
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The mcts family with no extra term is the uct configuration: the same
// moves and statistics on the same seeds.
func TestMCTSWithoutTermsIsUCT(t *testing.T) {
	for _, pair := range [][2]string{
		{"mcts", "uct"},
		{"mcts:playout=mr(depth=2),c=0.5", "uct:playout=mr,mr=2,c=0.5"},
		{"mcts:playout=nested(level=1,discount,pod=1)", "uct:playout=nested,discount,pod=1"},
	} {
		a, b := mustEngine(t, pair[0]), mustEngine(t, pair[1])
		for _, spec := range []string{"breakthrough", "kalah:houses=4", "nogo"} {
			s := mustPos(t, spec, "")
			req := engines.Request{Position: s, Budget: engines.Budget{Iterations: 500}, Seed: 9}
			ra, err := a.Search(context.Background(), req)
			if err != nil {
				t.Fatalf("%s on %s: %v", pair[0], spec, err)
			}
			rb, err := b.Search(context.Background(), req)
			if err != nil {
				t.Fatalf("%s on %s: %v", pair[1], spec, err)
			}
			if ra.Move != rb.Move || ra.Stats.States != rb.Stats.States || fmt.Sprint(ra.Stats.Moves) != fmt.Sprint(rb.Stats.Moves) {
				t.Errorf("%s and %s differ on %s", pair[0], pair[1], spec)
			}
		}
	}
}

// Implicit minimax backups (Lanctot et al. 2014): a node's value is the best
// of its children's heuristic values for the player to move there, with the
// sign of its own mover. On a TicTacToe position searched a little, every
// expanded node's stored value matches a recomputation from its children.
func TestImplicitMinimaxBackup(t *testing.T) {
	// Kalah's extra moves give nodes whose player to move is their mover.
	for _, tc := range []struct{ spec, heuristic string }{{"tictactoe", "fixed-test"}, {"kalah:houses=4,seeds=3", "stores"}} {
		s := mustPos(t, tc.spec, "")
		cfg := Config{C: 0.7, Solver: true, MaxNodes: 1 << 16, Alpha: 0.5, Prior: HeuristicPrior(tc.heuristic)}
		e := New(cfg, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 300}, Seed: 1}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		checked, same := 0, 0
		for i := int32(0); i < sr.pool.next; i++ {
			n := sr.pool.at(i)
			if n.first < 0 || n.nChild == 0 || n.visits == 0 {
				continue
			}
			best := math.Inf(-1)
			for j := range n.nChild {
				best = max(best, *sr.pool.value(n.first + int32(j)))
			}
			if sr.pool.at(n.first).mover != n.mover {
				best = -best
			} else {
				same++
			}
			if got := *sr.pool.value(i); got != best {
				t.Fatalf("%s node %d: minimax %v, want %v from its children", tc.spec, i, got, best)
			}
			checked++
		}
		if checked < 10 || (tc.spec != "tictactoe" && same == 0) {
			t.Fatalf("%s: %d internal nodes, %d with an extra move", tc.spec, checked, same)
		}
	}
}

func init() {
	// A heuristic for the tests: X's count of centre and corners, scaled.
	knowledge.RegisterHeuristic("tictactoe", "fixed-test", "test heuristic: tanh of X's cells minus O's on centre and corners",
		func(games.Game) (knowledge.Heuristic, error) { return cornerHeuristic{}, nil })
	knowledge.RegisterHeuristic("tictactoe", "edge-test", "test heuristic: X on cell 1, an edge, 0.5; O there -0.5",
		func(games.Game) (knowledge.Heuristic, error) { return edgeHeuristic{}, nil })
}

type cornerHeuristic struct{}

func (cornerHeuristic) Value(s games.State) float64 {
	if s.Terminal() {
		return float64(s.Outcome())
	}
	b := s.Board()
	d := 0
	for _, i := range []int{0, 2, 4, 6, 8} {
		switch b.Cells[i].Piece {
		case 'x':
			d++
		case 'o':
			d--
		}
	}
	return math.Tanh(float64(d) / 3)
}

// edgeHeuristic values a TicTacToe position by cell 1 alone (an edge, a
// move no search plays first on its own): 0.5 for X there, -0.5 for O.
type edgeHeuristic struct{}

func (edgeHeuristic) Value(s games.State) float64 {
	if s.Terminal() {
		return float64(s.Outcome())
	}
	switch s.Board().Cells[1].Piece {
	case 'x':
		return 0.5
	case 'o':
		return -0.5
	}
	return 0
}

// With alpha = 1, selection follows the minimax value alone: from the
// empty board, where the heuristic sees one move as best (X on cell 1,
// an edge, which O cannot undo) and plain UCT never plays it, alpha = 1
// plays that move on every seed and alpha = 0 on none.
func TestAlphaFollowsHeuristic(t *testing.T) {
	s := mustPos(t, "tictactoe", "")
	for _, tc := range []struct {
		alpha, spec string
		edge        bool
	}{{"1", "mcts:alpha=1,heuristic=edge-test,c=0.1,solver=false", true}, {"0", "mcts:c=0.1,solver=false", false}} {
		e := mustEngine(t, tc.spec)
		for seed := uint64(1); seed <= 5; seed++ {
			res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 2000}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			after := s.Clone()
			after.Play(res.Move)
			if got := after.Board().Cells[1].Piece == 'x'; got != tc.edge {
				t.Errorf("alpha=%s seed %d played %s; want the heuristic's edge %v", tc.alpha, seed, s.MoveString(res.Move), tc.edge)
			}
			if tc.alpha == "1" && res.Stats.Column("minimax") < 0 {
				t.Error("no minimax column with alpha on")
			}
		}
	}
}

// The cut-off leaf plays exactly k plies (fewer only at the end of the
// game) and returns the heuristic's value there; the heuristic leaf plays
// none; the threshold leaf returns a win or a loss once the heuristic
// passes x.
func TestLeafEvaluators(t *testing.T) {
	start := mustPos(t, "breakthrough:size=8x8", "")
	h, _ := knowledge.NewHeuristic(start.Game(), "efms")
	mk := func(f func(games.State) (Evaluator, error)) Evaluator {
		ev, err := f(start)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	r := rng.New(1)
	cut := mk(CutoffLeaf(policy.Config{Kind: policy.Random}, "efms", 4))
	for range 50 {
		s := start.Clone()
		ev := cut.Evaluate(s, &r, nil, nil)
		if ev.States != 4 || ev.Value != h.Value(s) || ev.Terminal {
			t.Fatalf("cutoff: %+v after %q", ev, s.String())
		}
	}
	stat := mk(HeuristicLeaf("efms"))
	if ev := stat.Evaluate(start.Clone(), &r, nil, nil); ev.States != 0 || ev.Value != 0 || ev.Terminal {
		t.Fatalf("heuristic leaf at the start: %+v", ev)
	}
	th := mk(ThresholdLeaf(policy.Config{Kind: policy.Random}, "efms", Threshold{X: 0.3, Every: 1}))
	for range 50 {
		s := start.Clone()
		ev := th.Evaluate(s, &r, nil, nil)
		v := h.Value(s)
		switch {
		case ev.Value == 1 && v >= 0.3, ev.Value == -1 && v <= -0.3:
		case s.Terminal() && ev.Value == float64(s.Outcome()):
		default:
			t.Fatalf("threshold: %+v with the heuristic at %v on %q", ev, v, s.String())
		}
	}
	// With plies, the threshold leaf also stops there and scores by the
	// heuristic (fet and det together); from a middle game where pieces
	// are in touch, x = 0.2 is passed in some of the runs, so both endings
	// are met.
	mid := mustPos(t, "breakthrough:size=8x8", "bb1bbbbb/1b1b3b/b3bb2/b1bb4/w7/1www3w/3w1ww1/w1wwwwww w")
	// The heuristic leaf scores a position by the heuristic, from the
	// side to move, without playing (efMS is not 0 here).
	midLeaf, err := HeuristicLeaf("efms")(mid)
	if err != nil {
		t.Fatal(err)
	}
	if v, ev := h.Value(mid), midLeaf.Evaluate(mid.Clone(), &r, nil, nil); v == 0 || ev.Value != v || ev.States != 0 || ev.Terminal {
		t.Fatalf("heuristic leaf in the middle game: %+v, the heuristic %v", ev, v)
	}
	bothLeaf, err := ThresholdLeaf(policy.Config{Kind: policy.Random}, "efms", Threshold{X: 0.2, Every: 3, Plies: 7})(mid)
	if err != nil {
		t.Fatal(err)
	}
	var cut7, passed int
	for range 200 {
		s := mid.Clone()
		ev := bothLeaf.Evaluate(s, &r, nil, nil)
		v := h.Value(s)
		switch {
		case ev.States > 7:
			t.Fatalf("fet7,det0.2 played %d plies", ev.States)
		case (ev.Value == 1 && v >= 0.2) || (ev.Value == -1 && v <= -0.2):
			passed++
		case ev.States == 7 && ev.Value == v && v > -0.2 && v < 0.2:
			cut7++
		default:
			t.Fatalf("fet7,det0.2: %+v with the heuristic at %v on %q", ev, v, s.String())
		}
	}
	if cut7 == 0 || passed == 0 {
		t.Errorf("fet7,det0.2: %d runs cut off at 7 plies, %d passed the threshold; want both", cut7, passed)
	}
	// A leaf already past the threshold: looked at, it is scored at once;
	// with SkipLeaf the playout first plays every plies.
	ahead := mustPos(t, "breakthrough:size=8x8", "8/b7/8/8/8/8/wwwwwwww/wwwwwwww b")
	for _, tc := range []struct {
		skip   bool
		states int64
	}{{false, 0}, {true, 4}} {
		leaf, err := ThresholdLeaf(policy.Config{Kind: policy.Random}, "efms", Threshold{X: 0.5, Every: 4, SkipLeaf: tc.skip})(ahead)
		if err != nil {
			t.Fatal(err)
		}
		if ev := leaf.Evaluate(ahead.Clone(), &r, nil, nil); ev.Value != 1 || ev.States != tc.states {
			t.Errorf("skip leaf %v: %+v, want +1 after %d plies", tc.skip, ev, tc.states)
		}
	}
	// A finished game is a terminal leaf for every evaluator.
	over := mustPos(t, "breakthrough", "2w2/5/5/b4/5 b")
	for name, f := range map[string]func(games.State) (Evaluator, error){
		"cutoff":    CutoffLeaf(policy.Config{Kind: policy.Random}, "efms", 4),
		"threshold": ThresholdLeaf(policy.Config{Kind: policy.Random}, "efms", Threshold{X: 0.9, Every: 1}),
		"heuristic": HeuristicLeaf("efms"),
	} {
		ev, err := f(over)
		if err != nil {
			t.Fatal(err)
		}
		if got := ev.Evaluate(over.Clone(), &r, nil, nil); !got.Terminal || got.Value != 1 {
			t.Errorf("%s on a won game: %+v", name, got)
		}
	}
}

// Every component keeps the search sound: with each of them on, the search
// takes a win in one (TicTacToe) and proves it.
func TestComponentsFindTheWin(t *testing.T) {
	s := mustPos(t, "tictactoe", "xx1/oo1/3 x")
	for _, spec := range []string{
		"mcts:rave=50", "mcts:rave=50,solver=false", "mcts:alpha=0.5,heuristic=fixed-test",
		"mcts:bias=1,heuristic=fixed-test", "mcts:playout=egreedy,heuristic=fixed-test",
		"mcts:leaf=cutoff(plies=2),heuristic=fixed-test", "mcts:leaf=threshold(x=0.2),heuristic=fixed-test",
		"mcts:leaf=heuristic,heuristic=fixed-test,rave=10,alpha=0.2,bias=0.5",
		"mcts:playout=ab(depth=2,epsilon=0),heuristic=fixed-test",
	} {
		res, err := mustEngine(t, spec).Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MoveString(res.Move); got != "c3" {
			t.Errorf("%s played %s, want c3", spec, got)
		}
	}
}

// oracle is a leaf evaluator that knows the game-theoretic value of every
// position (a tablebase's role): it solves small TicTacToe positions.
type oracle struct{}

func (oracle) Evaluate(s games.State, _ *rng.Rand, _ *engines.Stop, _ *policy.Trace) Eval {
	if s.Terminal() {
		return Eval{Value: float64(s.Outcome()), Terminal: true}
	}
	v := solve(s) // for the player to move
	if s.ToMove() == games.Second {
		v = -v
	}
	return Eval{Value: float64(v), Proven: true}
}

func solve(s games.State) int {
	if s.Terminal() {
		return s.Outcome().Value(s.ToMove())
	}
	best := -2
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Play(m)
		v := solve(c)
		if c.ToMove() != s.ToMove() {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

// A proof from the leaf evaluator is backed up by the solver like a
// terminal's: with an oracle, the root of a won position is proven within
// one expansion of each root move.
func TestOracleProofsRise(t *testing.T) {
	s := mustPos(t, "tictactoe", "x1o/1o1/x2 x") // X wins: a2 at once, c1 by a double threat
	cfg := Config{C: 0.7, Solver: true, MaxNodes: 1 << 12, Leaf: func(games.State) (Evaluator, error) { return oracle{}, nil }}
	res, err := New(cfg, "oracle").Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 1000}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	n := len(s.Legal(nil))
	after := s.Clone()
	after.Play(res.Move)
	if res.Stats.Iterations > int64(n) || solve(after) != -1 {
		t.Fatalf("%d iterations for %d moves, played %s: want the proof within one visit of each move, and a winning move", res.Stats.Iterations, n, s.MoveString(res.Move))
	}
	proven := false
	for _, m := range res.Stats.Moves {
		proven = proven || m.Proven == engines.ProvenWin
	}
	if !proven {
		t.Fatal("no move proven a win")
	}
}

// A search on an engine that searched before equals one on a fresh engine:
// nothing of an earlier tree (node statistics, side tables) leaks into the
// next, whatever the features.
func TestSearchesDoNotLeak(t *testing.T) {
	s := mustPos(t, "breakthrough", "")
	for _, spec := range []string{"uct", "mcts:rave=300", "mcts:alpha=0.4,heuristic=efms,rave=50", "mcts:bias=2,heuristic=efms"} {
		used := mustEngine(t, spec)
		req := engines.Request{Position: s, Budget: engines.Budget{Iterations: 2000}, Seed: 5}
		if _, err := used.Search(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		again, _ := used.Search(context.Background(), req)
		fresh, _ := mustEngine(t, spec).Search(context.Background(), req)
		if fmt.Sprint(again.Stats.Moves) != fmt.Sprint(fresh.Stats.Moves) || again.Move != fresh.Move {
			t.Errorf("%s: a second search on one engine differs from a fresh engine's", spec)
		}
	}
}

// Reuse never trusts a history that does not end at the position: the
// search starts afresh (its root's children hold exactly its own
// iterations) and plays a legal move.
func TestReuseRefusesWrongHistory(t *testing.T) {
	start := mustPos(t, "breakthrough", "")
	e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 20, Reuse: true}, "uct:reuse")
	res, _ := e.Search(context.Background(), engines.Request{Position: start, Start: start, Budget: engines.Budget{Iterations: 5000}, Seed: 1})
	other := start.Clone()
	other.Play(other.Legal(nil)[7])
	other.Play(other.Legal(nil)[3])
	// The history names the PV's first two plies; the position is another.
	got, err := e.Search(context.Background(), engines.Request{Position: other, Start: start, History: res.Stats.PV[:2], Budget: engines.Budget{Iterations: 100}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	legal := false
	for _, m := range other.Legal(nil) {
		legal = legal || m == got.Move
	}
	if !legal {
		t.Fatalf("played %d, not a legal move of the position", got.Move)
	}
	named := start.Clone()
	for _, m := range res.Stats.PV[:2] {
		named.Play(m)
	}
	if named.String() == other.String() {
		t.Fatal("the position is the history's: the test needs another")
	}
	var visits int64
	for i := range got.Stats.Moves {
		visits += int64(got.Stats.Cell(i, "visits"))
	}
	if visits != 100 {
		t.Fatalf("root children visited %d times after 100 iterations: the kept tree was trusted", visits)
	}
}

// The constant-bias estimator Q_CB blends a child's static value and never
// backs it up: after a search every node's value is still the heuristic's
// value of its own position for its mover, while under Q_IM internal nodes
// have taken their children's best.
func TestConstantBiasKeepsStaticValues(t *testing.T) {
	s := mustPos(t, "kalah:houses=4,seeds=3", "")
	h, err := knowledge.NewHeuristic(s.Game(), "stores")
	if err != nil {
		t.Fatal(err)
	}
	for _, est := range []Estimator{ConstantBias, ImplicitMinimax} {
		cfg := Config{C: 0.7, Solver: true, MaxNodes: 1 << 16, Alpha: 0.4, Estimator: est, Prior: HeuristicPrior("stores")}
		e := New(cfg, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 400}, Seed: 2}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		static, moved := 0, 0
		var walk func(idx int32, st games.State)
		walk = func(idx int32, st games.State) {
			n := sr.pool.at(idx)
			if n.first < 0 {
				return
			}
			for j := range int32(n.nChild) {
				c := n.first + j
				ch := sr.pool.at(c)
				child := st.Clone()
				child.Play(ch.move)
				v := h.Value(child)
				if st.ToMove() == games.Second { // the child's mover
					v = -v
				}
				if got := *sr.pool.value(c); got == v {
					static++
				} else {
					moved++
				}
				if int16(j) < n.nExp {
					walk(c, child)
				}
			}
		}
		walk(sr.rootIdx, s)
		switch {
		case est == ConstantBias && moved != 0:
			t.Errorf("Q_CB: %d node values moved from the static value (%d kept)", moved, static)
		case est == ImplicitMinimax && moved == 0:
			t.Errorf("Q_IM: no node value was backed up (%d static)", static)
		}
	}
}

// Each estimator is a selection rule of its own: on the same seed the three
// play the search differently, and the spec names them.
func TestEstimatorsDiffer(t *testing.T) {
	s := mustPos(t, "breakthrough", "")
	visits := map[string]string{}
	for _, est := range []string{"im", "cb", "pb"} {
		e := mustEngine(t, "mcts:alpha=0.4,estimator="+est+",heuristic=efms")
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		visits[est] = fmt.Sprint(res.Stats.Moves)
	}
	if visits["im"] == visits["cb"] || visits["im"] == visits["pb"] || visits["cb"] == visits["pb"] {
		t.Error("two estimators gave the same search")
	}
	if _, err := engines.New("mcts:estimator=cb,heuristic=efms"); err == nil {
		t.Error("estimator=cb without alpha accepted")
	}
}

// Node priors (np) start every new child with N virtual visits, of which
// floor(rate*N) are wins by the game's move prior, and count them in the
// parent's visits of the exploration term.
func TestNodePriorsSeedChildren(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "")
	mp, err := knowledge.NewMovePrior(s.Game(), "safety")
	if err != nil {
		t.Fatal(err)
	}
	e := mustEngine(t, "mcts:np=10,prior=safety").(*gameChecked).Engine
	res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 1}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	col := res.Stats.Column("prior")
	if col < 0 {
		t.Fatal("no prior column")
	}
	for _, ms := range res.Stats.Moves {
		if got, want := ms.Cells[col], 2*math.Floor(mp.Prior(s, ms.Move)*10)/10-1; math.Abs(got-want) > 1e-6 {
			t.Errorf("%s: prior column %v, want %v", s.MoveString(ms.Move), got, want)
		}
	}
	sr := e.free[0]
	root := sr.pool.at(sr.rootIdx)
	var virtual int32
	for j := range int32(root.nChild) {
		ch := sr.pool.at(root.first + j)
		prior := math.Floor(mp.Prior(s, ch.move) * 10)
		wantVisits, wantWins := int32(10), prior
		if int16(j) < root.nExp { // the child the iteration went through
			wantVisits++
			wantWins += ch.wins - prior // its one result, whatever it was
		}
		if ch.visits != wantVisits || ch.wins != wantWins || ch.wins-prior < 0 || ch.wins-prior > 1 {
			t.Errorf("%s: visits %d wins %v, want %d and %v", s.MoveString(ch.move), ch.visits, ch.wins, wantVisits, wantWins)
		}
		virtual += 10
	}
	if got := *sr.virt.at(sr.rootIdx); got != virtual {
		t.Errorf("root's children's virtual visits %d, want %d", got, virtual)
	}
	if _, err := engines.New("mcts:np=10"); err == nil {
		t.Error("mcts:np=10 accepted")
	}
	// A prior without np must state its own counts: safety gives a rate.
	want := `engine "mcts:prior=safety", option prior: move prior "safety" of "breakthrough:size=8x8" gives a win rate only: it needs np=N visits`
	if err := mustEngine(t, "mcts:prior=safety").(engines.GameChecker).CheckGame(s.Game()); err == nil || err.Error() != want {
		t.Errorf("prior=safety alone: got %v, want %q", err, want)
	}
	if err := mustEngine(t, "mcts:np=10,prior=safety").(engines.GameChecker).CheckGame(mustPos(t, "nogo", "").Game()); err == nil {
		t.Error("np with safety accepted on NoGo")
	}
}

// favourPrior gives every move 10 virtual visits, all won for the move
// fav and others of them for the others, and no visits at all to the move
// none (when it is not games.Move(-1)).
type favourPrior struct {
	fav, none games.Move
	others    float64
}

func (p favourPrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	for i, m := range moves {
		switch m {
		case p.none:
		case p.fav:
			out[i].Visits, out[i].Wins = 10, 10
		default:
			out[i].Visits, out[i].Wins = 10, p.others
		}
	}
	return 0
}

// A child a prior gives visits is not untried in UCB's sense: node priors
// (Gelly and Silver's, the implicit-minimax paper's np) start it with n > 0,
// so selection scores it by its virtual mean and visits from the first
// iteration and only a child without visits is tried first, as the
// co-authors' framework selected (an infinite score only for a child of no
// visits). Here the one child the prior favours takes every iteration at
// the root, under each child order, while a child the prior gives no
// visits is tried first. Under the framework's order the children keep the
// game's move order from the start, so that equal priors fall to the
// earliest move.
func TestNodePriorsChooseFromTheFirstIteration(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "")
	moves := s.Legal(nil)
	run := func(t *testing.T, order ChildOrder, pr favourPrior, iterations int64) *search {
		t.Helper()
		e := New(Config{C: 0.5, Solver: true, MaxNodes: 1 << 16, Children: order, PriorVisitsInParent: true, PriorCounts: true,
			Prior: func(games.State) (Prior, error) { return pr, nil }}, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: iterations}, Seed: 3}); err != nil {
			t.Fatal(err)
		}
		return e.free[0]
	}
	// realVisits is the iterations through the root's child m, which has
	// virtual visits from the prior pr.
	realVisits := func(sr *search, pr favourPrior, m games.Move) int32 {
		root := sr.pool.at(sr.rootIdx)
		for j := range int32(root.nChild) {
			if ch := sr.pool.at(root.first + j); ch.move == m {
				if m == pr.none {
					return ch.visits
				}
				return ch.visits - 10
			}
		}
		t.Fatalf("%s not among the root's children", s.MoveString(m))
		return 0
	}
	for _, tc := range []struct {
		name  string
		order ChildOrder
	}{{"shuffled", ShuffledChildren}, {"ordered", OrderedChildren}, {"framework", FrameworkChildren}} {
		order := tc.order
		t.Run(tc.name, func(t *testing.T) {
			fav := moves[len(moves)/2]
			pr := favourPrior{fav: fav, none: -1}
			sr := run(t, order, pr, 10)
			if got := realVisits(sr, pr, fav); got != 10 {
				t.Errorf("the favoured %s has %d of 10 iterations", s.MoveString(fav), got)
			}
			pr.none = moves[len(moves)-1]
			sr = run(t, order, pr, 1)
			if got := realVisits(sr, pr, pr.none); got != 1 {
				t.Errorf("the child without prior visits %s has %d visits after 1 iteration, want 1", s.MoveString(pr.none), got)
			}
			if order == ShuffledChildren {
				return
			}
			// The prior takes the last move first; the untried children
			// stay in move order behind it, so that their ties still
			// fall to the earliest move.
			last := favourPrior{fav: moves[len(moves)-1], none: -1, others: 5}
			sr = run(t, order, last, 1)
			root := sr.pool.at(sr.rootIdx)
			for j, m := range moves[:len(moves)-1] {
				if got := sr.pool.at(root.first + 1 + int32(j)).move; got != m {
					t.Fatalf("one tried: slot %d holds %s, want %s", j+1, s.MoveString(got), s.MoveString(m))
				}
			}
			// Once every child is tried, a kept order holds again,
			// though the prior chose them out of it.
			sr = run(t, order, last, 3000)
			root = sr.pool.at(sr.rootIdx)
			if root.nExp != root.nChild {
				t.Fatalf("%d of %d children tried after 3000 iterations", root.nExp, root.nChild)
			}
			for j, m := range moves {
				if got := sr.pool.at(root.first + int32(j)).move; got != m {
					t.Fatalf("all tried: slot %d holds %s, want %s", j, s.MoveString(got), s.MoveString(m))
				}
			}
		})
	}
	// Equal priors: the framework's order ties to the earliest move, and its
	// slots stay in the game's move order.
	equal := favourPrior{fav: -1, none: -1}
	sr := run(t, FrameworkChildren, equal, 1)
	if got := realVisits(sr, equal, moves[0]); got != 1 {
		t.Errorf("framework order, equal priors: the first move %s has %d visits after 1 iteration, want 1", s.MoveString(moves[0]), got)
	}
	root := sr.pool.at(sr.rootIdx)
	for j, m := range moves {
		if got := sr.pool.at(root.first + int32(j)).move; got != m {
			t.Fatalf("framework order, equal priors: slot %d holds %s, want %s", j, s.MoveString(got), s.MoveString(m))
		}
	}
}

// The Havannah paper's visit-and-win-count initialisation (a prior that
// states its own counts, without np) makes the prior's visits and wins the
// new children's counts, as Equation 1 adds them, and leaves the parent's
// count alone. Both selection rules read RAVE's weight from a child's
// count (TestSelectRaveIsSelectGeneral holds them to each other), so it
// counts the virtual visits: the reading documented in go doc
// mcarena/games/havannah.
func TestVirtualPriorsAreTheChildrensCounts(t *testing.T) {
	// Stones on both sides, so that the four priors give several values.
	s := mustPos(t, "havannah", "")
	for _, m := range []string{"e5", "d4", "e6", "c3", "f6"} {
		mv, err := s.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(mv)
	}
	for _, kind := range []string{"joint", "local", "edge", "combined"} {
		mp, err := knowledge.NewMovePrior(s.Game(), kind)
		if err != nil {
			t.Fatal(err)
		}
		vp := mp.(knowledge.VirtualPrior)
		e := mustEngine(t, "mcts:c=0.4,rave=50,prior="+kind).(*gameChecked).Engine
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 1}, Seed: 1}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		root := sr.pool.at(sr.rootIdx)
		distinct := map[float64]bool{}
		for j := range int32(root.nChild) {
			ch := sr.pool.at(root.first + j)
			v, w := vp.Virtual(s, ch.move)
			distinct[w/float64(v)] = true
			wantVisits, wantWins := v, w
			if int16(j) < root.nExp { // the child the iteration went through
				wantVisits++
				wantWins += ch.wins - w
			}
			if ch.visits != wantVisits || ch.wins != wantWins || ch.wins-w < 0 || ch.wins-w > 1 {
				t.Errorf("%s: %s: visits %d wins %v, want %d and %v", kind, s.MoveString(ch.move), ch.visits, ch.wins, wantVisits, wantWins)
			}
		}
		if len(distinct) < 2 {
			t.Errorf("%s: one prior value for every move: the position tests nothing", kind)
		}
		if sr.virt.on {
			t.Errorf("%s: the parent's count takes its children's virtual visits, want that only with np", kind)
		}
		if root.visits != 1 {
			t.Errorf("%s: root visits %d after one iteration, want 1", kind, root.visits)
		}
	}
}

// Maximum backpropagation: a node visited at least T times adds its best
// child's mean instead of the iteration's result. In TicTacToe, with T = 1
// every iteration after the root's first, and with T = 12 every one after
// its twelfth, adds to the root the best mean among its children once the
// iteration has updated them: a search of k + 1 iterations and one of k
// from the same seed (the first k iterations alike) differ at the root by
// exactly that mean of the larger tree, where a search without the rule,
// or the iterations before the root's T-th visit, add a result of 0, 1/2
// or 1. With T at the budget the search is the plain one, since no node
// below the root reaches T visits (the reading of im-maxbackprop-counted's
// T = 20k and 30k columns).
func TestMaxBackprop(t *testing.T) {
	s := mustPos(t, "tictactoe", "")
	rootAfter := func(t1 int32, iterations int) (wins, best float64) {
		e := New(Config{C: 0.7, MaxNodes: 1 << 14, MaxBackprop: t1}, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: int64(iterations)}, Seed: 5}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		root := sr.pool.at(sr.rootIdx)
		if int(root.visits) != iterations {
			t.Fatalf("root visited %d times in %d iterations", root.visits, iterations)
		}
		return root.wins, sr.bestChildMean(root)
	}
	means := 0
	for _, t1 := range []int32{1, 12} {
		was, _ := rootAfter(t1, 1)
		for k := 1; k <= 40; k++ {
			now, best := rootAfter(t1, k+1)
			d := now - was
			was = now // the next iteration's search of k + 1
			switch {
			case int32(k) >= t1 && math.Abs(d-best) > 1e-12:
				t.Fatalf("T = %d, iteration %d (root visited %d times) added %v to the root, want its best child's mean %v", t1, k+1, k, d, best)
			case int32(k) < t1 && d != 0 && d != 0.5 && d != 1:
				t.Fatalf("T = %d, iteration %d (root visited %d times) added %v to the root, not a game's result", t1, k+1, k, d)
			case int32(k) >= t1 && best != 0 && best != 0.5 && best != 1:
				means++
			}
		}
	}
	plainWas, _ := rootAfter(0, 1)
	for k := 1; k <= 40; k++ {
		plainNow, _ := rootAfter(0, k+1)
		if d := plainNow - plainWas; d != 0 && d != 0.5 && d != 1 {
			t.Fatalf("without the rule, iteration %d added %v to the root, not a game's result", k+1, d)
		}
		plainWas = plainNow
	}
	if means == 0 {
		t.Fatal("every sample was 0, 1/2 or 1: the test cannot tell a mean from a result")
	}
	s = mustPos(t, "breakthrough", "")
	req := engines.Request{Position: s, Budget: engines.Budget{Iterations: 2000}, Seed: 4}
	plain, _ := mustEngine(t, "mcts").Search(context.Background(), req)
	high, _ := mustEngine(t, "mcts:maxbackprop=2000").Search(context.Background(), req)
	low, _ := mustEngine(t, "mcts:maxbackprop=10").Search(context.Background(), req)
	if fmt.Sprint(plain.Stats.Moves) != fmt.Sprint(high.Stats.Moves) {
		t.Error("a threshold at the budget changed the search")
	}
	if fmt.Sprint(plain.Stats.Moves) == fmt.Sprint(low.Stats.Moves) {
		t.Error("maxbackprop=10 left the search unchanged")
	}
	// The rule itself, on one node: the sample is the best child's mean
	// from the node's mover's view.
	e := New(Config{C: 0.7, MaxNodes: 1 << 12}, "test")
	if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 200}, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	sr := e.free[0]
	root := sr.pool.at(sr.rootIdx)
	best := 0.0
	for j := range int32(root.nChild) {
		ch := sr.pool.at(root.first + j)
		m := 0.5
		if ch.visits > 0 {
			m = ch.wins / float64(ch.visits)
		}
		best = max(best, m)
	}
	if got := sr.bestChildMean(root); math.Abs(got-(1-best)) > 1e-15 {
		t.Errorf("root sample %v, want 1 - %v", got, best)
	}
}

// The ab playout needs a heuristic, and one the game has: refused when the
// spec is read, and when the engine is paired with a game, naming the game
// and what it has.
func TestABPlayoutNeedsTheGamesHeuristic(t *testing.T) {
	for _, tc := range []struct{ spec, game, want string }{
		{"mcts:playout=ab(depth=2)", "", `engine "mcts:playout=ab(depth=2)": playout=ab needs heuristic=NAME, one of the game's heuristics (mcarena games lists them)`},
		{"mcts:playout=ab(depth=5),heuristic=mia-sub", "", `engine "mcts": playout "ab": option "depth": 5 is out of range (want depth=1..4)`},
		{"mcts:playout=ab(depth=2),heuristic=mia-sub", "breakthrough",
			`engine "mcts:playout=ab,heuristic=mia-sub", option heuristic: game "breakthrough" has no heuristic "mia-sub": its heuristics are eflh, efms, outcome`},
		{"mcts:playout=ab(depth=3,epsilon=0),heuristic=efms", "loa",
			`engine "mcts:playout=ab(depth=3,epsilon=0),heuristic=efms", option heuristic: game "loa" has no heuristic "efms": its heuristics are mia-sub, outcome`},
		{"mcts:playout=ab,leaf=threshold(x=0.6),heuristic=mia-sub", "loa", ""},
	} {
		e, err := engines.New(tc.spec)
		if err == nil && tc.game != "" {
			err = engines.CheckGame(e, mustPos(t, tc.game, "").Game())
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s on %q: got %q, want %q", tc.spec, tc.game, got, tc.want)
		}
	}
}

// RAVE with Havannah-Mate proves a forced win: White's a3, a4, b3 and b4
// each leave two winning cells (the mate position of package havannah's
// tests), and the search ends proven within a few iterations, with or
// without the paper's priors; without the reading it still picks a mate.
func TestRaveMateFindsForcedWin(t *testing.T) {
	s := mustPos(t, "havannah:base=4", "ww../.b.../....ww/..b...w/...b../...b./.b.. w")
	mates := map[string]bool{"a3": true, "a4": true, "b3": true, "b4": true}
	for _, tc := range []struct {
		spec   string
		proven bool
	}{
		{"mcts:rave=50,c=0.4,reading=mate", true},
		{"mcts:rave=50,c=0.4,reading=mate,prior=combined,playout=game(name=decisive)", true},
		{"mcts:rave=50,c=0.4,playout=game(name=decisive)", false},
	} {
		e := mustEngine(t, tc.spec)
		if err := e.(engines.GameChecker).CheckGame(s.Game()); err != nil {
			t.Fatal(err)
		}
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if name := s.MoveString(res.Move); !mates[name] {
			t.Errorf("%s: played %s, want a mate", tc.spec, name)
		}
		proof := engines.Unproven
		for _, ms := range res.Stats.Moves {
			if ms.Move == res.Move {
				proof = ms.Proven
			}
		}
		if got := proof == engines.ProvenWin; tc.proven && (!got || res.Stats.Iterations > 50) {
			t.Errorf("%s: %v after %d iterations, want a proven win within 50", tc.spec, proof, res.Stats.Iterations)
		}
	}
	if _, err := engines.New("mcts:reading=mate,solver=false"); err == nil {
		t.Error("reading without the solver accepted")
	}
}

// A leaf that is, or whose playout reaches, a finished game scores the
// game's outcome whatever the heuristic says of finished positions:
// stores-fw values them by the store formula (as the implicit-minimax
// co-authors' tree values did), but their playouts scored wins and losses.
func TestLeavesScoreFinishedGamesByOutcome(t *testing.T) {
	done := mustPos(t, "kalah", "0,0,0,0,0,0/0,0,0,0,0,0 25 23 s") // South won by 2
	near := mustPos(t, "kalah", "0,0,0,0,0,1/0,0,0,0,0,1 24 22 s")
	for _, tc := range []struct {
		name string
		leaf func(games.State) (Evaluator, error)
	}{
		{"cutoff", CutoffLeaf(policy.Config{Kind: policy.Random}, "stores-fw", 4)},
		{"heuristic", HeuristicLeaf("stores-fw")},
		// fet1 with det0.5: the playout's one ply ends the game exactly
		// where the leaf would stop and look at the heuristic.
		{"threshold", ThresholdLeaf(policy.Config{Kind: policy.Random}, "stores-fw", Threshold{X: 0.5, Every: 1, Plies: 1})},
	} {
		ev, err := tc.leaf(done)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(1)
		if got := ev.Evaluate(done.Clone(), &r, engines.NewStop(context.Background(), 0), nil); got.Value != 1 || !got.Terminal {
			t.Errorf("%s leaf on a finished game: %+v, want its outcome 1, terminal", tc.name, got)
		}
		if tc.name != "heuristic" {
			// South's one move sows into its store and empties its side:
			// South wins 25-23, which the playout scores 1, not tanh(0.2).
			got := ev.Evaluate(near.Clone(), &r, engines.NewStop(context.Background(), 0), nil)
			if got.Value != 1 {
				t.Errorf("a playout to South's win scored %v, want its outcome 1", got.Value)
			}
		}
	}
}

// children=ordered keeps a node's children in the game's move order (the
// implicit-minimax co-authors' framework's, where selection's ties go to
// the earliest move); the default shuffles them.
func TestChildrenOrdered(t *testing.T) {
	s := mustPos(t, "kalah", "")
	legal := fmt.Sprint(s.Legal(nil))
	for _, tc := range []struct {
		ordered bool
		want    bool // the root's children in Legal's order
	}{{true, true}, {false, false}} {
		e := New(Config{C: 0.5, MaxNodes: 1 << 12, Children: map[bool]ChildOrder{true: OrderedChildren}[tc.ordered]}, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 50}, Seed: 3}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		root := sr.pool.at(sr.rootIdx)
		var got []games.Move
		for j := range int32(root.nChild) {
			got = append(got, sr.pool.at(root.first+j).move)
		}
		if (fmt.Sprint(got) == legal) != tc.want {
			t.Errorf("ordered=%v: children %v, Legal %s", tc.ordered, got, legal)
		}
	}
	if _, err := engines.New("mcts:children=ordered"); err != nil {
		t.Error(err)
	}
}

// children=framework tries a node's children in random order and, once
// the last is tried, keeps them in the game's move order, subtrees and
// statistics moving with them: after searches of Breakthrough, every node
// whose children have all been tried lists them in Legal's order at its
// position, every child's move is legal there, and every expanded node's
// visits are its children's plus its own first and each child's selection
// statistics its own (plain UCT, no solver), so nothing was mixed up
// between slots. Before the root's last child is
// tried its children stand in the order they were tried, not Legal's,
// while children=ordered tries them in Legal's order. children=ordered-last
// (the chess thesis' MCC) tries them in Legal's order too and, once the
// last is tried, keeps them in its reverse, checked as framework's are.
func TestChildrenFramework(t *testing.T) {
	s := mustPos(t, "breakthrough:size=6x6", "")
	legal := s.Legal(nil)
	for _, order := range []ChildOrder{FrameworkChildren, OrderedLastChildren} {
		testChildrenSorted(t, s, order)
	}
	for _, tc := range []struct {
		children ChildOrder
		inOrder  bool
	}{{OrderedChildren, true}, {FrameworkChildren, false}, {OrderedLastChildren, true}} {
		e := New(Config{C: 0.5, MaxNodes: 1 << 12, Children: tc.children}, "test")
		tried := len(legal) - 1
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: int64(tried)}, Seed: 4}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		root := sr.pool.at(sr.rootIdx)
		var got []games.Move
		for _, ch := range sr.pool.run(root.first, int(root.nExp)) {
			got = append(got, ch.move)
		}
		if slices.Equal(got, legal[:tried]) != tc.inOrder {
			t.Errorf("children %d: tried %v, Legal %v", tc.children, got, legal)
		}
	}
	for _, spec := range []string{"mcts:children=framework,rave=50", "mcts:children=ordered-last,rave=50"} {
		if _, err := engines.New(spec); err == nil {
			t.Errorf("%s was accepted", spec)
		}
	}
}

// testChildrenSorted checks an order that sorts a node's slots once all
// are tried (FrameworkChildren: into Legal's order; OrderedLastChildren:
// into its reverse), with their statistics and subtrees, and the kept line
// after it.
func testChildrenSorted(t *testing.T, s games.State, order ChildOrder) {
	t.Helper()
	legal := s.Legal(nil)
	for _, seed := range []uint64{1, 2, 3} {
		e := New(Config{C: 0.5, MaxNodes: 1 << 16, Children: order}, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3000}, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		complete := 0
		var walk func(idx int32, pos games.State, root bool)
		walk = func(idx int32, pos games.State, root bool) {
			n := sr.pool.at(idx)
			if n.first < 0 || n.nExp == 0 {
				return
			}
			moves := pos.Legal(nil)
			children := sr.pool.run(n.first, int(n.nExp))
			sum := int32(0)
			for i, ch := range children {
				if !slices.Contains(moves, ch.move) {
					t.Fatalf("seed %d: child %d's move %d is not legal in %s", seed, i, ch.move, pos)
				}
				if st := sr.pool.stat(n.first + int32(i)); st.mean != float32(ch.wins/float64(ch.visits)) || st.rs != invSqrt(ch.visits) {
					t.Fatalf("seed %d: child %d's statistics %+v, its node's %v wins of %d", seed, i, *st, ch.wins, ch.visits)
				}
				sum += ch.visits
			}
			if own := map[bool]int32{true: 0, false: 1}[root]; n.visits != sum+own {
				t.Fatalf("seed %d: node of %d visits, its children %d, in %s", seed, n.visits, sum, pos)
			}
			if n.nExp == n.nChild {
				complete++
				got := make([]games.Move, len(children))
				for i, ch := range children {
					got[i] = ch.move
				}
				if order == OrderedLastChildren {
					slices.Reverse(got)
				}
				if !slices.Equal(got, moves) {
					t.Fatalf("order %d, seed %d: all tried, children %v (reversed under ordered-last), Legal %v, in %s", order, seed, got, moves, pos)
				}
			}
			for i, ch := range children {
				c := pos.Clone()
				c.Play(ch.move)
				walk(n.first+int32(i), c, false)
			}
		}
		walk(sr.rootIdx, s, true)
		if complete < 20 {
			t.Errorf("seed %d: only %d nodes had all their children tried", seed, complete)
		}
	}
	// Just after the root's children are put in order, and an iteration or
	// two later, the kept line holds the positions its slots lead to.
	for seed := uint64(1); seed <= 40; seed++ {
		e := New(Config{C: 0.5, MaxNodes: 1 << 12, Children: order}, "test")
		if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: int64(len(legal)) + int64(seed%3)}, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		sr := e.free[0]
		replay := s.Clone()
		for d, idx := range sr.line.path[1:] {
			replay.Play(sr.pool.at(idx).move)
			if got := sr.line.states[d]; got.String() != replay.String() {
				t.Fatalf("order %d, seed %d, depth %d: kept %s, replayed %s", order, seed, d+1, got, replay)
			}
		}
	}
}

// forcedAtRoot runs a search and returns the iterations that stopped at the
// root, which counts every iteration while its children count those that
// went down into them.
func forcedAtRoot(t *testing.T, cfg Config, s games.State, iterations int64) (forced int32, root *node) {
	t.Helper()
	e := New(cfg, "test")
	if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: iterations}, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	sr := e.free[0]
	root = sr.pool.at(sr.rootIdx)
	forced = root.visits
	for j := range int32(root.nChild) {
		forced -= sr.pool.at(root.first + j).visits
	}
	return forced, root
}

// losses=framework: a child that ends the game lost for its mover, the turn
// passing (the framework marked it lost when the node was expanded, and it
// never gained a visit), is taken ahead of every other child once each has
// been tried, and each such iteration backs its loss up from the node. In
// misère Breakthrough White's b4 reaches the far row, and loses, by three
// moves; e1 has two others.
func TestFrameworkLossesTakenFirst(t *testing.T) {
	s := mustPos(t, "breakthrough:misere", "b4/1w3/5/5/4w w")
	for _, tc := range []struct {
		losses LossRule
		want   int32 // iterations stopped at the root
	}{
		{SkipLosses, 0},
		{FrameworkLosses, 200 - 5}, // all but the first tries of the five moves
	} {
		forced, root := forcedAtRoot(t, Config{C: 0.5, Solver: true, MaxNodes: 1 << 14, Losses: tc.losses}, s, 200)
		if forced != tc.want || root.visits != 200 {
			t.Errorf("losses %d: %d of %d iterations stopped at the root, want %d", tc.losses, forced, root.visits, tc.want)
		}
	}
}

// losses=framework at alpha 1: the framework's (1-alpha) times its finite
// infinity is 0 there, so a proven loss competes by its minimax value and
// exploration term (and, never counted, its term grows); below alpha 1 it
// is never taken. White's a1 and e1 moves other than e1xd2 let Black's d2
// reach the first rank.
func TestFrameworkLossesAtAlphaOne(t *testing.T) {
	s := mustPos(t, "breakthrough", "bb3/5/5/3b1/w3w w")
	for _, tc := range []struct {
		losses LossRule
		alpha  float64
		forced bool
	}{
		{SkipLosses, 1, false},
		{FrameworkLosses, 0.75, false},
		{FrameworkLosses, 1, true},
	} {
		cfg := Config{C: 0.5, Solver: true, MaxNodes: 1 << 16, Alpha: tc.alpha, Prior: HeuristicPrior("efms"), Losses: tc.losses}
		forced, root := forcedAtRoot(t, cfg, s, 3000)
		if (forced > 0) != tc.forced {
			t.Errorf("losses %d, alpha %v: %d of %d iterations stopped at the root", tc.losses, tc.alpha, forced, root.visits)
		}
	}
	if _, err := engines.New("mcts:losses=framework"); err != nil {
		t.Error(err)
	}
	if _, err := engines.New("mcts:losses=framework,solver=false"); err == nil {
		t.Error("losses=framework without the solver accepted")
	}
}

// Selection scores each child of a fully expanded node by the implicit-
// minimax paper's formulas: UCB1 on (1-alpha) Q + alpha V, where Q is the
// child's mean and V, on the [0, 1] scale, is its implicit minimax value
// (Q_IM), its static value at expansion (Q_CB) or its minimax value over
// its visits plus one (Q_PB). After searches of Kalah and Breakthrough, at
// every fully expanded node the child the search's own rule selects has
// the best score of those formulas computed here from the nodes' counts.
func TestSelectionScoresThePapersFormulas(t *testing.T) {
	for _, tc := range []struct{ spec, heuristic string }{
		{"kalah:houses=4,seeds=3", "stores"}, {"breakthrough:size=5x5", "efms"},
	} {
		s := mustPos(t, tc.spec, "")
		for _, est := range []Estimator{ImplicitMinimax, ConstantBias, ProgressiveBias} {
			for _, alpha := range []float64{0.2, 0.6, 1} {
				cfg := Config{C: 0.7, MaxNodes: 1 << 16, Alpha: alpha, Estimator: est, Prior: HeuristicPrior(tc.heuristic)}
				e := New(cfg, "test")
				if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 1500}, Seed: 6}); err != nil {
					t.Fatal(err)
				}
				sr := e.free[0]
				checked, notFirst := 0, 0
				for i := int32(0); i < sr.pool.next; i++ {
					n := sr.pool.at(i)
					if n.first < 0 || n.nChild < 2 || n.nExp < n.nChild {
						continue
					}
					lnN := math.Log(float64(n.visits))
					score := func(c int32) float64 {
						ch := sr.pool.at(c)
						q := ch.wins / float64(ch.visits)
						v := *sr.pool.value(c)
						if est == ProgressiveBias {
							v /= float64(ch.visits + 1)
						}
						return (1-alpha)*q + alpha*(v+1)/2 + cfg.C*math.Sqrt(lnN/float64(ch.visits))
					}
					best := math.Inf(-1)
					for j := range int32(n.nChild) {
						best = max(best, score(n.first+j))
					}
					var got int32
					if sr.rule == minimaxRule {
						got = sr.selectMinimax(i)
					} else {
						got = sr.selectGeneral(i)
					}
					// The search rounds its statistics to float32.
					if sc := score(got); sc < best-1e-5 {
						t.Fatalf("%s estimator %d alpha %g, node %d: the search selects a child scored %v, the best scores %v", tc.spec, est, alpha, i, sc, best)
					}
					checked++
					if got != n.first {
						notFirst++
					}
				}
				if checked < 10 || notFirst == 0 {
					t.Fatalf("%s estimator %d alpha %g: %d fully expanded nodes, %d selecting other than the first child", tc.spec, est, alpha, checked, notFirst)
				}
			}
		}
	}
}
