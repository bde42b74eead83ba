package nmcs

import (
	"slices"
	"testing"
	"time"

	"mcarena/games"
	"mcarena/games/rng"
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

// BenchmarkLevel1VsPlayout compares, in the same run, the states per second
// of the level-1 policy from each 5x5 start position with those of the
// game's own uniform playouts from the same position. Each iteration times
// one policy call and then a batch of playouts that takes about as long;
// x-playout is the median over iterations of the ratio of the two speeds,
// so that a shared machine that stalls one of them moves it little.
func BenchmarkLevel1VsPlayout(b *testing.B) {
	for _, spec := range []string{
		"breakthrough", "knightthrough", "domineering", "nogo", "atarigo",
	} {
		b.Run(spec, func(b *testing.B) {
			start := mustGame(b, spec).NewState()
			sv := NewSearcher(Config{Level: 1}, start)
			s := start.Clone()
			r := rng.New(1)
			var nmcsTime, playTime time.Duration
			var nmcsStates, playStates int64
			ratios := make([]float64, 0, 1<<12)
			batch := 64
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				before := sv.States
				t0 := time.Now()
				sv.Choose(start, seed, nil)
				tn := time.Since(t0)
				ns := sv.States - before
				t0 = time.Now()
				var ps int64
				for range batch {
					s.CopyFrom(start)
					ps += int64(s.Playout(&r, games.NoLimit))
				}
				tp := time.Since(t0)
				if tp < tn/2 {
					batch *= 2
				}
				nmcsTime, playTime = nmcsTime+tn, playTime+tp
				nmcsStates, playStates = nmcsStates+ns, playStates+ps
				if len(ratios) < cap(ratios) {
					ratios = append(ratios, float64(ns)/tn.Seconds()/(float64(ps)/tp.Seconds()))
				}
			}
			slices.Sort(ratios)
			b.ReportMetric(float64(nmcsStates)/nmcsTime.Seconds(), "nmcs-states/s")
			b.ReportMetric(float64(playStates)/playTime.Seconds(), "playout-states/s")
			b.ReportMetric(ratios[len(ratios)/2], "x-playout")
		})
	}
}

// BenchmarkChildPlayoutsVsStart measures, for each game, the ceiling that
// the game's own playouts put on BenchmarkLevel1VsPlayout's ratio: the
// states per second of one uniform playout after every successor of each
// position of a random game (the work of a level-1 step, with no NMCS
// bookkeeping) against those of playouts from the start. Where positions
// deep in a game cost more a state (NoGo: more draws rejected as illegal
// per move), no level-1 policy can reach the start's speed.
func BenchmarkChildPlayoutsVsStart(b *testing.B) {
	for _, spec := range []string{"breakthrough", "knightthrough", "domineering", "nogo", "atarigo"} {
		b.Run(spec, func(b *testing.B) {
			start := mustGame(b, spec).NewState()
			s, c := start.Clone(), start.Clone()
			r := rng.New(1)
			var buf []games.Move
			var childTime, startTime time.Duration
			var childStates, startStates int64
			for b.Loop() {
				s.CopyFrom(start)
				t0 := time.Now()
				for !s.Terminal() {
					buf = s.Legal(buf[:0])
					for _, m := range buf {
						c.CopyFrom(s)
						c.Play(m)
						childStates += 1 + int64(c.Playout(&r, games.NoLimit))
					}
					s.Play(buf[r.Intn(len(buf))])
				}
				childTime += time.Since(t0)
				t0 = time.Now()
				for range 16 {
					c.CopyFrom(start)
					startStates += int64(c.Playout(&r, games.NoLimit))
				}
				startTime += time.Since(t0)
			}
			child := float64(childStates) / childTime.Seconds()
			b.ReportMetric(child/(float64(startStates)/startTime.Seconds()), "x-start")
		})
	}
}
