//go:build unix

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A merge whose write fails (here a file size limit, as a full disk would)
// leaves no file at --out, which a report would count and a run resume as
// if it were the whole merge, and no temporary file beside it; the same
// merge then succeeds.
func TestMergeLeavesNoFileWhenAWriteFails(t *testing.T) {
	if out := os.Getenv("MCARENA_MERGE_OUT"); out != "" {
		os.Exit(Run([]string{"merge", "--out", out, os.Getenv("MCARENA_MERGE_IN")}, os.Stdout, os.Stderr))
	}
	dir, _, res := ranTiny(t)
	data, err := os.ReadFile(res)
	if err != nil || len(data) <= 2*512 {
		t.Fatalf("the shard holds %d bytes (%v), want more than the limit below", len(data), err)
	}
	out := filepath.Join(dir, "m.jsonl")
	// ulimit -f counts blocks of 512 bytes: two blocks, less than the shard.
	cmd := exec.Command("sh", "-c", `ulimit -f 2 && exec "$0" -test.run='^TestMergeLeavesNoFileWhenAWriteFails$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "MCARENA_MERGE_OUT="+out, "MCARENA_MERGE_IN="+res)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	if err == nil || !strings.Contains(stderr.String(), "file too large") || !strings.Contains(stderr.String(), out+" was not written") {
		t.Fatalf("the limited merge: %v, stderr %q; want it to fail saying %s was not written", err, stderr.String(), out)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the failed merge left %s: %v", out, err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".m.jsonl.merge-*")); len(left) != 0 {
		t.Fatalf("the failed merge left %v", left)
	}
	if code, _, errs := run("merge", "--out", out, res); code != ExitOK {
		t.Fatalf("merge again: %d %q", code, errs)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, data) {
		t.Fatalf("the merge of one shard differs from it")
	}
}

// A named pipe in place of a results file is refused at once by every
// command that reads one: opening it would wait for a writer.
func TestANamedPipeIsRefused(t *testing.T) {
	dir, cfg, _ := ranTiny(t)
	fifo := filepath.Join(dir, "p.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{
		{"report", fifo},
		{"verify", "--config", cfg, fifo},
		{"repair", fifo},
		{"merge", "--out", filepath.Join(dir, "m.jsonl"), fifo},
		{"compare", fifo, fifo},
		{"run", "tiny", "--config", cfg, "--out", fifo},
	} {
		done := make(chan string, 1)
		go func() {
			_, _, errs := run(args...)
			done <- errs
		}()
		select {
		case errs := <-done:
			if !strings.Contains(errs, "is a named pipe, not a regular file") {
				t.Errorf("%v: stderr %q, want the named pipe refused", args, errs)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v blocked on the named pipe", args) // the goroutine stays blocked
		}
	}
}
