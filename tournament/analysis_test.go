package tournament

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// budgetsConfig is an analysis preset whose engine searches under two
// budgets.
const budgetsConfig = `
[engines.u]
family = "uct"
[presets.b]
kind = "analysis"
game = "tictactoe"
position = "1x1/1o1/xo1 x"
engines = ["u"]
budgets = ["iterations=5", "iterations=3000"]
runs = 8
move = "a3"
paper_frequency = [90]
`

// An analysis preset with budgets runs every engine under each, records
// the budget, resumes without running anything twice, and summarises a
// row per budget, with the budget under which the move is chosen in more
// than half the runs.
func TestAnalysisBudgetsRunAndResume(t *testing.T) {
	cfg := load(t, budgetsConfig)
	p, _ := cfg.Preset("b")
	path := filepath.Join(t.TempDir(), "b.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Count: 3}, nil); err != nil || n != 6 {
		t.Fatalf("%d runs, %v", n, err)
	}
	if n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil || n != 10 {
		t.Fatalf("resumed %d runs, %v", n, err)
	}
	recs, _, _, _ := ReadResults(path)
	for _, r := range recs {
		if r.Match != "analysis|u|"+r.Budget || (r.Budget != "iterations=5" && r.Budget != "iterations=3000") {
			t.Fatalf("record of match %s has budget %q", r.Match, r.Budget)
		}
	}
	sums := SummariseAnalysis(p, recs)
	if len(sums) != 2 || sums[0].Budget != "iterations=5" || sums[1].Budget != "iterations=3000" || sums[0].Runs != 8 || sums[1].Runs != 8 {
		t.Fatalf("summaries %+v", sums)
	}
	if sums[0].MeanStates >= sums[1].MeanStates {
		t.Fatalf("5 iterations visited %.0f states, 3000 visited %.0f", sums[0].MeanStates, sums[1].MeanStates)
	}
	// 3,000 iterations prove a3, the only move that does not lose, every
	// run; the first majority is then 5 iterations' if they chose it in
	// more than half their runs, else 3,000's.
	if sums[1].Chosen != sums[1].Runs {
		t.Fatalf("3,000 iterations chose a3 in %d of %d runs, want every one: %+v", sums[1].Chosen, sums[1].Runs, sums)
	}
	want := "iterations=3000"
	if sums[0].Chosen*2 > sums[0].Runs {
		want = "iterations=5"
	}
	if b, ok := FirstMajority(sums, "u", 0); !ok || b != want {
		t.Fatalf("first majority %q %v, want %q (a3 chosen in %d and %d of %d runs)", b, ok, want, sums[0].Chosen, sums[1].Chosen, sums[1].Runs)
	}
}

// A file from before the preset took budgets (runs keyed analysis|ENGINE,
// no budget) still reports: its runs form a row of the engine's default
// budget after the preset's rows.
func TestAnalysisBudgetsReportOldRuns(t *testing.T) {
	cfg := load(t, budgetsConfig)
	p, _ := cfg.Preset("b")
	run := func(match, budget, move string, i int) Record {
		return Record{Kind: AnalysisKind, Preset: "b", Match: match, Index: i, Game: p.Game, Budget: budget, Names: [2]string{"u", ""},
			Winner: -1, Moves: []MoveSummary{{Move: move, States: 1000}}}
	}
	recs := []Record{
		run("analysis|u|iterations=5", "iterations=5", "a3", 0), run("analysis|u|iterations=5", "iterations=5", "b3", 1),
		run("analysis|u|iterations=3000", "iterations=3000", "a3", 0), run("analysis|u|iterations=3000", "iterations=3000", "a3", 1),
		run("analysis|u", "", "a3", 0), run("analysis|u", "", "c1", 1), run("analysis|u", "", "c1", 2),
	}
	sums := SummariseAnalysis(p, recs)
	var out bytes.Buffer
	if err := WriteAnalysisReport(&out, sums, Text); err != nil {
		t.Fatal(err)
	}
	want := `preset  engine  budget           runs  move  chosen %  95% interval  paper %     states (k)  95% interval  paper (k)  other moves (runs)  
b       u       iterations=5     2     a3    50.0      9.5-90.5      90.0        1.0         ±0.0          -          b3 1                
b       u       iterations=3000  2     a3    100.0     34.2-100.0    90.0        1.0         ±0.0          -          -                   
b       u       -                3     a3    33.3      6.1-79.2      90.0     !  1.0         ±0.0          -          c1 2                

chosen: runs whose move was the preset's move, with a 95% Wilson interval; states: mean states visited per run with a 95% interval; ! marks a paper figure outside our interval; other moves: what the other runs chose, and how many.
u chose a3 in more than half its runs first at budget iterations=3000.
`
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// A preset that names no move reports no share of runs that chose it (it
// had said 0.0 with an interval, as if no run had found the move): every
// run's move is under other moves, and no budget line names a move.
func TestAnalysisWithoutMoveReportsTheMovesChosen(t *testing.T) {
	cfg := load(t, strings.NewReplacer("move = \"a3\"\n", "", "paper_frequency = [90]\n", "").Replace(budgetsConfig))
	p, _ := cfg.Preset("b")
	if p.Move != "" {
		t.Fatalf("preset has move %q", p.Move)
	}
	run := func(budget, move string, i int) Record {
		return Record{Kind: AnalysisKind, Preset: "b", Match: "analysis|u|" + budget, Index: i, Game: p.Game, Budget: budget, Names: [2]string{"u", ""},
			Winner: -1, Moves: []MoveSummary{{Move: move, States: 1000}}}
	}
	recs := []Record{run("iterations=5", "a3", 0), run("iterations=5", "b3", 1), run("iterations=3000", "a3", 0), run("iterations=3000", "a3", 1)}
	var out bytes.Buffer
	if err := WriteAnalysisReport(&out, SummariseAnalysis(p, recs), Text); err != nil {
		t.Fatal(err)
	}
	want := `preset  engine  budget           runs  move  chosen %  95% interval  paper %    states (k)  95% interval  paper (k)  other moves (runs)  
b       u       iterations=5     2     -     -         -             -          1.0         ±0.0          -          a3 1, b3 1          
b       u       iterations=3000  2     -     -         -             -          1.0         ±0.0          -          a3 2                

chosen: runs whose move was the preset's move, with a 95% Wilson interval; states: mean states visited per run with a 95% interval; ! marks a paper figure outside our interval; other moves: what the other runs chose, and how many.
The preset names no move: other moves are what every run chose.
`
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
	// Runs of a scaled-down run say so, budgets named, as with a move.
	for i := range recs {
		recs[i].Scaled = true
	}
	out.Reset()
	if err := WriteAnalysisReport(&out, SummariseAnalysis(p, recs), Text); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "Scaled down: fewer runs than the preset asks for, or its budgets scaled (--scale).\n") {
		t.Fatalf("a scaled-down run's report ends\n%s", out.String())
	}
}

