package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// quits reports whether running cmd ends the program.
func quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			if quits(c) {
				return true
			}
		}
	}
	return false
}

// ? opens the full help of the screen on top on every screen, those with
// text fields too while the field is empty (the move prompt, most of the
// time), and is then never typed into a field.
func TestQuestionMarkOpensScreenHelp(t *testing.T) {
	sized := func() Model { return send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 40}) }
	m, p := start(t, "breakthrough")
	cases := []struct {
		name string
		m    Model
		want string
	}{
		{"play", m, "flip board"},
		{"new game", keys(t, openItem(t, sized(), itemNewGame), "ctrl+u"), "start the game"},
		{"stepper form", keys(t, openItem(t, sized(), itemStepper), "ctrl+u"), "start stepping"},
		{"presets", openItem(t, sized(), itemPresets), "run it"},
		{"load", openItem(t, sized(), itemLoad), "load"},
		{"help", openItem(t, sized(), itemHelp), "page down"},
	}
	for _, tc := range cases {
		m := keys(t, tc.m, "?")
		v := m.View()
		if !m.showHelp || !strings.Contains(v, tc.want) || !strings.Contains(v, "? or esc closes this help") {
			t.Errorf("%s: ? did not open the screen's help:\n%s", tc.name, v)
		}
		if f := formOf(m.current); f != nil {
			for _, in := range f.inputs {
				if strings.Contains(in.Value(), "?") {
					t.Errorf("%s: ? was typed into %q", tc.name, in.Value())
				}
			}
		}
		m = keys(t, m, "?")
		if m.showHelp {
			t.Errorf("%s: ? again did not close the help", tc.name)
		}
	}
	if p.input.Value() != "" {
		t.Fatalf("? typed into the move prompt: %q", p.input.Value())
	}
}

// A help longer than the terminal scrolls: at the smallest size the
// interface takes, every key of the play screen's help can be brought into
// view, the screen never grows past the terminal, and the keys that scroll
// the help do not reach the game under it.
func TestHelpScrollsOnASmallTerminal(t *testing.T) {
	for _, size := range [][2]int{{minWidth, minHeight}, {80, 24}} {
		m, p := start(t, "breakthrough")
		m = send(t, m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		cursor := p.cursor
		m = keys(t, m, "?")
		seen := ""
		for range 100 {
			v := ansi.Strip(m.View())
			if n := strings.Count(v, "\n") + 1; n > size[1] {
				t.Fatalf("%dx%d: the view is %d lines high:\n%s", size[0], size[1], n, v)
			}
			for _, line := range strings.Split(v, "\n") {
				if w := ansi.StringWidth(line); w > size[0] {
					t.Fatalf("%dx%d: a line %d cells wide: %q", size[0], size[1], w, line)
				}
			}
			seen += v
			if !strings.Contains(v, "scroll") {
				break // all of it in view
			}
			if i := strings.Index(v, "lines "); i >= 0 {
				var a, b, n int
				if _, err := fmt.Sscanf(v[i:], "lines %d-%d of %d", &a, &b, &n); err == nil && b == n {
					break
				}
			}
			m = keys(t, m, "down")
		}
		for _, group := range m.keys().full {
			for _, b := range group {
				// The start of each description, which a narrow column
				// may wrap further on.
				desc := []rune(strings.Join(strings.Fields(b.Help().Desc), " "))
				if b.Enabled() && !strings.Contains(strings.Join(strings.Fields(seen), " "), string(desc[:min(len(desc), 12)])) {
					t.Errorf("%dx%d: the help never showed %q", size[0], size[1], b.Help().Desc)
				}
			}
		}
		if !strings.Contains(seen, "esc closes") {
			t.Errorf("%dx%d: the help never said how to close it", size[0], size[1])
		}
		if p.cursor != cursor {
			t.Errorf("%dx%d: scrolling the help moved the board's cursor", size[0], size[1])
		}
		m = keys(t, m, "end", "home", "esc")
		if m.showHelp {
			t.Errorf("%dx%d: esc did not close the help", size[0], size[1])
		}
	}
}

// The help's scrolling keys are the arrows, pgup/pgdn, home and end: j and
// k, which a text field under the help takes as typed, reach the field.
func TestHelpScrollLeavesTypedLetters(t *testing.T) {
	m, p := start(t, "breakthrough")
	m = send(t, m, tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
	m = keys(t, m, "b", "F1")
	if !m.showHelp || !strings.Contains(ansi.Strip(m.View()), "scroll") {
		t.Fatalf("no scrolling help over the prompt:\n%s", m.View())
	}
	m = keys(t, m, "2", "k", "j", "x")
	if got := p.input.Value(); got != "b2kjx" {
		t.Errorf("the prompt reads %q, want b2kjx", got)
	}
}

// The menu's Help screen wraps its text to the terminal: each paragraph's
// lines are full before the next begins (no line of a few words left where
// text wrapped for a wider screen wraps again), and none is wider than the
// terminal.
func TestMenuHelpWrapsToTheTerminal(t *testing.T) {
	for _, width := range []int{minWidth, 80, 120} {
		m := send(t, New(nil), tea.WindowSizeMsg{Width: width, Height: 400})
		m = openItem(t, m, itemHelp)
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		intro := 0
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > width {
				t.Errorf("width %d: line %d is %d cells: %q", width, i, w, l)
			}
			if strings.HasPrefix(l, "Menu") {
				break
			}
			if i > 0 && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
				intro++
				first := strings.Fields(l)[0]
				if prev := strings.TrimRight(lines[i-1], " "); ansi.StringWidth(prev)+1+ansi.StringWidth(first) <= width-2 {
					t.Errorf("width %d: line %d %q ends where %q would have fitted", width, i-1, prev, first)
				}
			}
		}
		if intro == 0 {
			t.Errorf("width %d: no paragraph of the help wrapped:\n%s", width, strings.Join(lines[:min(len(lines), 30)], "\n"))
		}
	}
}

