package gametest

import (
	"testing"

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
