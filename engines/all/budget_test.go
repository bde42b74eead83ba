package all

import (
	"context"
	"sort"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games"
	_ "mcarena/games/all"
)

// budgetSpecs are every engine family with every playout policy whose single
// steps are long.
var budgetSpecs = []string{
	"uct", "uct:playout=decisive", "uct:playout=mr,mr=1", "uct:playout=mr,mr=2", "uct:playout=mr,mr=3",
	"uct:playout=nested,level=1", "uct:playout=nested,level=2", "uct:playout=nested,level=3,discount",
	"nmcs:level=1", "nmcs:level=2", "nmcs:level=3,discount",
	"alphabeta",
}

// BenchmarkTimeBudget measures, on Breakthrough 8x8 from the start, how far
// past a 1 s time budget each engine's search ends (overshoot-ms, the worst
// of the runs) and how long after its context is cancelled, 300 ms into a
// search with no other limit, it returns (cancel-ms, the worst).
//
//	go test -run '^$' -bench TimeBudget -benchtime 5x ./engines/all
func BenchmarkTimeBudget(b *testing.B) {
	g, err := games.New("breakthrough:size=8x8")
	if err != nil {
		b.Fatal(err)
	}
	s := g.NewState()
	for _, spec := range budgetSpecs {
		b.Run(spec, func(b *testing.B) {
			e, err := engines.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			var over, cancel []float64
			seed := uint64(0)
			for b.Loop() {
				seed++
				start := time.Now()
				if _, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Time: time.Second}, Seed: seed}); err != nil {
					b.Fatal(err)
				}
				over = append(over, float64(time.Since(start)-time.Second)/1e6)
				ctx, stop := context.WithCancel(context.Background())
				at := make(chan time.Time, 1)
				time.AfterFunc(300*time.Millisecond, func() { at <- time.Now(); stop() })
				if _, err := e.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 1 << 40, States: 1 << 60}, Seed: seed}); err != nil {
					b.Fatal(err)
				}
				cancel = append(cancel, float64(time.Since(<-at))/1e6)
			}
			sort.Float64s(over)
			sort.Float64s(cancel)
			b.ReportMetric(over[len(over)-1], "overshoot-ms")
			b.ReportMetric(cancel[len(cancel)-1], "cancel-ms")
		})
	}
}
