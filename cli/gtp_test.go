package cli

import (
	"io"
	"strings"
	"testing"
)

// mcarena gtp answers a scripted session on standard input: Havannah by
// default, base 4 after boardsize, a move of its engine after genmove.
func TestGTPCommand(t *testing.T) {
	defer func(r io.Reader) { gtpInput = r }(gtpInput)
	gtpInput = strings.NewReader("1 boardsize 4\n2 play w d4\n3 genmove b\n4 havannah_winner\nquit\n")
	code, out, errs := run("gtp", "--engine", "random", "--iterations", "1")
	if code != ExitOK {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
	answers := strings.Split(out, "\n\n")
	if len(answers) != 6 || answers[0] != "=1 " || answers[1] != "=2 " || !strings.HasPrefix(answers[2], "=3 ") ||
		answers[3] != "=4 none" || answers[4] != "= " || answers[5] != "" {
		t.Errorf("session:\n%s", out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gtp", "--game", "chess960"}, `unknown game "chess960"`},
		{[]string{"gtp", "--engine", "monte"}, `unknown engine "monte"`},
		{[]string{"gtp", "extra"}, "gtp takes no arguments"},
		{[]string{"gtp", "--iterations", "-1"}, "--iterations -1"},
	} {
		code, _, errs := run(tc.args...)
		if code != ExitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}
