// Package durable holds what makes a file's writes survive a power loss:
// syncing the directory that names it.
package durable

import (
	"os"
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
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
