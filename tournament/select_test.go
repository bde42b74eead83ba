package tournament

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcarena/config"
)

const twoBudgets = `
[engines.r]
family = "random"
[engines.u]
family = "uct"

[presets.two]
games = ["tictactoe"]
pairs = [["u", "r"], ["r", "u"]]
budgets = ["iterations=20", "iterations=50"]
count = 4
seed = 9
swap = false # the two pairs are the two seatings

[presets.probe]
kind = "analysis"
game = "tictactoe"
engines = ["u"]
budgets = ["iterations=20", "iterations=50"]
runs = 2
move = "b2"
seed = 3
`

// A run limited to some budgets plays those cells only, with the numbers
// and seeds they have in the whole preset; the run of every budget on the
// same file then plays just the rest, and the file ends as one whole run
// would write it.
func TestBudgetSelectionPlaysItsCellsThenTheRest(t *testing.T) {
	cfg := load(t, twoBudgets)
	for _, name := range []string{"two", "probe"} {
		p, _ := cfg.Preset(name)
		dir := t.TempDir()
		parts, whole := filepath.Join(dir, "parts.jsonl"), filepath.Join(dir, "whole.jsonl")
		var totals []int
		n, err := runPreset(t.Context(), cfg, p, parts, Options{Budgets: []string{"iterations=50"}}, func(pr Progress) {
			if pr.Total > 0 {
				totals = append(totals, pr.Total)
			}
		})
		units := 2 // the preset's two matches under the one budget, or its one engine
		if name == "probe" {
			units = 1
		}
		if err != nil || n != units*p.Count {
			t.Fatalf("%s: the selected run played %d, %v; want %d", name, n, err, units*p.Count)
		}
		if slices.ContainsFunc(totals, func(x int) bool { return x != units*p.Count }) {
			t.Errorf("%s: progress totals %v, want %d throughout", name, totals, units*p.Count)
		}
		recs, _, _, _ := ReadResults(parts)
		for _, r := range recs {
			if r.Budget != "iterations=50" || r.Scaled {
				t.Fatalf("%s: the selected run wrote a record of budget %q (scaled %v)", name, r.Budget, r.Scaled)
			}
		}
		// Selecting it again plays nothing.
		if n, err := runPreset(t.Context(), cfg, p, parts, Options{Budgets: []string{"iterations=50"}}, nil); err != nil || n != 0 {
			t.Fatalf("%s: the selected run again played %d, %v; want 0", name, n, err)
		}
		n, err = runPreset(t.Context(), cfg, p, parts, Options{}, nil)
		if err != nil || n != units*p.Count {
			t.Fatalf("%s: the run of every budget played %d, %v; want the %d left", name, n, err, units*p.Count)
		}
		if _, err := runPreset(t.Context(), cfg, p, whole, Options{}, nil); err != nil {
			t.Fatal(err)
		}
		a, b := canonical(t, parts), canonical(t, whole)
		if !slices.Equal(a, b) {
			t.Errorf("%s: the parts differ from one whole run:\n%s\n---\n%s", name, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	}
}

// A budget the preset lacks is refused before the file is touched, with
// the preset's budgets listed.
func TestBudgetSelectionNamesTheValidBudgets(t *testing.T) {
	cfg := load(t, twoBudgets)
	cases := []struct{ preset, budget, want string }{
		{"two", "50", `budget "50": preset two has "iterations=20", "iterations=50"`},
		{"two", "iterations=50 ", `budget "iterations=50 "`},
	}
	for _, c := range cases {
		p, _ := cfg.Preset(c.preset)
		path := filepath.Join(t.TempDir(), "r.jsonl")
		_, err := runPreset(t.Context(), cfg, p, path, Options{Budgets: []string{c.budget}}, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s --budget %q: %v; want an error with %q", c.preset, c.budget, err, c.want)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s --budget %q: the results file was made (%v)", c.preset, c.budget, err)
		}
	}
}

// A run limited to some pairs, and to a budget as well, plays those cells
// only, with their numbers and seeds in the whole preset; the run of every
// pair then plays just the rest, and the file ends as one whole run would
// write it. A pair the preset lacks, or a preset of no pairs, is refused
// with what is valid, before the file is touched.
func TestPairSelectionPlaysItsCellsThenTheRest(t *testing.T) {
	cfg := load(t, twoBudgets)
	p := mustPreset(t, cfg, "two")
	dir := t.TempDir()
	parts, whole := filepath.Join(dir, "parts.jsonl"), filepath.Join(dir, "whole.jsonl")
	n, err := runPreset(t.Context(), cfg, p, parts, Options{Pairs: []string{"r,u"}, Budgets: []string{"iterations=50"}}, nil)
	if err != nil || n != p.Count {
		t.Fatalf("the selected run played %d, %v; want %d", n, err, p.Count)
	}
	recs, _, _, _ := ReadResults(parts)
	for _, r := range recs {
		if r.Names != [2]string{"r", "u"} || r.Budget != "iterations=50" {
			t.Fatalf("the selected run wrote a record of %v under %q", r.Names, r.Budget)
		}
	}
	if n, err := runPreset(t.Context(), cfg, p, parts, Options{Pairs: []string{"u,r", "r,u"}}, nil); err != nil || n != 3*p.Count {
		t.Fatalf("both pairs then played %d, %v; want the %d left", n, err, 3*p.Count)
	}
	if n, err := runPreset(t.Context(), cfg, p, parts, Options{}, nil); err != nil || n != 0 {
		t.Fatalf("the whole preset then played %d, %v; want 0", n, err)
	}
	if _, err := runPreset(t.Context(), cfg, p, whole, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if a, b := canonical(t, parts), canonical(t, whole); !slices.Equal(a, b) {
		t.Errorf("the parts differ from one whole run:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	for _, c := range []struct{ preset, pair, want string }{
		{"two", "u,u", `pair "u,u": preset two has u,r; r,u`},
		{"two", "u", `pair "u": preset two has u,r; r,u`},
		{"probe", "u,r", "preset probe plays no pairs of engines"},
	} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		_, err := runPreset(t.Context(), cfg, mustPreset(t, cfg, c.preset), path, Options{Pairs: []string{c.pair}}, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s --pair %q: %v; want an error with %q", c.preset, c.pair, err, c.want)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s --pair %q: the results file was made (%v)", c.preset, c.pair, err)
		}
	}
}

// A run from game N plays the games numbered N and up of every cell, with
// the numbers and seeds they have in the whole preset, so that its file
// and one of the first N games add up to the whole; a run of the whole
// preset on the same file then plays just the first N. A first number
// outside the games per match is refused before the file is touched.
func TestRunFromGameNPlaysTheRest(t *testing.T) {
	cfg := load(t, twoBudgets)
	for _, c := range []struct {
		name        string
		from, units int
	}{{"two", 2, 4}, {"probe", 1, 2}} {
		p := mustPreset(t, cfg, c.name)
		dir := t.TempDir()
		parts, whole := filepath.Join(dir, "parts.jsonl"), filepath.Join(dir, "whole.jsonl")
		var totals []int
		n, err := runPreset(t.Context(), cfg, p, parts, Options{From: c.from}, func(pr Progress) {
			if pr.Total > 0 {
				totals = append(totals, pr.Total)
			}
		})
		want := c.units * (p.Count - c.from)
		if err != nil || n != want {
			t.Fatalf("%s from %d: played %d, %v; want %d", c.name, c.from, n, err, want)
		}
		if slices.ContainsFunc(totals, func(x int) bool { return x != want }) {
			t.Errorf("%s from %d: progress totals %v, want %d throughout", c.name, c.from, totals, want)
		}
		recs, _, _, _ := ReadResults(parts)
		for _, r := range recs {
			if r.Index < c.from || r.Scaled {
				t.Fatalf("%s from %d: wrote game %d of %s (scaled %v)", c.name, c.from, r.Index, r.Match, r.Scaled)
			}
		}
		if n, err := runPreset(t.Context(), cfg, p, parts, Options{}, nil); err != nil || n != c.units*c.from {
			t.Fatalf("%s: the whole preset then played %d, %v; want the %d before game %d", c.name, n, err, c.units*c.from, c.from)
		}
		if _, err := runPreset(t.Context(), cfg, p, whole, Options{}, nil); err != nil {
			t.Fatal(err)
		}
		if a, b := canonical(t, parts), canonical(t, whole); !slices.Equal(a, b) {
			t.Errorf("%s: the parts differ from one whole run:\n%s\n---\n%s", c.name, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	}
	p := mustPreset(t, cfg, "two")
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{From: 4}, "games from 4: want 0..3, below the 4 games per match"},
		{Options{From: 2, Count: 2}, "games from 2: want 0..1, below the 2 games per match"},
		{Options{From: -1}, "games from -1: want 0..3"},
	} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		_, err := runPreset(t.Context(), cfg, p, path, c.opt, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v; want an error with %q", c.opt, err, c.want)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%+v: the results file was made (%v)", c.opt, err)
		}
	}
}

