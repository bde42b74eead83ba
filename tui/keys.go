package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// keyMap is every key binding of the interface, with its help text. Each
// screen shows its own selection of them (keyHelp); screens match keys only
// through matches.
type keyMap struct {
	Up, Down, Left, Right key.Binding
	UpRight, DownLeft     key.Binding // a hex board's other two directions
	ListUp, ListDown      key.Binding // also k and j, in lists without text
	PageUp, PageDown      key.Binding
	Select, Click, Back   key.Binding
	Quit, LeaveMenu       key.Binding
	Undo, Redo, Flip      key.Binding
	Next, Prev            key.Binding
	NextField, PrevField  key.Binding // tab and shift+tab only, beside a list
	Stop, Pause, Hint     key.Binding
	Faster, Slower        key.Binding
	Save, Stepper         key.Binding
	Resign                key.Binding // a human seat resigns
	Help                  key.Binding
	HelpF1                key.Binding // the help key where ? is typed text
	Yes, No               key.Binding
	Home, End             key.Binding
	Review, Results       key.Binding
	CopyPosition, CopyPV  key.Binding
	CopyGame              key.Binding
	Filter                key.Binding // to a list's filter field
	Chart                 key.Binding // a preset run's sweep as a chart
}

func defaultKeys() keyMap {
	return keyMap{
		Up:        key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:      key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Left:      key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "left")),
		Right:     key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "right")),
		UpRight:   key.NewBinding(key.WithKeys("shift+up"), key.WithHelp("shift+↑", "hex ↗")),
		DownLeft:  key.NewBinding(key.WithKeys("shift+down"), key.WithHelp("shift+↓", "hex ↙")),
		ListUp:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		ListDown:  key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Select:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "select")),
		Click:     key.NewBinding(key.WithKeys("click"), key.WithHelp("click", "select")), // for the help only: clicks are mouse messages
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Quit:      key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		LeaveMenu: key.NewBinding(key.WithKeys("q", "esc"), key.WithHelp("q/esc", "quit")),
		Undo:      key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "undo")),
		Redo:      key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "redo")),
		Flip:      key.NewBinding(key.WithKeys("ctrl+f"), key.WithHelp("ctrl+f", "flip board")),
		Next:      key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		Prev:      key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		NextField: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		PrevField: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous field")),
		Stop:      key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "engine: move now")),
		Pause:     key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "pause engines")),
		Hint:      key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "hint")),
		Faster:    key.NewBinding(key.WithKeys("ctrl+right"), key.WithHelp("ctrl+→", "watch faster")),
		Slower:    key.NewBinding(key.WithKeys("ctrl+left"), key.WithHelp("ctrl+←", "watch slower")),
		Save:      key.NewBinding(key.WithKeys("ctrl+w"), key.WithHelp("ctrl+w", "save game")),
		Resign:    key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "resign (undo takes it back)")),
		Stepper:   key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "NMCS stepper here")),
		Help:      key.NewBinding(key.WithKeys("?", "f1"), key.WithHelp("?/f1", "help")),
		HelpF1:    key.NewBinding(key.WithKeys("f1"), key.WithHelp("f1", "help")),
		Yes:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:        key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "no")),
		Home:      key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "start")),
		End:       key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "end")),
		Review:    key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "review the moves")),
		Results:   key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "review results files")),

		CopyPosition: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "copy position")),
		CopyPV:       key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "copy PV")),
		CopyGame:     key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "copy game (PGN)")),
		Filter:       key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Chart:        key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "chart / table")),
	}
}

// matches reports whether k is one of the bindings' keys. Typed text is a
// key only when it is one character: a paste or a burst of typing that
// spells "f1" or "ctrl+n" is text, not that key.
func matches(k tea.KeyMsg, bs ...key.Binding) bool {
	if k.Type == tea.KeyRunes && (len(k.Runes) != 1 || k.Paste) {
		return false
	}
	return key.Matches(k, bs...)
}

// as returns b with another description in the help.
func as(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}

// keyHelp is one screen's keys for bubbles/help: the footer shows short,
// ? and F1 show full.
type keyHelp struct {
	short []key.Binding
	full  [][]key.Binding
}

