package loa_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// BenchmarkPlayout is uniform random playouts from the start: ns/op is one
// playout, states/s the plies per second.
func BenchmarkPlayout(b *testing.B) {
	gametest.BenchmarkPlayout(b, gametest.MustGame(b, "loa"))
}

// BenchmarkRecordPlayout compares recorded playouts with plain ones in the
// same run (rec/plain).
func BenchmarkRecordPlayout(b *testing.B) {
	gametest.BenchmarkRecordPlayout(b, gametest.MustGame(b, "loa"))
}

// BenchmarkLegalPlay is the generic loop an engine would run: Legal into a
// buffer and Play, one random game per op.
func BenchmarkLegalPlay(b *testing.B) {
	g := gametest.MustGame(b, "loa")
	start := g.NewState()
	s := start.Clone()
	r := rng.New(1)
	buf := make([]games.Move, 0, g.MaxMoves())
	states := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		states += games.LegalPlayout(s, &r, buf, games.NoLimit)
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
}

// BenchmarkPerft is perft(4) from the start: 1,563,208 leaves.
func BenchmarkPerft(b *testing.B) {
	s := gametest.MustGame(b, "loa").NewState()
	var n uint64
	b.ReportAllocs()
	for b.Loop() {
		n = games.Perft(s, 4)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftMidgame is perft(3) from a position near the end of a
// random game, where connections are checked often.
func BenchmarkPerftMidgame(b *testing.B) {
	s := gametest.MustPosition(b, "loa", "3w4/8/3b1b2/8/2w1w2b/5w2/8/5w2 b 162")
	b.ReportAllocs()
	for b.Loop() {
		games.Perft(s, 3)
	}
}
