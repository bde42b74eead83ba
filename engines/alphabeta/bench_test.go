package alphabeta

import (
	"context"
	"testing"

	"mcarena/engines"
	"mcarena/games/gametest"
)

// BenchmarkNodesPerSecond searches Breakthrough 8x8 from the start to a
// fixed depth with efMS, the paper's alpha-beta player, and reports the
// search's speed (nodes/s) and size (nodes/op). The table has 2^16 entries,
// so that clearing it (a search's first cost) does not hide the search's own
// speed; allocs/op stay flat from depth 4 to 5, since the loop allocates
// nothing:
//
//	go test -run '^$' -bench NodesPerSecond ./engines/alphabeta
func BenchmarkNodesPerSecond(b *testing.B) {
	s := gametest.MustPosition(b, "breakthrough:size=8x8", "")
	for _, bc := range []struct {
		name string
		cfg  Config
	}{
		{"depth4", Config{Heuristic: "efms", Order: true}},
		{"depth5", Config{Heuristic: "efms", Order: true}},
		{"depth5/order=none", Config{Heuristic: "efms"}},
		{"depth5/quiescence", Config{Heuristic: "efms", Order: true, Quiescence: true}},
	} {
		depth := 4
		if bc.name != "depth4" {
			depth = 5
		}
		cfg := bc.cfg
		cfg.MaxDepth, cfg.TTBits = depth, 16
		b.Run(bc.name, func(b *testing.B) {
			e := New(cfg, "alphabeta")
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				res, err := e.Search(context.Background(), engines.Request{Position: s, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Stats.States
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
