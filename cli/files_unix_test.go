//go:build unix

package cli

import (
	"bytes"
	"fmt"
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
	dir, _, res := ranTiny(t)
	data, err := os.ReadFile(res)
	if err != nil || len(data) <= 2*512 {
		t.Fatalf("the shard holds %d bytes (%v), want more than the limit below", len(data), err)
	}
	out := filepath.Join(dir, "m.jsonl")
	// Two blocks of 512 bytes, less than the shard.
	stderr, err := runLimited(t, 2, "merge", "--out", out, res)
	if err == nil || !strings.Contains(stderr, "file too large") || !strings.Contains(stderr, out+" was not written") {
		t.Fatalf("the limited merge: %v, stderr %q; want it to fail saying %s was not written", err, stderr, out)
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

// runLimited runs mcarena with args in a child process (this test binary,
// through TestMain's MCARENA_CLI_CHILD) whose files may grow to blocks of
// 512 bytes only (ulimit -f), and returns its stderr.
func runLimited(t *testing.T, blocks int, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("sh", "-c", fmt.Sprintf(`ulimit -f %d && exec "$0" -test.run='^$'`, blocks), os.Args[0])
	cmd.Env = append(os.Environ(), "MCARENA_CLI_CHILD="+strings.Join(args, "\n"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	return stderr.String(), err
}

// A repair whose write of the repaired file fails (a file size limit, as a
// full disk would) leaves the file as it was and no damaged file holding
// lines the file still has; the same repair then succeeds.
func TestRepairLeavesNothingWhenAWriteFails(t *testing.T) {
	dir, cfg, res := ranTiny(t)
	// More than the repair's write buffer (4 KiB), so that a write fails
	// while the lines are sorted, not only at the end.
	if code, _, errs := run("run", "tiny", "--config", cfg, "--out", res, "--games", "40"); code != ExitOK {
		t.Fatalf("run: %d %q", code, errs)
	}
	data, _ := os.ReadFile(res)
	if len(data) < 3*4096 {
		t.Fatalf("the file holds %d bytes, want more than three write buffers", len(data))
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines[3] = "garbage\n"
	damaged := []byte(strings.Join(lines, ""))
	os.WriteFile(res, damaged, 0o644)
	stderr, err := runLimited(t, 2, "repair", res)
	if err == nil || !strings.Contains(stderr, "file too large") || !strings.Contains(stderr, res+" was left as it was") {
		t.Fatalf("the limited repair: %v, stderr %q; want it to fail saying the file was left as it was", err, stderr)
	}
	if got, _ := os.ReadFile(res); !bytes.Equal(got, damaged) {
		t.Fatalf("the failed repair changed %s", res)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.damaged-*")); len(left) != 0 {
		t.Fatalf("the failed repair left %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".repair-*")); len(left) != 0 {
		t.Fatalf("the failed repair left %v", left)
	}
	if code, out, errs := run("repair", res); code != ExitOK || !strings.Contains(out, "kept 79 good records") {
		t.Fatalf("repair again: %d %q %q", code, out, errs)
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

// merge to a symbolic link that names a file not made yet makes that file,
// as a run through the link would, with a run's mode (0644 less the umask).
func TestMergeThroughALinkToAFileNotMadeYet(t *testing.T) {
	dir, _, res := ranTiny(t)
	os.Mkdir(filepath.Join(dir, "store"), 0o755)
	link := filepath.Join(dir, "out.jsonl")
	if err := os.Symlink(filepath.Join("store", "merged.jsonl"), link); err != nil {
		t.Skip(err)
	}
	if code, _, errs := run("merge", "--out", link, res); code != ExitOK {
		t.Fatalf("merge through the link: %d %q", code, errs)
	}
	fi, err := os.Lstat(filepath.Join(dir, "store", "merged.jsonl"))
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("the link's file: %v, %v", fi, err)
	}
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	if want := os.FileMode(0o644 &^ umask); fi.Mode().Perm() != want {
		t.Errorf("mode %v, want %v", fi.Mode().Perm(), want)
	}
	if l, err := os.Lstat(link); err != nil || l.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v", err)
	}
}
