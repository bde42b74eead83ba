// Command mcarena is a terminal lab for Monte Carlo game search. Without
// arguments it opens the terminal UI; subcommands do headless work (run
// 'mcarena help').
package main

import (
	"os"

	"mcarena/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
