package tournament

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"mcarena/config"
	"mcarena/games"
)

// simulationsConfig is a simulations preset on tic-tac-toe: three
// positions, 25,000 playouts each, so batches of 10,000, 10,000 and 5,000.
const simulationsConfig = `
[presets.ttt]
kind = "simulations"
game = "tictactoe"
line = ["b2", "a1"]
count = 25000
seed = 3
paper = [-1, 70, 55]
`

// A simulations run stopped part way and resumed writes the batches one
// run writes, each once; a third run has nothing left to do.
func TestSimulationsResumeCountsNothingTwice(t *testing.T) {
	cfg := load(t, simulationsConfig)
	p, _ := cfg.Preset("ttt")
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, whole, Options{Workers: 2}, nil); err != nil || n != 9 {
		t.Fatalf("whole run: %d batches, %v", n, err)
	}
	parts := filepath.Join(dir, "parts.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	n1, err := runPreset(ctx, cfg, p, parts, Options{Workers: 1}, func(pr Progress) {
		if pr.Done >= 4 {
			cancel()
		}
	})
	if err == nil || n1 < 4 || n1 >= 9 {
		t.Fatalf("interrupted run: %d batches, %v", n1, err)
	}
	n2, err := runPreset(context.Background(), cfg, p, parts, Options{Workers: 2}, nil)
	if err != nil || n1+n2 != 9 {
		t.Fatalf("resumed run: %d more batches, %v", n2, err)
	}
	if a, b := canonical(t, whole), canonical(t, parts); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("resumed batches differ from the uninterrupted run:\n%v\n%v", a, b)
	}
	if n, err := runPreset(context.Background(), cfg, p, parts, Options{}, nil); err != nil || n != 0 {
		t.Fatalf("third run: %d batches, %v", n, err)
	}
	recs, _, _, _ := ReadResults(parts)
	sums, ignored := SummariseSimulations(p, recs)
	for _, s := range sums {
		if s.Playouts != 25000 || s.Wins+s.Draws+s.Losses != 25000 || ignored != 0 {
			t.Fatalf("position %d: %d playouts (%d-%d-%d), %d ignored; want 25000 each", s.Ply, s.Playouts, s.Wins, s.Draws, s.Losses, ignored)
		}
	}
}

// A batch's counts follow from its seed alone: Simulate with the recorded
// position, playout, size and seed gives the recorded outcomes, and the
// seed is BatchSeed of the preset's seed, the position and the batch.
func TestSimulationBatchReproducibleFromSeed(t *testing.T) {
	cfg := load(t, strings.Replace(simulationsConfig, `kind = "simulations"`, "kind = \"simulations\"\nplayout = \"decisive\"", 1))
	p, _ := cfg.Preset("ttt")
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 12000, Workers: 2}, nil); err != nil {
		t.Fatal(err)
	}
	recs, _, _, _ := ReadResults(path)
	g, _ := games.New("tictactoe")
	for _, r := range recs {
		row := strings.TrimPrefix(r.Match, "simulations|")
		if want := BatchSeed(p.Seed, 0, int(row[0]-'0'), r.Index); r.Seed != want {
			t.Fatalf("%s batch %d: seed %d, BatchSeed gives %d", r.Match, r.Index, r.Seed, want)
		}
		if want := []int{10000, 2000}[r.Index]; r.Playouts != want {
			t.Fatalf("%s batch %d: %d playouts, want %d", r.Match, r.Index, r.Playouts, want)
		}
		s, _ := g.ParsePosition(r.Start)
		counts, err := Simulate(context.Background(), s, r.Names[0], r.Playouts, r.Seed)
		if err != nil || fmt.Sprint(counts.Outcomes[:]) != fmt.Sprint(r.Outcomes) || fmt.Sprint(counts.Ends) != fmt.Sprint(r.Ends) {
			t.Fatalf("%s batch %d: recorded %v %v, simulated again %+v (%v)", r.Match, r.Index, r.Outcomes, r.Ends, counts, err)
		}
	}
}

