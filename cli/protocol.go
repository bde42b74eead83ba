package cli

import (
	"flag"
	"time"

	"mcarena/engines"
	"mcarena/games"
)

// protocolDefaultTime is the per-move budget of 'mcarena gtp' and
// 'mcarena uci' given no budget.
const protocolDefaultTime = time.Second

// protocolSetup is what 'mcarena gtp' and 'mcarena uci' start from: the
// game, the engine, the budget a move gets when the protocol says none, and
// the first seed.
type protocolSetup struct {
	game   games.Game
	engine engines.Engine
	budget engines.Budget
	seed   uint64
}

// protocolFlags says how one protocol command words its shared flags.
type protocolFlags struct {
	name, usage        string
	game, gameDoc      string // the default game and what --game takes
	seedDoc, budgetDoc string // what the seed seeds, whose budget the budget flags set
}

// parseProtocol reads the flags both protocol commands take: --engine,
// --game, --config, --seed and a budget (--time, --iterations or
// --states; one second a move when none is given).
func parseProtocol(f protocolFlags, args []string) (protocolSetup, error) {
	fs := flag.NewFlagSet(f.name, flag.ContinueOnError)
	engineSpec := fs.String("engine", "uct", "engine: a name from the configuration or a spec")
	gameSpec := fs.String("game", f.game, f.gameDoc)
	configPath := fs.String("config", "", "configuration file (default: config.toml if present)")
	seed := fs.Uint64("seed", 1, f.seedDoc)
	iterations := fs.Int64("iterations", 0, f.budgetDoc+": iterations")
	states := fs.Int64("states", 0, f.budgetDoc+": states visited")
	perMove := fs.Duration("time", 0, f.budgetDoc+": wall time (default 1s when no budget is given)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return protocolSetup{}, err
	}
	if len(pos) > 0 {
		return protocolSetup{}, usagef("%s takes no arguments, got %q (usage: mcarena %s)", f.name, pos, f.usage)
	}
	budget, err := flagBudget(fs, *perMove, *iterations, *states)
	if err != nil {
		return protocolSetup{}, err
	}
	if budget == (engines.Budget{}) {
		budget.Time = protocolDefaultTime
	}
	g, err := newGame(*gameSpec)
	if err != nil {
		return protocolSetup{}, err
	}
	eng, err := engineFor(*configPath, *engineSpec, g)
	if err != nil {
		return protocolSetup{}, err
	}
	return protocolSetup{game: g, engine: eng, budget: budget, seed: *seed}, nil
}
