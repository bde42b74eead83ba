package havannah_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// BenchmarkPlayout is uniform random playouts from the empty board: ns/op is
// one playout, playouts/s and states/s (plies) the rates.
func BenchmarkPlayout(b *testing.B) {
	for _, spec := range []string{"havannah:base=5", "havannah:base=10"} {
		b.Run(spec, func(b *testing.B) {
			g := gametest.MustGame(b, spec)
			start := g.NewState()
			s := start.Clone()
			r := rng.New(1)
			states := 0
			b.ReportAllocs()
			for b.Loop() {
				s.CopyFrom(start)
				states += s.Playout(&r, games.NoLimit)
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "playouts/s")
			b.ReportMetric(float64(states)/sec, "states/s")
		})
	}
}

// BenchmarkRecordPlayout compares recorded playouts with plain ones in the
// same run (rec/plain).
func BenchmarkRecordPlayout(b *testing.B) {
	for _, spec := range []string{"havannah:base=5", "havannah:base=10"} {
		b.Run(spec, func(b *testing.B) {
			gametest.BenchmarkRecordPlayout(b, gametest.MustGame(b, spec))
		})
	}
}

// BenchmarkLegalPlay is the generic loop an engine would run: Legal into a
// buffer and Play, one random game per op.
func BenchmarkLegalPlay(b *testing.B) {
	for _, spec := range []string{"havannah:base=5", "havannah:base=10"} {
		b.Run(spec, func(b *testing.B) {
			g := gametest.MustGame(b, spec)
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
		})
	}
}

// BenchmarkCopyFrom is the copy-make step of a search: one copy of a
// half-full board.
func BenchmarkCopyFrom(b *testing.B) {
	for _, spec := range []string{"havannah:base=5", "havannah:base=10"} {
		b.Run(spec, func(b *testing.B) {
			g := gametest.MustGame(b, spec)
			r := rng.New(1)
			src := g.NewState()
			src.Playout(&r, g.MaxLength()/4)
			s := g.NewState()
			b.ReportAllocs()
			for b.Loop() {
				s.CopyFrom(src)
			}
		})
	}
}

// BenchmarkDecisivePlayout is the game's decisive playout from the empty
// board, beside BenchmarkPlayout's uniform one: ns/op is one playout.
func BenchmarkDecisivePlayout(b *testing.B) {
	for _, spec := range []string{"havannah:base=5", "havannah:base=10"} {
		b.Run(spec, func(b *testing.B) {
			g := gametest.MustGame(b, spec)
			p, err := knowledge.NewPlayout(g, "decisive")
			if err != nil {
				b.Fatal(err)
			}
			start := g.NewState()
			s := start.Clone()
			r := rng.New(1)
			states := 0
			b.ReportAllocs()
			for b.Loop() {
				s.CopyFrom(start)
				states += p.Run(s, &r, games.NoLimit, nil)
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "playouts/s")
			b.ReportMetric(float64(states)/sec, "states/s")
		})
	}
}
