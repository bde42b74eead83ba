package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"runtime/debug"

	"mcarena/engines/gtp"
)

// gtpInput is where 'mcarena gtp' reads its commands: standard input, or
// a test's script.
var gtpInput io.Reader = os.Stdin

func runGTP(args []string, stdout io.Writer) error {
	p, err := parseProtocol(protocolFlags{name: "gtp", usage: gtpUsage,
		game: "havannah", gameDoc: "game: a spec whose moves are one word each (cell names: havannah, nogo, atarigo, tictactoe)",
		seedDoc: "seed of the first genmove; each genmove draws the next", budgetDoc: "budget per move"}, args)
	if err != nil {
		return err
	}
	srv := gtp.NewServer(p.game, p.engine, p.budget, p.seed)
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
