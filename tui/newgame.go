package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
)

// setup asks for the game to play as a registry spec.
type setup struct {
	input textinput.Model
	err   string
}

func newGameSetup() *setup {
	in := textinput.New()
	in.Prompt = "game: "
	in.SetValue("breakthrough")
	in.CursorEnd()
	in.Focus()
	return &setup{input: in}
}

func (s *setup) typing() bool { return true }

func (s *setup) update(ctx *context, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(k, ctx.keys.Back):
			return newMenu(), nil
		case key.Matches(k, ctx.keys.Select):
			g, err := games.New(s.input.Value())
			if err != nil {
				s.err = err.Error()
				return s, nil
			}
			return newPlay(g, g.NewState()), nil
		}
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return s, cmd
}

func (s *setup) view(ctx *context) string {
	var b strings.Builder
	b.WriteString(ctx.styles.Title.Render("New game") + "\n\n")
	b.WriteString(s.input.View() + "\n")
	if s.err != "" {
		b.WriteString(ctx.styles.Error.Render(s.err) + "\n")
	}
	b.WriteString("\n" + ctx.styles.Subtle.Render("A game spec is NAME[:OPTION[=VALUE],...], e.g. breakthrough:size=6x6,misere. Both sides are played from this keyboard.") + "\n\n")
	for _, n := range games.Names() {
		e, _ := games.Lookup(n)
		var opts []string
		for _, o := range e.Options {
			opts = append(opts, o.Syntax())
		}
		line := n
		if len(opts) > 0 {
			line += "  " + ctx.styles.Subtle.Render(strings.Join(opts, ", "))
		}
		b.WriteString("  " + line + "\n")
	}
	return b.String()
}