// ShortHelp implements help.KeyMap.
func (k keyHelp) ShortHelp() []key.Binding { return k.short }

// FullHelp implements help.KeyMap.
func (k keyHelp) FullHelp() [][]key.Binding { return k.full }

// helper is a screen that lists its keys.
type helper interface{ keys(e *env) keyHelp }

// formHelp is the keys of a screen of text fields whose enter does what.
// ? is typed into a field that holds text, so the footer offers F1.
func formHelp(k keyMap, enter string) keyHelp {
	sel := as(k.Select, enter)
	return keyHelp{
		short: []key.Binding{sel, k.Next, k.Back, k.HelpF1},
		full:  [][]key.Binding{{sel, k.Next, k.Prev}, {k.Back, as(k.Help, typedHelp), k.Quit}},
	}
}

// fullHelp renders groups of keys as help.Model's full view does, but in
// as many rows of columns as the width needs, so that no key is cut off.
func fullHelp(h help.Model, groups [][]key.Binding, width int) string {
	h.Width = 0 // measured here, not cut
	var rows []string
	for start := 0; start < len(groups); {
		end := start + 1
		for end < len(groups) && lipgloss.Width(h.FullHelpView(groups[start:end+1])) <= width {
			end++
		}
		row := h.FullHelpView(groups[start:end])
		if lipgloss.Width(row) > width {
			row = narrowColumn(h, groups[start], width)
		}
		rows = append(rows, row)
		start = end
	}
	return strings.Join(rows, "\n\n")
}

// narrowColumn renders one column of keys too wide for width with each
// description wrapped beside its key.
func narrowColumn(h help.Model, group []key.Binding, width int) string {
	keyW := 0
	for _, b := range group {
		if b.Enabled() {
			keyW = max(keyW, lipgloss.Width(b.Help().Key))
		}
	}
	indent := strings.Repeat(" ", keyW+1)
	var lines []string
	for _, b := range group {
		if !b.Enabled() {
			continue
		}
		desc := strings.Split(wrapWords(b.Help().Desc, max(width-keyW-1, 1)), "\n")
		k := b.Help().Key
		lines = append(lines, h.Styles.FullKey.Render(k)+strings.Repeat(" ", keyW-lipgloss.Width(k)+1)+h.Styles.FullDesc.Render(desc[0]))
		for _, d := range desc[1:] {
			lines = append(lines, indent+h.Styles.FullDesc.Render(d))
		}
	}
	return strings.Join(lines, "\n")
}

// shortHelp renders the one-line help of the footer in width cells; where
// the line is too long for all its keys, the last (the help key, by the
// screens' convention) goes first, so that the way to the rest stays on
// screen.
func shortHelp(h help.Model, keys []key.Binding, width int) string {
	h.Width = 0
	if len(keys) > 1 && lipgloss.Width(h.ShortHelpView(keys)) > width {
		keys = append([]key.Binding{keys[len(keys)-1]}, keys[:len(keys)-1]...)
	}
	h.Width = width
	return h.ShortHelpView(keys)
}

// listHelp is the help of a screen that lists things to pick: enter does
// what the screen names.
func listHelp(k keyMap, enter string) keyHelp {
	sel := as(k.Select, enter)
	return keyHelp{
		short: []key.Binding{k.ListUp, k.ListDown, sel, k.Back, k.Help},
		full:  [][]key.Binding{{k.ListUp, k.ListDown, k.PageUp, k.PageDown, sel}, {k.Back, k.Help, k.Quit}},
	}
}

// typedHelp describes the help key on a screen with a text field.
const typedHelp = "help (f1 in a field that holds text, where ? is typed)"

// typist is a screen with a text field that holds typed text, into which
// ? goes as a character: there only F1 opens the help.
type typist interface{ typing() bool }

// typesText reports whether k is text for the screen's text field rather
// than a key of the interface: ? while the field holds text.
func typesText(s screen, k tea.KeyMsg) bool {
	t, ok := s.(typist)
	return ok && k.Type == tea.KeyRunes && t.typing()
}
