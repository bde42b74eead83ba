package loa_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/knowledge"
	"mcarena/games/loa"
	"mcarena/games/rng"
)

func miaSub(t testing.TB) knowledge.Heuristic {
	t.Helper()
	h, err := knowledge.NewHeuristic(gametest.MustGame(t, "loa"), "mia-sub")
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// swapColours gives each piece to the other side and the move with it.
func swapColours(text string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'b':
			return 'w'
		case 'w':
			return 'b'
		}
		return r
	}, text)
}

// The value is tanh of the weighted feature differences over 2, from
// Black's view: 0 at the symmetric start, negated when the colours swap,
// the outcome once the game is over.
func TestMiaSubValueIsBlacksView(t *testing.T) {
	h := miaSub(t)
	if got := h.Value(gametest.MustPosition(t, "loa", "")); got != 0 {
		t.Errorf("start: got %v, want 0", got)
	}
	for _, text := range []string{
		"7w/8/8/3bb3/3b4/8/8/w5b1 b",           // Black's block against two white corners
		"3w4/8/3b1b2/8/2w1w2b/5w2/8/5w2 b 162", // late in a random game
		"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w",
	} {
		s := gametest.MustPosition(t, "loa", text)
		b, w := loa.FeaturesOf(s, games.First), loa.FeaturesOf(s, games.Second)
		d := 1*(w.Conc-b.Conc) + 1*(b.Centre-w.Centre) + 0.25*(w.Groups-b.Groups) + 0.05*(b.Mobility-w.Mobility)
		if got, want := h.Value(s), math.Tanh(d/2); math.Abs(got-want) > 1e-12 {
			t.Errorf("%q: got %v, want tanh(%v/2) = %v", text, got, d, want)
		}
		swapped := gametest.MustPosition(t, "loa", swapColours(text))
		if got, want := h.Value(swapped), -h.Value(s); math.Abs(got-want) > 1e-12 {
			t.Errorf("%q with the colours swapped: got %v, want %v", text, got, want)
		}
	}
	if got := h.Value(gametest.MustPosition(t, "loa", "7w/8/8/3bb3/3b4/8/8/w5b1 b")); got <= 0.5 {
		t.Errorf("a central block and a straggler against two corners: got %v, want well above 0", got)
	}
	// Black's capture of a1 leaves White's h8 a group of one: White wins.
	over := gametest.MustPosition(t, "loa", "w6b/8/8/8/8/8/8/b1w5 b")
	m, _ := over.ParseMove("a1xc1")
	over.Play(m)
	if got := h.Value(over); got != -1 {
		t.Errorf("a game White won: got %v, want -1", got)
	}
}

// greedy plays the move whose successor h values best for the mover, ties
// drawn uniformly.
func greedy(h knowledge.Heuristic, s games.State, r *rng.Rand, child games.State, buf, best []games.Move) games.Move {
	best = best[:0]
	top := math.Inf(-1)
	for _, m := range s.Legal(buf) {
		child.CopyFrom(s)
		child.Play(m)
		v := h.Value(child)
		if s.ToMove() == games.Second {
			v = -v
		}
		switch {
		case v > top:
			top, best = v, append(best[:0], m)
		case v == top:
			best = append(best, m)
		}
	}
	return best[r.Intn(len(best))]
}

// The weights are checked by play: a player that makes the move mia-sub
// values best, one ply deep, beats a uniformly random player in at least
// 36 of 40 games, 20 with each colour.
func TestMiaSubGreedyBeatsRandom(t *testing.T) {
	h := miaSub(t)
	g := gametest.MustGame(t, "loa")
	r := rng.New(11)
	child := g.NewState()
	buf, best := make([]games.Move, 0, g.MaxMoves()), make([]games.Move, 0, g.MaxMoves())
	wins, plies := 0, 0
	const n = 40
	for i := range n {
		seat := games.Player(i % 2)
		s := g.NewState()
		for !s.Terminal() {
			if s.ToMove() == seat {
				s.Play(greedy(h, s, &r, child, buf, best))
			} else {
				ms := s.Legal(buf)
				s.Play(ms[r.Intn(len(ms))])
			}
			plies++
		}
		if s.Outcome() == games.WinFor(seat) {
			wins++
		}
	}
	t.Logf("greedy mia-sub won %d of %d games against random, %.0f plies a game", wins, n, float64(plies)/n)
	if wins < 36 {
		t.Errorf("greedy mia-sub won %d of %d games against random, want at least 36", wins, n)
	}
}

