package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"mcarena/internal/words"
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
	itemResults = "Review results"
	itemHelp    = "Help"
	itemQuit    = "Quit"
)

func newMenu() *menu {
	return &menu{items: []string{itemNewGame, itemResume, itemLoad, itemPresets, itemResults, itemStepper, itemHelp, itemQuit}}
}

// configLine says which configuration is loaded, or where none was found,
// and where saves and results go.
func configLine(e *env) string {
	w := e.where
	switch {
	case w.Config != "":
		return "config " + w.Config + " (saves and results beside it)"
	case len(w.Looked) > 0:
		return "no config.toml (looked for " + strings.Join(w.Looked, ", ") + "); saves and results in " + w.Dir
	}
	return "no config.toml loaded"
}

// reveal clears a message left from before a screen was opened.
func (m *menu) reveal(*env) tea.Cmd {
	m.err = ""
	return nil
}

// resume opens the game of the newest autosave that can be read. Newer
// ones that cannot are left as they are, and the status names them, so a
// damaged file never hides the games before it.
func (m *menu) resume(e *env) (screen, tea.Cmd) {
	files := autosaves()
	if len(files) == 0 {
		m.err = "no game to resume: every game is autosaved in " + SavesDir + "/ from its first move"
		return m, nil
	}
	var refused []string
	for _, f := range files {
		p, err := loadGame(e, f)
		if err != nil {
			refused = append(refused, err.Error())
			continue
		}
		if n := len(refused); n > 0 {
			verb := map[bool]string{true: "is left as it was", false: "are left as they were"}[n == 1]
			p.setStatus(fmt.Sprintf("resumed %s: %s could not be read and %s (%s); %s",
				filepath.Base(f), words.Plural(n, "newer autosave"), verb, strings.Join(refused, "; "), p.status), true)
		}
		return p, p.next(e)
	}
	m.err = "cannot resume: " + strings.Join(refused, "; ")
	return m, nil
}

// menuTop is the screen line of the first item: after the title, the line
// naming the configuration and a blank line.
const menuTop = 3

func (m *menu) keys(e *env) keyHelp {
	k := e.keys
	return keyHelp{
		short: []key.Binding{k.ListUp, k.ListDown, k.Select, k.LeaveMenu, k.Help},
		full:  [][]key.Binding{{k.ListUp, k.ListDown}, {k.Select, k.Click}, {k.LeaveMenu, k.Quit, k.Help}},
	}
}

func (m *menu) update(ctx *env, msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseMsg:
		i := msg.Y - menuTop
		if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || i < 0 || i >= len(m.items) {
			return m, nil
		}
		m.cursor = i
		return m.choose(ctx)
	case tea.KeyMsg:
		switch {
		case matches(msg, ctx.keys.LeaveMenu):
			return goBack(), nil // the menu is the last screen: this quits
		case matches(msg, ctx.keys.ListUp):
			m.cursor = (m.cursor + len(m.items) - 1) % len(m.items)
		case matches(msg, ctx.keys.ListDown):
			m.cursor = (m.cursor + 1) % len(m.items)
		case matches(msg, ctx.keys.Select):
			return m.choose(ctx)
		}
	}
	return m, nil
}

// choose opens the item under the cursor.
func (m *menu) choose(ctx *env) (screen, tea.Cmd) {
	m.err = ""
	switch m.items[m.cursor] {
	case itemResume:
		return m.resume(ctx)
	case itemNewGame:
		return newGameSetup(), nil
	case itemLoad:
		return newBrowser(ctx), nil
	case itemHelp:
		return newHelpScreen(), nil
	case itemPresets:
		return newPresetPicker(ctx)
	case itemResults:
		return newResultsBrowser(""), nil
	case itemStepper:
		return newStepperSetup("breakthrough", ""), nil
	case itemQuit:
		return m, func() tea.Msg { return quitMsg{} }
	}
	return m, nil
}

