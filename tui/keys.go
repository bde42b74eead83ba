package tui

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key binding of the interface, with its help text.
type keyMap struct {
	Up, Down, Left, Right key.Binding
	Select, Back, Quit    key.Binding
	Undo, Redo, Flip      key.Binding
	Next                  key.Binding
	Stop, Pause, Hint     key.Binding
	Faster, Slower        key.Binding
	Save, Stepper         key.Binding
	Help                  key.Binding
	Yes, No               key.Binding
}

func defaultKeys() keyMap {
	return keyMap{
		Up:      key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:    key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Left:    key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "left")),
		Right:   key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "right")),
		Select:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "select / play")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Quit:    key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Undo:    key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "undo")),
		Redo:    key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "redo")),
		Flip:    key.NewBinding(key.WithKeys("ctrl+f"), key.WithHelp("ctrl+f", "flip board")),
		Next:    key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field")),
		Stop:    key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "engine: move now")),
		Pause:   key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "pause engines")),
		Hint:    key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "hint")),
		Faster:  key.NewBinding(key.WithKeys("ctrl+right"), key.WithHelp("ctrl+→", "watch faster")),
		Slower:  key.NewBinding(key.WithKeys("ctrl+left"), key.WithHelp("ctrl+←", "watch slower")),
		Save:    key.NewBinding(key.WithKeys("ctrl+w"), key.WithHelp("ctrl+w", "save game")),
		Stepper: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "NMCS stepper here")),
		Help:    key.NewBinding(key.WithKeys("f1", "?"), key.WithHelp("?/f1", "help")),
		Yes:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:      key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "no")),
	}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Select, k.Undo, k.Redo, k.Stop, k.Hint, k.Back, k.Help}
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Select},
		{k.Undo, k.Redo, k.Flip, k.Save, k.Stepper, k.Next},
		{k.Stop, k.Pause, k.Hint, k.Faster, k.Slower},
		{k.Back, k.Help, k.Quit},
	}
}
