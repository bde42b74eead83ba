package cli

import (
	"io"
	"strings"
	"testing"
)

// mcarena uci answers a scripted session on standard input with a move of
// its engine.
func TestUCICommand(t *testing.T) {
	defer func(r io.Reader) { uciInput = r }(uciInput)
	uciInput = strings.NewReader("uci\nisready\nposition startpos moves e2e4\ngo nodes 100\n")
	code, out, errs := run("uci", "--engine", "random")
	if code != ExitOK {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "uciok\nreadyok\n") || !strings.Contains(out, "\nbestmove ") {
		t.Errorf("session:\n%s", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"uci", "--game", "havannah"}, "uci plays chess, not havannah"},
		{[]string{"uci", "--engine", "monte"}, `unknown engine "monte"`},
		{[]string{"uci", "extra"}, "uci takes no arguments"},
	} {
		code, _, errs := run(tc.args...)
		if code != ExitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}
