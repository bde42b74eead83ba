// Package tui is mcarena's terminal interface, a Bubble Tea program. The root
// model only routes: each screen (menu, new game, play) is a component with its
// own Update and View, sharing a context of size, styles and keys.
package tui

import (
	"strconv"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/config"
)

// Minimum terminal size the screens are laid out for.
const (
	minWidth  = 60
	minHeight = 20
)

// env is what every screen shares.
type env struct {
	cfg           *config.Config // may be nil
	width, height int
	styles        Styles
	keys          keyMap
	help          help.Model
}

// screen is one component of the interface.
type screen interface {
	update(ctx *env, msg tea.Msg) (screen, tea.Cmd)
	view(ctx *env) string
}

// Model is the root model.
type Model struct {
	ctx      *env
	current  screen
	showHelp bool
}

// New returns the root model, opening on the main menu. cfg, which may be
// nil, names the engines players can choose.
func New(cfg *config.Config) Model {
	ctx := &env{cfg: cfg, styles: DefaultStyles(), keys: defaultKeys(), help: help.New(), width: 80, height: 24}
	return Model{ctx: ctx, current: newMenu()}
}

// Init implements tea.Model.
func (m Model) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.width, m.ctx.height = msg.Width, msg.Height
		m.ctx.help.Width = msg.Width
	case tea.KeyMsg:
		switch {
		case msg.String() == "ctrl+c":
			return m, tea.Quit
		case msg.String() == "f1" || (msg.String() == "?" && !m.typing()):
			m.showHelp = !m.showHelp
			return m, nil
		}
	case quitMsg:
		return m, tea.Quit
	}
	next, cmd := m.current.update(m.ctx, msg)
	m.current = next
	return m, cmd
}

// typing reports whether the current screen takes text, so that '?' is a
// character there rather than the help key.
func (m Model) typing() bool {
	t, ok := m.current.(interface{ typing() bool })
	return ok && t.typing()
}

// View implements tea.Model.
func (m Model) View() string {
	ctx := m.ctx
	if ctx.width < minWidth || ctx.height < minHeight {
		return ctx.styles.Error.Width(max(ctx.width, 1)).Render("The terminal is too small: mcarena needs at least " +
			itoa(minWidth) + "x" + itoa(minHeight) + ", this one is " + itoa(ctx.width) + "x" + itoa(ctx.height) + ".")
	}
	body := m.current.view(ctx)
	if m.showHelp {
		ctx.help.ShowAll = true
		body = lipgloss.JoinVertical(lipgloss.Left, body, "", ctx.styles.Pane.Render(ctx.help.View(ctx.keys)))
	} else {
		ctx.help.ShowAll = false
		body = lipgloss.JoinVertical(lipgloss.Left, body, "", ctx.help.View(ctx.keys))
	}
	return body
}

// Run starts the interface on the terminal and blocks until the user quits.
func Run(cfg *config.Config) error {
	_, err := tea.NewProgram(New(cfg), tea.WithAltScreen(), tea.WithMouseCellMotion()).Run()
	return err
}

// quitMsg ends the program.
type quitMsg struct{}

func itoa(n int) string { return strconv.Itoa(n) }