// midgame returns positions 20 to 60 plies into seeded random games.
func midgame(t testing.TB, n int) []games.State {
	g := gametest.MustGame(t, "loa")
	r := rng.New(3)
	var out []games.State
	for len(out) < n {
		s := gametest.RandomPlies(g.NewState(), &r, 20+r.Intn(41))
		if !s.Terminal() {
			out = append(out, s)
		}
	}
	return out
}

func TestMiaSubAllocatesNothing(t *testing.T) {
	h := miaSub(t)
	ps := midgame(t, 8)
	if a := testing.AllocsPerRun(50, func() {
		for _, s := range ps {
			h.Value(s)
		}
	}); a != 0 {
		t.Errorf("%v allocations per 8 values", a)
	}
}

func TestCaptureClassifier(t *testing.T) {
	s := gametest.MustPosition(t, "loa", "7w/8/8/8/8/w7/8/b6b b")
	c, err := knowledge.NewClassifier(s.Game(), "capture")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range s.Legal(nil) {
		if c.Is(s, m) {
			got = append(got, s.MoveString(m))
		}
	}
	if strings.Join(got, " ") != "a1xa3" {
		t.Errorf("captures %v, want a1xa3", got)
	}
}

// The capture classifier's Partition orders moves exactly as asking Is
// move by move does, over the positions of random games.
func TestCapturePartitionMatchesIs(t *testing.T) {
	g := gametest.MustGame(t, "loa")
	c, err := knowledge.NewClassifier(g, "capture")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := c.(knowledge.Partitioner)
	if !ok {
		t.Fatal("capture is no Partitioner")
	}
	r := rng.New(9)
	checked := 0
	for range 20 {
		for s := g.NewState(); !s.Terminal(); checked++ {
			ms := s.Legal(nil)
			got, want := slices.Clone(ms), slices.Clone(ms)
			n, wantN := p.Partition(s, got), knowledge.PartitionByIs(c, s, want)
			if n != wantN || !slices.Equal(got, want) {
				t.Fatalf("%q: %d captures first %v, by Is %d %v", s.String(), n, got, wantN, want)
			}
			s.Play(ms[r.Intn(len(ms))])
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// BenchmarkMiaSubValue is one evaluation of a mid-game position (ns/op).
func BenchmarkMiaSubValue(b *testing.B) {
	h := miaSub(b)
	ps := midgame(b, 64)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		h.Value(ps[i&63])
		i++
	}
}

// TestMiaSubWeightCheck is the check behind mia-sub's weights (go test -v
// prints the scores): one-ply greedy players of the weights and of variants
// (each feature alone, each feature left out, each weight doubled) play 80
// games each from starts of four random plies, seats swapped, and the log
// gives the weights' score against each; no variant may score above 49 of
// 80, the top of an even match's 95% range.
func TestMiaSubWeightCheck(t *testing.T) {
	base := loa.DefaultWeights()
	type variant struct {
		name string
		w    loa.Weights
	}
	var vs []variant
	for i, name := range []string{"conc", "centre", "groups", "mobility"} {
		alone, without, doubled := loa.Weights{Scale: 2}, base, base
		f := func(w *loa.Weights) *float64 { return []*float64{&w.Conc, &w.Centre, &w.Groups, &w.Mobility}[i] }
		*f(&alone) = *f(&base)
		*f(&without) = 0
		*f(&doubled) *= 2
		vs = append(vs, variant{name + " alone", alone}, variant{"no " + name, without}, variant{name + " x2", doubled})
	}
	g := gametest.MustGame(t, "loa")
	child := g.NewState()
	buf, best := make([]games.Move, 0, g.MaxMoves()), make([]games.Move, 0, g.MaxMoves())
	for _, v := range vs {
		r := rng.New(21)
		hs := [2]knowledge.Heuristic{loa.NewMiaSub(base), loa.NewMiaSub(v.w)}
		score := 0.0
		const n = 80
		for i := range n {
			seat := games.Player(i % 2) // the base weights' seat
			s := gametest.RandomPlies(g.NewState(), &r, 4)
			for !s.Terminal() {
				h := hs[1]
				if s.ToMove() == seat {
					h = hs[0]
				}
				s.Play(greedy(h, s, &r, child, buf, best))
			}
			switch s.Outcome() {
			case games.WinFor(seat):
				score++
			case games.Draw:
				score += 0.5
			}
		}
		t.Logf("weights against %-16s %4.1f of %d", v.name, score, n)
		// No variant beats the weights by more than an even match's 95%
		// range (40 +- 9 of 80).
		if n-score > 49 {
			t.Errorf("%s scored %.1f of %d against the weights, more than an even match's 49", v.name, n-score, n)
		}
	}
}
