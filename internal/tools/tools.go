// Package tools finds the external programs that some tests use (tmux,
// pgn-extract, stockfish), and skips a test that needs one where it is not
// installed, saying how to install it; with MCARENA_REQUIRE_TOOLS set, as
// .ci/run sets it once they are installed, the test fails instead, so that
// a program CI has cannot go missing in silence.
package tools

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Find returns the path of the program name: on PATH, else in /usr/games,
// where Debian installs game programs such as pgn-extract and stockfish but
// which not every PATH holds. It skips t when the program is not found,
// naming the Debian package to install, or fails t where
// MCARENA_REQUIRE_TOOLS is set.
func Find(t testing.TB, name, debianPackage string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p, err := exec.LookPath(filepath.Join("/usr/games", name)); err == nil {
		return p
	}
	if os.Getenv("MCARENA_REQUIRE_TOOLS") != "" {
		t.Fatalf("%s is not found, and MCARENA_REQUIRE_TOOLS says it is installed (.ci/run sets it after installing %s)", name, debianPackage)
	}
	t.Skipf("%s is not installed; install it with: sudo apt-get install %s (as .ci/run does)", name, debianPackage)
	return ""
}
