//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package tournament

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
)

// lockFile takes an exclusive flock on lockPath, creating it. Unlock removes
// the file; a runner that opened it just before the removal finds, once it
// holds the lock, that the path names another file (or none) and tries
// again, so two runners never hold locks on different files of one name.
func lockFile(path, lockPath string) (*FileLock, error) {
	for {
		f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
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
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(holderText()+"\n"), 0)
		}
		return &FileLock{f: f, path: lockPath}, nil
	}
}

// Unlock releases the lock and removes the lock file.
func (l *FileLock) Unlock() error {
	os.Remove(l.path)
	return l.f.Close()
}

// busy tries a shared flock on lockPath, which fails while a runner holds
// its exclusive one, and lets it go at once. A missing lock file is no lock.
func busy(path, lockPath string) error {
	f, err := os.Open(lockPath)
	if err != nil {
		return nil
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return nil
		}
		b, _ := io.ReadAll(io.LimitReader(f, 4096))
		return &LockedError{Path: path, Holder: strings.TrimSpace(string(b))}
	}
	return nil // closing the file lets the shared lock go
}
