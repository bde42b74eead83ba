package policy

import (
	"math"
	"slices"
	"testing"

	"mcarena/engines/nmcs"
	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/gametest"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

func pos(t testing.TB, spec, text string) games.State { return gametest.MustPosition(t, spec, text) }

func mustPolicy(t testing.TB, cfg Config, s games.State) Policy {
	t.Helper()
	p, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cellAt returns the piece letter on a named cell of a square board.
func cellAt(s games.State, name string) byte {
	b := s.Board()
	i := int(name[0]-'a') + int(name[1]-'1')*b.Cols
	return b.Cells[i].Piece
}

func TestPlaysTheWinInOne(t *testing.T) {
	start := pos(t, "tictactoe", "o2/1o1/xx1 x")
	for _, cfg := range []Config{{Kind: MR, Depth: 1}, {Kind: MR, Depth: 2}, {Kind: Decisive}} {
		p := mustPolicy(t, cfg, start)
		r := rng.New(1)
		for range 200 {
			s := start.Clone()
			n, _ := p.Run(s, &r, games.NoLimit, nil, nil)
			if n != 1 || s.Outcome() != games.FirstWins {
				t.Fatalf("%+v: %d moves to %q", cfg, n, s.String())
			}
		}
	}
}

// O must block a3; MR(2) and Decisive always do, MR(1) and random often not.
func TestAvoidsLosingReplies(t *testing.T) {
	start := pos(t, "tictactoe", "1x1/xo1/xo1 o")
	blocked := func(cfg Config) int {
		p := mustPolicy(t, cfg, start)
		r := rng.New(2)
		n := 0
		for range 300 {
			s := start.Clone()
			p.Run(s, &r, games.NoLimit, nil, nil)
			if cellAt(s, "a3") == 'o' {
				n++
			}
		}
		return n
	}
	for _, cfg := range []Config{{Kind: MR, Depth: 2}, {Kind: Decisive}} {
		if n := blocked(cfg); n != 300 {
			t.Errorf("%+v blocked a3 in %d of 300 playouts", cfg, n)
		}
	}
	for _, cfg := range []Config{{Kind: MR, Depth: 1}, {Kind: Random}} {
		if n := blocked(cfg); n > 150 {
			t.Errorf("%+v blocked a3 in %d of 300 playouts; it does not look ahead", cfg, n)
		}
	}
}

// In misère Breakthrough, stepping onto the far rank loses at once. With a
// piece one step from it and nothing else, White must lose at once; with
// another piece to move, MR(1) never takes the losing step first.
func TestMisereAvoidsSelfLoss(t *testing.T) {
	p := mustPolicy(t, Config{Kind: MR, Depth: 1}, pos(t, "breakthrough:misere", "4b/w4/5/5/5 w"))
	r := rng.New(3)
	for _, tc := range []struct {
		text   string
		forced bool
	}{{"4b/w4/5/5/5 w", true}, {"4b/w4/5/2w2/5 w", false}} {
		start := pos(t, "breakthrough:misere", tc.text)
		for range 100 {
			s := start.Clone()
			n, _ := p.Run(s, &r, games.NoLimit, nil, nil)
			if tc.forced != (n == 1) {
				t.Fatalf("%q: playout of %d moves to %q", tc.text, n, s.String())
			}
		}
	}
}

func TestNestedPolicyCountsStates(t *testing.T) {
	start := pos(t, "breakthrough", "bbbbb/bbbbb/5/wwwww/wwwww w")
	p := mustPolicy(t, Config{Kind: Nested, Nested: nmcs.Config{Level: 1, Discount: true, COW: 1}}, start)
	r := rng.New(4)
	s := start.Clone()
	n, states := p.Run(s, &r, games.NoLimit, nil, nil)
	if !s.Terminal() || n < 1 || states < int64(n)*10 {
		t.Fatalf("moves %d, states %d, terminal %v", n, states, s.Terminal())
	}
}

func TestNoAllocations(t *testing.T) {
	start := pos(t, "breakthrough", "bbbbb/bbbbb/5/wwwww/wwwww w")
	for _, cfg := range []Config{{Kind: Random}, {Kind: MR, Depth: 2}, {Kind: Decisive}, {Kind: Nested, Nested: nmcs.Config{Level: 1}}} {
		p := mustPolicy(t, cfg, start)
		r := rng.New(5)
		s := start.Clone()
		if a := testing.AllocsPerRun(20, func() {
			s.CopyFrom(start)
			p.Run(s, &r, games.NoLimit, nil, nil)
		}); a != 0 {
			t.Errorf("%+v: %v allocations per playout", cfg, a)
		}
	}
}

func TestBadConfig(t *testing.T) {
	s := pos(t, "tictactoe", "3/3/3 x")
	for _, cfg := range []Config{{Kind: MR, Depth: 0}, {Kind: "greedy"}} {
		if _, err := New(cfg, s); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}

// Epsilon-greedy with epsilon 0 always plays a move whose successor the
// heuristic values best for the mover; with epsilon 1 it plays every move
// some of the time.
func TestEGreedy(t *testing.T) {
	start := pos(t, "breakthrough", "5/b4/2wb1/2w2/w4 w")
	h, err := knowledge.NewHeuristic(start.Game(), "efms")
	if err != nil {
		t.Fatal(err)
	}
	value := func(m games.Move) float64 {
		c := start.Clone()
		c.Play(m)
		return h.Value(c)
	}
	best := math.Inf(-1)
	for _, m := range start.Legal(nil) {
		best = max(best, value(m))
	}
	greedy := mustPolicy(t, Config{Kind: EGreedy, Epsilon: 0, Heuristic: "efms"}, start)
	random := mustPolicy(t, Config{Kind: EGreedy, Epsilon: 1, Heuristic: "efms"}, start)
	r := rng.New(4)
	seen := map[games.Move]bool{}
	var tr Trace
	for range 200 {
		s := start.Clone()
		tr.Reset()
		if n, states := greedy.Run(s, &r, 1, nil, &tr); n != 1 || states != int64(len(start.Legal(nil))+1) {
			t.Fatalf("one step played %d moves, %d states", n, states)
		}
		if v := value(tr.Moves[0]); v != best || tr.Movers[0] != games.First {
			t.Fatalf("greedy played %s worth %v (mover %d), best %v", start.MoveString(tr.Moves[0]), v, tr.Movers[0], best)
		}
		tr.Reset()
		random.Run(start.Clone(), &r, 1, nil, &tr)
		seen[tr.Moves[0]] = true
	}
	if len(seen) != len(start.Legal(nil)) {
		t.Errorf("epsilon 1 played %d of %d moves", len(seen), len(start.Legal(nil)))
	}
	if _, err := New(Config{Kind: EGreedy, Epsilon: 0.1, Heuristic: "efms"}, pos(t, "nogo", "")); err == nil {
		t.Error("egreedy on nogo with efms was accepted")
	}
}

// Epsilon-greedy on an informed base (the implicit-minimax paper's players,
// whose steps build on its playout ipp): a step the base forces chooses
// among its forced moves whatever epsilon, decisive wins first, then the
// blocks of an immediate loss; a free step's random move is the base's
// weighted draw (an undefended capture four times as likely as another
// move); and a free greedy step plays what it plays without a base.
func TestEGreedyOnAnInformedBase(t *testing.T) {
	informed := func(eps float64) Policy {
		return mustPolicy(t, Config{Kind: EGreedy, Epsilon: eps, Heuristic: "efms", Name: "ipp"}, pos(t, "breakthrough", ""))
	}
	step := func(p Policy, start games.State, r *rng.Rand) string {
		var tr Trace
		p.Run(start.Clone(), r, 1, nil, &tr)
		return start.MoveString(tr.Moves[0])
	}
	r := rng.New(9)
	for _, tc := range []struct {
		name, position string
		want           []string
	}{
		// b4 takes a5 or c5 and wins; c1, d1 and e1 have quiet moves.
		{"decisive", "bbb2/1w3/5/5/2www w", []string{"b4-a5", "b4-c5"}},
		// Black's b2 threatens c1; only a1-b2 (taking it) stops it.
		{"anti-decisive", "bbbbb/5/5/1b3/ww1ww w", []string{"a1-b2"}},
	} {
		start := pos(t, "breakthrough", tc.position)
		for _, eps := range []float64{0, 0.5, 1} {
			p := informed(eps)
			for range 100 {
				if m := step(p, start, &r); !slices.Contains(tc.want, m) {
					t.Fatalf("%s, epsilon %g: played %s, want one of %v", tc.name, eps, m, tc.want)
				}
			}
		}
	}
	// a2-b3 takes an undefended piece: weight 4 against 6 other moves.
	start := pos(t, "breakthrough", "b1bbb/5/1b3/w4/1w1w1 w")
	random := informed(1)
	const n = 20000
	takes := 0
	for range n {
		if step(random, start, &r) == "a2-b3" {
			takes++
		}
	}
	if p, se := float64(takes)/n, math.Sqrt(0.4*0.6/n); math.Abs(p-0.4) > 4*se {
		t.Errorf("the random move took the undefended piece %.4f of the time, want 0.4 (4 of 10)", p)
	}
	plain := mustPolicy(t, Config{Kind: EGreedy, Epsilon: 0, Heuristic: "efms"}, start)
	greedy := informed(0)
	for seed := range uint64(50) {
		ra, rb := rng.New(seed), rng.New(seed)
		if a, b := step(greedy, start, &ra), step(plain, start, &rb); a != b {
			t.Fatalf("seed %d: a free greedy step played %s on the base, %s without", seed, a, b)
		}
	}
	if _, err := New(Config{Kind: EGreedy, Epsilon: 0.1, Heuristic: "efms", Name: "nope"}, start); err == nil {
		t.Error("an unknown base was accepted")
	}
}

// With ties=base a greedy step draws among its best moves by the base's
// weights: two captures tie under efMS, and ipp-fw weighs the undefended
// one 5 against the other's 2; uniform ties draw them alike.
func TestEGreedyTiesByTheBase(t *testing.T) {
	// White's b2 takes a3 (undefended: nothing on b4) or c3 (defended by
	// Black's d4); no other move scores as high.
	start := pos(t, "breakthrough", "bbbb1/3b1/b1b2/1w3/w3w w")
	for _, tc := range []struct {
		ties bool
		want float64 // share of b2xa3
	}{{false, 0.5}, {true, 5.0 / 7}} {
		p := mustPolicy(t, Config{Kind: EGreedy, Epsilon: 0, Heuristic: "efms", Name: "ipp-fw", BaseTies: tc.ties}, start)
		r := rng.New(6)
		const n = 14000
		counts := map[string]int{}
		for range n {
			var tr Trace
			p.Run(start.Clone(), &r, 1, nil, &tr)
			counts[start.MoveString(tr.Moves[0])]++
		}
		if len(counts) != 2 {
			t.Fatalf("ties %v: %v, want the two captures", tc.ties, counts)
		}
		if got, se := float64(counts["b2-a3"])/n, math.Sqrt(tc.want*(1-tc.want)/n); math.Abs(got-tc.want) > 4*se {
			t.Errorf("ties %v: b2-a3 %.4f of the time, want %.4f (%v)", tc.ties, got, tc.want, counts)
		}
	}
	if _, err := New(Config{Kind: EGreedy, Epsilon: 0.1, Heuristic: "efms", BaseTies: true}, start); err == nil {
		t.Error("ties=base without a base was accepted")
	}
}

// Every policy honours a ply limit, and records what it plays.
func TestLimitAndTrace(t *testing.T) {
	start := pos(t, "breakthrough:size=8x8", "")
	for _, cfg := range []Config{{Kind: Random}, {Kind: Decisive}, {Kind: MR, Depth: 2}, {Kind: EGreedy, Epsilon: 0.5, Heuristic: "efms"}} {
		p := mustPolicy(t, cfg, start)
		r := rng.New(5)
		var tr Trace
		s := start.Clone()
		n, _ := p.Run(s, &r, 7, nil, &tr)
		if n != 7 || len(tr.Moves) != 7 {
			t.Fatalf("%+v: %d moves, %d recorded, want 7", cfg, n, len(tr.Moves))
		}
		replay := start.Clone()
		for i, m := range tr.Moves {
			if tr.Movers[i] != replay.ToMove() {
				t.Fatalf("%+v: move %d recorded for player %d", cfg, i, tr.Movers[i])
			}
			replay.Play(m)
		}
		if replay.Hash() != s.Hash() {
			t.Fatalf("%+v: the trace does not replay to the playout's end", cfg)
		}
	}
}

// A nested playout records the moves of its top level, which are the moves
// played on the position, with their movers (Kalah's extra turns included).
func TestNestedTrace(t *testing.T) {
	for _, spec := range []string{"kalah:houses=3,seeds=2", "breakthrough"} {
		start := pos(t, spec, "")
		for _, level := range []int{0, 1} {
			p := mustPolicy(t, Config{Kind: Nested, Nested: nmcs.Config{Level: level}}, start)
			r := rng.New(6)
			var tr Trace
			s := start.Clone()
			n, _ := p.Run(s, &r, games.NoLimit, nil, &tr)
			replay := start.Clone()
			for i, m := range tr.Moves {
				if tr.Movers[i] != replay.ToMove() {
					t.Fatalf("%s level %d: move %d recorded for player %d", spec, level, i, tr.Movers[i])
				}
				replay.Play(m)
			}
			if n != len(tr.Moves) || !s.Terminal() || replay.Hash() != s.Hash() {
				t.Fatalf("%s level %d: %d moves, %d recorded, replay reaches the end: %v", spec, level, n, len(tr.Moves), replay.Hash() == s.Hash())
			}
		}
	}
}

func init() {
	// The Breakthrough heuristics without their move scores, so that the
	// epsilon-greedy policy plays each move to value it.
	for _, name := range []string{"efms", "eflh"} {
		knowledge.RegisterHeuristic("breakthrough", name+"-valueonly-test", "test: "+name+" without ScoreAfter",
			func(g games.Game) (knowledge.Heuristic, error) {
				h, err := knowledge.NewHeuristic(g, name)
				return valueOnly{h}, err
			})
	}
}

type valueOnly struct{ h knowledge.Heuristic }

func (v valueOnly) Value(s games.State) float64 { return v.h.Value(s) }

// Epsilon-greedy playouts that score moves with the heuristic's ScoreAfter
// play the same games, draw for draw, as those that play each move and ask
// Value.
func TestEGreedyScoresAsValues(t *testing.T) {
	for _, tc := range []struct{ spec, h string }{
		{"breakthrough:size=8x8", "efms"}, {"breakthrough:size=8x8", "eflh"}, {"breakthrough", "efms"}, {"breakthrough:size=6x7,home=1", "efms"},
	} {
		start := pos(t, tc.spec, "")
		fast := mustPolicy(t, Config{Kind: EGreedy, Epsilon: 0.1, Heuristic: tc.h}, start)
		slow := mustPolicy(t, Config{Kind: EGreedy, Epsilon: 0.1, Heuristic: tc.h + "-valueonly-test"}, start)
		if _, ok := fast.(*egreedy).h.(knowledge.Scorer); !ok {
			t.Fatalf("%s has no ScoreAfter", tc.h)
		}
		for seed := range uint64(30) {
			a, b := start.Clone(), start.Clone()
			ra, rb := rng.New(seed), rng.New(seed)
			var ta, tb Trace
			na, sa := fast.Run(a, &ra, games.NoLimit, nil, &ta)
			nb, sb := slow.Run(b, &rb, games.NoLimit, nil, &tb)
			if na != nb || sa != sb || a.String() != b.String() || ra != rb {
				t.Fatalf("%s %s seed %d: scored playout %d moves to %s, valued one %d moves to %s", tc.spec, tc.h, seed, na, a, nb, b)
			}
		}
	}
}
