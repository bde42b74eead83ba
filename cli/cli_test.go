package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcarena/tournament"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "tictactoe", "3"}, "504\n"},
		{[]string{"perft", "breakthrough", "4"}, "23084\n"},
		{[]string{"perft", "--position", "1x1/1o1/xo1 x", "tictactoe", "2"}, "20\n"},
		{[]string{"perft", "tictactoe", "2", "--position", "1x1/1o1/xo1 x"}, "20\n"},
		{[]string{"perft", "kalah", "0"}, "1\n"},
		{[]string{"perft", "domineering:size=2x2", "2", "--divide"}, "a1-a2 0\nb1-b2 0\ntotal 0\n"},
		{[]string{"perft", "tictactoe", "2", "--divide", "--position", "xox/xoo/2x o"}, "a1 1\nb1 0\ntotal 1\n"},
	}
	for _, tt := range tests {
		code, out, errs := run(tt.args...)
		if code != ExitOK || out != tt.want {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want %q", tt.args, code, out, errs, tt.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string // a part of the one-line error
	}{
		{[]string{"perft"}, "want GAME and DEPTH"},
		{[]string{"perft", "shogi", "2"}, `unknown game "shogi": valid games are atarigo,`},
		{[]string{"perft", "breakthrough", "two"}, `depth "two" is not a whole number`},
		{[]string{"perft", "breakthrough", "-1"}, `depth "-1" is not a whole number >= 0`},
		{[]string{"perft", "breakthrough:size=9x9", "1"}, "out of range"},
		{[]string{"perft", "breakthrough", "1", "--position", "8/8 w"}, "2 ranks, want 5"},
		{[]string{"perft", "tictactoe", "1", "--bogus"}, "flag provided but not defined: -bogus (valid flags: --divide, --position)"},
		{[]string{"perft", "tictactoe", "1", "--divide=maybe"}, `--divide "maybe": want true or false`},
		{[]string{"search", "tictactoe", "--time", "5"}, `--time "5": want a duration with its unit, such as 500ms, 5s or 2m`},
		{[]string{"search", "tictactoe", "--seed", "x"}, `--seed "x": want a whole number of 0 or more`},
		{[]string{"search", "tictactoe", "--iterations", "1e3"}, `--iterations "1e3": want a whole number`},
		{[]string{"run", "x", "--games", "99999999999999999999"}, `--games "99999999999999999999": too large, want a whole number of at most 9223372036854775807`},
		{[]string{"search", "tictactoe", "--iterations", "-99999999999999999999"}, `--iterations "-99999999999999999999": too small, want a whole number of at least -9223372036854775808`},
		{[]string{"search", "tictactoe", "--seed", "99999999999999999999"}, `--seed "99999999999999999999": too large, want a whole number of at most 18446744073709551615`},
		{[]string{"run", "x", "--scale", "1e400"}, `--scale "1e400": too large, want a number of at most 1.7976931348623157e+308`},
		{[]string{"frobnicate"}, `unknown command "frobnicate": valid commands are`},
		{[]string{"--bogus"}, `unknown flag "--bogus": valid commands are analyse, bench,`},
		{[]string{"frobnicate"}, `, verify, and help; mcarena alone (or with --config FILE) opens the terminal UI`},
		{[]string{"bench", "--time", "-1s"}, "--time must be positive"},
		{[]string{"bench", "--games", "nogo:size=99"}, "out of range"},
		{[]string{"bench", "--games", "loa,shogi"}, `unknown game "shogi"`},
		{[]string{"bench", "extra"}, `unexpected argument "extra"`},
		{[]string{"bench", "--search", "uct", "--time", "1ms"}, "--time is the playout benchmark's"},
		{[]string{"bench", "--games", "tictactoe", "--iterations", "50"}, "--iterations goes with --search ENGINE"},
		{[]string{"bench", "--searches", "3"}, "--searches goes with --search ENGINE"},
		{[]string{"bench", "--search", "uct", "--games", "tictactoe,breakthrough:size=6x6,misere=true"}, "--search measures one game at a time"},
		{[]string{"games", "x"}, "takes no arguments"},
		{[]string{"games", "--bogus"}, "flag provided but not defined: -bogus (games takes no flags)"},
	}
	for _, tt := range tests {
		code, out, errs := run(tt.args...)
		if code != ExitUsage {
			t.Errorf("%v: exit code %d, want %d", tt.args, code, ExitUsage)
		}
		if out != "" || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: stdout %q stderr %q, want one line containing %q", tt.args, out, errs, tt.want)
		}
	}
}

