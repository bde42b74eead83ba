package tui

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
)

// setup asks for the game (a registry spec) and who plays each side: human,
// or an engine from the configuration or a spec, with a budget.
type setup struct {
	form
	err string
}

func newGameSetup() *setup {
	return &setup{form: newForm(field{"game", "breakthrough"}, field{"first", "human"}, field{"second", "uct 1s"})}
}

func (s *setup) keys(e *env) keyHelp { return formHelp(e.keys, "start the game") }

func (s *setup) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case matches(k, e.keys.Back):
			return goBack(), nil
		case matches(k, e.keys.Next):
			s.move(1)
			return s, nil
		case matches(k, e.keys.Prev):
			s.move(-1)
			return s, nil
		case matches(k, e.keys.Select):
			return s.start(e)
		}
	}
	return s, s.form.update(msg)
}

// start validates the three fields and opens the play screen.
func (s *setup) start(e *env) (screen, tea.Cmd) {
	g, err := games.New(s.value(0))
	if err != nil {
		s.err = err.Error()
		return s, nil
	}
	var seats [2]player
	for i := range seats {
		if seats[i], err = parsePlayer(e.cfg, s.value(1+i), g); err != nil {
			s.err = g.PlayerNames()[i] + ": " + err.Error()
			return s, nil
		}
	}
	// A game whose options make its start random (kalah:start=random) deals
	// one; the save keeps it as the game's Position.
	start, _ := games.Start(g, uint64(time.Now().UnixNano()))
	p := newPlay(g, start, seats)
	return swapTo(p), p.next(e)
}

func (s *setup) view(e *env) string {
	var b strings.Builder
	b.WriteString(e.styles.Title.Render("New game") + "\n\n")
	b.WriteString(s.form.view())
	if s.err != "" {
		b.WriteString(e.styles.Error.Render(s.err) + "\n")
	}
	b.WriteString("\n" + e.styles.Subtle.Render("tab moves between fields, enter starts. A game is NAME[:OPTION[=VALUE],...]; a player is human, or an engine and a budget: uct 500ms, nmcd1, alphabeta 2s, mcts-mr2 iterations=20000.") + "\n\n")
	for _, n := range games.Names() {
		en, _ := games.Lookup(n)
		var opts []string
		for _, o := range en.Options {
			opts = append(opts, o.Syntax())
		}
		line := n
		if len(opts) > 0 {
			line += "  " + e.styles.Subtle.Render(strings.Join(opts, ", "))
		}
		b.WriteString("  " + line + "\n")
	}
	if e.cfg != nil {
		b.WriteString("\n  engines: " + e.styles.Subtle.Render(strings.Join(e.cfg.EngineNames(), ", ")) + "\n")
	}
	return b.String()
}

// statusLine says where games are kept.
func (s *setup) statusLine(e *env) string {
	return "games are autosaved in " + SavesDir + "/ from their first move"
}
