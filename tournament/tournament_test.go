package tournament

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"mcarena/config"
	"mcarena/engines"
	_ "mcarena/engines/all"
	"mcarena/games"
	"mcarena/games/spec"
)

// panicky is an engine family that panics on its third move, to test that a
// failing engine costs one game, not the run.
type panicky struct{}

func (p *panicky) Spec() string { return "panicky" }

func (p *panicky) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	s := req.Position
	if s.ToMove() == games.First && len(s.Legal(nil)) < 22 {
		panic("deliberate")
	}
	return engines.Result{Move: s.Legal(nil)[0]}, nil
}

func init() {
	engines.Register(engines.Family{Name: "panicky", Doc: "test engine that panics",
		Build: func(spec.Values, string) (engines.Engine, error) { return &panicky{}, nil }})
}

const testConfig = `
[engines.r]
family = "random"
[engines.u]
family = "uct"
[engines.n]
family = "nmcs"
level = 0
[engines.boom]
family = "panicky"

[presets.small]
games = ["tictactoe", "breakthrough"]
pairs = [["u", "r"], ["n", "r"]]
budgets = ["iterations=200"]
count = 6
seed = 7
paper = [[[60.0, -1]], [[55.5, 90]]]
`

// goodLine is a valid results line: a won game with that index of the
// match of a against b at budget "iterations=N" where N is match, whose key
// goodKey gives.
func goodLine(match string, index int) string {
	return fmt.Sprintf(`{"preset":"p","match":%q,"index":%d,"game":"tictactoe","budget":%q,"names":["a","b"],"specs":["random","random"],"first_seat":0,"seed":1,"result":"1-0","winner":0,"score":0,"plies":1,"seconds":0,"moves":[{"move":"a1","states":0,"iterations":0,"ms":0}]}`+"\n", goodKey(match), index, goodBudget(match))
}

// goodBudget is the budget of goodLine's match.
func goodBudget(match string) string { return "iterations=" + match }

// goodKey is the key of goodLine's match.
func goodKey(match string) string { return "tictactoe|a|b|" + goodBudget(match) }

func load(t *testing.T, text string) *config.Config {
	t.Helper()
	cfg, err := config.Parse("test.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestJobs(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	jobs := Jobs(p, 6)
	if len(jobs) != 2*2*6 {
		t.Fatalf("%d jobs", len(jobs))
	}
	seats := map[string][2]int{}
	seeds := map[uint64]bool{}
	for _, j := range jobs {
		c := seats[j.Match.Key(p)]
		c[j.FirstSeat]++
		seats[j.Match.Key(p)] = c
		if seeds[j.Seed] {
			t.Fatalf("seed %d repeated", j.Seed)
		}
		seeds[j.Seed] = true
	}
	for k, c := range seats {
		if c != [2]int{3, 3} {
			t.Errorf("%s: seats %v, want 3 and 3", k, c)
		}
	}
	// Seeds depend on the match and game only.
	if Jobs(p, 10)[5].Seed != jobs[5].Seed {
		t.Error("a game's seed changed with the number of games")
	}
	// Shards partition the jobs.
	var union []string
	for i := range 3 {
		for _, j := range Shard(jobs, i, 3) {
			union = append(union, fmt.Sprintf("%s#%d", j.Match.Key(p), j.Index))
		}
	}
	sort.Strings(union)
	var all []string
	for _, j := range jobs {
		all = append(all, fmt.Sprintf("%s#%d", j.Match.Key(p), j.Index))
	}
	sort.Strings(all)
	if fmt.Sprint(union) != fmt.Sprint(all) {
		t.Error("shards do not partition the games")
	}
}

// canonical reads a results file into sorted lines without timings.
func canonical(t *testing.T, path string) []string {
	t.Helper()
	recs, _, tail, err := ReadResults(path)
	if err != nil || tail != nil {
		t.Fatalf("%v %v", err, tail)
	}
	var out []string
	for _, r := range recs {
		r.Seconds, r.Line = 0, 0
		for i := range r.Moves {
			r.Moves[i].Millis = 0
		}
		out = append(out, fmt.Sprintf("%+v", r))
	}
	sort.Strings(out)
	return out
}

// A run stopped part way and resumed writes the same games as one run.
func TestResumeEqualsUninterrupted(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, whole, Options{Workers: 2}, nil); err != nil || n != 24 {
		t.Fatalf("whole run: %d games, %v", n, err)
	}
	parts := filepath.Join(dir, "parts.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	n1, err := runPreset(ctx, cfg, p, parts, Options{Workers: 2}, func(pr Progress) {
		if pr.Done >= 9 {
			cancel()
		}
	})
	if err == nil || n1 < 9 || n1 >= 24 {
		t.Fatalf("interrupted run: %d games, %v", n1, err)
	}
	n2, err := runPreset(context.Background(), cfg, p, parts, Options{Workers: 1}, nil)
	if err != nil || n1+n2 != 24 {
		t.Fatalf("resumed run: %d more games, %v", n2, err)
	}
	if a, b := canonical(t, whole), canonical(t, parts); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("resumed results differ from the uninterrupted run")
	}
	// Nothing left to do.
	if n, err := runPreset(context.Background(), cfg, p, parts, Options{}, nil); err != nil || n != 0 {
		t.Fatalf("third run played %d games: %v", n, err)
	}
}

