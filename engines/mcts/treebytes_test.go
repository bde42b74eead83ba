package mcts

import (
	"context"
	"runtime"
	"testing"

	"mcarena/engines"
)

// The tree's memory that a search reports (tree_mib) is what the tree takes
// on the heap: the nodes, every side table a feature turns on, and the
// exploration factors kept with it, within a tenth, on searches large
// enough that the tree is most of what the engine holds.
func TestTreeMemoryIsWhatTheHeapHolds(t *testing.T) {
	for _, tc := range []struct{ spec, game string }{
		{"mcts:c=0.5", "breakthrough:size=8x8"},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3", "kalah"},
		{"mcts:c=0.5,playout=ipp,heuristic=eflh,bias=1,np=10,prior=safety,alpha=0.4", "breakthrough:size=8x8"},
		{"mcts:c=0.4,rave=50,reading=mate", "havannah"},
	} {
		s := mustPos(t, tc.game, "")
		e := mustEngine(t, tc.spec)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 60000}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(e)
		var reported float64
		for _, f := range res.Stats.Figures {
			if f.Key == "tree_mib" {
				reported = f.Value * (1 << 20)
			}
		}
		held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
		t.Logf("%s on %s: reported %.2f MiB, heap grew %.2f MiB", tc.spec, tc.game, reported/(1<<20), held/(1<<20))
		if reported < 0.9*held || reported > 1.1*held {
			t.Errorf("%s on %s: the search reports a tree of %.2f MiB; the heap grew by %.2f MiB", tc.spec, tc.game, reported/(1<<20), held/(1<<20))
		}
	}
}
