package tournament

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// FileLock is an advisory lock on a results file, held for a whole run (and
// a repair) so that two runners never append the same games to one file.
// It lives in PATH.lock, which names the process that holds it. The lock is
// the operating system's (flock), not the file's existence: a process that
// is killed releases it, and a later run takes it at once.
type FileLock struct {
	f    *os.File
	path string
}

// LockedError is the refusal of a lock that another process holds.
type LockedError struct {
	Path   string // the results file
	Holder string // what the holder wrote in the lock file, if anything
}

func (e *LockedError) Error() string {
	holder := "another process"
	if e.Holder != "" {
		holder = e.Holder
	}
	return fmt.Sprintf("%s is in use by %s: one run per results file (two would play every game twice); wait for it to end or stop it, or choose another file", e.Path, holder)
}

// Lock takes the lock of results file path, or fails at once with a
// *LockedError if another process (or another run in this one) holds it.
func Lock(path string) (*FileLock, error) {
	if dir := filepath.Dir(path); dir != "" {
		if fi, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("%s: the directory %s cannot be used (%v): make it first, or name another file", path, dir, err)
		} else if !fi.IsDir() {
			return nil, fmt.Errorf("%s: %s is not a directory", path, dir)
		}
	}
	return lockFile(path, path+".lock")
}

// Busy reports, without taking the lock, whether another process (or
// another run in this one) holds the lock of results file path: a
// *LockedError naming the holder if so, else nil. A screen uses it to warn
// before it would start a second runner.
func Busy(path string) error { return busy(path, path+".lock") }

// holderText describes this process for a refused runner's message.
func holderText() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("process %d on %s (%s, since %s)", os.Getpid(), host, strings.Join(os.Args, " "), time.Now().Format("2006-01-02 15:04:05"))
}
