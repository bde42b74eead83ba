package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/config"
	"mcarena/tournament"
)

const presetConfig = `
[engines.r]
family = "random"
[engines.n0]
family = "nmcs"
level = 0
[presets.tiny]
description = "a tiny test"
games = ["tictactoe", "nogo:size=3"]
pairs = [["n0", "r"]]
count = 6
paper = [[[70, 90]]]
`

// runPreset opens "Run a preset", types fields into its form (the games
// per match first; "tab" moves on) and runs the first preset to its end.
func runPreset(t *testing.T, cfg *config.Config, fields ...string) (Model, *runScreen) {
	t.Helper()
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemPresets), fields...)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	r, ok := m.current.(*runScreen)
	if !ok || !r.finished {
		t.Fatalf("got screen %T, want a finished run", m.current)
	}
	return m, r
}

// A results file that holds every game twice is counted once on the run
// screen.
func TestRunScreenCountsGamesOnce(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("tiny")
	path := filepath.Join(ResultsDir, "tiny.jsonl")
	if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), path, tournament.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	os.WriteFile(path, append(data, data...), 0o644)
	m, r := runPreset(t, cfg, "")
	if r.err != nil {
		t.Fatal(r.err)
	}
	v := m.View()
	if strings.Contains(v, "12/6") || strings.Count(v, " 6/6") != 2 {
		t.Fatalf("got view\n%s\nwant each match at 6/6", v)
	}
}

// A preset whose results file another process holds is not run a second
// time: the picker warns, naming the file and the holder, and stays.
func TestPresetHeldElsewhereWarns(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(ResultsDir, "tiny.jsonl")
	lock, err := tournament.Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	if again, err := tournament.Lock(path); err == nil {
		again.Unlock()
		t.Skip("this system has no file locks")
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = openItem(t, m, itemPresets)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	if _, ok := m.current.(*presetPicker); !ok {
		t.Fatalf("got screen %T, want the picker still", m.current)
	}
	if v := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(v, "not started:") || !strings.Contains(v, "is in use by process") || !strings.Contains(v, "running elsewhere") {
		t.Fatalf("got view\n%s\nwant the warning and the mark", v)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the refused run wrote the file: %v", err)
	}
}

// The games per match field is refused out of range, with the range.
func TestPresetCountRange(t *testing.T) {
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemPresets), "99999999999", "enter")
	if _, ok := m.current.(*presetPicker); !ok || !strings.Contains(m.View(), `games per match "99999999999": want a whole number in 1..10000000`) {
		t.Fatalf("got screen %T, view\n%s", m.current, m.View())
	}
}

// An odd number of games for a seat-swapped pairs preset is refused in the
// form, before a run starts.
func TestPresetPairsWantEvenCount(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(pairsPresetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemPresets), "1", "enter")
	if _, ok := m.current.(*presetPicker); !ok || !strings.Contains(m.View(), "games per match 1: preset kp plays seat-swapped pairs: want an even number") {
		t.Fatalf("got screen %T, view\n%s", m.current, m.View())
	}
	// The error goes once its field is edited.
	m = keys(t, m, "ctrl+u", "2")
	if v := m.View(); strings.Contains(v, "want an even number") {
		t.Errorf("the error stayed after its field was corrected:\n%s", v)
	}
}

