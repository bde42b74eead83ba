package cli

import (
	"context"
	"flag"
	"io"
	"os"
	"os/signal"

	"mcarena/engines"
	"mcarena/engines/uci"
)

// uciInput is where 'mcarena uci' reads its commands: standard input, or
// a test's script.
var uciInput io.Reader = os.Stdin

func runUCI(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	engineSpec := fs.String("engine", "uct", "engine: a name from the configuration or a spec")
	gameSpec := fs.String("game", "chess", "game: chess, with its options")
	configPath := fs.String("config", "", "configuration file (default: config.toml if present)")
	seed := fs.Uint64("seed", 1, "seed of the first search; each go draws the next")
	iterations := fs.Int64("iterations", 0, "budget of a go without limits: iterations")
	states := fs.Int64("states", 0, "budget of a go without limits: states visited")
	perMove := fs.Duration("time", 0, "budget of a go without limits: wall time (default 1s when no budget is given)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("uci takes no arguments, got %q (usage: mcarena %s)", pos, uciUsage)
	}
	budget, err := flagBudget(*perMove, *iterations, *states)
	if err != nil {
		return err
	}
	if budget == (engines.Budget{}) {
		budget.Time = gtpDefaultTime
	}
	g, err := newGame(*gameSpec)
	if err != nil {
		return err
	}
	if g.Name() != "chess" {
		return usagef("uci plays chess, not %s", g.Spec())
	}
	eng, err := engineFor(*configPath, *engineSpec, g)
	if err != nil {
		return err
	}
	srv := uci.NewServer(g, eng, budget, *seed)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return srv.Serve(ctx, uciInput, stdout)
}
