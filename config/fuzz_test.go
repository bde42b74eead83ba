package config

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"mcarena/engines"
)

// An accepted budget sets at most one limit, within its range, and reads
// back from its own text.
func FuzzParseBudget(f *testing.F) {
	for _, s := range []string{"", "320ms", "1h30m", "iterations=5000", "states=1", "states=-1", "NaN", "1e3s", "iterations=+7", "paper=10ms", "paper=-1s", "clock=5m", "clock=5m+2s", "clock=+", "clock=1s+-1s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBudget(text)
		if err != nil {
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", text)) {
				t.Fatalf("error %q does not quote the budget as typed", err)
			}
			return
		}
		set := 0
		if b.Time != 0 {
			set++
			if b.Time < 0 || b.Time > MaxBudgetTime {
				t.Fatalf("time %v out of range", b.Time)
			}
		}
		if b.PaperTime != 0 {
			set++
			if b.PaperTime < 0 || b.PaperTime > MaxBudgetTime {
				t.Fatalf("paper time %v out of range", b.PaperTime)
			}
		}
		if b.Clock != (engines.TimeControl{}) {
			set++
			if b.Clock.Base <= 0 || b.Clock.Base > engines.MaxClock || b.Clock.Increment < 0 || b.Clock.Increment > engines.MaxClock {
				t.Fatalf("clock %+v out of range", b.Clock)
			}
		}
		for _, n := range []int64{b.Iterations, b.States} {
			if n != 0 {
				set++
				if n < 1 || n > MaxBudgetCount {
					t.Fatalf("count %d out of range", n)
				}
			}
		}
		if set > 1 || (set == 0) != (text == "") || b.Text != text {
			t.Fatalf("%q: got %+v", text, b)
		}
	})
}

// An engine spec that builds has a canonical spec that builds the same
// engine.
func FuzzResolveEngine(f *testing.F) {
	for _, s := range []string{"uct", "uct:c=0.3,solver=false", "nmcs:level=2,discount,pod=3", "alphabeta:depth=3", "random", "uct:c=NaN", "nmcs:level=9", "uct:playout=nested,level=1,cow=1", "x:"} {
		f.Add(s)
	}
	cfg, err := Parse("f.toml", []byte("[engines.fast]\nfamily = \"uct\"\nc = 0.3\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, err := ResolveEngine(cfg, text)
		if err != nil {
			return
		}
		again, err := ResolveEngine(nil, e.Spec())
		if err != nil || again.Spec() != e.Spec() {
			t.Fatalf("%q: canonical %q does not build itself: %v", text, e.Spec(), err)
		}
	})
}

// A preset with pairs, budgets and paper figures that is accepted holds
// each game, pair and budget once, paper figures of the right shape within
// 0..100 (or -1), and a count in range.
func FuzzPreset(f *testing.F) {
	f.Add(`"nogo", "breakthrough:misere"`, `["a", "b"], ["b", "c"]`, `"10ms", "iterations=5"`, `[[70, -1]], [[55.5, 100]]`, "12")
	f.Add(`"nogo", "nogo:size=5"`, `["a", "b"]`, `""`, `[[nan, 1]]`, "0")
	f.Add(`"kalah:houses=3"`, `["a", "a"]`, `"1s", "1000ms"`, `[[[inf]]]`, "10000001")
	f.Fuzz(func(t *testing.T, gamesList, pairs, budgets, paper, count string) {
		text := presetBase + fmt.Sprintf("[presets.p]\ngames = [%s]\npairs = [%s]\nbudgets = [%s]\npaper = [%s]\ncount = %s\n", gamesList, pairs, budgets, paper, count)
		cfg, err := Parse("f.toml", []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.toml") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		p, ok := cfg.Preset("p")
		if !ok {
			t.Fatal("accepted without the preset")
		}
		for i := range p.Games {
			if slices.Contains(p.Games[:i], p.Games[i]) {
				t.Fatalf("game %s twice", p.Games[i])
			}
		}
		for i := range p.Pairs {
			if slices.Contains(p.Pairs[:i], p.Pairs[i]) {
				t.Fatalf("pair %v twice", p.Pairs[i])
			}
		}
		for i := range p.Budgets {
			for _, b := range p.Budgets[:i] {
				if b.Budget == p.Budgets[i].Budget {
					t.Fatalf("budget %q twice", b.Text)
				}
			}
		}
		if p.Count < 1 || p.Count > MaxCount {
			t.Fatalf("count %d", p.Count)
		}
		if len(p.Paper) != len(p.Pairs) {
			t.Fatalf("paper for %d pairs, %d pairs", len(p.Paper), len(p.Pairs))
		}
		for _, byBudget := range p.Paper {
			if len(byBudget) != len(p.Budgets) {
				t.Fatalf("paper for %d budgets, %d budgets", len(byBudget), len(p.Budgets))
			}
			for _, byGame := range byBudget {
				if len(byGame) != len(p.Games) {
					t.Fatalf("paper for %d games, %d games", len(byGame), len(p.Games))
				}
				for _, x := range byGame {
					if math.IsNaN(x) || (x != -1 && (x < 0 || x > 100)) {
						t.Fatalf("paper figure %g", x)
					}
				}
			}
		}
	})
}
