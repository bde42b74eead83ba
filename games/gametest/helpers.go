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
