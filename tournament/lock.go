package tournament

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// FileLock is an advisory lock on a results file, held for a whole run (and
// a repair) so that two runners never append the same games to one file.
// It lives in PATH.lock beside the file that PATH names, symbolic links
// followed (so every name of the file by links finds one lock), and names
// the process that holds it; the results file itself, when it exists, is
// locked too, so that a second name by a hard link is refused as well. The
// lock is the operating system's (flock), not the file's existence: a
// process that is killed releases it, and a later run takes it at once.
type FileLock struct {
	f       *os.File
	path    string   // the lock file
	results string   // the results file, links followed
	named   string   // the results file as the caller named it, for errors
	data    *os.File // the results file, locked; nil before it exists
}

// File is the results file the lock guards, symbolic links followed: where
// a file that replaces it whole (a merge's) is to be made.
func (l *FileLock) File() string { return l.results }

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

// Lock takes the lock of results file path, or fails with a *LockedError
// (within a fraction of a second: a lock Busy only peeks at is waited for)
// if another process (or another run in this one) holds it,
// under this name or another: a symbolic link to the file or to a
// directory on its way, or a hard link to a file that exists.
func Lock(path string) (*FileLock, error) {
	if dir := filepath.Dir(path); dir != "" {
		if fi, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("%s: the directory %s cannot be used (%v): make it first, or name another file", path, dir, err)
		} else if !fi.IsDir() {
			return nil, fmt.Errorf("%s: %s is not a directory", path, dir)
		}
	}
	results, err := resolve(path)
	if err != nil {
		return nil, fmt.Errorf("%s cannot be used: following its symbolic links: %v; name another file", path, err)
	}
	return lockFile(path, results)
}

// Busy reports, without taking the lock, whether another process (or
// another run in this one) holds the lock of results file path, under any
// name Lock would refuse: a *LockedError naming the holder if so, else nil.
// A screen uses it to warn before it would start a second runner.
func Busy(path string) error {
	results, err := resolve(path)
	if err != nil {
		return nil // no file and no directory: nothing can hold it
	}
	return busy(path, results)
}

// resolve returns the file that path names, symbolic links followed: a
// link to the file, or to a directory on its way, names its target. A file
// not made yet is named by its directory's target, and a link to a file
// not made yet by the file the link names, which a run would create.
func resolve(path string) (string, error) {
	for range 255 {
		results, err := filepath.EvalSymlinks(path)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return results, err
		}
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			to, err := os.Readlink(path)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(to) {
				to = filepath.Join(filepath.Dir(path), to)
			}
			path = to
			continue
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(path))
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, filepath.Base(path)), nil
	}
	return "", &fs.PathError{Op: "lock", Path: path, Err: errors.New("too many symbolic links")}
}

// linkedHolder is the holder of a results file's lock that a second name
// of it (a hard link) finds: its lock file, which names the process, lies
// beside the other name.
const linkedHolder = "another process, through another name of the file (a hard link)"

// holderText describes this process for a refused runner's message.
func holderText() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("process %d on %s (%s, since %s)", os.Getpid(), host, strings.Join(os.Args, " "), time.Now().Format("2006-01-02 15:04:05"))
}
