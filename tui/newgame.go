package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
)

// setup asks for the game (a registry spec), who plays each side (human,
// or an engine from the configuration or a spec, with a budget) and the
// time control, if any: "5m" or "5m+2s", empty for none.
type setup struct {
	form
	err  string
	list scroller // the games and engines under the fields
	// fit caches the named engines listed for the game field's text.
	fit engineFit
}

// engineFit is the named engines that can play the game typed (all of
// them while the text names no game), with the label they are listed
// under.
type engineFit struct {
	text  string
	label string
	names []string
	done  bool
}

func newGameSetup() *setup {
	return &setup{form: newForm(field{"game", "breakthrough"}, field{"first", "human"}, field{"second", "uct 1s"}, field{"clock", ""})}
}

func (s *setup) keys(e *env) keyHelp {
	h := formHelp(e.keys, "start the game")
	h.full = append(h.full, []key.Binding{as(e.keys.PageUp, "new game: games list up"), as(e.keys.PageDown, "new game: games list down")})
	return h
}

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
		case matches(k, e.keys.PageDown):
			s.list.vp.SetYOffset(s.list.vp.YOffset + max(s.list.rows-1, 1))
			return s, nil
		case matches(k, e.keys.PageUp):
			s.list.vp.SetYOffset(s.list.vp.YOffset - max(s.list.rows-1, 1))
			return s, nil
		}
	}
	return s, s.form.update(msg)
}

// start validates the fields and opens the play screen.
func (s *setup) start(e *env) (screen, tea.Cmd) {
	g, err := games.New(s.value(0))
	if err != nil {
		s.err = err.Error()
		s.focusOn(0)
		return s, nil
	}
	var seats [2]player
	for i := range seats {
		if seats[i], err = parsePlayer(e.cfg, s.value(1+i), g); err != nil {
			s.err = g.PlayerNames()[i] + ": " + err.Error()
			s.focusOn(1 + i)
			return s, nil
		}
	}
	var tc engines.TimeControl
	if text := strings.TrimSpace(s.value(3)); text != "" {
		if tc, err = engines.ParseTimeControl(text); err != nil {
			s.err = "clock: " + err.Error() + "; leave it empty for no clock"
			s.focusOn(3)
			return s, nil
		}
	}
	// A game whose options make its start random (kalah:start=random) deals
	// one; the save keeps it as the game's Position.
	start, _ := games.Start(g, uint64(time.Now().UnixNano()))
	p := newPlay(g, start, seats)
	p.setControl(tc)
	return swapTo(p), p.next(e)
}

func (s *setup) view(e *env) string {
	st, w := e.styles, e.width
	var b strings.Builder
	b.WriteString(st.Title.Render("New game") + "\n\n")
	b.WriteString(s.form.view())
	if s.err != "" {
		b.WriteString(st.Error.Width(w).Render(s.err) + "\n")
	}
	b.WriteString("\n" + st.Subtle.Width(w).Render("tab moves between fields, enter starts. A game is NAME[:OPTION[=VALUE],...]; a player is human, or an engine and a budget: uct 500ms, nmcd1, alphabeta 2s, mcts-mr2 iterations=20000. Clock: 5m or 5m+2s a side, or empty.") + "\n\n")
	head := b.String()
	// The games and engines to choose from fill the lines left, and scroll
	// with pgup and pgdn where they are more.
	rows := e.bodyHeight - lipgloss.Height(head) + 1
	if rows < 2 {
		return head
	}
	return head + s.list.render(s.reference(e), -1, w, rows)
}

// reference lists the games with their options and the engines of the
// configuration, each wrapped to the width under its name.
func (s *setup) reference(e *env) []string {
	st, w := e.styles, e.width
	var lines []string
	add := func(name, what string) {
		if what == "" {
			lines = append(lines, "  "+name)
			return
		}
		if one := "  " + name + "  " + what; lipgloss.Width(one) <= w {
			lines = append(lines, "  "+name+"  "+st.Subtle.Render(what))
			return
		}
		lines = append(lines, "  "+name)
		// Lines break between names and choices, never inside a name
		// such as hav-edge or colmajor-reversed.
		for _, l := range strings.Split(wrapAfter(what, max(w-4, 10), "|"), "\n") {
			lines = append(lines, "    "+st.Subtle.Render(l))
		}
	}
	for _, n := range games.Names() {
		en, _ := games.Lookup(n)
		var opts []string
		for _, o := range en.Options {
			opts = append(opts, o.Syntax())
		}
		add(n, strings.Join(opts, ", "))
	}
	if e.cfg != nil {
		lines = append(lines, "")
		f := s.engines(e.cfg)
		what := strings.Join(f.names, ", ")
		if len(f.names) == 0 {
			what = "none; an engine family plays it (mcarena engines lists them), such as uct or mcts:c=0.4"
		}
		add(f.label, what)
	}
	return lines
}

// engines returns the named engines to list: while the game field names a
// game, those that can play it (the knowledge they ask for exists there);
// else all of them.
func (s *setup) engines(cfg *config.Config) engineFit {
	text := strings.TrimSpace(s.value(0))
	if s.fit.done && s.fit.text == text {
		return s.fit
	}
	all := cfg.EngineNames()
	f := engineFit{text: text, label: "engines:", names: all, done: true}
	if g, err := games.New(text); err == nil {
		f.names = cfg.EnginesFor(g)
		f.label = fmt.Sprintf("engines for %s (%d of %d):", g.Spec(), len(f.names), len(all))
	}
	s.fit = f
	return f
}

// statusLine says where games are kept.
func (s *setup) statusLine(e *env) string {
	if span := s.list.span(); span != "" {
		return "games list: lines " + span + " (pgup/pgdn) · games are autosaved in " + SavesDir + "/"
	}
	return "games are autosaved in " + SavesDir + "/ from their first move"
}
