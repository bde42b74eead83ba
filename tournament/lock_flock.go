//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package tournament

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"time"
)

// lockFile takes an exclusive flock on results+".lock", creating it, and
// then on the results file itself if it exists (holdResults). Unlock
// removes the lock file; a runner that opened it just before the removal
// finds, once it holds the lock, that the path names another file (or
// none) and tries again, so two runners never hold locks on different
// files of one name. path is the results file as the caller named it.
func lockFile(path, results string) (*FileLock, error) {
	lockPath := results + ".lock"
	for {
		f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := flockExclusive(f); err != nil {
			holder := ""
			if errors.Is(err, syscall.EWOULDBLOCK) {
				b, _ := io.ReadAll(io.LimitReader(f, 4096))
				holder = strings.TrimSpace(string(b))
			}
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, &LockedError{Path: path, Holder: holder}
			}
			return nil, &os.PathError{Op: "lock", Path: lockPath, Err: err}
		}
		held, err1 := f.Stat()
		named, err2 := os.Stat(lockPath)
		if err1 != nil || err2 != nil || !os.SameFile(held, named) {
			f.Close() // removed by the previous holder meanwhile
			continue
		}
		l := &FileLock{f: f, path: lockPath, results: results, named: path}
		if err := l.holdResults(); err != nil {
			l.Unlock()
			return nil, err
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(holderText()+"\n"), 0)
		}
		return l, nil
	}
}

// holdResults takes an exclusive flock on the results file, if it exists,
// which a lock taken through another name of the file (a hard link, whose
// lock file lies elsewhere) meets. A run calls it again once it has
// created the file, or put a new one in the place of one it moved aside. A
// file that cannot be opened is left to the run's own reading to report.
func (l *FileLock) holdResults() error {
	f, err := os.OpenFile(l.results, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil
	}
	if l.data != nil {
		if held, err := l.data.Stat(); err == nil && os.SameFile(held, fi) {
			f.Close()
			return nil
		}
	}
	if err := flockExclusive(f); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return &LockedError{Path: l.named, Holder: linkedHolder}
		}
		return &os.PathError{Op: "lock", Path: l.results, Err: err}
	}
	if l.data != nil {
		l.data.Close() // the file moved aside
	}
	l.data = f
	return nil
}

// Unlock releases the lock and removes the lock file.
func (l *FileLock) Unlock() error {
	if l.data != nil {
		l.data.Close()
	}
	os.Remove(l.path)
	return l.f.Close()
}

// peekGrace is how long an exclusive lock is tried again before it is
// refused: busy's shared peek holds a lock for microseconds, and a run
// that starts in that instant must not be refused as if a run held it.
// A real holder keeps its lock for the whole run, so the wait only delays
// the refusal.
const peekGrace = 200 * time.Millisecond

// flockExclusive takes an exclusive flock on f without blocking, trying
// again for up to peekGrace while it would block.
func flockExclusive(f *os.File) error {
	deadline := time.Now().Add(peekGrace)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// busy tries a shared flock on the lock file of results, and then on
// results itself, either of which fails while a runner holds its exclusive
// one, and lets them go at once. A missing file is no lock.
func busy(path, results string) error {
	f, err := os.Open(results + ".lock")
	if err == nil {
		defer f.Close() // closing the file lets the shared lock go
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); errors.Is(err, syscall.EWOULDBLOCK) {
			b, _ := io.ReadAll(io.LimitReader(f, 4096))
			return &LockedError{Path: path, Holder: strings.TrimSpace(string(b))}
		}
	}
	d, err := os.OpenFile(results, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	defer d.Close()
	if fi, err := d.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if err := syscall.Flock(int(d.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); errors.Is(err, syscall.EWOULDBLOCK) {
		return &LockedError{Path: path, Holder: linkedHolder}
	}
	return nil
}