func TestDamagedLastLine(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	cut := data[:len(data)-40] // the last record loses its end and its newline
	os.WriteFile(path, cut, 0o644)
	_, _, tail, err := ReadResults(path)
	if err != nil || tail == nil || tail.Line != 8 {
		t.Fatalf("tail %+v, err %v", tail, err)
	}
	var notes []string
	n, err := runPreset(context.Background(), cfg, p, path, Options{Count: 2}, func(pr Progress) {
		if pr.Last.Error != "" {
			notes = append(notes, pr.Last.Error)
		}
	})
	if err != nil || n != 1 {
		t.Fatalf("resumed %d games: %v", n, err)
	}
	if len(notes) == 0 || !strings.Contains(notes[0], "r.jsonl:8: unreadable last line") {
		t.Fatalf("damage not reported: %v", notes)
	}
	kept, _ := filepath.Glob(path + ".damaged-*")
	if len(kept) != 1 {
		t.Fatalf("damaged files %v, want one", kept)
	}
	if b, _ := os.ReadFile(kept[0]); !strings.Contains(string(b), "r.jsonl line 8: cut off") || !strings.Contains(string(b), string(cut[bytes.LastIndexByte(cut, '\n')+1:])) {
		t.Fatalf("the cut bytes were not kept with their line number:\n%s", b)
	}
	if got := canonical(t, path); len(got) != 8 {
		t.Fatalf("%d records after the repair", len(got))
	}
}

func TestDamagedMiddleLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	os.WriteFile(path, []byte(goodLine("a", 0)+"{not json\n"+goodLine("b", 0)), 0o644)
	if _, _, _, err := ReadResults(path); err == nil || !strings.Contains(err.Error(), "r.jsonl:2: damaged record") {
		t.Fatalf("error %v", err)
	}
	// An empty line is named as one.
	os.WriteFile(path, []byte(goodLine("a", 0)+"\n"+goodLine("b", 0)), 0o644)
	if _, _, _, err := ReadResults(path); err == nil || !strings.Contains(err.Error(), "r.jsonl:2: damaged record in the middle of the file: empty line") {
		t.Fatalf("error %v", err)
	}
}

func TestEnginePanicIsRecorded(t *testing.T) {
	cfg := load(t, testConfig+`
[presets.boom]
games = ["breakthrough"]
pairs = [["boom", "r"]]
count = 4
`)
	p, _ := cfg.Preset("boom")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil)
	if err != nil || n != 4 {
		t.Fatalf("%d games, %v", n, err)
	}
	recs, _, _, _ := ReadResults(path)
	errs := 0
	for _, r := range recs {
		if strings.Contains(r.Error, "engine panic: deliberate") {
			errs++
		}
	}
	if errs == 0 {
		t.Fatal("no game recorded the panic")
	}
	sums := Summarise(recs, nil)
	if sums[0].Errors != errs || sums[0].Games != 4-errs {
		t.Fatalf("summary %+v", sums[0])
	}
}