// --scale multiplies the playouts per position; a file holds one scale, and
// a run at another is refused before anything is simulated.
func TestSimulationsScale(t *testing.T) {
	cfg := load(t, simulationsConfig)
	p, _ := cfg.Preset("ttt")
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Scale: 0.5}, nil); err != nil || n != 6 {
		t.Fatalf("scaled run: %d batches, %v", n, err)
	}
	recs, _, _, _ := ReadResults(path)
	sums, _ := SummariseSimulations(p, recs)
	if sums[0].Playouts != 12500 || !sums[0].Scaled {
		t.Fatalf("scaled run: %d playouts a position (scaled %v), want 12500", sums[0].Playouts, sums[0].Scaled)
	}
	if _, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err == nil || !strings.Contains(err.Error(), "scaled by 0.5, this run scales by 1") {
		t.Fatalf("mixing scales: %v", err)
	}
}

// simRecord is a batch of the ttt preset's position row by its first
// playout.
func simRecord(p *config.Preset, row, index int, w, d, l int) Record {
	return Record{Kind: SimulationsKind, Preset: p.Name, Match: SimulationKey(0, row), Index: index, Game: p.Game, Names: [2]string{p.Policies[0], ""},
		Start: p.Positions[row], Winner: -1, Playouts: w + d + l, Outcomes: []int{w, d, l}}
}

// A preset of several playouts simulates every position by each, in its
// order; its first playout's batches are those a preset of that playout
// alone records (same keys, same seeds, same counts), so a one-playout
// preset's file stays valid when playouts are added after it, and the
// others' batches are seeded apart.
func TestSimulationsOfSeveralPlayouts(t *testing.T) {
	several := strings.Replace(simulationsConfig, "paper = [-1, 70, 55]", `playouts = ["random", "decisive"]`, 1)
	cfg := load(t, several+strings.Replace(strings.Replace(simulationsConfig, "[presets.ttt]", "[presets.one]", 1), "paper = [-1, 70, 55]", "", 1))
	p, _ := cfg.Preset("ttt")
	one, _ := cfg.Preset("one")
	dir := t.TempDir()
	if n, err := runPreset(context.Background(), cfg, p, filepath.Join(dir, "ttt.jsonl"), Options{Workers: 2}, nil); err != nil || n != 18 {
		t.Fatalf("two playouts: %d batches, %v; want 18", n, err)
	}
	if n, err := runPreset(context.Background(), cfg, one, filepath.Join(dir, "one.jsonl"), Options{Workers: 2}, nil); err != nil || n != 9 {
		t.Fatalf("one playout: %d batches, %v; want 9", n, err)
	}
	recs, _, _, _ := ReadResults(filepath.Join(dir, "ttt.jsonl"))
	alone, _, _, _ := ReadResults(filepath.Join(dir, "one.jsonl"))
	sums, ignored := SummariseSimulations(p, recs)
	if len(sums) != 6 || ignored != 0 {
		t.Fatalf("%d rows, %d ignored; want 6 and 0", len(sums), ignored)
	}
	lone, _ := SummariseSimulations(one, alone)
	for i, s := range sums {
		want := []string{"random", "decisive"}[i/3]
		if s.Policy != want || s.Ply != i%3 || s.Playouts != 25000 {
			t.Fatalf("row %d: %s at ply %d, %d playouts; want %s at ply %d, 25000", i, s.Policy, s.Ply, s.Playouts, want, i%3)
		}
		if i < 3 && (s.Wins != lone[i].Wins || s.Draws != lone[i].Draws || s.Losses != lone[i].Losses) {
			t.Fatalf("ply %d by the first playout: %d-%d-%d, alone %d-%d-%d", i, s.Wins, s.Draws, s.Losses, lone[i].Wins, lone[i].Draws, lone[i].Losses)
		}
	}
	for _, r := range recs {
		if ply := SimulationPly(r.Match); ply < 0 || r.Start != p.Positions[ply] {
			t.Fatalf("%s: SimulationPly gives %d, the batch simulated %s", r.Match, ply, r.Start)
		}
	}
	if SimulationPly("simulations|x") != -1 || SimulationPly("b2 v a1") != -1 {
		t.Fatal("SimulationPly reads a key that is not a simulations key")
	}
	seeds := map[uint64]string{}
	for _, r := range recs {
		if other, ok := seeds[r.Seed]; ok {
			t.Fatalf("%s batch %d has the seed of %s", r.Match, r.Index, other)
		}
		seeds[r.Seed] = fmt.Sprintf("%s batch %d", r.Match, r.Index)
	}
	var out bytes.Buffer
	if err := WriteSimulationsReport(&out, sums, 0, Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\nply  move     playout   playouts") || !strings.Contains(out.String(), "\n2    a1       decisive  25000") {
		t.Fatalf("the end reasons do not name the playouts:\n%s", out.String())
	}
}