func (m *menu) view(ctx *env) string {
	var b strings.Builder
	b.WriteString(ctx.styles.Title.Render("mcarena") + "  " + ctx.styles.Subtle.Render("a terminal lab for Monte Carlo game search") + "\n")
	b.WriteString(ctx.styles.Subtle.Render(fitLines(configLine(ctx), ctx.width)) + "\n\n")
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

// helpScreen explains the screens and lists every key of every screen, in
// a viewport that scrolls.
type helpScreen struct{ vp viewport.Model }

func newHelpScreen() *helpScreen { return &helpScreen{vp: viewport.New(80, 20)} }

func (h *helpScreen) keys(e *env) keyHelp {
	k := e.keys
	return keyHelp{
		short: []key.Binding{k.ListUp, k.ListDown, k.PageDown, k.Back, k.Help},
		full:  [][]key.Binding{{k.ListUp, k.ListDown, k.PageUp, k.PageDown}, {as(k.Back, "back"), as(k.Select, "back"), k.Help, k.Quit}},
	}
}

func (h *helpScreen) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case matches(k, e.keys.Back), matches(k, e.keys.Select):
			return goBack(), nil
		case matches(k, e.keys.ListUp):
			h.vp.ScrollUp(1)
		case matches(k, e.keys.ListDown):
			h.vp.ScrollDown(1)
		case matches(k, e.keys.PageUp):
			h.vp.PageUp()
		case matches(k, e.keys.PageDown):
			h.vp.PageDown()
		}
	}
	return h, nil
}

// screenKeys is every screen's keys, for the help screen.
func screenKeys(e *env) []struct {
	name string
	keys keyHelp
} {
	return []struct {
		name string
		keys keyHelp
	}{
		{"Menu", (&menu{}).keys(e)},
		{"New game, NMCS stepper and preset forms", (&setup{}).keys(e)},
		{"Play", (&play{}).keys(e)},
		{"Load game", (&browser{}).keys(e)},
		{"NMCS stepper", (&stepper{}).keys(e)},
		{"Run a preset", (&presetPicker{}).keys(e)},
		{"A preset running", (&runScreen{}).keys(e)},
		{"Review results: the files, then a file's games", (&resultsBrowser{}).keys(e)},
		{"Review (ctrl+r in a game, or a game of a results file)", (&review{}).keys(e)},
	}
}

func (h *helpScreen) view(e *env) string {
	// Paragraphs, each wrapped to the terminal with its lines after the
	// first indented.
	paras := []string{
		"New game: a game spec (breakthrough:size=6x6,misere) and a player per side: human, or an engine with a budget (uct 500ms, nmcd1, alphabeta 2s), and a clock if any (5m+2s a side; a flag fall loses, engines take their time from it). Move by typing, by the cursor or by clicking.",
		"Resume last game: the newest autosave that can be read (a damaged one is passed over, named, and left as it is). Every game is autosaved, in a file of its own, after every move, undo and redo; the last ten games are kept. Load game: every save, autosaves too.",
		"Run a preset: the experiments of config.toml, with progress and results beside the paper's.",
		"NMCS stepper: walk a nested Monte Carlo playout step by step and look inside any successor.",
		"Review results: a results file's games, each reviewed move by move with its search's states, iterations and time; opening a file replays its games under the rules and marks with ! those that do not replay (mcarena verify). ctrl+r in a game reviews it without undoing anything. In a review p, v and g copy the position, the PV and the game (PGN) to " + copiedDir() + "/ and, where the terminal allows, to its clipboard (OSC 52).",
		"esc returns to the screen you came from; ? or F1 shows the keys of the screen you are on.",
		"The status line above the keys: on the play screen whether engines run or are PAUSED, the pace of engine games, each side's clock (its time to move; under a clock, its time left) and what the search has used of its budget and has left; in the stepper what is computing; on a preset run whether it runs, the results file it writes, games played and left, time taken, ETA, workers and budget scale; in long lists the rows shown (pgup and pgdn page through them).",
	}
	var text []string
	for _, p := range paras {
		lines := strings.Split(wrapWords(p, max(e.width-2, 1)), "\n")
		for i := 1; i < len(lines); i++ {
			lines[i] = "  " + lines[i]
		}
		text = append(text, lines...)
	}
	for _, s := range screenKeys(e) {
		text = append(text, "", e.styles.Title.Render(s.name), fullHelp(e.help, s.keys.full, e.width))
	}
	h.vp.Width, h.vp.Height = e.width, max(e.bodyHeight-2, 3)
	h.vp.SetContent(e.styles.Wrap(e.width).Render(strings.Join(text, "\n")))
	return e.styles.Title.Render("Help") + "\n\n" + h.vp.View()
}

// statusLine says where saves and results go.
func (m *menu) statusLine(e *env) string {
	return statusParts("saves in "+SavesDir+"/", "results in "+ResultsDir+"/")
}

// statusLine says how far down the help is.
func (h *helpScreen) statusLine(e *env) string {
	return statusParts("every key of every screen", fmt.Sprintf("%.0f%%", 100*h.vp.ScrollPercent()))
}
