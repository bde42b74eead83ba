package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/config"
)

// The New game form lists the named engines that can play the game typed,
// and all of them while the field names no game.
func TestNewGameListsTheEnginesThatPlayTheGame(t *testing.T) {
	cfg, err := config.Parse("c.toml", []byte(`
[engines.plain]
family = "uct"

[engines.efms]
family = "alphabeta"
heuristic = "efms"

[engines.stores]
family = "alphabeta"
heuristic = "stores"
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game        string
		want, avoid []string
	}{
		{"breakthrough:size=8x8", []string{"engines for breakthrough:size=8x8 (2 of 3):  efms, plain"}, []string{"stores"}},
		{"kalah", []string{"engines for kalah (2 of 3):  plain, stores"}, []string{"efms"}},
		{"tictactoe", []string{"engines for tictactoe (1 of 3):  plain"}, []string{"efms", "stores"}},
		{"tictactoe:nosuchoption", []string{"engines:  efms, plain, stores"}, nil},
		{"zzz", []string{"engines:  efms, plain, stores"}, nil},
	} {
		t.Run(c.game, func(t *testing.T) {
			m := send(t, New(cfg), tea.WindowSizeMsg{Width: 120, Height: 60})
			m = keys(t, openItem(t, m, itemNewGame), "ctrl+u", c.game)
			v := m.View()
			for _, w := range c.want {
				if !strings.Contains(v, w) {
					t.Errorf("the form lacks %q:\n%s", w, v)
				}
			}
			for _, a := range c.avoid {
				if strings.Contains(v, a) {
					t.Errorf("the form lists %q, which cannot play %s:\n%s", a, c.game, v)
				}
			}
		})
	}
}

// A game no named engine plays says that the families do.
func TestNewGameSaysWhenNoNamedEnginePlaysTheGame(t *testing.T) {
	cfg, err := config.Parse("c.toml", []byte(`
[engines.efms]
family = "alphabeta"
heuristic = "efms"
`))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 120, Height: 60})
	m = keys(t, openItem(t, m, itemNewGame), "ctrl+u", "tictactoe")
	v := m.View()
	for _, w := range []string{"engines for tictactoe (0 of 1):", "none; an engine family plays it"} {
		if !strings.Contains(v, w) {
			t.Errorf("the form lacks %q:\n%s", w, v)
		}
	}
}
