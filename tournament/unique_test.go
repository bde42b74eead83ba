package tournament

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
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
