package uci_test

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
	"mcarena/engines/uci"
	"mcarena/games"
	_ "mcarena/games/all"
)

// TestMain lets the test binary be the UCI program of the tests: run with
// the first argument "uci-helper", it is the helper program named by the
// second instead of the tests.
//
//	serve ENGINE STATES   a UCI server, as 'mcarena uci --states STATES'
//	die                   answers the handshake, then exits with status 3 and a line on stderr at go
//	garbage               answers every command with a line that is not UCI
//	illegal               answers the handshake, then bestmove a1a1 to go
//	strict                declares five options and compares setoption's names with case, as
//	                      some programs do: "No such option: NAME" for a name spelt otherwise
//	                      and for Ghost, which it declares but does not have
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "uci-helper" {
		os.Exit(helper(os.Args[2:]))
	}
	os.Exit(m.Run())
}

func helper(args []string) int {
	in := bufio.NewScanner(os.Stdin)
	handshake := func(line string) {
		switch line {
		case "uci":
			fmt.Println("id name helper\nuciok")
		case "isready":
			fmt.Println("readyok")
		}
	}
	switch args[0] {
	case "serve":
		g, _ := games.New("chess")
		e, err := engines.New(args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		n, _ := strconv.ParseInt(args[2], 10, 64)
		if err := uci.NewServer(g, e, engines.Budget{States: n}, 1).Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	case "die":
		for in.Scan() {
			if len(in.Text()) >= 2 && in.Text()[:2] == "go" {
				fmt.Fprintln(os.Stderr, "helper: out of cheese")
				return 3
			}
			handshake(in.Text())
		}
	case "garbage":
		for in.Scan() {
			fmt.Println("hello there")
		}
	case "strict":
		have := map[string]bool{"Skill Level": true, "Ponder": true, "Style": true, "Clear Hash": true}
		for in.Scan() {
			line := in.Text()
			switch {
			case line == "uci":
				fmt.Println("id name strict\n" +
					"option name Skill Level type spin default 20 min 0 max 20\n" +
					"option name Ponder type check default false\n" +
					"option name Style type combo default Normal var Solid var Normal var Risky\n" +
					"option name Clear Hash type button\n" +
					"option name Ghost type spin default 0 min 0 max 1\n" +
					"uciok")
			case strings.HasPrefix(line, "setoption name "):
				name, _, _ := strings.Cut(strings.TrimPrefix(line, "setoption name "), " value ")
				if !have[name] {
					fmt.Println("No such option: " + name)
				}
			default:
				handshake(line)
			}
		}
	case "illegal":
		for in.Scan() {
			if len(in.Text()) >= 2 && in.Text()[:2] == "go" {
				fmt.Println("bestmove a1a1")
			}
			handshake(in.Text())
		}
	}
	return 0
}