// SelectUnits keeps the units under the budgets named, in the preset's
// order, for screens that show a selected run.
func TestSelectUnits(t *testing.T) {
	cfg := load(t, twoBudgets)
	cases := []struct {
		preset  string
		budgets []string
		want    []string
	}{
		{"two", nil, []string{"tictactoe|u|r|iterations=20", "tictactoe|u|r|iterations=50", "tictactoe|r|u|iterations=20", "tictactoe|r|u|iterations=50"}},
		{"two", []string{"iterations=50"}, []string{"tictactoe|u|r|iterations=50", "tictactoe|r|u|iterations=50"}},
		{"two", []string{"50"}, nil},
		{"probe", []string{"iterations=20"}, []string{AnalysisKey(mustPreset(t, cfg, "probe"), "u", 0)}},
	}
	for _, c := range cases {
		if got := SelectUnits(mustPreset(t, cfg, c.preset), c.budgets); !slices.Equal(got, c.want) {
			t.Errorf("%s %v: %q, want %q", c.preset, c.budgets, got, c.want)
		}
	}
}

func mustPreset(t *testing.T, cfg *config.Config, name string) *config.Preset {
	t.Helper()
	p, ok := cfg.Preset(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	return p
}

// A scaled run of an analysis preset fills the preset's rows, written with
// its scale, in the preset's order; beside an unscaled run of the same
// preset each keeps rows and majority lines of its own.
func TestScaledAnalysisRowsAreThePresets(t *testing.T) {
	cfg := load(t, twoBudgets)
	p := mustPreset(t, cfg, "probe")
	dir := t.TempDir()
	scaled, plain := filepath.Join(dir, "scaled.jsonl"), filepath.Join(dir, "plain.jsonl")
	if _, err := runPreset(t.Context(), cfg, p, scaled, Options{Scale: 2}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := runPreset(t.Context(), cfg, p, plain, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	a, _, _, _ := ReadResults(scaled)
	sums := SummariseAnalysis(p, a)
	var got []string
	for _, s := range sums {
		got = append(got, fmt.Sprintf("%s %s %d %v", s.Engine, s.Budget, s.Runs, s.Listed))
	}
	want := []string{"u iterations=20 x2 2 true", "u iterations=50 x2 2 true"}
	if !slices.Equal(got, want) {
		t.Fatalf("rows %q, want %q", got, want)
	}
	b, _, _, _ := ReadResults(plain)
	sums = SummariseAnalysis(p, append(b, a...))
	got = got[:0]
	for _, s := range sums {
		got = append(got, fmt.Sprintf("%s %s %d %v", s.Engine, s.Budget, s.Runs, s.Listed))
	}
	want = []string{"u iterations=20 2 true", "u iterations=50 2 true", "u iterations=20 x2 2 true", "u iterations=50 x2 2 true"}
	if !slices.Equal(got, want) {
		t.Fatalf("rows of both files %q, want %q", got, want)
	}
	var out bytes.Buffer
	if err := WriteAnalysisReport(&out, sums, Text); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"\nu chose ", "\nu (budgets x2) chose "} {
		if strings.Count(out.String(), w) != 1 {
			t.Errorf("the report has not one line %q:\n%s", w, out.String())
		}
	}
}