func mustPlan(t *testing.T, cfg *config.Config, p *config.Preset) *tournament.Plan {
	t.Helper()
	plan, err := tournament.NewPlan(cfg, p)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

// budgetsConfig is an analysis preset under two budgets.
const budgetsConfig = `
[engines.u]
family = "uct"
[presets.budgets]
kind = "analysis"
game = "tictactoe"
position = "1x1/1o1/xo1 x"
engines = ["u"]
budgets = ["iterations=5", "iterations=500"]
runs = 3
move = "a3"
`

// The run screen shows a simulations preset a row per position (and
// playout, where it has several), with its
// batches, the first player's winning probability and the paper's figure,
// and an analysis preset with budgets a row per engine and budget.
func TestRunScreenSimulationsAndBudgets(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		absent     []string
	}{
		{"simulations", `
[presets.sims]
kind = "simulations"
game = "tictactoe"
line = ["b2"]
count = 15000
paper = [-1, 100]
`, []string{"ply move (random playouts)", "0 (start)", "1 b2", "2/2", "batches 1st winning % [95%]", "100.00!", "4/4 batches, 0 left"}, nil},
		// Several playouts: a row per playout and position, each named.
		{"several playouts", `
[presets.sims]
kind = "simulations"
game = "tictactoe"
line = ["b2"]
count = 50
playouts = ["random", "decisive"]
`, []string{"ply move playout", "0 (start) random", "1 b2      random", "0 (start) decisive", "1 b2      decisive", "4/4 batches, 0 left", "next position"}, []string{"(random playouts)"}},
		{"budgets", budgetsConfig, []string{"u iterations=5", "u iterations=500", "3/3", "runs chosen % [95%]", "6/6 runs, 0 left", "other moves "}, nil},
		// A preset without a move shows the moves chosen, and no share.
		{"no move", strings.Replace(budgetsConfig, "move = \"a3\"\n", "", 1), []string{"engine (the moves chosen below)", "u iterations=5", "6/6 runs, 0 left", "next engine"}, []string{"other moves", "%  [", "chosen %"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tempResults(t)
			cfg, err := config.Parse("c.toml", []byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			m, r := runPreset(t, cfg, "")
			if r.err != nil {
				t.Fatal(r.err)
			}
			v := m.View()
			for _, w := range tt.want {
				if !strings.Contains(v, w) {
					t.Errorf("view lacks %q:\n%s", w, v)
				}
			}
			for _, w := range tt.absent {
				if strings.Contains(v, w) {
					t.Errorf("view holds %q:\n%s", w, v)
				}
			}
		})
	}
}

// The "only budgets" field runs the cells of those budgets alone: the run
// screen shows their rows and counts only, and names the selection; a
// budget the preset lacks is refused with the preset's budgets.
func TestPresetOnlyBudgets(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(budgetsConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemPresets), "tab", "tab", "tab", "iterations=50", "enter")
	if _, ok := m.current.(*presetPicker); !ok || !strings.Contains(strings.Join(strings.Fields(m.View()), " "), `only budgets: budget "iterations=50": preset budgets has "iterations=5", "iterations=500"`) {
		t.Fatalf("got screen %T, view\n%s\nwant the picker with the budgets listed", m.current, m.View())
	}
	m, r := runPreset(t, cfg, "tab", "tab", "tab", "iterations=500")
	if r.err != nil {
		t.Fatal(r.err)
	}
	v := m.View()
	for _, w := range []string{"u iterations=500", "3/3 runs, 0 left", "only iterations=500"} {
		if !strings.Contains(v, w) {
			t.Errorf("view lacks %q:\n%s", w, v)
		}
	}
	if strings.Contains(v, "u iterations=5 ") {
		t.Errorf("view shows the budget not selected:\n%s", v)
	}
}

// A scaled run of an analysis preset shows its runs in the preset's rows,
// each budget written once with the scale.
func TestRunScreenScaledAnalysis(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(budgetsConfig))
	if err != nil {
		t.Fatal(err)
	}
	m, r := runPreset(t, cfg, "tab", "2")
	if r.err != nil {
		t.Fatal(r.err)
	}
	v := m.View()
	for _, w := range []string{"u iterations=5 x2 ", "u iterations=500 x2 ", "6/6 runs, 0 left"} {
		if !strings.Contains(v, w) {
			t.Errorf("view lacks %q:\n%s", w, v)
		}
	}
	if strings.Contains(v, "x2 x2") || strings.Count(v, "% [") < 3 { // the header and two rows
		t.Errorf("want each row once with its chosen %% and interval:\n%s", v)
	}
}

// The status line says which presets of a long list are in view, and
// nothing of them once the filter keeps none.
func TestPresetSpanWithAnEmptyFilter(t *testing.T) {
	tempResults(t)
	text := presetConfig
	for i := range 30 {
		text += fmt.Sprintf("[presets.p%02d]\ndescription = \"one of many\"\ngames = [\"tictactoe\"]\npairs = [[\"n0\", \"r\"]]\ncount = 2\n", i)
	}
	cfg, err := config.Parse("c.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 100, Height: 24})
	m = openItem(t, m, itemPresets)
	if v := m.View(); !strings.Contains(v, " of 31") {
		t.Fatalf("a list of 31 presets on 24 lines names no span:\n%s", v)
	}
	m = keys(t, m, "/", "zzzz")
	if v := m.View(); !strings.Contains(v, "0 of 31 presets") || strings.Contains(v, " of 31 ·") {
		t.Errorf("with nothing kept the status line still names a span:\n%s", v)
	}
}

// The filter field keeps the presets whose name or description holds its
// text in any case: / comes to it, j and k are typed there rather than
// moving the cursor, the cursor stays on its preset while that one is
// kept, an empty list says why, and enter runs the preset kept.
func TestPresetFilter(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig+`
[presets.jk]
description = "the j and k preset"
games = ["tictactoe"]
pairs = [["n0", "r"]]
count = 2
[presets.other]
description = "a Kalah sweep"
games = ["tictactoe"]
pairs = [["n0", "r"]]
count = 2
`))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemPresets), "down", "/")
	p := m.current.(*presetPicker)
	if p.form.focus != filterField || p.form.value(0) != "" || p.names[p.cursor] != "other" {
		t.Fatalf("after down and /: focus %d, games %q, cursor on %q; want the filter focused, nothing typed, the cursor on other", p.form.focus, p.form.value(0), p.names[p.cursor])
	}
	for _, step := range []struct {
		typed  string
		kept   []string
		cursor string
	}{
		{"k", []string{"jk", "other"}, "other"},
		{"ALAH", []string{"other"}, "other"},
		{"ctrl+u", []string{"jk", "other", "tiny"}, "other"},
		{"j", []string{"jk"}, "jk"},
		{"ctrl+u", []string{"jk", "other", "tiny"}, "jk"},
		{"tin", []string{"tiny"}, "tiny"},
	} {
		m = keys(t, m, step.typed)
		p = m.current.(*presetPicker)
		if !slices.Equal(p.names, step.kept) || p.names[p.cursor] != step.cursor {
			t.Fatalf("after %q: kept %v with the cursor on %d; want %v, on %s", step.typed, p.names, p.cursor, step.kept, step.cursor)
		}
	}
	if v := m.View(); !strings.Contains(v, "1 of 3 presets") {
		t.Errorf("the status line does not say how many are kept:\n%s", v)
	}
	m = keys(t, m, "zz", "enter")
	if _, ok := m.current.(*presetPicker); !ok || !strings.Contains(m.View(), `no preset's name or description holds "tinzz"`) {
		t.Fatalf("got screen %T, view\n%s\nwant the picker saying nothing is kept", m.current, m.View())
	}
	m = keys(t, m, "ctrl+u", "tiny")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	r, ok := m.current.(*runScreen)
	if !ok || !r.finished || r.p.Name != "tiny" {
		t.Fatalf("got screen %T, want tiny's finished run", m.current)
	}
}

