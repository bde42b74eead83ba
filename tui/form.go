package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// form is a column of labelled text fields with one focused.
type form struct {
	inputs []textinput.Model
	focus  int
}

// field is a form field's label and starting value.
type field struct{ label, value string }

func newForm(fields ...field) form {
	f := form{}
	width := 0
	for _, fl := range fields {
		width = max(width, len(fl.label))
	}
	for _, fl := range fields {
		in := textinput.New()
		in.Prompt = fl.label + ": " + strings.Repeat(" ", width-len(fl.label))
		in.SetValue(fl.value)
		in.CursorEnd()
		f.inputs = append(f.inputs, in)
	}
	f.inputs[0].Focus()
	return f
}

// move focuses the field d places on, wrapping around.
func (f *form) move(d int) {
	f.inputs[f.focus].Blur()
	f.focus = (f.focus + d + len(f.inputs)) % len(f.inputs)
	f.inputs[f.focus].Focus()
}

// focusOn focuses field i: the one an error is about, so that the user
// types where the fault is.
func (f *form) focusOn(i int) { f.move(i - f.focus) }

func (f *form) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	f.inputs[f.focus], cmd = f.inputs[f.focus].Update(msg)
	return cmd
}

// typing reports whether the focused field holds text: ? is typed there.
func (f *form) typing() bool { return len(f.inputs) > 0 && f.inputs[f.focus].Value() != "" }

func (f *form) value(i int) string { return f.inputs[i].Value() }

func (f *form) view() string {
	var b strings.Builder
	for _, in := range f.inputs {
		b.WriteString(in.View() + "\n")
	}
	return b.String()
}
