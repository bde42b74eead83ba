package pgn

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestMain runs the tests, or, with MCARENA_PGN_CHILD set to a path, saves
// a record of some 100 KB there and exits 1 if the save fails: the child
// process of TestSaveLeavesTheOldFileWhenAWriteFails, whose file size
// limit makes the write fail.
func TestMain(m *testing.M) {
	if path := os.Getenv("MCARENA_PGN_CHILD"); path != "" {
		r, err := Parse("child.pgn", "[Game \"tictactoe\"]\n\n*\n")
		if err == nil {
			r.Set("Note", strings.Repeat("x", 100_000))
			err = Save(path, r)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
