package cli

import (
	"io"
	"os"
)

// checkedWriter is a command's stdout that keeps the first write error: a
// command whose output was lost (a full disk, a closed pipe, /dev/full)
// fails, though it printed as it went and never looked at each write.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// file returns the *os.File under w, if there is one (a terminal's, for
// the progress bars).
func file(w io.Writer) (*os.File, bool) {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return f, ok
}