// Typed text fields excepted: in a field that holds text, ? is a character
// of the text and F1, the key the footer shows there, opens the help.
func TestQuestionMarkTypedInTextFields(t *testing.T) {
	sized := func() Model { return send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 40}) }
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2")
	cases := []struct {
		name  string
		m     Model
		field func(Model) string
		want  string
	}{
		{"play", m, func(Model) string { return p.input.Value() }, "a2?"},
		{"new game", openItem(t, sized(), itemNewGame), func(m Model) string { return formOf(m.current).value(0) }, "breakthrough?"},
		{"stepper form", openItem(t, sized(), itemStepper), func(m Model) string { return formOf(m.current).value(0) }, "breakthrough?"},
		{"presets", keys(t, openItem(t, sized(), itemPresets), "4"), func(m Model) string { return formOf(m.current).value(0) }, "4?"},
	}
	for _, tc := range cases {
		if v := tc.m.View(); !strings.Contains(v, "f1 help") {
			t.Errorf("%s: the footer does not offer f1 for the help:\n%s", tc.name, v)
		}
		m := keys(t, tc.m, "?")
		if m.showHelp || tc.field(m) != tc.want {
			t.Errorf("%s: ? opened the help (%v) or was not typed: field %q, want %q", tc.name, m.showHelp, tc.field(m), tc.want)
		}
		m = keys(t, m, "F1")
		if !m.showHelp || tc.field(m) != tc.want {
			t.Errorf("%s: F1 did not open the help (%v), or changed the field to %q", tc.name, m.showHelp, tc.field(m))
		}
	}
}

// formOf returns a screen's text fields, if it has some.
func formOf(s screen) *form {
	switch s := s.(type) {
	case *setup:
		return &s.form
	case *stepperSetup:
		return &s.form
	case *presetPicker:
		return &s.form
	}
	return nil
}

// Typed text that spells a key's name is text: "f1" is a Kalah move and a
// cell name, and must not open the help; the F1 key does.
func TestTypedF1IsText(t *testing.T) {
	m, p := start(t, "kalah")
	m = keys(t, m, "c1", "enter", "f1")
	if m.showHelp || p.input.Value() != "f1" {
		t.Fatalf("typed f1: help %v, prompt %q", m.showHelp, p.input.Value())
	}
	m = keys(t, m, "enter")
	if strings.Join(p.names, " ") != "c1 f1" {
		t.Fatalf("moves %v", p.names)
	}
	m = keys(t, m, "F1")
	if !m.showHelp || p.input.Value() != "" {
		t.Fatalf("the F1 key: help %v, prompt %q", m.showHelp, p.input.Value())
	}
	// A paste is text too.
	m = keys(t, m, "F1")
	m = send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?"), Paste: true})
	if m.showHelp || p.input.Value() != "?" {
		t.Fatalf("pasted ?: help %v, prompt %q", m.showHelp, p.input.Value())
	}
}

// The menu: j and k move, q and esc quit, enter and a click select.
func TestMenuKeys(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	mn := m.current.(*menu)
	m = keys(t, m, "j", "j", "k")
	if mn.cursor != 1 {
		t.Fatalf("j j k: cursor %d, want 1", mn.cursor)
	}
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); !quits(cmd) {
		t.Fatal("q does not quit")
	}
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEsc}); !quits(cmd) {
		t.Fatal("esc does not quit")
	}
	// A click on an item's line opens it.
	next, _ := m.Update(tea.MouseMsg{X: 4, Y: menuTop + 2, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	m = next.(Model)
	if _, ok := m.current.(*browser); !ok || mn.items[2] != itemLoad {
		t.Fatalf("click on the third item: screen %T", m.current)
	}
}

// Each screen's footer shows that screen's keys: the menu does not offer
// undo or a hint.
func TestFooterPerScreen(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 30})
	if v := m.View(); strings.Contains(v, "undo") || strings.Contains(v, "hint") || !strings.Contains(v, "quit") {
		t.Fatalf("menu footer:\n%s", v)
	}
	m, _ = start(t, "breakthrough")
	if v := m.View(); !strings.Contains(v, "undo") || !strings.Contains(v, "hint") {
		t.Fatalf("play footer:\n%s", v)
	}
}

