package gtp_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"mcarena/engines"
	_ "mcarena/engines/all" // the engines the helper programs and tests use
	"mcarena/engines/gtp"
	"mcarena/games"
	_ "mcarena/games/all"
)

// TestMain lets the test binary be the GTP program of the tests: run with
// the first argument "gtp-helper", it is the helper program named by the
// second instead of the tests.
//
//	serve GAME ENGINE ITERATIONS   a GTP server, as 'mcarena gtp'
//	die N                          answers N commands, then exits with status 3 and a line on stderr
//	garbage                        answers every command with a line that is not GTP
//	mute                           reads commands and answers none
//	resign                         answers genmove with resign, the rest with =
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "gtp-helper" {
		os.Exit(helper(os.Args[2:]))
	}
	os.Exit(m.Run())
}

func helper(args []string) int {
	in := bufio.NewScanner(os.Stdin)
	switch args[0] {
	case "serve":
		g, err := games.New(args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		e, err := engines.New(args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		n, _ := strconv.ParseInt(args[3], 10, 64)
		fmt.Fprintln(os.Stderr, "helper: serving", g.Spec(), "with", e.Spec())
		if err := gtp.NewServer(g, e, engines.Budget{Iterations: n}, 1).Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	case "die":
		n, _ := strconv.Atoi(args[1])
		for i := 0; i < n && in.Scan(); i++ {
			fmt.Print("= \n\n")
		}
		in.Scan()
		fmt.Fprintln(os.Stderr, "helper: out of cheese")
		return 3
	case "garbage":
		for in.Scan() {
			fmt.Print("hello there\n\n")
		}
	case "mute":
		for in.Scan() {
		}
	case "resign":
		for in.Scan() {
			id, cmd, _ := strings.Cut(in.Text(), " ") // the family numbers its commands
			if strings.HasPrefix(cmd, "genmove") {
				fmt.Printf("=%s resign\n\n", id)
			} else {
				fmt.Printf("=%s \n\n", id)
			}
		}
	}
	return 0
}
