package alphabeta

import (
	"errors"

	"mcarena/engines"
	"mcarena/games/spec"
)

// Options are the alphabeta engine's options.
var Options = []spec.Option{
	{Name: "depth", Kind: spec.Int, Default: "64", Min: 1, Max: MaxDepth, Doc: "deepest iteration, in plies"},
	{Name: "tt", Kind: spec.Int, Default: "20", Min: 10, Max: 28, Doc: "transposition table of 2^tt entries (24 bytes each)"},
	{Name: "heuristic", Kind: spec.Word, Default: "", Doc: "the game's heuristic (mcarena games lists them), worth 1000 times its value at the horizon; none: outcomes only, the horizon is 0"},
	{Name: "order", Kind: spec.Choice, Default: "auto", Choices: []string{"auto", "none", "static"}, Doc: "move order after the table's move: static = decisive, anti-decisive, captures of undefended pieces, other captures, quiet moves (the classes the game has); auto = static with a heuristic, none without"},
	{Name: "quiescence", Kind: spec.Bool, Default: "false", Doc: "search captures beyond the horizon, standing pat on the heuristic (needs heuristic and the game's capture classifier)"},
}

func init() {
	engines.Register(engines.Family{
		Name:    "alphabeta",
		Doc:     "alpha-beta with iterative deepening and a transposition table, valued by outcomes or a heuristic, with static move ordering and quiescence",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			cfg := Config{MaxDepth: v.Int("depth"), TTBits: v.Int("tt"), Heuristic: v.String("heuristic"), Quiescence: v.Bool("quiescence")}
			switch v.String("order") {
			case "static":
				cfg.Order = true
			case "auto":
				cfg.Order = cfg.Heuristic != ""
			}
			if cfg.Quiescence && cfg.Heuristic == "" {
				return nil, errors.New("quiescence needs heuristic=NAME, one of the game's heuristics (mcarena games lists them), to stand pat on")
			}
			if err := engines.CheckMemory("tt", int64(24)<<cfg.TTBits); err != nil {
				return nil, err
			}
			return New(cfg, canonical), nil
		},
	})
}
