package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
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

// A named engine that takes a family's name is the file's engine alone and
// the family's spec with options; engines says so where the file has one.
func TestEnginesNamesThoseNamedAsFamilies(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte("[engines.uct]\nfamily = \"uct\"\nc = 0.7\n[engines.fast]\nfamily = \"random\"\n"), 0o644)
	code, out, errs := run("engines", "--config", cfg)
	if code != ExitOK || !strings.Contains(out, "(uct: named as families are;") || strings.Contains(out, "fast: named") {
		t.Fatalf("engines: %d %q %q", code, out, errs)
	}
	os.WriteFile(cfg, []byte("[engines.fast]\nfamily = \"random\"\n"), 0o644)
	if _, out, _ := run("engines", "--config", cfg); strings.Contains(out, "named as families") {
		t.Fatalf("engines without such a name: %q", out)
	}
}