// Hand-made batches give the expected table: outcomes summed per position,
// a repeated batch counted once, a batch of another position not counted,
// the winning probability with its interval and the paper's figure flagged
// outside it, and the end reasons of the batches that recorded them.
func TestSimulationsReport(t *testing.T) {
	cfg := load(t, simulationsConfig)
	p, _ := cfg.Preset("ttt")
	b := simRecord(p, 1, 0, 300, 400, 300)
	stale := simRecord(p, 2, 1, 10, 0, 0)
	stale.Start = p.Positions[0]
	first := simRecord(p, 0, 0, 600, 100, 300)
	first.Ends = map[string]int{"three in a row": 900, "full board": 100}
	recs := []Record{
		first, simRecord(p, 0, 1, 580, 140, 280), // the second from before ends were kept
		b, b, // the same batch twice
		simRecord(p, 2, 0, 0, 1000, 0),
		stale,
	}
	sums, ignored := SummariseSimulations(p, recs)
	var out bytes.Buffer
	if err := WriteSimulationsReport(&out, sums, ignored, Text); err != nil {
		t.Fatal(err)
	}
	want := `preset  ply  move     playout  playouts  1st wins  draws  2nd wins  decisive %  1st winning %  95% interval   paper %     
ttt     0    (start)  random   2000      1180      240    580       88.00       65.000         63.052-66.948  -           
ttt     1    b2       random   1000      300       400    300       60.00       50.000         47.600-52.400  70       !  
ttt     2    a1       random   1000      0         1000   0         0.00        50.000         50.000-50.000  55       !  

Why the playouts ended (the game's end reasons; playouts: those whose batches recorded them):

ply  move     playouts  three in a row %  full board %  
0    (start)  1000      90.00             10.00         
1    b2       0         -                 -             
2    a1       0         -                 -             

ply: the position after that many moves of the line (0: its start), reached by move; 1st, 2nd: the first and second player (White and Black in chess).
1st winning: wins plus half the draws of the first player over the playouts, with a 95% interval (normal, by the variance of the three outcomes); ! marks a paper figure outside it.
Not counted: 1 batch of another position or playout than the preset's row (the preset changed since).
`
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if err := WriteSimulationsReport(&out, sums[:1], 0, CSV); err != nil {
		t.Fatal(err)
	}
	if want := "preset,ply,move,playout,playouts,1st wins,draws,2nd wins,decisive %,1st winning %,95% interval,paper %,,ends\nttt,0,(start),random,2000,1180,240,580,88.00,65.000,63.052-66.948,-,,full board=100;three in a row=900\n"; out.String() != want {
		t.Fatalf("CSV got\n%s\nwant\n%s", out.String(), want)
	}
}

