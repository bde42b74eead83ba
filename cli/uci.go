package cli

import (
	"context"
	"io"
	"os"
	"os/signal"

	"mcarena/engines/uci"
)

// uciInput is where 'mcarena uci' reads its commands: standard input, or
// a test's script.
var uciInput io.Reader = os.Stdin

func runUCI(args []string, stdout io.Writer) error {
	p, err := parseProtocol(protocolFlags{name: "uci", usage: uciUsage, game: "chess", gameDoc: "game: chess, with its options",
		seedDoc: "seed of the first search; each go draws the next", budgetDoc: "budget of a go without limits"}, args)
	if err != nil {
		return err
	}
	if p.game.Name() != "chess" {
		return usagef("uci plays chess, not %s", p.game.Spec())
	}
	srv := uci.NewServer(p.game, p.engine, p.budget, p.seed)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return srv.Serve(ctx, uciInput, stdout)
}
