package gametest

import (
	"slices"
	"testing"
	"time"

	"mcarena/games"
	"mcarena/games/rng"
)

// MustGame builds a game from a spec or fails the test.
func MustGame(t testing.TB, spec string) games.Game {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// MustPosition reads a position of a game spec, or returns the start
// position when text is empty, or fails the test.
func MustPosition(t testing.TB, spec, text string) games.State {
	t.Helper()
	g := MustGame(t, spec)
	if text == "" {
		return g.NewState()
	}
	s, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// MustPlay plays moves written in the game's notation on s, in order, and
// returns them, or fails the test at the first it cannot read or that is
// not legal.
func MustPlay(t testing.TB, s games.State, moves ...string) []games.Move {
	t.Helper()
	var out []games.Move
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("%s in %s: %v", text, s, err)
		}
		s.Play(m)
		out = append(out, m)
	}
	return out
}

// BenchmarkPlayout measures uniform random playouts of g from its start
// position and reports states per second.
func BenchmarkPlayout(b *testing.B, g games.Game) {
	start := g.NewState()
	s := start.Clone()
	r := rng.New(1)
	states := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		states += s.Playout(&r, games.NoLimit)
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
}

// RandomPlies plays up to n uniformly random legal moves on s, stopping at
// the end of the game, and returns s.
func RandomPlies(s games.State, r *rng.Rand, n int) games.State {
	for i := 0; i < n && !s.Terminal(); i++ {
		ms := s.Legal(nil)
		s.Play(ms[r.Intn(len(ms))])
	}
	return s
}

// MoveValue solves the position after move m of s exhaustively and returns
// its value for the player to move at s (1 win, 0 draw, -1 loss), whoever
// moves next.
func MoveValue(s games.State, m games.Move) int {
	c := s.Clone()
	c.Play(m)
	v := Solve(c)
	if c.ToMove() != s.ToMove() {
		v = -v
	}
	return v
}

// BenchmarkRecordPlayout measures the cost of recording a playout. Each
// iteration plays a batch of playouts of g from its start position with
// Playout and the same games (the same generator states) with RecordPlayout
// into a trace reset each time, alternating which batch goes first, and
// times the two batches apart. It reports the states per second of both and
// rec/plain, the median over iterations of the recorded batch's time over the
// plain one's: a shared machine that stalls one batch moves the median little.
func BenchmarkRecordPlayout(b *testing.B, g games.Game) {
	const batch = 64
	start := g.NewState()
	s := start.Clone()
	var tr games.Trace
	var r, rp, rr rng.Rand // the benchmark's generator, the batches' copies
	r.Seed(1)
	var plain, rec time.Duration
	ratios := make([]float64, 0, 1<<16)
	states := 0
	run := func(record bool) time.Duration {
		t0 := time.Now()
		for range batch {
			s.CopyFrom(start)
			if record {
				tr.Reset()
				s.RecordPlayout(&rr, games.NoLimit, &tr)
			} else {
				states += s.Playout(&rp, games.NoLimit)
			}
		}
		return time.Since(t0)
	}
	b.ReportAllocs()
	odd := false
	for b.Loop() {
		rp, rr = r, r
		var tp, trec time.Duration
		if odd {
			trec = run(true)
			tp = run(false)
		} else {
			tp = run(false)
			trec = run(true)
		}
		plain, rec = plain+tp, rec+trec
		if len(ratios) < cap(ratios) {
			ratios = append(ratios, trec.Seconds()/tp.Seconds())
		}
		odd = !odd
		r = rp
	}
	slices.Sort(ratios)
	b.ReportMetric(float64(states)/plain.Seconds(), "plain-states/s")
	b.ReportMetric(float64(states)/rec.Seconds(), "rec-states/s")
	b.ReportMetric(ratios[len(ratios)/2], "rec/plain")
}
