// Package terminal tells whether a file is a terminal, for the commands
// that draw for a person (the TUI, progress bars, the clipboard) and fall
// back to plain output otherwise.
package terminal

import "os"

// Is reports whether f is a terminal: a character device, as a terminal
// and a pseudo-terminal are.
func Is(f *os.File) bool {
	if f == nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
