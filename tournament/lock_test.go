//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package tournament

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A second runner on the same results file is refused at once, naming the
// file and the process that holds it; the first runner is not disturbed and
// the file holds every game once.
func TestSecondRunnerRefused(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	var second error
	n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 2}, func(pr Progress) {
		if pr.Done == 1 {
			_, second = runPreset(context.Background(), cfg, p, path, Options{Workers: 2}, nil)
		}
	})
	if err != nil || n != 24 {
		t.Fatalf("first runner: got %d games, %v; want 24, nil", n, err)
	}
	var locked *LockedError
	if !errors.As(second, &locked) {
		t.Fatalf("second runner: got %v, want a *LockedError", second)
	}
	want := fmt.Sprintf("%s is in use by process %d on ", path, os.Getpid())
	if !strings.HasPrefix(second.Error(), want) {
		t.Fatalf("got %q, want it to start %q", second.Error(), want)
	}
	if got := canonical(t, path); len(got) != 24 {
		t.Fatalf("got %d records, want 24", len(got))
	}
	// Released at the end: a third run finds nothing to do.
	if n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil || n != 0 {
		t.Fatalf("third run: got %d games, %v; want 0, nil", n, err)
	}
	if _, err := os.Stat(path + ".lock"); !os.IsNotExist(err) {
		t.Fatalf("lock file left after the run: %v", err)
	}
}

// A lock held by a process that is killed (kill -9) never blocks a later
// run.
func TestLockOfKilledProcess(t *testing.T) {
	if os.Getenv("MCARENA_HOLD_LOCK") != "" {
		return // the helper process runs as TestLockHolder
	}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHolder$")
	cmd.Env = append(os.Environ(), "MCARENA_HOLD_LOCK="+path)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && sc.Text() != "locked" {
	}
	_, err := Lock(path)
	var locked *LockedError
	if !errors.As(err, &locked) || !strings.Contains(locked.Holder, fmt.Sprintf("process %d ", cmd.Process.Pid)) {
		t.Fatalf("while the helper holds it: got %v, want a *LockedError naming process %d", err, cmd.Process.Pid)
	}
	cmd.Process.Kill() // SIGKILL: no clean-up runs; the lock file stays
	cmd.Wait()
	if _, err := os.Stat(path + ".lock"); err != nil {
		t.Fatalf("the killed holder's lock file: %v", err)
	}
	l, err := Lock(path)
	if err != nil {
		t.Fatalf("after the holder was killed: got %v, want the lock", err)
	}
	l.Unlock()
}

// TestLockHolder is the helper process of TestLockOfKilledProcess: it takes
// the lock and waits to be killed.
func TestLockHolder(t *testing.T) {
	path := os.Getenv("MCARENA_HOLD_LOCK")
	if path == "" {
		t.Skip("a helper process for TestLockOfKilledProcess")
	}
	if _, err := Lock(path); err != nil {
		t.Fatal(err)
	}
	fmt.Println("locked")
	time.Sleep(time.Minute)
}

// Busy names the holder of a results file's lock without taking it, and
// finds no holder before the lock is taken or after it is let go.
func TestBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := Busy(path); err != nil {
		t.Fatalf("no lock file: got %v, want nil", err)
	}
	lock, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	var locked *LockedError
	if err := Busy(path); !errors.As(err, &locked) || !strings.Contains(locked.Holder, fmt.Sprintf("process %d", os.Getpid())) {
		t.Fatalf("held: got %v, want a *LockedError naming this process", err)
	}
	if err := Busy(path); err == nil {
		t.Fatal("a second look let the lock go")
	}
	lock.Unlock()
	if err := Busy(path); err != nil {
		t.Fatalf("after Unlock: got %v, want nil", err)
	}
	again, err := Lock(path)
	if err != nil {
		t.Fatalf("Busy kept the lock: %v", err)
	}
	again.Unlock()
}