const sweepPresetConfig = `
[engines.r]
family = "random"
[engines.c1]
family = "mcts"
c = 0.1
[engines.c5]
family = "mcts"
c = 0.5
[engines.c10]
family = "mcts"
c = 1
[presets.sweep]
description = "a sweep over c"
games = ["tictactoe"]
pairs = [["c10", "r"], ["c1", "r"], ["c5", "r"]]
budgets = ["iterations=50"]
count = 2
paper = [[[90]], [[80]], [[15]]]
[presets.tiny]
description = "not a sweep"
games = ["tictactoe"]
pairs = [["c1", "r"]]
budgets = ["iterations=50"]
count = 2
`

// The run screen of a preset whose matches make a sweep (engines that
// differ in one numeric option, one opponent) toggles between its table
// and the sweep's chart with c, points in increasing value of the option;
// a preset that is not a sweep offers no chart.
func TestRunScreenChart(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(sweepPresetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m, r := runPreset(t, cfg, "")
	if r.err != nil || !r.sweeps {
		t.Fatalf("run: %v, sweeps %v", r.err, r.sweeps)
	}
	if v := m.View(); !strings.Contains(v, "c chart the sweep") {
		t.Fatalf("the help does not offer the chart:\n%s", v)
	}
	m = keys(t, m, "c")
	v := m.View()
	for _, want := range []string{"sweep  tictactoe  iterations=50: the score of each engine against r, by c (c1 to c10; 2 games a point)", "0.1  0.5   1", tournament.Legend, "c the table"} {
		if !strings.Contains(v, want) {
			t.Errorf("chart view lacks %q:\n%s", want, v)
		}
	}
	// c 0.5 scored 1.5 of 2 on these seeds (19.8-97.3): the paper's 15%
	// lies outside, and the ! under 0.5 says so.
	if !slices.Contains(strings.Split(v, "\n"), strings.Repeat(" ", 12)+"!") {
		t.Errorf("chart view does not mark c 0.5 outside:\n%s", v)
	}
	m = keys(t, m, "c")
	if v := m.View(); strings.Contains(v, tournament.Legend) || !strings.Contains(v, "win % [95%]") {
		t.Errorf("c did not go back to the table:\n%s", v)
	}

	tempResults(t)
	m = send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemPresets), "down")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	r, ok := m.current.(*runScreen)
	if !ok || r.p.Name != "tiny" || r.sweeps {
		t.Fatalf("screen %T, want the run of tiny with no sweep", m.current)
	}
	if v := keys(t, m, "c").View(); strings.Contains(v, tournament.Legend) {
		t.Errorf("c drew a chart of a preset that is not a sweep:\n%s", v)
	}
}

const pairsPresetConfig = `
[engines.r]
family = "random"
[engines.u]
family = "uct"
[presets.kp]
description = "seat-swapped pairs"
games = ["kalah:houses=3,seeds=3,start=random"]
pairs = [["u", "r"]]
budgets = ["iterations=40"]
count = 12
seed = 11
protocol = "pairs"
paper = [[[50]]]
`

