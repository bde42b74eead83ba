package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// menu is the main menu.
type menu struct {
	items  []string
	cursor int
}

const (
	itemNewGame = "New game"
	itemLoad    = "Load game"
	itemStepper = "NMCS stepper"
	itemPresets = "Run a preset"
	itemQuit    = "Quit"
)

func newMenu() *menu {
	return &menu{items: []string{itemNewGame, itemLoad, itemPresets, itemStepper, itemQuit}}
}

func (m *menu) update(ctx *env, msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	switch {
	case key.Matches(k, ctx.keys.Up):
		m.cursor = (m.cursor + len(m.items) - 1) % len(m.items)
	case key.Matches(k, ctx.keys.Down):
		m.cursor = (m.cursor + 1) % len(m.items)
	case key.Matches(k, ctx.keys.Select):
		switch m.items[m.cursor] {
		case itemNewGame:
			return newGameSetup(), nil
		case itemLoad:
			return newBrowser(), nil
		case itemPresets:
			return newPresetPicker(ctx), nil
		case itemStepper:
			return newStepperSetup("breakthrough", ""), nil
		case itemQuit:
			return m, func() tea.Msg { return quitMsg{} }
		}
	}
	return m, nil
}

func (m *menu) view(ctx *env) string {
	var b strings.Builder
	b.WriteString(ctx.styles.Title.Render("mcarena") + "  " + ctx.styles.Subtle.Render("a terminal lab for Monte Carlo game search") + "\n\n")
	for i, it := range m.items {
		if i == m.cursor {
			b.WriteString(ctx.styles.MenuSelected.Render("> "+it) + "\n")
		} else {
			b.WriteString(ctx.styles.MenuItem.Render(it) + "\n")
		}
	}
	return b.String()
}