func TestBenchJSON(t *testing.T) {
	code, out, errs := run("bench", "--time", "20ms", "--games", "breakthrough,kalah,breakthrough:size=6x6,misere,knightthrough:size=6x6,misere=true", "--json")
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	var got struct {
		Results []BenchResult `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// A game's options are separated by commas as the list's games are.
	if len(got.Results) != 4 || got.Results[0].Game != "breakthrough" || got.Results[1].Game != "kalah" || got.Results[2].Game != "breakthrough:size=6x6,misere" || got.Results[3].Game != "knightthrough:size=6x6,misere" {
		t.Fatalf("results %+v", got.Results)
	}
	bt := got.Results[0]
	if bt.PaperPerSecond != 411e3 || bt.TargetPerSecond != 25*411e3 || bt.MeetsTarget == nil {
		t.Errorf("breakthrough lost its reference figures: %+v", bt)
	}
	for _, r := range got.Results {
		if r.Playouts <= 0 || r.States < r.Playouts || r.StatesPerSecond <= 0 {
			t.Errorf("implausible result %+v", r)
		}
	}
}

func TestHelpAndGames(t *testing.T) {
	code, out, _ := run("help")
	if code != ExitOK || !strings.Contains(out, "mcarena perft GAME DEPTH") {
		t.Errorf("help: %d %q", code, out)
	}
	// Every command answers -h and --help with its usage; these name a flag
	// each, and games says it has none.
	flags := map[string]string{"bench": "-search string", "run": "-workers int", "replay": "-json", "search": "-iterations",
		"engines": "-game string", "games": "Flags:\n  none\n"}
	for _, cmd := range commandNames() {
		for _, h := range []string{"-h", "--help"} {
			code, out, errs := run(cmd, h)
			if code != ExitOK || errs != "" || !strings.HasPrefix(out, "Usage: mcarena "+cmd) || !strings.Contains(out, flags[cmd]) {
				t.Errorf("%s %s: code %d, stderr %q, stdout %q; want its usage and %q", cmd, h, code, errs, out, flags[cmd])
			}
		}
	}
	code, out, _ = run("games")
	if code != ExitOK || !strings.Contains(out, "kalah") || !strings.Contains(out, "empty_capture") {
		t.Errorf("games: %d %q", code, out)
	}
}

// engines --game lists the named engines that can play the game, aligned
// under the longest name, and says how many of all they are.
func TestEnginesForAGame(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(cfg, []byte(`
[engines.plain]
family = "uct"
[engines.a-long-engine-name]
family = "alphabeta"
heuristic = "efms"
`), 0o644)
	for _, tt := range []struct {
		game      string
		want      []string
		notWanted string
	}{
		{"", []string{"named engines in " + cfg + ":\n", "    a-long-engine-name  alphabeta:heuristic=efms\n", "    plain               uct\n"}, ""},
		{"breakthrough", []string{"that can play breakthrough (2 of 2):\n", "    plain               uct\n"}, ""},
		{"tictactoe", []string{"that can play tictactoe (1 of 2):\n", "    plain  uct\n", "families:\n"}, "a-long-engine-name"},
	} {
		args := []string{"engines", "--config", cfg}
		if tt.game != "" {
			args = append(args, "--game", tt.game)
		}
		code, out, errs := run(args...)
		if code != ExitOK || errs != "" {
			t.Fatalf("%v: code %d, stderr %q", args, code, errs)
		}
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: the output lacks %q:\n%s", args, w, out)
			}
		}
		if tt.notWanted != "" && strings.Contains(out, tt.notWanted) {
			t.Errorf("%v: the output lists %s, which cannot play %s:\n%s", args, tt.notWanted, tt.game, out)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"engines", "--game", "nosuch"}, `unknown game "nosuch"`},
		{[]string{"engines", "extra"}, "engines takes no arguments, only --game and --config"},
	} {
		code, _, errs := run(tt.args...)
		if code != ExitUsage || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: code %d, stderr %q; want exit %d and %q", tt.args, code, errs, ExitUsage, tt.want)
		}
	}
}

func TestAnalyse(t *testing.T) {
	code, out, errs := run("analyse", "tictactoe", "--position", "1x1/1o1/xo1 x", "--engine", "nmcs:level=2,discount", "--runs", "50", "--json")
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	var rep AnalyseReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Moves) != 1 || rep.Moves[0].Move != "a3" || rep.Moves[0].Count != 50 || rep.MeanStates <= 0 {
		t.Fatalf("report %+v", rep)
	}
	// The same runs on one worker give the same report: results do not
	// depend on scheduling.
	_, out1, _ := run("analyse", "breakthrough", "--engine", "nmcs:level=1", "--runs", "20", "--workers", "1", "--json")
	_, out2, _ := run("analyse", "breakthrough", "--engine", "nmcs:level=1", "--runs", "20", "--workers", "2", "--json")
	code0, out0, errs0 := run("analyse", "breakthrough", "--engine", "nmcs:level=1", "--runs", "20", "--workers", "0", "--json")
	if code0 != ExitOK || !strings.Contains(out0, `"seconds"`) {
		t.Fatalf("--workers 0 (one per core): code %d: %q %q", code0, out0, errs0)
	}
	strip := func(s string) string { return s[:strings.Index(s, `"seconds"`)] }
	if strip(out1) != strip(out2) || strip(out0) != strip(out1) {
		t.Fatalf("1 and 2 workers differ:\n%s\n%s", out1, out2)
	}
	code, out, errs = run("analyse", "breakthrough", "--engine", "nmcs:level=0", "--runs", "10", "--playout")
	if code != ExitOK || !strings.Contains(out, "whole playout") {
		t.Fatalf("--playout: %d %q %q", code, out, errs)
	}
}

// The report states the budget the flags gave, or that there was none.
func TestAnalyseStatesItsBudget(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  ReportBudget
		text  string
	}{
		{nil, ReportBudget{}, "budget the engine's default,"},
		{[]string{"--iterations", "5"}, ReportBudget{Iterations: 5}, "budget iterations=5,"},
		{[]string{"--time", "250ms", "--states", "900"}, ReportBudget{Seconds: 0.25, States: 900}, "budget 250ms, states=900,"},
	} {
		args := append([]string{"analyse", "tictactoe", "--engine", "nmcs:level=1", "--runs", "4"}, c.flags...)
		code, out, errs := run(append(args, "--json")...)
		if code != ExitOK {
			t.Fatalf("%v: code %d: %s", c.flags, code, errs)
		}
		var rep AnalyseReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if rep.Budget != c.want {
			t.Errorf("%v: budget %+v, want %+v", c.flags, rep.Budget, c.want)
		}
		if _, text, _ := run(args...); !strings.Contains(text, c.text) {
			t.Errorf("%v: text %q lacks %q", c.flags, text, c.text)
		}
	}
}

func TestAnalyseErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"analyse", "tictactoe"}, "--engine is required: a family (alphabeta, gtp, mcts, nmcs, random, uci, uct) with its options, or a named engine"},
		{[]string{"analyse", "tictactoe", "--engine", "monte"}, `unknown engine "monte": valid engines are alphabeta, gtp, mcts, nmcs, random, uci, uct`},
		{[]string{"analyse", "nogo", "--engine", "mcts:alpha=0.5,heuristic=efms"}, `game "nogo" has no heuristic "efms": its heuristics are outcome`},
		{[]string{"analyse", "tictactoe", "--engine", "uct:playout=greedy"}, `"greedy" is not one of random, decisive, mr, nested`},
		{[]string{"analyse", "tictactoe", "--engine", "nmcs:level=x"}, `"x" is not a whole number`},
		{[]string{"analyse", "tictactoe", "--engine", "nmcs", "--position", "xxx/ooo/3 x"}, "position"},
		{[]string{"analyse", "tictactoe", "--engine", "nmcs", "--position", "xxx/oo1/3 o"}, "is over"},
		{[]string{"analyse", "tictactoe", "--engine", "nmcs", "--runs", "0"}, "--runs 0: want 1..1000000000"},
		{[]string{"analyse", "tictactoe", "--engine", "nmcs", "--runs", "100000000000"}, "--runs 100000000000: want 1..1000000000"},
		{[]string{"analyse", "tictactoe", "--engine", "uct", "--time", "-1s"}, "--time -1s: want a duration above 0 and at most 24h0m0s"},
		{[]string{"analyse", "tictactoe", "--engine", "uct", "--time", "25h"}, "--time 25h0m0s: want a duration above 0 and at most 24h0m0s"},
		{[]string{"analyse", "tictactoe", "--engine", "uct", "--iterations", "-5"}, "--iterations -5: want 1..1000000000000"},
		{[]string{"analyse", "tictactoe", "--engine", "uct", "--states", "-5"}, "--states -5: want 1..1000000000000"},
		{[]string{"analyse", "tictactoe", "--engine", "uct", "--workers", "-1"}, "--workers -1: want 1..1024 (or 0, one per core)"},
	}
	for _, tt := range tests {
		code, _, errs := run(tt.args...)
		if code != ExitUsage || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: code %d stderr %q, want one line containing %q", tt.args, code, errs, tt.want)
		}
	}
}

const tourConfig = `
[engines.r]
family = "random"
[engines.n0]
family = "nmcs"
level = 0
[presets.tiny]
description = "test"
games = ["tictactoe", "domineering:size=3x3"]
pairs = [["n0", "r"]]
count = 4
paper = [[[70, -1]]]
`

func TestTournamentCommands(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig), 0o644)
	code, out, errs := run("list", "--config", cfg)
	if code != ExitOK || !strings.Contains(out, "tiny") || !strings.Contains(out, "2 matches x 4 games = 8 games") {
		t.Fatalf("list: %d %q %q", code, out, errs)
	}
	res := filepath.Join(dir, "r.jsonl")
	code, out, errs = run("run", "tiny", "--config", cfg, "--out", res)
	if code != ExitOK || !strings.Contains(out, "8 games played") || !strings.Contains(out, "70.0") {
		t.Fatalf("run: %d %q %q", code, out, errs)
	}
	code, out, _ = run("run", "tiny", "--config", cfg, "--out", res)
	if code != ExitOK || !strings.Contains(out, "0 games played") {
		t.Fatalf("rerun: %d %q", code, out)
	}
	// Two shards merge into the whole preset, game for game.
	s0, s1 := filepath.Join(dir, "s0.jsonl"), filepath.Join(dir, "s1.jsonl")
	run("run", "tiny", "--config", cfg, "--out", s0, "--shard", "0/2")
	run("run", "tiny", "--config", cfg, "--out", s1, "--shard", "1/2")
	merged := filepath.Join(dir, "m.jsonl")
	code, out, errs = run("merge", "--out", merged, s0, s1)
	if code != ExitOK || !strings.Contains(out, "8 games from 2 files") {
		t.Fatalf("merge: %d %q %q", code, out, errs)
	}
	_, whole, _ := run("report", "--config", cfg, "--csv", res)
	_, parts, _ := run("report", "--config", cfg, "--csv", merged)
	if whole != parts {
		t.Fatalf("merged shards differ from the whole run:\n%s\n%s", whole, parts)
	}
	code, out, _ = run("report", "--config", cfg, "--markdown", res)
	if code != ExitOK || !strings.Contains(out, "| tiny | tictactoe |") {
		t.Fatalf("report: %d %q", code, out)
	}
	if code, _, errs := run("report", "--config", cfg, "--markdown", "--csv", res); code != ExitUsage || !strings.Contains(errs, "--markdown and --csv are two forms of one table: give one") {
		t.Fatalf("report --markdown --csv: %d %q", code, errs)
	}
}

func TestTournamentErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig), 0o644)
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[presets.x]\ngames = [\"shogi\"]\n"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "huge", "--config", cfg}, `unknown preset "huge": ` + cfg + ` defines tiny`},
		{[]string{"run", "tiny", "--config", bad}, bad + `:2: presets.x.games: unknown game "shogi"`},
		{[]string{"run", "tiny", "--config", cfg, "--shard", "2/2"}, "shard 2 of 2"},
		{[]string{"run", "tiny", "--config", cfg, "--out", ""}, "--out names no file: give a FILE, or leave --out out for results/tiny.jsonl"},
		{[]string{"run", "tiny", "--config", cfg, "--out", "", "--scale", "0.5"}, "leave --out out for results/tiny.scale-0.5.jsonl"},
		{[]string{"run", "tiny", "--config", cfg, "--shard", "auto"}, "SLURM_ARRAY_TASK_ID"},
		{[]string{"run", "tiny", "--config", filepath.Join(dir, "none.toml")}, "does not exist"},
		{[]string{"report"}, "want results files"},
		{[]string{"report", filepath.Join(dir, "missing.jsonl")}, "no such file"},
		{[]string{"merge", "--out", cfg, "x"}, "exists"},
		{[]string{"merge", "x"}, "--out FILE is required"},
		{[]string{"merge", "--out", filepath.Join(dir, "merged.jsonl")}, "no SHARD-FILE to merge"},
	}
	for _, tt := range tests {
		code, _, errs := run(tt.args...)
		if code != ExitUsage || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: code %d stderr %q, want one line containing %q", tt.args, code, errs, tt.want)
		}
	}
}

func TestShardFromEnvironment(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "3")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "4")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "1")
	if i, n, err := parseShard("auto"); err != nil || i != 2 || n != 4 {
		t.Fatalf("slurm: %d/%d %v", i, n, err)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "5")
	if i, n, err := parseShard("auto/8"); err != nil || i != 5 || n != 8 {
		t.Fatalf("kubernetes: %d/%d %v", i, n, err)
	}
}

// A single search has no later ones to be compared with, and its text
// says nothing of them.
func TestBenchOneSearchHasNoRatio(t *testing.T) {
	for n, want := range map[string]bool{"1": false, "2": true} {
		code, out, errs := run("bench", "--search", "uct", "--iterations", "20000", "--searches", n)
		if code != ExitOK {
			t.Fatalf("--searches %s: code %d: %s", n, code, errs)
		}
		if got := strings.Contains(out, "the median of the later ones"); got != want {
			t.Errorf("--searches %s: a line of the later searches is %v, want %v:\n%s", n, got, want, out)
		}
	}
}

// bench --search measures an engine's searches under a budget of
// iterations or, for alpha-beta engines whose iterations are depths, of
// states; both speeds are reported, per CPU-second where the system says.
func TestBenchSearch(t *testing.T) {
	for _, tc := range []struct {
		args               []string
		iterations, states int64
	}{
		{[]string{"--search", "uct", "--iterations", "20000"}, 20000, 0},
		{[]string{"--search", "alphabeta:heuristic=efms", "--states", "300000"}, 0, 300000},
	} {
		code, out, errs := run(append([]string{"bench", "--searches", "2", "--json"}, tc.args...)...)
		if code != ExitOK {
			t.Fatalf("%v: code %d: %s", tc.args, code, errs)
		}
		var got SearchBench
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if got.Iterations != tc.iterations || got.States != tc.states || got.Game != "breakthrough:size=8x8" {
			t.Errorf("%v: budget %d iterations, %d states on %s", tc.args, got.Iterations, got.States, got.Game)
		}
		if len(got.PerSecond) != 2 || len(got.StatesPerSecond) != 2 {
			t.Fatalf("%v: %d and %d rates, want one of each a search", tc.args, len(got.PerSecond), len(got.StatesPerSecond))
		}
		if !(got.FirstRatio > 0) || math.IsInf(got.FirstRatio, 0) {
			t.Errorf("%v: first search at %v of the later ones", tc.args, got.FirstRatio)
		}
		for i := range 2 {
			// A search visits at least one state an iteration.
			if r, st := got.PerSecond[i], got.StatesPerSecond[i]; !(r > 0 && st >= r && !math.IsInf(st, 0)) {
				t.Errorf("%v: search %d at %v iterations and %v states a second", tc.args, i+1, r, st)
			}
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--iterations", "100", "--states", "100"}, "--iterations and --states are two budgets: give one"},
		{[]string{"--states", "0"}, "must be at least 1"},
		{[]string{"--iterations", "0"}, "must be at least 1"},
	} {
		code, _, errs := run(append([]string{"bench", "--search", "uct"}, tc.args...)...)
		if code != ExitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

// bench --cpuprofile writes a profile of the measured work that pprof
// reads (gzip-compressed protocol buffers).
func TestBenchCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bench.prof")
	code, _, errs := run("bench", "--time", "20ms", "--games", "tictactoe", "--cpuprofile", path)
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("the profile is not gzip data: % x", b[:min(len(b), 8)])
	}
}

const sweepConfig = `
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
description = "test"
games = ["tictactoe"]
pairs = [["c10", "r"], ["c1", "r"], ["c5", "r"]]
budgets = ["iterations=50"]
count = 2
paper = [[[90]], [[80]], [[85]]]
`

// report --plot draws the preset's sweep over the one option its engines
// differ in, in increasing order of its values, beside the table.
func TestReportPlot(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(sweepConfig), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	if code, out, errs := run("run", "sweep", "--config", cfg, "--out", res, "--workers", "1"); code != ExitOK {
		t.Fatalf("run: %d %q %q", code, out, errs)
	}
	code, out, errs := run("report", "--config", cfg, "--plot", res)
	if code != ExitOK {
		t.Fatalf("report: %d %q %q", code, out, errs)
	}
	for _, want := range []string{"sweep  tictactoe  iterations=50: the score of each engine against r, by c (c1 to c10; 2 games a point)", "0.1  0.5   1", tournament.Legend} {
		if !strings.Contains(out, want) {
			t.Errorf("report --plot lacks %q:\n%s", want, out)
		}
	}
	if _, plain, _ := run("report", "--config", cfg, res); strings.Contains(plain, tournament.Legend) {
		t.Errorf("report without --plot drew a chart:\n%s", plain)
	}
	if _, md, _ := run("report", "--config", cfg, "--plot", "--markdown", res); !strings.Contains(md, "```text\n") {
		t.Errorf("report --plot --markdown has no fenced chart:\n%s", md)
	}
}