func TestSummarise(t *testing.T) {
	recs := []Record{
		{Preset: "p", Match: "m", Index: 0, Names: [2]string{"a", "b"}, Winner: 0, FirstSeat: 0},
		{Preset: "p", Match: "m", Index: 1, Names: [2]string{"a", "b"}, Winner: 0, FirstSeat: 1},
		{Preset: "p", Match: "m", Index: 2, Names: [2]string{"a", "b"}, Winner: -1, FirstSeat: 0},
		{Preset: "p", Match: "m", Index: 3, Names: [2]string{"a", "b"}, Winner: 1, FirstSeat: 0},
		{Preset: "p", Match: "m", Index: 4, Names: [2]string{"a", "b"}, Error: "x"},
	}
	s := Summarise(recs, func(string, string) float64 { return 90 })[0]
	// 2 wins, 1 draw, 1 loss: score 2.5/4; Wilson(2.5, 4) by hand:
	// p = .625, center = (.625 + .4802)/1.9604 = .56377,
	// half = 1.96*sqrt(.05859+.06002)/1.9604 = .34432.
	if s.Games != 4 || s.Wins != 2 || s.Draws != 1 || s.Losses != 1 || s.Errors != 1 || s.FirstMoverWins != 1 {
		t.Fatalf("%+v", s)
	}
	if math.Abs(s.Score-0.625) > 1e-12 || math.Abs(s.Low-0.2195) > 1e-3 || math.Abs(s.High-0.9081) > 1e-3 {
		t.Fatalf("score %v interval %v-%v", s.Score, s.Low, s.High)
	}
	if s.Outside {
		t.Fatal("90% lies inside 22-91%")
	}
}

func TestAnalysisPreset(t *testing.T) {
	cfg := load(t, testConfig+`
[engines.n2]
family = "nmcs"
level = 2
[engines.nd2]
family = "nmcs"
level = 2
discount = true
[presets.t1]
kind = "analysis"
game = "tictactoe"
position = "1x1/1o1/xo1 x"
engines = ["n2", "nd2"]
runs = 40
move = "a3"
paper_frequency = [57.5, 100]
`)
	p, _ := cfg.Preset("t1")
	path := filepath.Join(t.TempDir(), "a.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Count: 30}, nil); err != nil || n != 60 {
		t.Fatalf("%d runs, %v", n, err)
	}
	if n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil || n != 20 {
		t.Fatalf("resumed %d runs, %v", n, err)
	}
	recs, _, _, _ := ReadResults(path)
	sums := SummariseAnalysis(p, recs)
	if len(sums) != 2 || sums[0].Runs != 40 || sums[1].Runs != 40 || sums[1].Chosen != 40 {
		t.Fatalf("%+v", sums)
	}
	if sums[0].Chosen == 0 || sums[0].Chosen == 40 {
		t.Fatalf("plain NMC(2) chose a3 %d times of 40", sums[0].Chosen)
	}
	// Run i uses seed+i, as mcarena analyse does: the same moves.
	e, _ := config.ResolveEngine(cfg, "n2")
	s, _ := games.New("tictactoe")
	pos, _ := s.ParsePosition("1x1/1o1/xo1 x")
	for _, r := range recs {
		if r.Names[0] != "n2" || r.Index >= 5 {
			continue
		}
		res, _ := e.Search(context.Background(), engines.Request{Position: pos, Seed: p.Seed + uint64(r.Index)})
		if pos.MoveString(res.Move) != r.Moves[0].Move {
			t.Fatalf("run %d: recorded %s, a fresh search %s", r.Index, r.Moves[0].Move, pos.MoveString(res.Move))
		}
	}
	if sm := Summarise(recs, nil); len(sm) != 0 {
		t.Fatalf("analysis records counted as games: %+v", sm)
	}
}

