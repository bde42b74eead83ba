package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// fullWriter refuses every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A command whose output could not be written fails, naming why, whatever
// the command: its results were lost.
func TestLostOutputFails(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "tictactoe", "2"},
		{"games"},
		{"replay", "tictactoe", "a1"},
		{"help"},
		{"help", "perft"},
	} {
		var errb bytes.Buffer
		code := Run(args, fullWriter{}, &errb)
		if code != ExitError || !strings.Contains(errb.String(), "writing the output: no space left on device") {
			t.Errorf("%v onto a full disk: exit %d, %q", args, code, errb.String())
		}
	}
}

// help COMMAND prints that command's usage and flags; an unknown command
// is refused with the valid ones, as without help.
func TestHelpCommand(t *testing.T) {
	code, out, errs := run("help", "perft")
	if code != ExitOK || !strings.HasPrefix(out, "Usage: mcarena perft GAME DEPTH") || !strings.Contains(out, "-divide") || errs != "" {
		t.Fatalf("help perft: %d %q %q", code, out, errs)
	}
	code, out, errs = run("help", "frobnicate")
	if code != ExitUsage || out != "" || !strings.Contains(errs, `unknown command "frobnicate": valid commands are analyse,`) {
		t.Fatalf("help frobnicate: %d %q %q", code, out, errs)
	}
}
