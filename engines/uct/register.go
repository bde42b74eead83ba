package uct

import (
	"mcarena/engines"
	"mcarena/games/spec"
)

// Options are the uct engine's options.
var Options = []spec.Option{
	{Name: "c", Kind: spec.Float, Default: "0.7", FloatMin: 0, FloatMax: 100, Doc: "UCB1 exploration constant (rewards in [0,1])"},
	{Name: "solver", Kind: spec.Bool, Default: "true", Doc: "MCTS-Solver: back up proven wins and losses"},
	{Name: "nodes", Kind: spec.Int, Default: "2000000", Min: 1000, Max: 200000000, Doc: "tree size cap in nodes (40 bytes each)"},
}

func init() {
	engines.Register(engines.Family{
		Name:    "uct",
		Doc:     "UCT with UCB1, one node per iteration, random playouts and MCTS-Solver",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			return New(Config{C: v.Float("c"), Solver: v.Bool("solver"), MaxNodes: v.Int("nodes")}, canonical), nil
		},
	})
}
