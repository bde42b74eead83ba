package policy

import (
	"context"
	"math"
	"slices"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// Black's g4-e4 joins d4 and d5 and wins; no other move does. With depth 1
// and no random moves, ab plays it every time, and so does depth 2.
func TestABPlaysTheMoveThatConnects(t *testing.T) {
	start := pos(t, "loa", "w7/8/8/3b4/3b2b1/8/8/w6w b")
	decisive, err := knowledge.NewClassifier(start.Game(), "decisive")
	if err != nil {
		t.Fatal(err)
	}
	var wins []string
	for _, m := range start.Legal(nil) {
		if decisive.Is(start, m) {
			wins = append(wins, start.MoveString(m))
		}
	}
	if !slices.Equal(wins, []string{"g4-e4"}) || len(start.Legal(nil)) < 10 {
		t.Fatalf("winning moves %v of %d, want only g4-e4", wins, len(start.Legal(nil)))
	}
	for _, depth := range []int{1, 2} {
		p := mustPolicy(t, Config{Kind: AB, Depth: depth, Epsilon: 0, Heuristic: "mia-sub"}, start)
		r := rng.New(1)
		for range 50 {
			s := start.Clone()
			n, _ := p.Run(s, &r, games.NoLimit, nil, nil)
			if n != 1 || s.Outcome() != games.FirstWins {
				t.Fatalf("depth %d: %d moves to %q", depth, n, s.String())
			}
		}
	}
}

// From positions of random games, ab plays only legal moves, each recorded
// with its mover, and the trace replays to where the playout ended; it
// stops at the ply limit. Breakthrough's efMS shows the policy is generic.
func TestABPlaysLegalMovesAndTracesReplay(t *testing.T) {
	for _, tc := range []struct {
		game, heuristic string
		depths          []int
	}{
		{"loa", "mia-sub", []int{1, 2}},
		{"breakthrough:size=8x8", "efms", []int{1, 2}},
		{"kalah:houses=4,seeds=3", "stores", []int{1, 2, 3}}, // extra turns: the mover repeats
	} {
		g := gametest.MustGame(t, tc.game)
		for _, depth := range tc.depths {
			p := mustPolicy(t, Config{Kind: AB, Depth: depth, Epsilon: 0.2, Heuristic: tc.heuristic}, g.NewState())
			r := rng.New(uint64(depth))
			var tr Trace
			for i := range 8 {
				start := gametest.RandomPlies(g.NewState(), &r, r.Intn(40))
				limit := games.NoLimit
				if i%2 == 0 {
					limit = 5
				}
				s := start.Clone()
				tr.Reset()
				n, states := p.Run(s, &r, limit, nil, &tr)
				if n != len(tr.Moves) || states < int64(n) || n > limit || (n < limit && !s.Terminal()) {
					t.Fatalf("%s depth %d: %d moves, %d recorded, %d states, limit %d, ended %v", tc.game, depth, n, len(tr.Moves), states, limit, s.Terminal())
				}
				replay := start.Clone()
				for j, m := range tr.Moves {
					if !slices.Contains(replay.Legal(nil), m) || tr.Movers[j] != replay.ToMove() {
						t.Fatalf("%s depth %d: move %d %d by player %d is not legal in %q", tc.game, depth, j, m, tr.Movers[j], replay.String())
					}
					replay.Play(m)
				}
				if replay.Hash() != s.Hash() || replay.String() != s.String() {
					t.Fatalf("%s depth %d: the trace replays to %q, the playout ended at %q", tc.game, depth, replay.String(), s.String())
				}
			}
		}
	}
}

// ab's choice is the plain minimax choice: from positions of random games
// and after playouts have left killers behind, each step's move is the one
// its random draw picks among the moves whose unpruned depth-limited value
// is best, in the order the step searches them (captures first). Pruning,
// the search window and the killers' order below the step may change how
// many positions are visited, never what is chosen.
func TestABChoosesAsPlainMinimax(t *testing.T) {
	// moved counts the steps where the killer, moved to the front, tied
	// with a move before its place: the case where the draw needs the
	// order restored.
	moved, shuffled := 0, 0
	for _, tc := range []struct {
		game, heuristic string
		depths          []int
	}{
		{"loa", "mia-sub", []int{1, 2, 3}},
		{"breakthrough:size=8x8", "efms", []int{1, 2, 3}},
		{"kalah:houses=4,seeds=3", "stores", []int{1, 2, 3}},
	} {
		g := gametest.MustGame(t, tc.game)
		for _, depth := range tc.depths {
			p := mustPolicy(t, Config{Kind: AB, Depth: depth, Epsilon: 0, Heuristic: tc.heuristic}, g.NewState()).(*alphaBeta)
			h, err := knowledge.NewHeuristic(g, tc.heuristic)
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(uint64(10 + depth))
			steps, ties, want := 0, 0, 400
			if depth == 3 {
				want = 40 // unpruned depth 3 is slow
			}
			for steps < want {
				s := gametest.RandomPlies(g.NewState(), &r, r.Intn(50))
				if s.Terminal() {
					continue
				}
				// A playout first, so the step below meets killers from
				// other positions.
				p.Run(s.Clone(), &r, 6, nil, nil)
				moves := s.Legal(nil)
				p.order(s, moves)
				var best []games.Move
				top := math.Inf(-1)
				for _, m := range moves {
					c := s.Clone()
					c.Play(m)
					v := plainValue(c, s.ToMove(), h, 1, depth)
					switch {
					case v > top:
						top, best = v, append(best[:0], m)
					case v == top:
						best = append(best, m)
					}
				}
				shuffle := depth > 1 && steps%2 == 1
				if depth > 1 && !shuffle && slices.Index(best, p.killers[1]) > 0 {
					moved++
				}
				draw := r // the step draws from a copy of this stream
				plain := best[draw.Intn(len(best))]
				if shuffle {
					// As if the last step had valued s's moves at random:
					// any root order must give the same choice.
					p.pvReplies = p.pvReplies[:0]
					for _, m := range moves {
						p.pvReplies = append(p.pvReplies, reply{m, draw.Float64()})
					}
					p.keepReplies(s.Hash())
					p.pvNext = true
					shuffled++
				}
				if got := p.choose(s, s.Legal(nil), &r); got != plain {
					t.Fatalf("%s depth %d in %q: ab chose %s, plain minimax %s of %d best", tc.game, depth, s.String(), s.MoveString(got), s.MoveString(plain), len(best))
				}
				steps++
				if len(best) > 1 {
					ties++
				}
			}
			if tc.game == "loa" && depth == 2 && ties == 0 {
				t.Errorf("loa depth 2: no step had tied best moves; the draw among ties went unchecked")
			}
		}
	}
	if moved == 0 {
		t.Errorf("no step had the killer tied behind another move; the restored order went unchecked")
	}
	if shuffled == 0 {
		t.Errorf("no step was searched in a shuffled root order")
	}
}

// Trying a node's killer before listing its moves (LOA's states tell one
// move's legality) searches the same tree as listing first: from the same
// positions and random streams the playouts play the same moves and count
// the same states, while the killer has cut off most nodes unlisted.
func TestABKillerBeforeListingSearchesTheSameTree(t *testing.T) {
	g := gametest.MustGame(t, "loa")
	for _, depth := range []int{2, 3} {
		cfg := Config{Kind: AB, Depth: depth, Epsilon: 0.05, Heuristic: "mia-sub"}
		early := mustPolicy(t, cfg, g.NewState()).(*alphaBeta)
		listing := mustPolicy(t, cfg, g.NewState()).(*alphaBeta)
		if !early.checkable || early.live == nil {
			t.Fatalf("LOA's states or mia-sub lost their shortcuts: checkable %v, live %v", early.checkable, early.live != nil)
		}
		listing.checkable, listing.live = false, nil
		r := rng.New(uint64(depth))
		var te, tl Trace
		steps := 0
		for range 30 {
			start := gametest.RandomPlies(g.NewState(), &r, r.Intn(60))
			ne, ce, he := playFrom(early, start, r, 8, &te)
			nl, cl, hl := playFrom(listing, start, r, 8, &tl)
			if ne != nl || ce != cl || !slices.Equal(te.Moves, tl.Moves) || he != hl {
				t.Fatalf("depth %d from %q: killer first %d moves %d states %v, listing first %d moves %d states %v", depth, start.String(), ne, ce, te.Moves, nl, cl, tl.Moves)
			}
			steps += ne
		}
		if steps < 100 {
			t.Fatalf("depth %d: %d steps compared, want at least 100", depth, steps)
		}
		if early.unlisted == 0 || listing.unlisted != 0 {
			t.Fatalf("depth %d: %d nodes cut off unlisted, %d without the shortcut: the early path went unchecked", depth, early.unlisted, listing.unlisted)
		}
	}
}

// Searching a step's root moves in the order the last step valued them
// (the replies of the move it played) changes how soon the others are cut
// off, never the choice: with and without it, playouts from the same
// positions and random streams play the same moves, and with it they
// visit fewer states.
func TestABRepliesOrderTheNextRootWithoutChangingChoices(t *testing.T) {
	for _, tc := range []struct {
		game, heuristic string
		depth           int
	}{
		{"loa", "mia-sub", 2},
		{"loa", "mia-sub", 3},
		{"breakthrough:size=8x8", "efms", 2},
		{"kalah:houses=4,seeds=3", "stores", 3}, // extra turns: the mover repeats
	} {
		g := gametest.MustGame(t, tc.game)
		cfg := Config{Kind: AB, Depth: tc.depth, Epsilon: 0.05, Heuristic: tc.heuristic}
		ordered := mustPolicy(t, cfg, g.NewState()).(*alphaBeta)
		plain := mustPolicy(t, cfg, g.NewState()).(*alphaBeta)
		if !ordered.replyOrder {
			t.Fatalf("%s: the replies' order is off", tc.game)
		}
		plain.replyOrder = false
		r := rng.New(uint64(tc.depth))
		var to, tp Trace
		var statesOrdered, statesPlain int64
		for range 30 {
			start := gametest.RandomPlies(g.NewState(), &r, r.Intn(40))
			no, co, ho := playFrom(ordered, start, r, 10, &to)
			np, cp, hp := playFrom(plain, start, r, 10, &tp)
			if no != np || !slices.Equal(to.Moves, tp.Moves) || ho != hp {
				t.Fatalf("%s depth %d from %q: ordered %v, plain %v", tc.game, tc.depth, start.String(), to.Moves, tp.Moves)
			}
			statesOrdered += co
			statesPlain += cp
		}
		t.Logf("%s depth %d: %d states ordered, %d plain", tc.game, tc.depth, statesOrdered, statesPlain)
		if statesOrdered >= statesPlain {
			t.Errorf("%s depth %d: %d states with the replies' order, %d without: it saved nothing", tc.game, tc.depth, statesOrdered, statesPlain)
		}
	}
}

// playFrom runs p from a copy of start on r, a copy of the caller's
// stream, up to limit moves traced in tr, and returns the moves played,
// the states counted and the hash of the position reached.
func playFrom(p Policy, start games.State, r rng.Rand, limit int, tr *Trace) (int, int64, uint64) {
	s := start.Clone()
	tr.Reset()
	n, states := p.Run(s, &r, limit, nil, tr)
	return n, states, s.Hash()
}

// plainValue is the value of s for mover, ply plies below a step, by
// minimax without pruning, scored as the ab policy scores: a finished game
// by its outcome less a hundredth a ply, the heuristic at depth.
func plainValue(s games.State, mover games.Player, h knowledge.Heuristic, ply, depth int) float64 {
	sign := 1.0
	if s.ToMove() != mover {
		sign = -1
	}
	if s.Terminal() {
		return sign * float64(s.Outcome().Value(s.ToMove())) * (2 - 0.01*float64(ply))
	}
	var moves []games.Move
	if ply < depth {
		moves = s.Legal(nil)
	}
	if len(moves) == 0 {
		v := h.Value(s)
		if mover == games.Second {
			v = -v
		}
		return v
	}
	best := math.Inf(-1)
	for _, m := range moves {
		c := s.Clone()
		c.Play(m)
		best = max(best, plainValue(c, s.ToMove(), h, ply+1, depth))
	}
	return sign * best
}

// A stop signal already set stops ab before its first move.
func TestABLooksAtTheStopSignal(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stop := engines.NewStop(ctx, 0)
	s := pos(t, "loa", "")
	p := mustPolicy(t, Config{Kind: AB, Depth: 2, Epsilon: 0.05, Heuristic: "mia-sub"}, s)
	r := rng.New(2)
	if n, _ := p.Run(s, &r, games.NoLimit, stop, nil); n != 0 {
		t.Errorf("played %d moves after the stop", n)
	}
}

// After a first playout has grown the trace, playouts allocate nothing.
func TestABAllocatesNothing(t *testing.T) {
	start := gametest.RandomPlies(pos(t, "loa", ""), new(rng.New(3)), 20)
	p := mustPolicy(t, Config{Kind: AB, Depth: 2, Epsilon: 0.05, Heuristic: "mia-sub"}, start)
	r := rng.New(4)
	var tr Trace
	s := start.Clone()
	p.Run(s, &r, games.NoLimit, nil, &tr)
	if a := testing.AllocsPerRun(5, func() {
		s.CopyFrom(start)
		tr.Reset()
		p.Run(s, &r, 30, nil, &tr)
	}); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}

func TestABConfigErrors(t *testing.T) {
	s := pos(t, "loa", "")
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Kind: AB, Depth: 0, Heuristic: "mia-sub"}, "ab depth 0: want 1..4"},
		{Config{Kind: AB, Depth: 2, Epsilon: 1.5, Heuristic: "mia-sub"}, "epsilon 1.5: want 0..1"},
		{Config{Kind: AB, Depth: 2, Heuristic: "efms"}, `game "loa" has no heuristic "efms": its heuristics are mia-sub, outcome`},
	} {
		if _, err := New(tc.cfg, s); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: got %v, want %q", tc.cfg, err, tc.want)
		}
	}
}

// BenchmarkABStep is one step of ab(depth=2) with mia-sub from LOA
// positions 20 to 60 plies into random games (ns/op a step).
func BenchmarkABStep(b *testing.B) {
	g := gametest.MustGame(b, "loa")
	r := rng.New(5)
	var starts []games.State
	for len(starts) < 32 {
		if s := gametest.RandomPlies(g.NewState(), &r, 20+r.Intn(41)); !s.Terminal() {
			starts = append(starts, s)
		}
	}
	p := mustPolicy(b, Config{Kind: AB, Depth: 2, Epsilon: 0, Heuristic: "mia-sub"}, starts[0])
	s := starts[0].Clone()
	var states int64
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(starts[i&31])
		_, n := p.Run(s, &r, 1, nil, nil)
		states += n
		i++
	}
	b.ReportMetric(float64(states)/float64(b.N), "states/step")
}