// compare pairs the matches of two results files by their engines' names,
// or with --by order by their places in their presets (the same sweep
// with its engines renamed), and refuses what it cannot pair.
func TestCompareCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	renamed := strings.NewReplacer("[engines.r]\nfamily = \"random\"\n", "", "[engines.c1]", "[engines.d1]", "[engines.c5]", "[engines.d5]", "[engines.c10]", "[engines.d10]",
		`"c10", "r"`, `"d10", "r"`, `"c1", "r"`, `"d1", "r"`, `"c5", "r"`, `"d5", "r"`, "[presets.sweep]", "[presets.sweep2]").Replace(sweepConfig)
	again := sweepConfig[strings.Index(sweepConfig, "[presets.sweep]"):]
	again = strings.Replace(again, "[presets.sweep]", "[presets.sweep3]", 1) + "seed = 9\n"
	os.WriteFile(cfg, []byte(sweepConfig+renamed+"seed = 7\n"+again), 0o644)
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, r := range [][2]string{{"sweep", a}, {"sweep2", b}} {
		if code, out, errs := run("run", r[0], "--config", cfg, "--out", r[1], "--workers", "1"); code != ExitOK {
			t.Fatalf("run %s: %d %q %q", r[0], code, out, errs)
		}
	}
	code, out, errs := run("compare", a, a, "--config", cfg)
	if code != ExitOK || strings.Count(out, "+0.0 ") != 3 || !strings.Contains(out, "0 of 3 differences have p < 0.05") {
		t.Fatalf("a file against itself: %d %q %q", code, out, errs)
	}
	code, out, errs = run("compare", a, b, "--config", cfg, "--by", "order")
	if code != ExitOK || !strings.Contains(out, "c10 ") || !strings.Contains(out, "d10 ") || !strings.Contains(out, "of 3 differences") {
		t.Fatalf("--by order: %d %q %q", code, out, errs)
	}
	if lines := strings.Split(out, "\n"); !strings.Contains(lines[1], "c10") || !strings.Contains(lines[1], "d10") {
		t.Fatalf("--by order paired c10 with another than d10:\n%s", out)
	}
	merged := filepath.Join(dir, "m.jsonl")
	run("merge", "--out", merged, a, b)
	c, twice := filepath.Join(dir, "c.jsonl"), filepath.Join(dir, "twice.jsonl")
	run("run", "sweep3", "--config", cfg, "--out", c, "--workers", "1")
	run("merge", "--out", twice, a, c)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", a}, "want two results files"},
		{[]string{"compare", a, b, "--by", "rank"}, `--by "rank": want names or order`},
		{[]string{"compare", a, b, "--config", cfg}, "no match of"},
		{[]string{"compare", merged, b, "--config", cfg, "--by", "order"}, "holds the presets sweep and sweep2"},
		{[]string{"compare", twice, a, "--config", cfg}, "of preset sweep3, which pair alike"},
	} {
		code, _, errs := run(tt.args...)
		if code != ExitUsage || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: %d %q, want %q", tt.args, code, errs, tt.want)
		}
	}
}
