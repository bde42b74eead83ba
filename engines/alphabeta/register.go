package alphabeta

import (
	"errors"
	"fmt"

	"mcarena/engines"
	"mcarena/games/spec"
)

// Options are the alphabeta engine's options.
var Options = []spec.Option{
	{Name: "depth", Kind: spec.Int, Default: "64", Min: 1, Max: MaxDepth, Doc: "deepest iteration, in plies"},
	{Name: "tt", Kind: spec.Int, Default: "20", Min: 0, Max: 28, Doc: "transposition table of 2^tt entries (24 bytes each), 10 to 28; 0: none (the implicit-minimax co-authors' framework's default)"},
	{Name: "heuristic", Kind: spec.Word, Default: "", Doc: "the game's heuristic (mcarena games lists them), worth 1000 times its value at the horizon; none: outcomes only, the horizon is 0"},
	{Name: "order", Kind: spec.Choice, Default: "auto", Choices: []string{"auto", "none", "static"}, Doc: "move order after the table's move: static = decisive, anti-decisive, captures of undefended pieces, other captures, quiet moves (the classes the game has); auto = static with a heuristic, none without"},
	{Name: "quiescence", Kind: spec.Bool, Default: "false", Doc: "search captures beyond the horizon, standing pat on the heuristic (needs heuristic and the game's capture classifier); a player in check, in a game that tells (chess), answers with every move"},
	{Name: "captures", Kind: spec.Word, Default: "", Doc: "order captures by the game's move score NAME (mcarena games lists them; chess: mvvlva, see), in the search and in quiescence: scored 0 or more first, below 0 after the quiet moves; none: by the static classes"},
	{Name: "killers", Kind: spec.Bool, Default: "false", Doc: "two killer moves per ply (the last quiet moves to cause a cut-off there), searched after the captures scored 0 or more"},
	{Name: "history", Kind: spec.Bool, Default: "false", Doc: "order quiet moves by the history heuristic: the cut-offs each move caused, weighted by depth squared"},
	{Name: "qprune", Kind: spec.Bool, Default: "false", Doc: "leave captures that the captures score values below 0 (chess see: losing exchanges) out of quiescence, except in check (needs captures and quiescence)"},
	{Name: "moves", Kind: spec.Word, Default: "", Doc: "order every move at every node by the game's move score NAME (mcarena games lists them; breakthrough: gameframe, the implicit-minimax co-authors' framework's order), highest first, equal scores in the game's order, in place of the static classes; excludes captures, killers and history"},
	{Name: "ties", Kind: spec.Choice, Default: "shuffle", Choices: []string{"shuffle", "first"}, Doc: "shuffle: the seed shuffles the root moves before they are ordered and each depth searches the last one's best first, so the seed breaks ties; first: the root keeps the game's order (as ordered) at every depth and the first of equal moves is played, the same for every seed (the framework's player)"},
	{Name: "mates", Kind: spec.Choice, Default: "distance", Choices: []string{"distance", "flat"}, Doc: "distance: a win is worth Mate minus its plies, so the shortest is played, and deepening stops once the root is proven; flat: every win Mate and every loss -Mate, and deepening runs to the budget (the framework's player, its wins ±1.1)"},
	{Name: "root", Kind: spec.Choice, Default: "exact", Choices: []string{"exact", "cut", "window"}, Doc: "exact: every root move searched with a full window, its score exact; cut: the moves after the first with a null window on the best score, searched again when they beat it, their scores upper bounds (fewer nodes); window: plain alpha-beta, the moves after the first with the window of the best score, those that cannot beat it upper bounds"},
}

func init() {
	engines.Register(engines.Family{
		Name:    "alphabeta",
		Doc:     "alpha-beta with iterative deepening and a transposition table, valued by outcomes or a heuristic, with static move ordering, scored captures, killers, history and quiescence",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			cfg := Config{MaxDepth: v.Int("depth"), TTBits: v.Int("tt"), Heuristic: v.String("heuristic"), Quiescence: v.Bool("quiescence"),
				Captures: v.String("captures"), Killers: v.Bool("killers"), History: v.Bool("history"), QPrune: v.Bool("qprune"),
				RootCut: v.String("root") == "cut", RootWindow: v.String("root") == "window", NoTable: v.Int("tt") == 0,
				Moves: v.String("moves"), TiesFirst: v.String("ties") == "first", FlatMates: v.String("mates") == "flat"}
			if t := cfg.TTBits; t > 0 && t < 10 {
				return nil, fmt.Errorf("option tt: %d: want 0 (no table) or 10..28", t)
			}
			switch v.String("order") {
			case "static":
				cfg.Order = true
			case "auto":
				cfg.Order = cfg.Heuristic != ""
			}
			if cfg.Quiescence && cfg.Heuristic == "" {
				return nil, errors.New("quiescence needs heuristic=NAME, one of the game's heuristics (mcarena games lists them), to stand pat on")
			}
			if cfg.Moves != "" && (cfg.Captures != "" || cfg.Killers || cfg.History) {
				return nil, errors.New("moves orders every move by its score; it excludes captures, killers and history")
			}
			if cfg.QPrune && (cfg.Captures == "" || !cfg.Quiescence) {
				return nil, errors.New("qprune needs quiescence and captures=NAME, one of the game's move scores (mcarena games lists them), to tell losing captures")
			}
			if err := engines.CheckMemory("tt", int64(24)<<cfg.TTBits); err != nil {
				return nil, err
			}
			return New(cfg, canonical), nil
		},
	})
}
