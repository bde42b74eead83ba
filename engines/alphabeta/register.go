package alphabeta

import (
	"mcarena/engines"
	"mcarena/games/spec"
)

// Options are the alphabeta engine's options.
var Options = []spec.Option{
	{Name: "depth", Kind: spec.Int, Default: "64", Min: 1, Max: MaxDepth, Doc: "deepest iteration, in plies"},
	{Name: "tt", Kind: spec.Int, Default: "20", Min: 10, Max: 28, Doc: "transposition table of 2^tt entries (24 bytes each)"},
}

func init() {
	engines.Register(engines.Family{
		Name:    "alphabeta",
		Doc:     "alpha-beta with iterative deepening and a transposition table, valued by outcomes only",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			cfg := Config{MaxDepth: v.Int("depth"), TTBits: v.Int("tt")}
			if err := engines.CheckMemory("tt", int64(24)<<cfg.TTBits); err != nil {
				return nil, err
			}
			return New(cfg, canonical), nil
		},
	})
}