// noSync is a results file whose syncs do nothing: the runner as it was
// before results were synced, for the benchmark's comparison.
type noSync struct{ *os.File }

func (noSync) Sync() error { return nil }

// BenchmarkRunner plays a counted-budget preset on one and on two workers
// and reports games per second and the runner's overhead: the share of
// worker time not spent inside games (with two workers it includes the end
// of the run, when one worker has no game left while the other finishes).
// sync=batched is the runner as it is, syncing the results file at least
// once a second and at the end; sync=none skips every sync, to measure
// their cost.
func BenchmarkRunner(b *testing.B) {
	cfg, err := config.Parse("b.toml", []byte(`
[engines.u]
family = "uct"
[presets.speed]
games = ["breakthrough"]
pairs = [["u", "u"]]
budgets = ["iterations=3000"]
count = 100
`))
	if err != nil {
		b.Fatal(err)
	}
	p, _ := cfg.Preset("speed")
	synced := openAppend
	for _, workers := range []int{1, 2} {
		for _, mode := range []string{"batched", "none"} {
			b.Run(fmt.Sprintf("workers=%d/sync=%s", workers, mode), func(b *testing.B) {
				openAppend = synced
				if mode == "none" {
					openAppend = func(path string) (resultsFile, error) {
						f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
						return noSync{f}, err
					}
				}
				defer func() { openAppend = synced }()
				var games int
				var inGames float64
				for b.Loop() {
					path := filepath.Join(b.TempDir(), "r.jsonl")
					n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: workers}, nil)
					if err != nil {
						b.Fatal(err)
					}
					games += n
					recs, _, _, _ := ReadResults(path)
					for _, r := range recs {
						inGames += r.Seconds
					}
				}
				wall := b.Elapsed().Seconds()
				b.ReportMetric(float64(games)/wall, "games/s")
				b.ReportMetric(100*(1-inGames/(wall*float64(workers))), "overhead%")
			})
		}
	}
}

func TestBudgetScale(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 2, Scale: 0.5}, nil); err != nil {
		t.Fatal(err)
	}
	recs, _, _, _ := ReadResults(path)
	for _, r := range recs {
		if !r.Scaled || r.BudgetScale != 0.5 {
			t.Fatalf("record %+v", r)
		}
		for _, m := range r.Moves {
			if strings.HasPrefix(r.Specs[0], "uct") && m.Iterations > 100 {
				t.Fatalf("a move searched %d iterations with 200 scaled by 0.5", m.Iterations)
			}
		}
	}
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 2}, nil); err == nil || !strings.Contains(err.Error(), "scaled by 0.5, this run scales by 1") {
		t.Fatalf("mixing scales: %v", err)
	}
	if got := scaleBudget(engines.Budget{Time: 320 * time.Millisecond, Iterations: 3}, 0.1); got.Time != 32*time.Millisecond || got.Iterations != 1 {
		t.Fatalf("scaled budget %+v", got)
	}
}

// The report splits an engine's score by the seat it moved from, as the
// Havannah paper reports the enhanced player as White and as Black.
func TestSummariseSplitsScoreBySeat(t *testing.T) {
	recs := []Record{
		{Preset: "p", Match: "m", Index: 0, Names: [2]string{"a", "b"}, Winner: 0, FirstSeat: 0},
		{Preset: "p", Match: "m", Index: 1, Names: [2]string{"a", "b"}, Winner: -1, FirstSeat: 0},
		{Preset: "p", Match: "m", Index: 2, Names: [2]string{"a", "b"}, Winner: 1, FirstSeat: 1},
		{Preset: "p", Match: "m", Index: 3, Names: [2]string{"a", "b"}, Winner: 1, FirstSeat: 1},
		{Preset: "p", Match: "m", Index: 4, Names: [2]string{"a", "b"}, Winner: 0, FirstSeat: 1},
	}
	s := Summarise(recs, nil)[0]
	if want := (SeatScore{Games: 2, Points: 1.5}); s.AsFirst != want {
		t.Errorf("as first %+v, want %+v", s.AsFirst, want)
	}
	if want := (SeatScore{Games: 3, Points: 1}); s.AsSecond != want {
		t.Errorf("as second %+v, want %+v", s.AsSecond, want)
	}
	var b strings.Builder
	if err := WriteReport(&b, []MatchSummary{s}, CSV); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if got := lines[0]; !strings.HasSuffix(got, "first mover won,as first %,as second %") {
		t.Errorf("header %q", got)
	}
	if got := lines[1]; !strings.HasSuffix(got, ",75.0,33.3") {
		t.Errorf("row %q, want the seat scores 75.0 and 33.3 last", got)
	}
}

