// Command mcarena is a terminal lab for Monte Carlo game search. Without
// arguments it opens the terminal UI; subcommands do headless work (run
// 'mcarena help').
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"mcarena/cli"
	"mcarena/config"
	_ "mcarena/engines/all" // every engine family registers itself, once, here
	_ "mcarena/games/all"   // every game too
	"mcarena/tui"
)

func main() {
	if len(os.Args) > 1 {
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		fmt.Fprint(os.Stderr, "mcarena: the terminal UI needs a terminal; for headless work use a subcommand:\n\n"+cli.Usage())
		os.Exit(cli.ExitUsage)
	}
	cfg, err := config.Load(config.DefaultPath)
	if errors.Is(err, fs.ErrNotExist) {
		cfg, err = nil, nil
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcarena: %v\n", err)
		os.Exit(cli.ExitUsage)
	}
	if err := tui.Run(cfg); err != nil {
		fmt.Fprintf(os.Stderr, "mcarena: %v\n", err)
		os.Exit(cli.ExitError)
	}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