// The first budget of a majority and the first from which every larger
// budget has one differ where a small budget's runs land above one half by
// chance, as Réti's study does at 1,000 iterations.
func TestSteadyMajority(t *testing.T) {
	row := func(engine, budget string, chosen, runs int) AnalysisSummary {
		return AnalysisSummary{Engine: engine, Budget: budget, Chosen: chosen, Runs: runs, Listed: true}
	}
	stale := row("a", "iterations=300", 2, 20)
	stale.Listed = false
	sums := []AnalysisSummary{
		row("a", "iterations=1000", 12, 20), row("a", "iterations=3000", 1, 20), row("a", "iterations=10000", 10, 20),
		row("a", "iterations=30000", 15, 20), row("a", "iterations=100000", 20, 20), stale,
		row("b", "iterations=1000", 11, 20), row("b", "iterations=3000", 15, 20), row("b", "iterations=10000", 9, 20),
		row("c", "iterations=1000", 12, 20), row("c", "iterations=3000", 20, 20),
		row("d", "iterations=1000", 12, 20), row("d", "iterations=3000", 0, 0),
	}
	for _, tc := range []struct {
		engine, first, steady string
		steadyOK              bool
	}{
		{"a", "iterations=1000", "iterations=30000", true},
		{"b", "iterations=1000", "", false},
		{"c", "iterations=1000", "iterations=1000", true},
		{"d", "iterations=1000", "", false}, // its largest budget has no runs yet
	} {
		first, _ := FirstMajority(sums, tc.engine, 0)
		steady, ok := SteadyMajority(sums, tc.engine, 0)
		if first != tc.first || steady != tc.steady || ok != tc.steadyOK {
			t.Errorf("%s: first %q, steady %q %v; want %q, %q %v", tc.engine, first, steady, ok, tc.first, tc.steady, tc.steadyOK)
		}
	}
}

// The other moves come most chosen first, ties by their notation, without
// the preset's move.
func TestTallyOthers(t *testing.T) {
	var tl Tally
	for _, m := range []string{"Kg7", "Kh7", "c7", "Kh7", "Kg8", "Kg7", "Kh7"} {
		tl.Add(m, 1)
	}
	got := fmt.Sprint(tl.Others("Kg7"))
	if want := "[{Kh7 3} {Kg8 1} {c7 1}]"; got != want {
		t.Errorf("Others: %s, want %s", got, want)
	}
	if got := tl.Others("a1"); len(got) != 4 {
		t.Errorf("Others of a move never chosen: %v, want all four", got)
	}
}

// An analysis preset whose seed changed is named as such on resume: its
// searches take the seed plus their number, so a search's record may hold
// another search's seed, which is no edited index.
func TestAnalysisSeedChangeIsNamed(t *testing.T) {
	cfg := load(t, budgetsConfig+"seed = 5\n")
	p, _ := cfg.Preset("b")
	path := filepath.Join(t.TempDir(), "b.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 4}, nil); err != nil {
		t.Fatal(err)
	}
	cfg2 := load(t, budgetsConfig+"seed = 3\n")
	p2, _ := cfg2.Preset("b")
	_, err := runPreset(context.Background(), cfg2, p2, path, Options{Count: 4}, nil)
	if err == nil || !strings.Contains(err.Error(), "(its seed changed)") {
		t.Fatalf("got %v, want the changed seed named", err)
	}
}
