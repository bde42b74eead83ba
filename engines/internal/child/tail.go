package child

import (
	"io"
	"strings"
	"sync"
)

// tail writes a program's stderr to its log and keeps the last line.
type tail struct {
	w       io.Writer
	mu      sync.Mutex
	partial []byte
	line    string
}

// Write implements io.Writer.
func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.partial = append(t.partial, b...)
	for {
		i := strings.IndexByte(string(t.partial), '\n')
		if i < 0 {
			break
		}
		if l := strings.TrimSpace(string(t.partial[:i])); l != "" {
			t.line = l
		}
		t.partial = t.partial[i+1:]
	}
	if len(t.partial) > 4096 {
		t.partial = t.partial[len(t.partial)-4096:]
	}
	return t.w.Write(b)
}

// last returns the last line written that was not blank.
func (t *tail) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if l := strings.TrimSpace(string(t.partial)); l != "" {
		return l
	}
	return t.line
}
