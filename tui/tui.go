// Package tui is mcarena's terminal interface, a Bubble Tea program. The root
// model only routes: each screen (menu, new game, play) is a component with its
// own Update and View, sharing a context of size, styles and keys. Screens
// form a stack: a screen opens another on top of itself, and esc closes the
// top one, showing again the screen it was opened from.
package tui

import (
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/config"
)

// Minimum terminal size the screens are laid out for.
const (
	minWidth  = 60
	minHeight = 20
)

// Where says where the interface found its configuration and where it keeps
// its saves and results.
type Where struct {
	Config string   // the configuration file read, "" for none
	Dir    string   // saves/ and results/ are made in this directory
	Looked []string // where a configuration was looked for, when none was found
}

// env is what every screen shares.
type env struct {
	cfg           *config.Config // may be nil
	where         Where
	width, height int
	// bodyHeight is how many lines a screen's view may take: the terminal's
	// height less the status line and the key help under it.
	bodyHeight int
	styles     Styles
	keys       keyMap
	help       help.Model
	// clipboard sends copied text to the terminal's clipboard, where it
	// can, and reports whether it did.
	clipboard func(text string) bool
	// notes keeps what each save holds, so that showing the list again
	// reads only the files that changed.
	notes noteCache
}

// screen is one component of the interface. Its update returns the screen
// to show next: itself to stay, another screen to open it on top, or a nav
// to close itself or to be replaced.
type screen interface {
	update(ctx *env, msg tea.Msg) (screen, tea.Cmd)
	view(ctx *env) string
}

// nav is what a screen's update returns to change the stack rather than
// open a screen: back closes the screen (showing the one below it again),
// swap replaces it (a form by the screen it set up, so that esc there
// returns to where the form was opened from).
type nav struct {
	back bool
	swap screen
}

func (nav) update(*env, tea.Msg) (screen, tea.Cmd) { panic("tui: nav is not a screen") }
func (nav) view(*env) string                       { return "" }

// goBack closes the screen on top.
func goBack() screen { return nav{back: true} }

// swapTo replaces the screen on top by s.
func swapTo(s screen) screen { return nav{swap: s} }

// closer is a screen with work to stop when it leaves the stack.
type closer interface{ close() }

// revealer is a screen told when the screen above it closed and it is on
// top again.
type revealer interface{ reveal(ctx *env) tea.Cmd }

// Model is the root model.
type Model struct {
	ctx      *env
	stack    []screen // the screen on top is shown and gets the messages
	current  screen   // the top of stack
	showHelp bool
	helpTop  int // the first line of the help shown, where it is longer than the terminal
}

// New returns the root model, opening on the main menu. cfg, which may be
// nil, names the engines players can choose.
func New(cfg *config.Config) Model {
	ctx := &env{cfg: cfg, styles: DefaultStyles(), keys: defaultKeys(), help: help.New(), width: 80, height: 24, bodyHeight: 22, clipboard: osc52}
	first := newMenu()
	return Model{ctx: ctx, stack: []screen{first}, current: first}
}

// apply makes next, as returned by the screen on top, the new top.
func (m Model) apply(next screen, cmd tea.Cmd) (Model, tea.Cmd) {
	top := len(m.stack) - 1
	switch n := next.(type) {
	case nav:
		closeScreen(m.stack[top])
		if n.back {
			m.stack = m.stack[:top]
			if len(m.stack) == 0 {
				return m, tea.Batch(cmd, tea.Quit)
			}
			m.current = m.stack[len(m.stack)-1]
			if r, ok := m.current.(revealer); ok {
				cmd = tea.Batch(cmd, r.reveal(m.ctx))
			}
			return m, cmd
		}
		m.stack = append(m.stack[:top:top], n.swap)
	default:
		if next != m.stack[top] {
			m.stack = append(m.stack[:top+1:top+1], next)
		}
	}
	m.current = m.stack[len(m.stack)-1]
	return m, cmd
}

func closeScreen(s screen) {
	if c, ok := s.(closer); ok {
		c.close()
	}
}

// closeAll stops the background work of every screen, before quitting.
func (m Model) closeAll() {
	for _, s := range m.stack {
		closeScreen(s)
	}
}

