package mcts

import (
	"context"
	"fmt"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/engines/nmcs"
	"mcarena/engines/policy"
)

// budgetPolicies are the playout policies whose single steps are long: a
// budget must hold with each of them.
var budgetPolicies = []policy.Config{
	{Kind: policy.Random},
	{Kind: policy.Decisive},
	{Kind: policy.MR, Depth: 1},
	{Kind: policy.MR, Depth: 2},
	{Kind: policy.MR, Depth: 3},
	{Kind: policy.Nested, Nested: nmcs.Config{Level: 1}},
	{Kind: policy.Nested, Nested: nmcs.Config{Level: 2}},
	{Kind: policy.Nested, Nested: nmcs.Config{Level: 3, Discount: true}},
}

func policyName(p policy.Config) string {
	switch p.Kind {
	case policy.MR:
		return fmt.Sprintf("mr%d", p.Depth)
	case policy.Nested:
		return fmt.Sprintf("nested%d", p.Nested.Level)
	}
	return string(p.Kind)
}

// TestTimeBudgetHolds: with every playout policy, a search on Breakthrough
// 8x8 given 100 ms ends well within a second, and one whose context is
// cancelled after 50 ms stops well within a second of it. (The bounds are
// loose on purpose, so that no test depends on the machine's speed; the
// precise figures are BenchmarkTimeBudget's in package engines/all.)
func TestTimeBudgetHolds(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "")
	for _, p := range budgetPolicies {
		t.Run(policyName(p), func(t *testing.T) {
			e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 20, Playout: p}, "test")
			start := time.Now()
			res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Time: 100 * time.Millisecond}, Seed: 1})
			if took := time.Since(start); err != nil || took > time.Second {
				t.Fatalf("a 100ms search took %v (%v)", took, err)
			}
			if res.Move < 0 {
				t.Fatal("no move")
			}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			start = time.Now()
			if _, err := e.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 1 << 40}, Seed: 2}); err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > time.Second {
				t.Fatalf("a search cancelled after 50ms took %v", took)
			}
		})
	}
}
