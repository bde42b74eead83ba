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
	itemHelp    = "Help"
	itemQuit    = "Quit"
)

func newMenu() *menu {
	return &menu{items: []string{itemNewGame, itemLoad, itemPresets, itemStepper, itemHelp, itemQuit}}
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
		case itemHelp:
			return helpScreen{}, nil
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

// helpScreen explains the screens and lists every key.
type helpScreen struct{}

func (h helpScreen) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && (key.Matches(k, e.keys.Back) || key.Matches(k, e.keys.Select)) {
		return newMenu(), nil
	}
	return h, nil
}

func (h helpScreen) view(e *env) string {
	e.help.ShowAll = true
	text := []string{
		e.styles.Title.Render("Help"),
		"",
		"New game: a game spec (breakthrough:size=6x6,misere) and a player per side: human, or an engine",
		"  with a budget (uct 500ms, nmcd1, alphabeta 2s). Move by typing, by the cursor or by clicking.",
		"Load game: the games saved in saves/ (ctrl+w saves; every move is autosaved).",
		"Run a preset: the experiments of config.toml, with progress and results beside the paper's.",
		"NMCS stepper: walk a nested Monte Carlo playout step by step and look inside any successor.",
		"",
		e.help.View(e.keys),
		"",
		e.styles.Subtle.Render("esc or enter: back"),
	}
	return strings.Join(text, "\n")
}
