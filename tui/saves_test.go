//go:build unix

package tui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A named pipe or a link to a device in saves/ is refused with the reason
// when chosen; the UI never blocks on it.
func TestBrowserRefusesNonSaves(t *testing.T) {
	tempSaves(t)
	if err := syscall.Mkfifo(filepath.Join(SavesDir, "a-fifo.pgn"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(SavesDir, "b-zero.pgn")); err != nil {
		t.Fatal(err)
	}
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 30})
	m = openItem(t, m, itemLoad)
	b, ok := m.current.(*browser)
	if !ok || len(b.files) != 2 {
		t.Fatalf("got screen %T, want the browser with two files", m.current)
	}
	reasons := map[string]string{"a-fifo.pgn": "is a named pipe (FIFO), not a regular file", "b-zero.pgn": "is a device, not a regular file"}
	for i := range b.files {
		b.cursor = i
		want := reasons[b.files[i]]
		done := make(chan Model, 1)
		go func() { done <- keys(t, m, "enter") }()
		select {
		case m = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("loading %s blocked the UI", b.files[i])
		}
		if v := m.View(); !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Fatalf("loading %s: got view\n%s\nwant %q", b.files[i], v, want)
		}
	}
}