// Every key a screen handles is in its full help: each screen that
// screenKeys lists has its list here, and each list a screen.
func TestEveryKeyInHelp(t *testing.T) {
	e := New(nil).ctx
	want := map[string][]string{
		"Menu":             {"↑/k", "↓/j", "enter", "click", "q/esc", "ctrl+c", "?/f1"},
		"Play":             {"enter", "←↑↓→", "click", "ctrl+z", "ctrl+y", "ctrl+f", "ctrl+w", "ctrl+n", "ctrl+s", "ctrl+p", "ctrl+t", "ctrl+→", "ctrl+←", "pgup", "pgdn", "esc", "y", "n", "?/f1", "ctrl+c"},
		"Load game":        {"↑/k", "↓/j", "pgup", "pgdn", "enter", "esc", "?/f1", "ctrl+c"},
		"NMCS stepper":     {"←", "→", "↑/k", "↓/j", "pgup", "pgdn", "enter", "esc", "?/f1", "ctrl+c"},
		"Run a preset":     {"↑/k", "↓/j", "pgup", "pgdn", "tab", "shift+tab", "/", "enter", "esc", "?/f1", "ctrl+c"},
		"A preset running": {"↑/k", "↓/j", "pgup", "pgdn", "esc", "?/f1", "ctrl+c"},
		"New game, NMCS stepper and preset forms":                {"enter", "tab/↓", "shift+tab/↑", "pgup", "pgdn", "esc", "?/f1", "ctrl+c"},
		"Review results: the files, then a file's games":         {"↑/k", "↓/j", "pgup", "pgdn", "enter", "esc", "?/f1", "ctrl+c"},
		"Review (ctrl+r in a game, or a game of a results file)": {"↑/k", "↓/j", "←", "→", "pgup", "pgdn", "home", "end", "p", "v", "g", "ctrl+f", "esc", "?/f1", "ctrl+c"},
	}
	for _, s := range screenKeys(e) {
		if _, ok := want[s.name]; !ok {
			t.Errorf("%s: a screen this test has no list of keys for", s.name)
		}
		have := map[string]bool{}
		for _, group := range s.keys.full {
			for _, b := range group {
				have[b.Help().Key] = true
			}
		}
		for _, k := range want[s.name] {
			if !have[k] {
				t.Errorf("%s: the help lacks %s (has %v)", s.name, k, have)
			}
		}
		for _, b := range s.keys.short {
			for _, k := range b.Keys() {
				if !fullHas(s.keys, k) {
					t.Errorf("%s: footer key %s not in the full help", s.name, k)
				}
			}
		}
		delete(want, s.name)
	}
	if len(want) > 0 {
		t.Errorf("screens without help: %v", want)
	}
}

// fullHas reports whether a screen's full help has a binding for key k.
func fullHas(h keyHelp, k string) bool {
	for _, group := range h.full {
		for _, b := range group {
			for _, bk := range b.Keys() {
				if bk == k {
					return true
				}
			}
		}
	}
	return false
}

// The menu's title bar names the configuration loaded, or says where none
// was found and where saves go.
func TestMenuNamesConfig(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 30})
	m.ctx.where = Where{Config: "/home/r/lab/config.toml", Dir: "/home/r/lab"}
	if v := m.View(); !strings.Contains(v, "config /home/r/lab/config.toml") {
		t.Fatalf("view:\n%s", v)
	}
	m.ctx.where = Where{Dir: "/home/r/.config/mcarena", Looked: []string{"/tmp/config.toml", "/home/r/.config/mcarena/config.toml"}}
	if v := m.View(); !strings.Contains(v, "no config.toml (looked for /tmp/config.toml") {
		t.Fatalf("view:\n%s", v)
	}
}

// The full help of every screen shows each of its keys, in rows of columns
// no wider than the terminal, at any width the interface allows; the
// footer keeps the help key where its line is cut.
func TestHelpShowsEveryKey(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 40})
	e := m.ctx
	for _, width := range []int{minWidth, 80, 120, 200} {
		for _, s := range screenKeys(e) {
			out := ansi.Strip(fullHelp(e.help, s.keys.full, width))
			for _, group := range s.keys.full {
				for _, b := range group {
					if h := b.Help(); !strings.Contains(strings.Join(strings.Fields(out), " "), h.Desc) {
						t.Errorf("%s at %d columns: %q (%s) missing:\n%s", s.name, width, h.Desc, h.Key, out)
					}
				}
			}
			for _, line := range strings.Split(out, "\n") {
				if w := ansi.StringWidth(line); w > width {
					t.Errorf("%s at %d columns: a line of %d cells", s.name, width, w)
				}
			}
		}
		short := ansi.Strip(shortHelp(e.help, m.keys().short, 30))
		if !strings.HasPrefix(short, "?") {
			t.Errorf("a footer cut at 30 columns lost the help key: %q", short)
		}
	}
}