// Resuming a simulations preset whose playout, line, seed or count changed
// stops before anything is simulated, naming what changed.
func TestSimulationsResumeRefusesChanges(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"playout", `kind = "simulations"`, "kind = \"simulations\"\nplayout = \"decisive\"", "playout random, the preset's is decisive"},
		{"line", `line = ["b2", "a1"]`, `line = ["a1", "b2"]`, "(its position or line changed)"},
		{"seed", "seed = 3", "seed = 4", "the preset gives"},
		{"count", "count = 25000", "count = 22000", "a batch of 5000 playouts where this run's holds 2000"},
		{"smaller count", "count = 25000", "count = 10000", "batch 1 (of 10000 playouts) lies past the playouts a position this run plays"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := load(t, simulationsConfig)
			p, _ := cfg.Preset("ttt")
			path := filepath.Join(t.TempDir(), "s.jsonl")
			if _, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil {
				t.Fatal(err)
			}
			changed := strings.Replace(simulationsConfig, tt.from, tt.to, 1)
			if changed == simulationsConfig {
				t.Fatalf("%q is not in the test configuration", tt.from)
			}
			cfg2 := load(t, changed)
			p2, _ := cfg2.Preset("ttt")
			n, err := runPreset(context.Background(), cfg2, p2, path, Options{}, nil)
			if n != 0 || err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "--restart") {
				t.Fatalf("got %d batches, %v; want 0 and an error saying %q", n, err, tt.want)
			}
		})
	}
}

// A file of a preset of several playouts resumes under a longer list,
// whose first places are the same, and is refused, naming why, under a
// list reordered or cut; nothing is counted under a policy it was not
// simulated by.
func TestSimulationsResumeAfterTheListChanged(t *testing.T) {
	preset := func(list string) (*config.Config, *config.Preset) {
		cfg := load(t, "[presets.s]\nkind = \"simulations\"\ngame = \"tictactoe\"\nline = [\"b2\"]\ncount = 30\nplayouts = "+list+"\n")
		p, _ := cfg.Preset("s")
		return cfg, p
	}
	tests := []struct {
		name, list, want string
		batches          int
	}{
		{"the same", `["random", "decisive"]`, "", 0},
		{"cut", `["random"]`, "the preset simulates no such position and playout now (its line or its list of playouts changed", 0},
		{"reordered", `["decisive", "random"]`, "batch 0 of match simulations|0 does not match preset s of test.toml: playout random, the preset's is decisive", 0},
		{"first dropped", `["decisive"]`, "playout random, the preset's is decisive", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, p := preset(`["random", "decisive"]`)
			path := filepath.Join(t.TempDir(), "s.jsonl")
			// One worker, so that the file's first line is the first task's.
			if n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 1}, nil); err != nil || n != 4 {
				t.Fatalf("first run: %d batches, %v", n, err)
			}
			cfg2, p2 := preset(tt.list)
			n, err := runPreset(context.Background(), cfg2, p2, path, Options{}, nil)
			switch {
			case tt.want == "" && (err != nil || n != tt.batches):
				t.Fatalf("got %d batches, %v; want %d", n, err, tt.batches)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || n != 0):
				t.Fatalf("got %d batches, %v; want 0 and an error saying %q", n, err, tt.want)
			}
			recs, _, _, _ := ReadResults(path)
			sums, ignored := SummariseSimulations(p2, recs)
			for _, s := range sums {
				want := 30 // the same list, or the first playout of it kept
				if tt.name == "reordered" || tt.name == "first dropped" {
					want = 0
				}
				if s.Playouts != want {
					t.Errorf("%s at ply %d: %d playouts counted, want %d (%d batches ignored)", s.Policy, s.Ply, s.Playouts, want, ignored)
				}
			}
		})
	}
	// Extended: the new playout's batches are played, the others kept.
	cfg, p := preset(`["random"]`)
	path := filepath.Join(t.TempDir(), "one.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil || n != 2 {
		t.Fatalf("one playout: %d batches, %v", n, err)
	}
	cfg, p = preset(`["random", "decisive"]`)
	if n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil || n != 2 {
		t.Fatalf("extended: %d more batches, %v; want 2", n, err)
	}
}
