package cli

import (
	"context"
	"flag"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"time"

	"mcarena/engines"
	"mcarena/engines/gtp"
)

// gtpInput is where 'mcarena gtp' reads its commands: standard input, or
// a test's script.
var gtpInput io.Reader = os.Stdin

// gtpDefaultTime is the per-move budget of 'mcarena gtp' given no budget.
const gtpDefaultTime = time.Second

func runGTP(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	engineSpec := fs.String("engine", "uct", "engine: a name from the configuration or a spec")
	gameSpec := fs.String("game", "havannah", "game: a spec whose moves are one word each (cell names: havannah, nogo, atarigo, tictactoe)")
	configPath := fs.String("config", "", "configuration file (default: config.toml if present)")
	seed := fs.Uint64("seed", 1, "seed of the first genmove; each genmove draws the next")
	iterations := fs.Int64("iterations", 0, "budget per move: iterations")
	states := fs.Int64("states", 0, "budget per move: states visited")
	perMove := fs.Duration("time", 0, "budget per move: wall time (default 1s when no budget is given)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("gtp takes no arguments, got %q (usage: mcarena %s)", pos, gtpUsage)
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
	eng, err := engineFor(*configPath, *engineSpec, g)
	if err != nil {
		return err
	}
	srv := gtp.NewServer(g, eng, budget, *seed)
	srv.Version = version()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return srv.Serve(ctx, gtpInput, stdout)
}

// version is the module's version as the build recorded it, or "dev".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
