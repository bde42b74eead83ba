//go:build unix

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A run stopped by SIGTERM (a batch system's stop) or Ctrl-C keeps what it
// played and exits with ExitStopped, not ExitOK, so a script does not take
// the file as complete; the same command then resumes it.
func TestRunStoppedBySignal(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(`
[engines.r]
family = "random"
[engines.n1]
family = "nmcs"
level = 1
[presets.long]
description = "more games than the test waits for"
games = ["breakthrough:size=6x6"]
pairs = [["n1", "r"]]
count = 1000000
`), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	type result struct {
		code        int
		out, errout string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := Run([]string{"run", "long", "--config", cfg, "--out", res, "--workers", "1"}, &out, &errb)
		done <- result{code, out.String(), errb.String()}
	}()
	// The first finished game shows that the run has started, and with it
	// its signal handler.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if b, err := os.ReadFile(res); err == nil && bytes.Count(b, []byte("\n")) >= 1 {
			break
		}
		select {
		case r := <-done:
			t.Fatalf("the run ended before a signal: exit %d, stderr %q", r.code, r.errout)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("no game finished in 30 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the run did not stop within 30 s of SIGTERM")
	}
	if r.code != ExitStopped || !strings.Contains(r.errout, "mcarena run: stopped after ") || !strings.Contains(r.errout, "run the same command again to resume") {
		t.Fatalf("stopped run: exit %d, stderr %q", r.code, r.errout)
	}
	b, _ := os.ReadFile(res)
	kept := bytes.Count(b, []byte("\n"))
	if kept < 1 {
		t.Fatalf("the stopped run kept %d games", kept)
	}
	code, out, errs := run("run", "long", "--config", cfg, "--out", res, "--games", "30", "--workers", "1")
	if code != ExitOK || !strings.Contains(out, "played") {
		t.Fatalf("resumed run: %d %q %q", code, out, errs)
	}
	b, _ = os.ReadFile(res)
	if n := bytes.Count(b, []byte("\n")); n != max(30, kept) {
		t.Fatalf("after resuming to 30 games the file holds %d (%d kept before)", n, kept)
	}
}