// Init implements tea.Model.
func (m Model) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.width, m.ctx.height = msg.Width, msg.Height
		m.ctx.help.Width = msg.Width
		m.ctx.bodyHeight = max(msg.Height-2, 1) // until View measures the key help
	case tea.KeyMsg:
		switch {
		case matches(msg, m.ctx.keys.Quit):
			m.closeAll()
			return m, tea.Quit
		case matches(msg, m.ctx.keys.Help) && (m.showHelp || !typesText(m.current, msg)):
			m.showHelp, m.helpTop = !m.showHelp, 0
			return m, nil
		case m.showHelp && matches(msg, m.ctx.keys.Back):
			m.showHelp = false // esc closes the help, not the screen under it
			return m, nil
		case m.showHelp:
			// A help longer than the terminal scrolls; the keys that scroll
			// it go to it, not to the screen under it.
			lines, window := m.helpLines()
			if len(lines) > window {
				// The arrows, not j and k, which a text field under the
				// help takes as typed.
				k := m.ctx.keys
				last := len(lines) - window
				m.helpTop = min(max(m.helpTop, 0), last) // the terminal may have grown
				switch {
				case matches(msg, k.Down):
					m.helpTop = min(m.helpTop+1, last)
				case matches(msg, k.Up):
					m.helpTop = max(m.helpTop-1, 0)
				case matches(msg, k.PageDown):
					m.helpTop = min(m.helpTop+window, last)
				case matches(msg, k.PageUp):
					m.helpTop = max(m.helpTop-window, 0)
				case matches(msg, k.End):
					m.helpTop = last
				case matches(msg, k.Home):
					m.helpTop = 0
				default:
					return m.apply(m.current.update(m.ctx, msg))
				}
				return m, nil
			}
		}
	case quitMsg:
		m.closeAll()
		return m, tea.Quit
	}
	return m.apply(m.current.update(m.ctx, msg))
}

// keys returns the keys of the screen on top.
func (m Model) keys() keyHelp {
	if h, ok := m.current.(helper); ok {
		return h.keys(m.ctx)
	}
	k := m.ctx.keys
	return keyHelp{short: []key.Binding{k.Back, k.Help}, full: [][]key.Binding{{k.Back, k.Help, k.Quit}}}
}

// helpLines returns the lines of the full help of the screen on top, and
// how many of them the help's box has room for on this terminal.
func (m Model) helpLines() (lines []string, window int) {
	pane := m.ctx.styles.Pane
	lines = strings.Split(fullHelp(m.ctx.help, m.keys().full, m.ctx.width-pane.GetHorizontalFrameSize()), "\n")
	// The box may take all but the status line and one line of the
	// screen, less its frame and its closing line.
	return lines, max(m.ctx.height-2-pane.GetVerticalFrameSize()-1, 1)
}

// helpBox renders the full help in its box, the lines from m.helpTop where
// they are more than the terminal holds, with a line that says so.
func (m Model) helpBox() string {
	ctx := m.ctx
	lines, window := m.helpLines()
	closing := "? or esc closes this help"
	if n := len(lines); n > window {
		top := min(max(m.helpTop, 0), n-window)
		lines = lines[top : top+window]
		where := "lines " + itoa(top+1) + "-" + itoa(top+window) + " of " + itoa(n)
		closing = where + " · ↑↓ pgup pgdn scroll · " + closing
		if lipgloss.Width(closing) > ctx.width-ctx.styles.Pane.GetHorizontalFrameSize() {
			closing = where + " · ↑↓ scroll · esc closes"
		}
	}
	return ctx.styles.Pane.Render(strings.Join(lines, "\n") + "\n" + ctx.styles.Subtle.Render(closing))
}

// View implements tea.Model. The screen on top draws its view in the
// lines left by its status line and the key help below it; the whole is cut
// to the terminal, from the bottom and the right, so that nothing scrolls
// the top of a screen away.
func (m Model) View() string {
	ctx := m.ctx
	if ctx.width < minWidth || ctx.height < minHeight {
		return ctx.styles.Error.Width(max(ctx.width, 1)).Render("The terminal is too small: mcarena needs at least " +
			itoa(minWidth) + "x" + itoa(minHeight) + ", this one is " + itoa(ctx.width) + "x" + itoa(ctx.height) + ".")
	}
	var footer string
	if m.showHelp {
		footer = m.helpBox()
	} else {
		footer = shortHelp(ctx.help, m.keys().short, ctx.width)
	}
	footer = fitBox(footer, ctx.width, ctx.height-2)
	ctx.bodyHeight = max(ctx.height-lipgloss.Height(footer)-1, 1)
	body := padLines(fitBox(m.current.view(ctx), ctx.width, ctx.bodyHeight), ctx.bodyHeight)
	status := "" // after the view, which may scroll a list the status line tells of
	if s, ok := m.current.(statuser); ok {
		status = s.statusLine(ctx)
	}
	status = ctx.styles.StatusBar.Width(ctx.width).Render(cut(status, ctx.width-ctx.styles.StatusBar.GetHorizontalFrameSize()))
	return body + "\n" + status + "\n" + footer
}

// Run starts the interface on the terminal and blocks until the user quits.
// Saves and results go in where.Dir, and the menu says which configuration
// is loaded.
func Run(cfg *config.Config, where Where) error {
	if where.Dir != "" {
		SavesDir = filepath.Join(where.Dir, "saves")
		ResultsDir = filepath.Join(where.Dir, "results")
	}
	// Ask the terminal for its background now, before the program reads
	// the keyboard: the adaptive colours depend on it.
	lipgloss.HasDarkBackground()
	m := New(cfg)
	m.ctx.where = where
	_, err := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion()).Run()
	return err
}

// clock tells the time for the players' clocks; tests fix it.
var clock = time.Now

// quitMsg ends the program.
type quitMsg struct{}

func itoa(n int) string { return strconv.Itoa(n) }
