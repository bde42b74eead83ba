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
	err    string
}

const (
	itemResume  = "Resume last game"
	itemNewGame = "New game"
	itemLoad    = "Load game"
	itemStepper = "NMCS stepper"
	itemPresets = "Run a preset"
	itemHelp    = "Help"
	itemQuit    = "Quit"
)

func newMenu() *menu {
	return &menu{items: []string{itemNewGame, itemResume, itemLoad, itemPresets, itemStepper, itemHelp, itemQuit}}
}

// reveal clears a message left from before a screen was opened.
func (m *menu) reveal(*env) tea.Cmd {
	m.err = ""
	return nil
}

// resume opens the game of the newest autosave.
func (m *menu) resume(e *env) (screen, tea.Cmd) {
	files := autosaves()
	if len(files) == 0 {
		m.err = "no game to resume: every game is autosaved in " + SavesDir + "/ from its first move"
		return m, nil
	}
	p, err := loadGame(e, files[0])
	if err != nil {
		m.err = "cannot resume: " + err.Error()
		return m, nil
	}
	return p, p.next(e)
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
		m.err = ""
		switch m.items[m.cursor] {
		case itemResume:
			return m.resume(ctx)
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
	if m.err != "" {
		b.WriteString("\n" + ctx.styles.Error.Width(ctx.width).Render(m.err) + "\n")
	}
	return b.String()
}

// helpScreen explains the screens and lists every key.
type helpScreen struct{}

func (h helpScreen) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && (key.Matches(k, e.keys.Back) || key.Matches(k, e.keys.Select)) {
		return goBack(), nil
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
		"Resume last game: the newest autosave. Every game is autosaved, in a file of its own, after every",
		"  move, undo and redo; the last ten games are kept. Load game: every save, autosaves too.",
		"Run a preset: the experiments of config.toml, with progress and results beside the paper's.",
		"NMCS stepper: walk a nested Monte Carlo playout step by step and look inside any successor.",
		"",
		e.help.View(e.keys),
		"",
		e.styles.Subtle.Render("esc or enter: back"),
	}
	return strings.Join(text, "\n")
}
