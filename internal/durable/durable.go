// Package durable holds what makes a file's writes survive a power loss
// (syncing the directory that names it) and what makes a new file appear
// whole and never over another.
package durable

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// SyncDir forces a directory's entries (a new or renamed file) to the disk,
// so that a power loss after the call cannot bring back an old entry or
// lose a new one. Windows cannot sync a directory and needs no such step.
func SyncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = syncFile(d)
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncFile flushes an open file or directory to the disk; a test stands in
// for it to see what is synced.
var syncFile = (*os.File).Sync

// Link makes a hard link. It is a variable so that a test can stand in a
// file system without hard links.
var Link = os.Link

// Publish gives the finished, synced file tmp the name path, which must
// not exist; if it does, path is left as it is and the error satisfies
// errors.Is(err, fs.ErrExist). The new name is a hard link, so the file
// appears whole, or, where the file system has no hard links (FAT, some
// network mounts), the name is taken first by an empty file made only if
// none exists and the file is then renamed over it (a process killed
// between the two steps leaves that empty file; a rename that fails takes
// it away). tmp remains after a hard link: the caller removes it. The
// directory is synced.
func Publish(tmp, path string) error {
	if err := Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		placeholder, _ := f.Stat()
		f.Close()
		if err := os.Rename(tmp, path); err != nil {
			// The empty file is taken away again, unless another has
			// taken its name meanwhile.
			if now, serr := os.Lstat(path); serr == nil && placeholder != nil && os.SameFile(now, placeholder) {
				os.Remove(path)
			}
			return err
		}
	}
	return SyncDir(filepath.Dir(path))
}
