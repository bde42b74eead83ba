package cli

import (
	"os"
	"strings"
	"testing"
)

// TestMain runs the tests, or, in a child process a test starts with
// MCARENA_CLI_CHILD set (its arguments, one a line), mcarena itself.
func TestMain(m *testing.M) {
	if args := os.Getenv("MCARENA_CLI_CHILD"); args != "" {
		os.Exit(Run(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
