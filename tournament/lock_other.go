//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package tournament

// lockFile takes no lock where the system has no flock (Windows, Plan 9,
// WebAssembly): there, one run per results file is the user's care.
func lockFile(path, results string) (*FileLock, error) {
	return &FileLock{path: results + ".lock", results: results, named: path}, nil
}

// holdResults takes no lock where the system has no flock.
func (l *FileLock) holdResults() error { return nil }

// Unlock releases the lock.
func (l *FileLock) Unlock() error { return nil }

// busy finds no holder where the system has no flock.
func busy(path, results string) error { return nil }