// A seat-swapped pairs preset is scored on the run screen by its pairs, as
// its paper figure and mcarena report are, not by its games.
func TestRunScreenScoresPairsByPairs(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(pairsPresetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m, r := runPreset(t, cfg, "")
	if r.err != nil {
		t.Fatal(r.err)
	}
	recs, _, _, err := tournament.ReadResults(filepath.Join(ResultsDir, "kp.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sums := tournament.Summarise(recs, nil)
	if len(sums) != 1 || !sums[0].Paired || sums[0].Pairs == 0 {
		t.Fatalf("summaries %+v, want one paired match with pairs scored", sums)
	}
	sm := sums[0]
	pair := fmt.Sprintf("%5.1f%% [%4.1f-%5.1f]", 100*sm.PairScore, 100*sm.PairLow, 100*sm.PairHigh)
	games := fmt.Sprintf("%5.1f%% [%4.1f-%5.1f]", 100*sm.Score, 100*sm.Low, 100*sm.High)
	v := m.View()
	if !strings.Contains(v, pair) {
		t.Fatalf("the run screen does not show the pair score %q:\n%s", pair, v)
	}
	if pair != games && strings.Contains(v, games) {
		t.Fatalf("the run screen shows the games' score %q:\n%s", games, v)
	}
}

// The chosen preset's whole description is shown under the list, wrapped,
// with what it plays, where each row cuts its description to one line;
// one too long for the room it has is cut with an ellipsis.
func TestPresetDetailsShowTheWholeDescription(t *testing.T) {
	tempResults(t)
	long := strings.Repeat("word ", 120) + "last"
	cfg, err := config.Parse("c.toml", []byte(presetConfig+`
[presets.wordy]
description = "`+long+`"
games = ["tictactoe"]
pairs = [["n0", "r"], ["r", "n0"]]
budgets = ["iterations=10", "iterations=20"]
count = 4
swap = false
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		height int
		last   bool // the description's last word is on screen
	}{{60, true}, {24, false}} {
		m := send(t, New(cfg), tea.WindowSizeMsg{Width: 90, Height: c.height})
		m = keys(t, openItem(t, m, itemPresets), "down")
		v := m.View()
		// The details: from the line after the list's blank line to the
		// next blank line.
		all := strings.Split(v, "\n")
		from := slices.IndexFunc(all, func(l string) bool { return strings.HasPrefix(l, "4 matches") })
		if from < 0 {
			t.Fatalf("height %d: got view\n%s\nwant the details under the list", c.height, v)
		}
		to := from + slices.IndexFunc(all[from:], func(l string) bool { return strings.TrimSpace(l) == "" })
		details := all[from:to]
		for i, l := range details {
			details[i] = strings.TrimRight(l, " ")
		}
		if details[0] != "4 matches x 4 games = 16 games · tictactoe · iterations=10, iterations=20" {
			t.Fatalf("height %d: details open %q, want the extent, game and budgets", c.height, details[0])
		}
		words := 0
		for _, l := range details[1:] {
			words += strings.Count(l, "word")
		}
		if len(details) < 3 || c.last && (words != 120 || !strings.HasSuffix(details[len(details)-1], "last")) ||
			!c.last && (words >= 120 || !strings.HasSuffix(details[len(details)-1], "…")) {
			t.Fatalf("height %d: details\n%s\nwant the description wrapped, whole %v, else cut with an ellipsis", c.height, strings.Join(details, "\n"), c.last)
		}
	}
}

// presetDetails wraps the description to the width, cuts a word wider
// than it, ends a description it cuts with one ellipsis (never two, where
// the last line shown fills the width), and writes nothing more for a
// preset without one.
func TestPresetDetailsFitTheWidth(t *testing.T) {
	p := &config.Preset{Kind: config.Match, Games: []string{"tictactoe"}, Pairs: [][2]string{{"a", "b"}}, Count: 2}
	for _, c := range []struct {
		desc  string
		lines int
		want  []string // the description's lines
	}{
		{"aaaa bbbb cccc dddd", 2, []string{"aaaa bbb…"}},
		{"aaaa bbbb cccc dddd", 9, []string{"aaaa bbbb", "cccc dddd"}},
		{"aaaa bbbbbbbbbbbbbb", 9, []string{"aaaa", "bbbbbbbb…"}},
		{"", 9, nil},
		{"aaaa bbbb cccc", 0, []string{"aaaa bbb…"}},
	} {
		p.Description = c.desc
		got := presetDetails(p, 9, c.lines)
		want := append([]string{cut(tournament.Extent(p)+" · tictactoe", 9)}, c.want...) // the extent line first
		if got != strings.Join(want, "\n") {
			t.Errorf("%q in %d lines: got\n%s\nwant\n%s", c.desc, c.lines, got, strings.Join(want, "\n"))
		}
	}
}
