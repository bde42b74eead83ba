package tournament

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mcarena/config"
)

// A file that holds every game twice (two runners on one file, as before
// the lock) is counted once, and the report says how many records repeat.
func TestDuplicatesCountedOnce(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(t.Context(), cfg, p, path, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	once, _, _, _ := ReadResults(path)
	data, _ := os.ReadFile(path)
	os.WriteFile(path, append(data, data...), 0o644)
	twice, _, _, err := ReadResults(path)
	if err != nil || len(twice) != 48 {
		t.Fatalf("got %d records, %v; want 48", len(twice), err)
	}
	sums := Summarise(twice, nil)
	want := Summarise(once, nil)
	for i, s := range sums {
		if s.Games+s.Errors != 6 || s.Duplicates != 6 || s.Wins != want[i].Wins || s.Low != want[i].Low {
			t.Errorf("match %s: got %d games, %d duplicates, %d wins; want 6, 6, %d", s.Match, s.Games+s.Errors, s.Duplicates, s.Wins, want[i].Wins)
		}
	}
	var b bytes.Buffer
	WriteReport(&b, sums, Text)
	if !strings.Contains(b.String(), "Duplicates: 24 records repeat a game already counted") {
		t.Fatalf("report does not mention the duplicates:\n%s", b.String())
	}
	if u, dups := Unique(twice); len(u) != 24 || dups != 24 {
		t.Fatalf("Unique: got %d and %d duplicates, want 24 and 24", len(u), dups)
	}
	// Resuming a doubled file plays nothing and counts each game once.
	var last Progress
	n, err := runPreset(t.Context(), cfg, p, path, Options{Count: 7}, func(pr Progress) { last = pr })
	if err != nil || n != 4 || last.Done != 28 || last.Resumed != 24 {
		t.Fatalf("got %d games, progress %d/%d (resumed %d), %v; want 4, 28 done, 24 resumed", n, last.Done, last.Total, last.Resumed, err)
	}
}

// A schedule of the most games a preset may ask for is made lazily: a run
// of ten million games per match costs no memory before its first game.
func TestLongScheduleIsLazy(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(t.Context())
	var total int
	n, _ := runPreset(ctx, cfg, p, path, Options{Count: config.MaxCount, Workers: 1}, func(pr Progress) {
		total = pr.Total
		if pr.Done >= 2 {
			cancel()
		}
	})
	runtime.ReadMemStats(&after)
	if n < 2 || total != 4*config.MaxCount {
		t.Fatalf("got %d games of %d, want 2 or more of %d", n, total, 4*config.MaxCount)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Fatalf("the run allocated %d MiB, want under 64", alloc>>20)
	}
}

// A run with --scale plays games of its own: beside the preset's own games
// of the same numbers they are neither duplicates nor the same match, in
// the summaries, the Elo tables and the resumed run alike.
func TestScaledRunsAreGamesOfTheirOwn(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	dir := t.TempDir()
	scaled, plain := filepath.Join(dir, "scaled.jsonl"), filepath.Join(dir, "plain.jsonl")
	if _, err := runPreset(t.Context(), cfg, p, scaled, Options{Count: 2, Scale: 0.5}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := runPreset(t.Context(), cfg, p, plain, Options{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	// Resuming the scaled run plays only the games it lacks.
	n, err := runPreset(t.Context(), cfg, p, scaled, Options{Count: 3, Scale: 0.5}, nil)
	if err != nil || n != 4 {
		t.Fatalf("resuming the scaled run played %d games, %v; want 4, one a match", n, err)
	}
	a, _, _, _ := ReadResults(scaled)
	b, _, _, _ := ReadResults(plain)
	both := append(a, b...)
	if u, dups := Unique(both); len(u) != 20 || dups != 0 {
		t.Fatalf("Unique: %d records, %d duplicates; want 20 and 0", len(u), dups)
	}
	sums := Summarise(both, nil)
	if len(sums) != 8 {
		t.Fatalf("%d summaries, want 8: each of the 4 matches at two scales", len(sums))
	}
	for _, s := range sums {
		want, budget := 2, "iterations=200"
		if s.BudgetScale == 0.5 {
			want, budget = 3, "iterations=200 x0.5"
		}
		if s.Games+s.Errors != want || s.Duplicates != 0 || s.Budget != budget {
			t.Errorf("match %s scale %g: %d games, %d duplicates, budget %q; want %d, 0, %q", s.Match, s.BudgetScale, s.Games+s.Errors, s.Duplicates, s.Budget, want, budget)
		}
	}
	var out bytes.Buffer
	if err := WriteElo(&out, both, DefaultElo, nil); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"small tictactoe iterations=200:", "small tictactoe iterations=200 x0.5:"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the Elo tables lack a group %q:\n%s", w, out.String())
		}
	}
}

// Two copies of a game that differ in their play are found wherever they
// sit, and copies that agree are not; Differs names what differs.
func TestFirstConflict(t *testing.T) {
	a, _ := ParseRecord([]byte(strings.TrimSpace(goodLine("m", 0))))
	b := a
	b.Moves = slices.Clone(a.Moves)
	b.Moves[0].Millis = 7 // timings are not the play
	c := a
	c.Result, c.Winner = "0-1", 1
	other, _ := ParseRecord([]byte(strings.TrimSpace(goodLine("m", 1))))
	cases := []struct {
		recs          []Record
		first, second int
		ok            bool
		differs       string
	}{
		{[]Record{a, other, b}, 0, 0, false, ""},
		{[]Record{a, other, b, c}, 0, 3, true, "result 0-1 against 1-0"},
		{[]Record{c, other, a}, 0, 2, true, "result 1-0 against 0-1"},
	}
	for i, tc := range cases {
		f, s, ok := FirstConflict(tc.recs)
		if f != tc.first || s != tc.second || ok != tc.ok {
			t.Errorf("case %d: %d %d %v, want %d %d %v", i, f, s, ok, tc.first, tc.second, tc.ok)
		}
		if ok {
			if d := Differs(&tc.recs[f], &tc.recs[s]); d != tc.differs {
				t.Errorf("case %d: differs %q, want %q", i, d, tc.differs)
			}
		}
	}
}

// A run refuses a file holding two plays of one game, naming both lines
// and the way out, before it plays anything.
func TestRunRefusesTwoPlaysOfAGame(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(t.Context(), cfg, p, path, Options{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	first, _, _ := strings.Cut(string(data), "\n")
	rec, _ := ParseRecord([]byte(first))
	flipped := strings.Replace(first, `"result":"`+rec.Result+`"`, `"result":"`+map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[rec.Result]+`"`, 1)
	flipped = strings.Replace(flipped, fmt.Sprintf(`"winner":%d`, rec.Winner), fmt.Sprintf(`"winner":%d`, map[int]int{0: 1, 1: 0, -1: 0}[rec.Winner]), 1)
	os.WriteFile(path, append(data, flipped+"\n"...), 0o644)
	n, err := runPreset(t.Context(), cfg, p, path, Options{Count: 3}, nil)
	if n != 0 || err == nil || !strings.Contains(err.Error(), "is another play of the game of line 1 (result") || !strings.Contains(err.Error(), "'mcarena repair "+path+"'") {
		t.Fatalf("played %d, %v; want a refusal naming line 1 and mcarena repair", n, err)
	}
	rep, err := Repair(path, nil)
	if err != nil || rep.Conflicts != 1 || len(rep.Moved) != 1 || !strings.Contains(rep.Moved[0].Msg, "another play of the game of line 1") {
		t.Fatalf("repair: %+v, %v; want the later play moved as a conflict", rep, err)
	}
	if n, err := runPreset(t.Context(), cfg, p, path, Options{Count: 3}, nil); err != nil || n != 4 {
		t.Fatalf("after repair the run played %d, %v; want 4", n, err)
	}
}

// A run of more games than the preset asks for is not scaled down; one of
// fewer, or with scaled budgets, is; and a first look of fewer games that a
// run at the preset's count or more plays on from is no longer.
func TestScaledDownMeansLess(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small") // count 6
	for _, tc := range []struct {
		runs   []Options
		scaled bool
	}{
		{[]Options{{Count: 8}}, false},
		{[]Options{{Count: 2}}, true},
		{[]Options{{Count: 2, Scale: 0.5}}, true},
		{[]Options{{Count: 2}, {}}, false},
		{[]Options{{Count: 2}, {Count: 8}}, false},
		{[]Options{{Count: 2}, {Count: 4}}, true},
	} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		for _, opt := range tc.runs {
			if _, err := runPreset(t.Context(), cfg, p, path, opt, nil); err != nil {
				t.Fatal(err)
			}
		}
		recs, _, _, _ := ReadResults(path)
		for _, s := range Summarise(recs, nil) {
			if s.Scaled != tc.scaled {
				t.Errorf("%+v: match %s scaled %v, want %v", tc.runs, s.Match, s.Scaled, tc.scaled)
			}
		}
	}
}

// The rows of analysis and simulations presets say scaled down as matches
// do: after a run of fewer runs or playouts than the preset asks for, and
// no longer once a run at the preset's count has gone on from it.
func TestAnalysisAndSimulationsScaledDownMeansLess(t *testing.T) {
	for _, tc := range []struct {
		config, preset string
		runs           []Options
		scaled         bool
	}{
		{twoBudgets, "probe", []Options{{Count: 1}}, true},
		{twoBudgets, "probe", []Options{{Count: 1}, {}}, false},
		{simulationsConfig, "ttt", []Options{{Count: 10000}}, true},
		{simulationsConfig, "ttt", []Options{{Count: 10000}, {}}, false},
	} {
		cfg := load(t, tc.config)
		p := mustPreset(t, cfg, tc.preset)
		path := filepath.Join(t.TempDir(), "r.jsonl")
		for _, opt := range tc.runs {
			if _, err := runPreset(t.Context(), cfg, p, path, opt, nil); err != nil {
				t.Fatal(err)
			}
		}
		recs, _, _, _ := ReadResults(path)
		var scaled []bool
		for _, s := range SummariseAnalysis(p, recs) {
			scaled = append(scaled, s.Scaled)
		}
		sums, _ := SummariseSimulations(p, recs)
		for _, s := range sums {
			scaled = append(scaled, s.Scaled)
		}
		if len(scaled) == 0 || slices.Contains(scaled, !tc.scaled) {
			t.Errorf("%s %+v: rows scaled %v, want all %v", tc.preset, tc.runs, scaled, tc.scaled)
		}
	}
}
