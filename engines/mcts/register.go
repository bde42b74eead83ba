package mcts

import (
	"fmt"

	"mcarena/engines"
	"mcarena/engines/nmcs"
	"mcarena/engines/policy"
	"mcarena/games/spec"
)

// Options are the options of uct, the registered configuration of this
// engine that the NMCS paper plays.
var Options = []spec.Option{
	{Name: "c", Kind: spec.Float, Default: "0.7", FloatMin: 0, FloatMax: 100, Doc: "UCB1 exploration constant (rewards in [0,1])"},
	{Name: "solver", Kind: spec.Bool, Default: "true", Doc: "MCTS-Solver: back up proven wins and losses"},
	{Name: "nodes", Kind: spec.Int, Default: "2000000", Min: 1000, Max: 200000000, Doc: "tree size cap in nodes (40 bytes each)"},
	{Name: "reuse", Kind: spec.Bool, Default: "false", Doc: "search on from the last search's subtree (makes moves depend on earlier ones)"},
	{Name: "playout", Kind: spec.Choice, Default: "random", Choices: policy.Kinds, Doc: "playout policy"},
	{Name: "mr", Kind: spec.Int, Default: "1", Min: 1, Max: 3, Doc: "minimax depth of playout=mr (MCTS-MR)"},
	{Name: "level", Kind: spec.Int, Default: "1", Min: 0, Max: 3, Doc: "nesting n of playout=nested, NMC(n)"},
	{Name: "discount", Kind: spec.Bool, Default: "false", Doc: "playout=nested: discounted nested choices"},
	{Name: "cow", Kind: spec.Int, Default: "0", Min: 0, Max: 4, Doc: "playout=nested: Cut on Win at levels <= i"},
	{Name: "pod", Kind: spec.Int, Default: "0", Min: 0, Max: 4, Doc: "playout=nested: Prune on Depth at levels <= i (needs discount)"},
}

func init() {
	engines.Register(engines.Family{
		Name:    "uct",
		Doc:     "MCTS as UCT: UCB1, one node per iteration, MCTS-Solver; random, decisive, MR or nested playouts",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			cfg := Config{C: v.Float("c"), Solver: v.Bool("solver"), MaxNodes: v.Int("nodes"), Reuse: v.Bool("reuse"),
				Playout: policy.Config{Kind: policy.Kind(v.String("playout")), Depth: v.Int("mr"),
					Nested: nmcs.Config{Level: v.Int("level"), Discount: v.Bool("discount"), COW: v.Int("cow"), POD: v.Int("pod")}}}
			if cfg.Playout.Nested.POD > 0 && !cfg.Playout.Nested.Discount {
				return nil, fmt.Errorf("pod needs discount")
			}
			return New(cfg, canonical), nil
		},
	})
}
