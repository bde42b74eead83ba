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
	"syscall"
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

// A run that starts while Busy peeks (a shared lock for an instant, on the
// lock file or on the results file) is not refused as if a run held the
// file: it tries again for a moment and takes the lock.
func TestLockWaitsOutAPeek(t *testing.T) {
	for _, peeked := range []string{".lock", ""} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(path+peeked, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path + peeked)
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
			t.Fatal(err)
		}
		go func() {
			time.Sleep(30 * time.Millisecond)
			f.Close()
		}()
		lock, err := Lock(path)
		if err != nil {
			t.Fatalf("a peek at %q for 30 ms: %v", path+peeked, err)
		}
		lock.Unlock()
	}
}

// Every name of a results file finds its lock: while a run holds the file
// under one name, a run under another (a symbolic link to the file or to
// its directory, a hard link, a link to a file not made yet) is refused,
// whichever comes first, Busy names the holder through it, and the lock is
// free under both once it is let go.
func TestEveryNameOfAFileFindsItsLock(t *testing.T) {
	cases := []struct {
		name string
		// names makes a results file and another name of it in dir.
		names func(dir string) (file, other string, err error)
		// linked says the other name is a hard link, whose holder only the
		// file's own lock file names.
		linked bool
	}{
		{"a symbolic link to the file", func(dir string) (string, string, error) {
			file := filepath.Join(dir, "r.jsonl")
			os.WriteFile(file, []byte(goodLine("a", 0)), 0o644)
			return file, filepath.Join(dir, "l.jsonl"), os.Symlink("r.jsonl", filepath.Join(dir, "l.jsonl"))
		}, false},
		{"a symbolic link to its directory", func(dir string) (string, string, error) {
			os.Mkdir(filepath.Join(dir, "real"), 0o755)
			file := filepath.Join(dir, "real", "r.jsonl")
			os.WriteFile(file, []byte(goodLine("a", 0)), 0o644)
			return file, filepath.Join(dir, "alias", "r.jsonl"), os.Symlink("real", filepath.Join(dir, "alias"))
		}, false},
		{"a symbolic link to a file not made yet", func(dir string) (string, string, error) {
			file := filepath.Join(dir, "r.jsonl")
			return file, filepath.Join(dir, "l.jsonl"), os.Symlink("r.jsonl", filepath.Join(dir, "l.jsonl"))
		}, false},
		{"a symbolic link to the directory of a file not made yet", func(dir string) (string, string, error) {
			os.Mkdir(filepath.Join(dir, "real"), 0o755)
			return filepath.Join(dir, "real", "r.jsonl"), filepath.Join(dir, "alias", "r.jsonl"), os.Symlink("real", filepath.Join(dir, "alias"))
		}, false},
		{"a hard link", func(dir string) (string, string, error) {
			file := filepath.Join(dir, "r.jsonl")
			os.WriteFile(file, []byte(goodLine("a", 0)), 0o644)
			return file, filepath.Join(dir, "h.jsonl"), os.Link(file, filepath.Join(dir, "h.jsonl"))
		}, true},
	}
	for _, tc := range cases {
		for _, otherFirst := range []bool{false, true} {
			file, other, err := tc.names(t.TempDir())
			if err != nil {
				t.Skipf("%s: %v", tc.name, err)
			}
			first, second := file, other
			if otherFirst {
				first, second = other, file
			}
			held, err := Lock(first)
			if err != nil {
				t.Fatalf("%s: the first lock: %v", tc.name, err)
			}
			want := fmt.Sprintf("process %d ", os.Getpid())
			if tc.linked {
				want = linkedHolder
			}
			var locked *LockedError
			if _, err := Lock(second); !errors.As(err, &locked) || locked.Path != second || !strings.Contains(locked.Holder, want) {
				t.Errorf("%s, %s held: got %v, want a *LockedError of %s naming %q", tc.name, first, err, second, want)
			}
			if err := Busy(second); !errors.As(err, &locked) || !strings.Contains(locked.Holder, want) {
				t.Errorf("%s, %s held: Busy(%s) got %v, want a *LockedError naming %q", tc.name, first, second, err, want)
			}
			held.Unlock()
			again, err := Lock(second)
			if err != nil {
				t.Fatalf("%s, %s let go: got %v, want the lock", tc.name, first, err)
			}
			again.Unlock()
		}
	}
}

// A name given by a hard link to a results file that a run created finds
// the run's lock: a second run through it is refused, and the file holds
// every game once.
func TestAHardLinkToAFileARunCreatedFindsItsLock(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	dir := t.TempDir()
	path, link := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "h.jsonl")
	var second error
	n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 2}, func(pr Progress) {
		if pr.Done == 1 {
			if err := os.Link(path, link); err != nil {
				second = err
				return
			}
			_, second = runPreset(context.Background(), cfg, p, link, Options{Workers: 2}, nil)
		}
	})
	if err != nil || n != 24 {
		t.Fatalf("first runner: got %d games, %v; want 24, nil", n, err)
	}
	var locked *LockedError
	if !errors.As(second, &locked) || locked.Path != link {
		t.Fatalf("second runner through the hard link: got %v, want a *LockedError of %s", second, link)
	}
	if got := canonical(t, path); len(got) != 24 {
		t.Fatalf("got %d records, want 24", len(got))
	}
}

// A run that starts over through a symbolic link moves the file the link
// names aside, not the link: the link keeps naming the new file, whose lock
// a second run through either name meets, and the file holds every game
// once.
func TestRestartThroughASymbolicLinkKeepsTheLock(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	dir := t.TempDir()
	real, link := filepath.Join(dir, "real.jsonl"), filepath.Join(dir, "sym.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, real, Options{Count: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.jsonl", link); err != nil {
		t.Skip(err)
	}
	var second [2]error
	n, err := runPreset(context.Background(), cfg, p, link, Options{Workers: 2, Restart: true}, func(pr Progress) {
		if pr.Done == 1 {
			for i, name := range []string{link, real} {
				_, second[i] = runPreset(context.Background(), cfg, p, name, Options{Workers: 2}, nil)
			}
		}
	})
	if err != nil || n != 24 {
		t.Fatalf("the run that started over: got %d games, %v; want 24, nil", n, err)
	}
	for i, name := range []string{link, real} {
		var locked *LockedError
		if !errors.As(second[i], &locked) {
			t.Errorf("a second run through %s: got %v, want a *LockedError", name, second[i])
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a symbolic link: %v", link, err)
	}
	if got := canonical(t, real); len(got) != 24 {
		t.Fatalf("got %d records, want 24", len(got))
	}
	old, _ := filepath.Glob(real + ".old-*")
	if len(old) != 1 {
		t.Fatalf("earlier results kept in %v, want one %s.old-... file", old, real)
	}
}

// A results file named through a symbolic link to a directory that is not
// there is refused naming the file given, not only the missing target.
func TestADanglingLinkIsNamed(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "l.jsonl")
	if err := os.Symlink(filepath.Join(dir, "gone", "r.jsonl"), link); err != nil {
		t.Skip(err)
	}
	if _, err := Lock(link); err == nil || !strings.HasPrefix(err.Error(), link+" cannot be used: following its symbolic links: ") {
		t.Fatalf("got %v, want the link named", err)
	}
}