// An engine given a budget of its own in a preset's budget searches each of
// its moves under it, from either seat; the other engine under the
// preset's.
func TestEngineBudgetsReachTheirSeats(t *testing.T) {
	cfg := load(t, `
[engines.u]
family = "uct"
[engines.v]
family = "uct"

[presets.own]
games = ["breakthrough:size=5x5"]
pairs = [["u", "v"]]
budgets = ["iterations=40; v iterations=130"]
count = 4
seed = 3
`)
	p, _ := cfg.Preset("own")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 4}, nil); err != nil {
		t.Fatal(err)
	}
	recs, _, _, _ := ReadResults(path)
	most := map[string]int64{}
	seats := map[int]bool{}
	for _, r := range recs {
		if r.Budget != "iterations=40; v iterations=130" {
			t.Fatalf("record's budget %q", r.Budget)
		}
		seats[r.FirstSeat] = true
		for i, m := range r.Moves {
			who := r.Names[r.FirstSeat]
			if i%2 == 1 {
				who = r.Names[1-r.FirstSeat]
			}
			most[who] = max(most[who], m.Iterations)
		}
	}
	if len(recs) != 4 || len(seats) != 2 || most["u"] != 40 || most["v"] != 130 {
		t.Fatalf("%d games, first seats %v, most iterations a move %v: want 4 games from both seats, u 40 and v 130", len(recs), seats, most)
	}
}

// resigner is an engine family that resigns on its third move.
type resigner struct{}

func (r *resigner) Spec() string { return "resigner" }

func (r *resigner) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	if len(req.History) >= 4 {
		return engines.Result{Move: games.NoMove}, fmt.Errorf("test program %w", engines.ErrResigned)
	}
	return engines.Result{Move: req.Position.Legal(nil)[0]}, nil
}

func init() {
	engines.Register(engines.Family{Name: "resigner", Doc: "test engine that resigns on its third move",
		Build: func(spec.Values, string) (engines.Engine, error) { return &resigner{}, nil }})
}

// An engine that resigns loses the game, which is recorded and counted:
// its result the other engine's win, its reason a resignation.
func TestResignationLosesTheGame(t *testing.T) {
	cfg := load(t, `
[engines.quits]
family = "resigner"
[engines.r]
family = "random"

[presets.quit]
games = ["breakthrough:size=5x5"]
pairs = [["quits", "r"]]
budgets = ["iterations=10"]
count = 4
seed = 5
`)
	p, _ := cfg.Preset("quit")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Count: 4}, nil); err != nil || n != 4 {
		t.Fatalf("played %d: %v", n, err)
	}
	recs, _, tail, err := ReadResults(path)
	if err != nil || tail != nil || len(recs) != 4 {
		t.Fatalf("%d records, %v, %v", len(recs), tail, err)
	}
	for _, r := range recs {
		// quits resigns at its third move: ply 5 as first mover, 6 as second.
		wantPlies := 4 + r.FirstSeat
		if r.Reason != Resignation || r.Winner != 1 || r.Error != "" || r.Plies != wantPlies {
			t.Errorf("game %d: reason %q, winner %d, error %q, %d plies; want a resignation won by r after %d plies", r.Index, r.Reason, r.Winner, r.Error, r.Plies, wantPlies)
		}
		if err := r.Check(); err != nil {
			t.Errorf("game %d: %v", r.Index, err)
		}
	}
	if s := Summarise(recs, nil)[0]; s.Wins != 0 || s.Losses != 4 {
		t.Errorf("summary %d-%d-%d, want 0-0-4", s.Wins, s.Draws, s.Losses)
	}
}

