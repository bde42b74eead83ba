package tui

import (
	"testing"
	"time"

	"mcarena/config"
	"mcarena/games"
)

// An accepted player field reads back from its own text to the same player,
// with a budget in range.
func FuzzParsePlayer(f *testing.F) {
	for _, s := range []string{"human", "", "uct 500ms", "nmcd1", "alphabeta iterations=8", "fast states=10", "uct -1s", "uct iterations=-5", "uct 1s 2s", "mcts", "fast:c=0.7 500ms", "nmcd1:level=2", "fast:depth=2"} {
		f.Add(s)
	}
	cfg, g := playerFixture(f)
	f.Fuzz(func(t *testing.T, text string) {
		p, err := parsePlayer(cfg, text, g)
		if err != nil {
			return
		}
		if p.human() {
			if p.text != "human" {
				t.Fatalf("%q: a human named %q", text, p.text)
			}
			return
		}
		b := p.budget
		if b.Time < 0 || b.Time > config.MaxBudgetTime || b.Iterations < 0 || b.Iterations > config.MaxBudgetCount || b.States < 0 || b.States > config.MaxBudgetCount {
			t.Fatalf("%q: budget %+v out of range", text, b)
		}
		back, err := parsePlayer(cfg, p.text, g)
		if err != nil || back.text != p.text || back.budget != p.budget || back.engine.Spec() != p.engine.Spec() {
			t.Fatalf("%q: %q does not read back: %+v, %v", text, p.text, back, err)
		}
	})
}

// A named engine in the player field takes options as on the command
// line: the named engine with them in place of its own.
func TestPlayerNamedEngineWithOptions(t *testing.T) {
	cfg, g := playerFixture(t)
	p, err := parsePlayer(cfg, "fast:c=0.9 500ms", g)
	if err != nil {
		t.Fatal(err)
	}
	if p.engine.Spec() != "uct:c=0.9" || p.budget.Time != 500*time.Millisecond {
		t.Fatalf("engine %s, budget %+v: want uct:c=0.9 for 500ms", p.engine.Spec(), p.budget)
	}
	if _, err := parsePlayer(cfg, "fast:depth=2", g); err == nil {
		t.Fatal("fast:depth=2 accepted: uct has no depth")
	}
}

// playerFixture is the configuration the player tests read, naming fast
// (uct, c 0.3) and nmcd1 (nmcs with discounting), and Breakthrough.
func playerFixture(t testing.TB) (*config.Config, games.Game) {
	t.Helper()
	cfg, err := config.Parse("f.toml", []byte("[engines.fast]\nfamily = \"uct\"\nc = 0.3\n[engines.nmcd1]\nfamily = \"nmcs\"\ndiscount = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.New("breakthrough")
	if err != nil {
		t.Fatal(err)
	}
	return cfg, g
}
