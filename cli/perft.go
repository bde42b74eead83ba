package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"mcarena/games"
)

func runPerft(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	position := fs.String("position", "", "start from this position (the game's text form)")
	divide := fs.Bool("divide", false, "print the count below each first move")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("want GAME and DEPTH, got %d arguments (usage: mcarena %s)", len(pos), perftUsage)
	}
	g, err := newGame(pos[0])
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(pos[1])
	if err != nil || depth < 0 {
		return usagef("depth %q is not a whole number >= 0", pos[1])
	}
	s := g.NewState()
	if *position != "" {
		if s, err = g.ParsePosition(*position); err != nil {
			return usageError{err.Error()}
		}
	}
	if !*divide || depth == 0 {
		fmt.Fprintln(stdout, games.Perft(s, depth))
		return nil
	}
	var total uint64
	for _, e := range games.Divide(s, depth) {
		fmt.Fprintf(stdout, "%s %d\n", s.MoveString(e.Move), e.Count)
		total += e.Count
	}
	fmt.Fprintf(stdout, "total %d\n", total)
	return nil
}
