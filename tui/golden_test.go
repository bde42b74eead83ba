package tui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata")

// golden compares a screen with testdata/NAME.golden (trailing spaces
// trimmed), or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(got, "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	got = strings.TrimRight(strings.Join(lines, "\n"), "\n") + "\n"
	path := filepath.Join("testdata", name+".golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui -run Golden -update)", err)
	}
	if got != string(want) {
		t.Fatalf("%s differs from %s:\n%s", name, path, got)
	}
}

// Screens at 100x30 with the ASCII colour profile (set in tui_test.go).
func TestGoldenScreens(t *testing.T) {
	sized := func() Model { return send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30}) }
	golden(t, "menu", sized().View())

	m, _ := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "e4-e3", "enter", "d2xe3", "enter", "b5-b4")
	golden(t, "play", m.View())

	m, _ = start(t, "kalah")
	m = keys(t, m, "c1", "enter", "f1", "enter")
	golden(t, "kalah", m.View())

	golden(t, "too-small", send(t, New(nil), tea.WindowSizeMsg{Width: 50, Height: 12}).View())

	m = sized()
	m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "tictactoe", "tab", "ctrl+u", "1x1/1o1/xo1 x", "tab", "ctrl+u", "nmcs:level=1,discount")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	golden(t, "stepper", m.View())
}
