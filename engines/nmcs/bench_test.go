package nmcs

import (
	"testing"

	"mcarena/games"
)

// BenchmarkLevel1 measures the states per second of the level-1 policy from
// each 5x5 start position of the NMCS paper (one policy call per iteration).
func BenchmarkLevel1(b *testing.B) {
	for _, spec := range []string{
		"breakthrough", "breakthrough:misere", "knightthrough", "knightthrough:misere",
		"domineering", "domineering:misere", "nogo", "nogo:misere", "atarigo",
	} {
		b.Run(spec, func(b *testing.B) {
			s := mustGame(b, spec).NewState()
			sv := NewSearcher(Config{Level: 1}, s)
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				sv.Choose(s, seed, nil)
			}
			b.ReportMetric(float64(sv.States)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// BenchmarkNestedPlayout measures an NMC(1) playout, the inner loop of UCT
// with nested playouts.
func BenchmarkNestedPlayout(b *testing.B) {
	s := mustGame(b, "breakthrough").NewState()
	sv := NewSearcher(Config{Level: 1, Discount: true, COW: 1}, s)
	c := s.Clone()
	var seed uint64
	b.ReportAllocs()
	for b.Loop() {
		seed++
		c.CopyFrom(s)
		sv.Playout(c, seed)
	}
	b.ReportMetric(float64(sv.States)/b.Elapsed().Seconds(), "states/s")
	_ = games.NoLimit
}