// scopeSpy is an engine that plays the first legal move and records the
// Scope of each request.
type scopeSpy struct{ seen *[]*engines.Scope }

func (s scopeSpy) Spec() string { return "scopespy" }

func (s scopeSpy) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	*s.seen = append(*s.seen, req.Scope)
	return engines.Result{Move: req.Position.Legal(nil)[0]}, nil
}

// Both seats of a game see one Scope in every request, and each game a new
// one: what engines share lives for a game, as engines.Scope says.
func TestEachGameGivesItsSeatsOneScope(t *testing.T) {
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	var scopes [2]*engines.Scope
	for i := range scopes {
		var seen []*engines.Scope
		spy := scopeSpy{&seen}
		if _, ok := PlayFrom(context.Background(), g.NewState(), [2]engines.Engine{spy, spy}, engines.Budget{Iterations: 1}, uint64(i)); !ok {
			t.Fatal("the game did not finish")
		}
		if len(seen) < 5 {
			t.Fatalf("game %d: %d requests, want a whole game's", i, len(seen))
		}
		for k, sc := range seen {
			if sc == nil || sc != seen[0] {
				t.Fatalf("game %d: request %d's scope %p, the first's %p", i, k, sc, seen[0])
			}
		}
		scopes[i] = seen[0]
	}
	if scopes[0] == scopes[1] {
		t.Error("two games shared a scope")
	}
}

// A game's record does not depend on what its engines played before: a
// worker keeps one engine per name across matches (the sweeps' shared
// baseline plays every match), and a match played alone, by fresh
// engines, gives the same records move for move and state for state.
func TestRecordsDoNotDependOnEarlierGames(t *testing.T) {
	// The baseline and two sweep points, as the implicit-minimax sweeps
	// name them: one search but for alpha.
	var text strings.Builder
	for _, e := range []struct{ name, alpha string }{{"base", ""}, {"im0", "alpha = 0\n"}, {"im40", "alpha = 0.4\n"}} {
		fmt.Fprintf(&text, `[engines.%s]
family = "mcts"
c = 0.5
playout = "egreedy(epsilon=0.1,base=ipp)"
leaf = "threshold(x=0.5,every=5,atleaf=false)"
heuristic = "efms"
np = 10
prior = "safety"
%s`, e.name, e.alpha)
	}
	text.WriteString(`
[presets.sweep]
games = ["breakthrough:size=8x8"]
pairs = [["im0", "base"], ["im40", "base"]]
budgets = ["iterations=300"]
count = 4
seed = 5
`)
	cfg := load(t, text.String())
	p, _ := cfg.Preset("sweep")
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if n, err := runPreset(t.Context(), cfg, p, whole, Options{Workers: 1}, nil); err != nil || n != 8 {
		t.Fatalf("whole run: %d games, %v", n, err)
	}
	var alone []string
	for _, pair := range []string{"im0,base", "im40,base"} {
		path := filepath.Join(dir, strings.ReplaceAll(pair, ",", "-")+".jsonl")
		if n, err := runPreset(t.Context(), cfg, p, path, Options{Workers: 1, Pairs: []string{pair}}, nil); err != nil || n != 4 {
			t.Fatalf("%s alone: %d games, %v", pair, n, err)
		}
		alone = append(alone, canonical(t, path)...)
	}
	sort.Strings(alone)
	got := canonical(t, whole)
	if len(got) != len(alone) {
		t.Fatalf("%d records against %d", len(got), len(alone))
	}
	for i := range got {
		if got[i] != alone[i] {
			t.Fatalf("a record differs when its engines played other games first:\n%s\nalone:\n%s", got[i], alone[i])
		}
	}
}
