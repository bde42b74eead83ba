// Package lines reads a text protocol's input line by line (GTP, UCI),
// surviving a line too long to hold: the line is skipped and reported as
// TooLong, and the lines after it are read as usual, where a bufio.Scanner
// would stop the session with bufio.ErrTooLong.
package lines

import (
	"bufio"
	"bytes"
	"io"
)

// TooLong is the text a Scanner gives in place of a line longer than its
// limit. It holds NUL bytes, which no protocol's command does.
const TooLong = "\x00line too long\x00"

// Scanner returns a scanner of r's lines, without their "\n" or "\r\n",
// each at most max bytes with its newline; a longer line is read to its
// end, dropped, and given as TooLong.
func Scanner(r io.Reader, max int) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, min(64*1024, max)), max)
	skipping := false
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		i := bytes.IndexByte(data, '\n')
		switch {
		case skipping && i >= 0:
			skipping = false
			return i + 1, []byte(TooLong), nil
		case skipping && atEOF:
			skipping = false
			return len(data), []byte(TooLong), nil
		case skipping:
			return len(data), nil, nil
		case i >= 0:
			return i + 1, bytes.TrimSuffix(data[:i], []byte("\r")), nil
		case len(data) >= max:
			skipping = true
			return len(data), nil, nil
		case atEOF && len(data) > 0:
			return len(data), bytes.TrimSuffix(data, []byte("\r")), nil
		}
		return 0, nil, nil
	})
	return sc
}
