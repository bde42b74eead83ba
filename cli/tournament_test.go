package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mcarena/tournament"
)

// Numbers out of range, NaN included, are refused with the valid range.
func TestRunFlagRanges(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig), 0o644)
	out := filepath.Join(dir, "r.jsonl")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--scale", "NaN"}, "--scale NaN: want a factor above 0 and at most 1000"},
		{[]string{"--scale", "+Inf"}, "--scale +Inf: want a factor above 0 and at most 1000"},
		{[]string{"--scale", "0"}, "--scale 0: want"},
		{[]string{"--games", "10000001"}, "--games 10000001: want 1..10000000 games per match (or 0, the preset's 4)"},
		{[]string{"--games", "-3"}, "--games -3: want 1..10000000"},
		{[]string{"--workers", "5000"}, "--workers 5000: want 1..1024 (or 0, one per core)"},
		{[]string{"--from", "4"}, "--from 4: want 0..3, a game number below the 4 games per match"},
		{[]string{"--from", "2", "--games", "2"}, "--from 2: want 0..1, a game number below the 2 games per match"},
		{[]string{"--from", "-1"}, "--from -1: want 0..3"},
	}
	for _, tt := range tests {
		args := append([]string{"run", "tiny", "--config", cfg, "--out", out}, tt.args...)
		code, _, errs := run(args...)
		if code != ExitUsage || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: got code %d stderr %q, want %d and one line containing %q", tt.args, code, errs, ExitUsage, tt.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a refused run created the results file: %v", err)
	}
}

// ranTiny writes tourConfig to a new directory's c.toml and runs its
// preset tiny to r.jsonl there.
func ranTiny(t *testing.T) (dir, cfg, res string) {
	t.Helper()
	dir = t.TempDir()
	cfg = filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig), 0o644)
	res = filepath.Join(dir, "r.jsonl")
	if code, _, errs := run("run", "tiny", "--config", cfg, "--out", res); code != ExitOK {
		t.Fatalf("run: %d %s", code, errs)
	}
	return dir, cfg, res
}

// report, repair and run on a damaged file and on a file with every game
// twice; run after an engine changed, then with --restart.
func TestRepairReportResume(t *testing.T) {
	_, cfg, res := ranTiny(t)
	_, clean, _ := run("report", "--config", cfg, "--csv", res)

	// Every game twice: counted once, with a note.
	data, _ := os.ReadFile(res)
	os.WriteFile(res, append(data, data...), 0o644)
	code, out, _ := run("report", "--config", cfg, res)
	if code != ExitOK || !strings.Contains(out, "holds 8 records that repeat a game") || !strings.Contains(out, "Duplicates: 8 records") {
		t.Fatalf("report of a doubled file: %d\n%s", code, out)
	}
	if _, csv, _ := run("report", "--config", cfg, "--csv", res); csv != clean {
		t.Fatalf("doubled file reported differently:\n%s\nwant\n%s", csv, clean)
	}

	// A damaged middle line: report refuses and names repair; repair fixes.
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = regexp.MustCompile(`"first_seat":[01]`).ReplaceAllString(lines[2], `"first_seat":7`)
	os.WriteFile(res, []byte(strings.Join(lines, "")+strings.Join(lines, "")), 0o644)
	code, _, errs := run("report", "--config", cfg, res)
	if code != ExitError || !strings.Contains(errs, res+":3: damaged record in the middle of the file: field first_seat: 7 is not 0 or 1") || !strings.Contains(errs, "'mcarena repair "+res+"'") {
		t.Fatalf("report of a damaged file: %d %q", code, errs)
	}
	code, out, errs = run("repair", res)
	if code != ExitOK || !strings.Contains(out, res+":3: field first_seat: 7") || !strings.Contains(out, "kept 7 good records in "+res+"; moved 9 lines to "+res+".damaged-") {
		t.Fatalf("repair: %d %q %q", code, out, errs)
	}
	if code, out, _ := run("run", "tiny", "--config", cfg, "--out", res); code != ExitOK || !strings.Contains(out, "1 game played") {
		t.Fatalf("run after the repair: %d %q", code, out)
	}
	if code, out, _ := run("repair", res); code != ExitOK || !strings.Contains(out, "8 good records, nothing to repair") {
		t.Fatalf("second repair: %d %q", code, out)
	}

	// An engine changed: run stops and names it; --restart starts over.
	os.WriteFile(cfg, []byte(strings.Replace(tourConfig, "level = 0", "level = 2", 1)), 0o644)
	code, _, errs = run("run", "tiny", "--config", cfg, "--out", res)
	if code != ExitError || !strings.Contains(errs, "engine n0 was nmcs:level=0 and is nmcs:level=2 now") || !strings.Contains(errs, "--restart") {
		t.Fatalf("run after a change: %d %q", code, errs)
	}
	code, out, errs = run("run", "tiny", "--config", cfg, "--out", res, "--restart")
	if code != ExitOK || !strings.Contains(out, "the earlier results are kept in "+res+".old-") || !strings.Contains(out, "8 games played") {
		t.Fatalf("run --restart: %d %q %q", code, out, errs)
	}
}

// merge takes each game once and says how many repeats it left out; one
// file named twice (by two names, too) is refused as the mistake it is.
func TestMergeCountsGamesOnce(t *testing.T) {
	dir, _, res := ranTiny(t)
	data, err := os.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(dir, "copy.jsonl")
	if err := os.WriteFile(copied, data, 0o644); err != nil {
		t.Fatal(err)
	}
	merged := filepath.Join(dir, "m.jsonl")
	code, out, errs := run("merge", "--out", merged, res, copied)
	if code != ExitOK || !strings.Contains(out, "8 games from 2 files") || !strings.Contains(out, "8 records repeated a game already taken and were left out") {
		t.Fatalf("merge: %d %q %q", code, out, errs)
	}
	linked := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(res, linked); err != nil {
		t.Fatal(err)
	}
	for _, second := range []string{res, linked} {
		again := filepath.Join(t.TempDir(), "m.jsonl")
		code, _, errs = run("merge", "--out", again, res, second)
		if code != ExitUsage || !strings.Contains(errs, "are one file: name each shard's file once") {
			t.Errorf("merge of %s and %s: %d %q, want them refused as one file", res, second, code, errs)
		}
		if _, err := os.Stat(again); err == nil {
			t.Errorf("merge of one file twice wrote %s", again)
		}
	}
}

// A preset played in seat-swapped pairs: list counts pairs, an odd --games
// is refused, and the report adds the pair table.
func TestRunPairs(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig+`
[presets.kp]
games = ["kalah:houses=3,seeds=2,start=random"]
pairs = [["n0", "r"]]
count = 6
protocol = "pairs"
`), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	if code, out, _ := run("list", "--config", cfg); code != ExitOK || !strings.Contains(out, "1 match x 3 seat-swapped pairs = 6 games") {
		t.Fatalf("list: %d\n%s", code, out)
	}
	code, _, errs := run("run", "kp", "--config", cfg, "--out", res, "--games", "3")
	if code != ExitUsage || !strings.Contains(errs, "--games 3: preset kp plays seat-swapped pairs: want an even number") {
		t.Fatalf("odd --games: %d %q", code, errs)
	}
	code, _, errs = run("run", "kp", "--config", cfg, "--out", res, "--from", "3")
	if code != ExitUsage || !strings.Contains(errs, "--from 3: preset kp plays seat-swapped pairs: want an even game number") {
		t.Fatalf("odd --from: %d %q", code, errs)
	}
	code, out, errs := run("run", "kp", "--config", cfg, "--out", res, "--games", "4")
	if code != ExitOK || !strings.Contains(out, "Seat-swapped pairs") || !strings.Contains(out, "pair W-D-L") {
		t.Fatalf("run: %d %s\n%s", code, errs, out)
	}
}

const eliminationConfig = `
[engines.r]
family = "random"
[engines.n0]
family = "nmcs"
level = 0
[engines.r2]
family = "random"
[presets.knockout]
description = "test"
games = ["tictactoe"]
elimination = ["r", "n0", "r2"]
count = 4
paper_winner = "n0"
`

// list counts an elimination preset's pairings, run plays it round by
// round and prints its bracket, a sharded run is refused, and a report with
// fewer games a pairing reads the bracket at that count.
func TestRunElimination(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(eliminationConfig), 0o644)
	code, out, errs := run("list", "--config", cfg)
	if code != ExitOK || !strings.Contains(out, "knockout       elimination of 3 engines: 2 pairings x 4 games = 8 games  test") {
		t.Fatalf("list: %d %q %q", code, out, errs)
	}
	res := filepath.Join(dir, "r.jsonl")
	code, out, errs = run("run", "knockout", "--config", cfg, "--out", res)
	if code != ExitOK || !strings.Contains(out, "8 games played") || !strings.Contains(out, "Elimination tournament knockout") ||
		!strings.Contains(out, "(bye)") || !strings.Contains(out, "the paper's: n0") {
		t.Fatalf("run: %d %q %q", code, out, errs)
	}
	code, _, errs = run("run", "knockout", "--config", cfg, "--out", filepath.Join(dir, "s.jsonl"), "--shard", "0/2")
	if code == ExitOK || !strings.Contains(errs, "preset knockout is an elimination tournament") {
		t.Fatalf("sharded run: %d %q", code, errs)
	}
	code, _, errs = run("run", "knockout", "--config", cfg, "--out", filepath.Join(dir, "f.jsonl"), "--from", "2")
	if code != ExitUsage || !strings.Contains(errs, "--from 2: preset knockout is an elimination tournament") {
		t.Fatalf("run --from: %d %q", code, errs)
	}
	small := filepath.Join(dir, "small.jsonl")
	if code, _, errs := run("run", "knockout", "--config", cfg, "--out", small, "--games", "2"); code != ExitOK {
		t.Fatalf("run --games 2: %d %q", code, errs)
	}
	code, out, _ = run("report", "--config", cfg, small)
	if code != ExitOK || !strings.Contains(out, "its bracket is read at 2") || !strings.Contains(out, "winner: ") || strings.Contains(out, "not yet") {
		t.Fatalf("report of a scaled run: %d\n%s", code, out)
	}
	// A run with --scale is a tournament of its own: the report of both
	// files gives two brackets, the scaled one's budget marked.
	halved := filepath.Join(dir, "halved.jsonl")
	if code, _, errs := run("run", "knockout", "--config", cfg, "--out", halved, "--scale", "0.5"); code != ExitOK {
		t.Fatalf("run --scale 0.5: %d %q", code, errs)
	}
	code, out, _ = run("report", "--config", cfg, res, halved)
	if code != ExitOK || strings.Count(out, "Elimination tournament knockout") != 2 || !strings.Contains(out, "budget - x0.5, 4 games a pairing") ||
		!strings.Contains(out, "budget -, 4 games a pairing") || strings.Contains(out, "Duplicates") {
		t.Fatalf("report of a run and a scaled run: %d\n%s", code, out)
	}
}

// A run with more games a pairing than an elimination preset's count
// (--games) decides its bracket at that many, and the report reads it so:
// the bracket the preset would make at that count, every round played.
func TestReportReadsTheBracketAtTheGamesARunPlayed(t *testing.T) {
	dir := t.TempDir()
	bracket := func(count string, extra ...string) string {
		t.Helper()
		cfg := filepath.Join(dir, "c"+count+".toml")
		os.WriteFile(cfg, []byte(strings.Replace(eliminationConfig, "count = 4", "count = "+count, 1)), 0o644)
		res := filepath.Join(dir, "r"+count+".jsonl")
		if code, _, errs := run(append([]string{"run", "knockout", "--config", cfg, "--out", res}, extra...)...); code != ExitOK {
			t.Fatalf("run at count %s %v: %d %q", count, extra, code, errs)
		}
		_, out, _ := run("report", "--config", cfg, res)
		from, to := strings.Index(out, "Elimination tournament"), strings.Index(out, "winner: ")
		if from < 0 || to < from {
			t.Fatalf("report at count %s %v has no bracket:\n%s", count, extra, out)
		}
		return out[from:to] + strings.SplitAfter(out[to:], "\n")[0]
	}
	want := bracket("12")
	got := bracket("4", "--games", "12")
	if got != want || strings.Contains(got, "not yet") {
		t.Fatalf("count 4, --games 12: got the bracket\n%s\nwant that of count 12:\n%s", got, want)
	}
}

// A simulations preset runs from the command line, resumes with nothing
// left to do, and reports a row per position in each format; list names
// its positions and playouts.
func TestRunSimulations(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(`
[presets.sims]
kind = "simulations"
game = "tictactoe"
line = ["b2"]
count = 2000
seed = 4
paper = [-1, 100]
`), 0o644)
	res := filepath.Join(dir, "s.jsonl")
	code, out, errs := run("run", "sims", "--config", cfg, "--out", res, "--workers", "1")
	if code != 0 || !strings.Contains(out, "2 batches of playouts done") || !strings.Contains(out, "sims    1    b2       random   2000") {
		t.Fatalf("run: %d %q\n%s", code, errs, out)
	}
	if code, out, _ := run("run", "sims", "--config", cfg, "--out", res); code != 0 || !strings.Contains(out, "0 batches of playouts done") {
		t.Fatalf("second run: %d\n%s", code, out)
	}
	tests := []struct {
		flag, want string
	}{
		{"--markdown", "| sims | 1 | b2 | random | 2000 |"},
		{"--csv", "sims,1,b2,random,2000,"},
	}
	for _, tt := range tests {
		if code, out, _ := run("report", "--config", cfg, tt.flag, res); code != 0 || !strings.Contains(out, tt.want) || !strings.Contains(out, ",100,!") && tt.flag == "--csv" {
			t.Errorf("report %s: %d\n%s\nwant a row containing %q", tt.flag, code, out, tt.want)
		}
	}
	if code, out, _ := run("list", "--config", cfg); code != 0 || !strings.Contains(out, "sims           2 positions x 2000 random playouts") {
		t.Fatalf("list: %d\n%s", code, out)
	}
	// merge keeps one copy of a batch and refuses one counted otherwise.
	b, _ := os.ReadFile(res)
	first, _, _ := strings.Cut(string(b), "\n")
	other := filepath.Join(dir, "other.jsonl")
	os.WriteFile(other, []byte(first+"\n"), 0o644)
	if code, out, errs := run("merge", "--out", filepath.Join(dir, "m.jsonl"), res, other); code != 0 || !strings.Contains(out, "1 records repeated a game") {
		t.Fatalf("merge of a repeated batch: %d %q\n%s", code, errs, out)
	}
	var o [3]int // the same seed always gives draws, so o[1] > 0
	fmt.Sscanf(first[strings.Index(first, `"outcomes":[`):], `"outcomes":[%d,%d,%d]`, &o[0], &o[1], &o[2])
	changed := strings.Replace(first, fmt.Sprintf(`"outcomes":[%d,%d,%d]`, o[0], o[1], o[2]), fmt.Sprintf(`"outcomes":[%d,%d,%d]`, o[0]+1, o[1]-1, o[2]), 1)
	os.WriteFile(other, []byte(changed+"\n"), 0o644)
	if code, _, errs := run("merge", "--out", filepath.Join(dir, "m2.jsonl"), res, other); code == 0 || !strings.Contains(errs, "is another play of the game at "+res+":1 (the playouts' outcomes)") {
		t.Fatalf("merge of a batch counted otherwise: %d %q", code, errs)
	}
	// verify plays every batch again from its seed: the file is good, and
	// the same batch with one outcome moved (its counts still adding up)
	// is found.
	if code, out, errs := run("verify", res, "--config", cfg); code != ExitOK || !strings.Contains(out, "2 batches of playouts checked, all good") {
		t.Fatalf("verify: %d %q\n%s", code, errs, out)
	}
	os.WriteFile(other, []byte(changed+"\n"), 0o644)
	for _, args := range [][]string{{"--config", cfg}, {"--rules-only"}} {
		code, out, errs := run(append([]string{"verify", other}, args...)...)
		if code == ExitOK || !strings.Contains(out+errs, "played again from seed") || !strings.Contains(out+errs, fmt.Sprintf("not the record's [%d %d %d]", o[0]+1, o[1]-1, o[2])) {
			t.Fatalf("verify %v of a forged batch: %d %q\n%s", args, code, errs, out)
		}
	}
}

// The report sets the paper's figures for each seat beside ours where a
// preset splits them (paper_first, paper_second): in brackets in the table,
// in columns of their own in CSV.
func TestReportPaperBySeat(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig+"paper_first = [[[75, -1]]]\npaper_second = [[[65, -1]]]\n"), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	if code, _, errs := run("run", "tiny", "--config", cfg, "--out", res); code != ExitOK {
		t.Fatalf("run: %d %s", code, errs)
	}
	code, out, _ := run("report", "--config", cfg, res)
	if code != ExitOK || !strings.Contains(out, " (75.0)") || !strings.Contains(out, " (65.0)") {
		t.Fatalf("report: %d\n%s", code, out)
	}
	code, csv, _ := run("report", "--config", cfg, "--csv", res)
	lines := strings.Split(csv, "\n")
	if code != ExitOK || !strings.HasSuffix(lines[0], ",paper as first %,paper as second %") || !strings.HasSuffix(lines[1], ",75.0,65.0") || !strings.HasSuffix(lines[2], ",-,-") {
		t.Fatalf("csv: %d\n%s", code, csv)
	}
}

// report --cross prints a round robin's cross table, with the paper's pair
// scores after it where the preset has them; without the flag, none.
func TestReportCross(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(`
[engines.r]
family = "random"
[engines.n0]
family = "nmcs"
level = 0
[engines.n1]
family = "nmcs"
level = 1
[presets.rr]
games = ["tictactoe"]
round_robin = ["n1", "n0", "r"]
count = 4
paper = [[[90]], [[95]], [[60]]]
`), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	if code, _, errs := run("run", "rr", "--config", cfg, "--out", res); code != ExitOK {
		t.Fatalf("run: %d %s", code, errs)
	}
	code, out, _ := run("report", "--config", cfg, "--cross", res)
	for _, want := range []string{"Cross tables", "rr tictactoe -:", "/8", "the paper's, in the same order", "90%"} {
		if code != ExitOK || !strings.Contains(out, want) {
			t.Errorf("report --cross lacks %q: %d\n%s", want, code, out)
		}
	}
	if _, out, _ := run("report", "--config", cfg, res); strings.Contains(out, "Cross tables") {
		t.Errorf("a cross table without --cross:\n%s", out)
	}
}

// A report whose configuration lacks a results file's preset says so: the
// paper's figures cannot be shown; with the preset there, no note.
func TestReportNotesAPresetTheConfigurationLacks(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig), 0o644)
	other := filepath.Join(dir, "other.toml")
	os.WriteFile(other, []byte("[engines.r]\nfamily = \"random\"\n"), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	if code, _, errs := run("run", "tiny", "--config", cfg, "--out", res); code != ExitOK {
		t.Fatalf("run: %d %s", code, errs)
	}
	for _, tc := range []struct {
		config, note string
	}{
		{cfg, ""},
		{other, "note: " + other + " has no preset tiny: its paper figures are not shown"},
	} {
		code, out, errs := run("report", "--config", tc.config, res)
		if code != ExitOK {
			t.Fatalf("report --config %s: %d %s", tc.config, code, errs)
		}
		if got := strings.Contains(out, "note:"); got != (tc.note != "") || !strings.Contains(out, tc.note) {
			t.Errorf("report --config %s: want the note %q:\n%s", tc.config, tc.note, out)
		}
	}
	t.Chdir(dir) // no config.toml here
	if _, out, _ := run("report", res); !strings.Contains(out, "note: no configuration (config.toml is not here)") {
		t.Errorf("report without a configuration lacks its note:\n%s", out)
	}
	if _, out, _ := run("report", "--csv", res); strings.Contains(out, "note:") {
		t.Errorf("a CSV report with a note:\n%s", out)
	}
}

// Two files holding different plays of one game are refused by report and
// merge in either order, naming both places; repair moves the later play
// aside as a conflict, not a plain repeat.
func TestTwoPlaysOfAGame(t *testing.T) {
	dir, cfg, res := ranTiny(t)
	data, _ := os.ReadFile(res)
	first, _, _ := strings.Cut(string(data), "\n")
	var rec struct {
		Result string `json:"result"`
		Winner int    `json:"winner"`
	}
	json.Unmarshal([]byte(first), &rec)
	other := strings.Replace(first, `"result":"`+rec.Result+`"`, `"result":"1/2-1/2"`, 1)
	other = strings.Replace(other, fmt.Sprintf(`"winner":%d`, rec.Winner), `"winner":-1`, 1)
	if rec.Result == "1/2-1/2" {
		other = strings.Replace(strings.Replace(first, `"result":"1/2-1/2"`, `"result":"1-0"`, 1), `"winner":-1`, `"winner":0`, 1)
	}
	conf := filepath.Join(dir, "conf.jsonl")
	os.WriteFile(conf, []byte(other+"\n"), 0o644)
	for _, files := range [][]string{{res, conf}, {conf, res}} {
		code, _, errs := run(append([]string{"report", "--config", cfg}, files...)...)
		if code != ExitError || !strings.Contains(errs, files[1]+":1: game 0 of match ") || !strings.Contains(errs, "is another play of the game at "+files[0]+":1 (result ") {
			t.Errorf("report %v: %d %q; want a refusal naming both places", files, code, errs)
		}
		code, _, errs = run(append([]string{"merge", "--out", filepath.Join(dir, "m.jsonl")}, files...)...)
		if code != ExitError || !strings.Contains(errs, "is another play of the game at "+files[0]+":1") {
			t.Errorf("merge %v: %d %q; want a refusal", files, code, errs)
		}
	}
	os.WriteFile(res, append(data, other+"\n"...), 0o644)
	code, out, errs := run("repair", res)
	if code != ExitOK || !strings.Contains(out, "another play of the game of line 1") || !strings.Contains(out, "1 line moved is another play of a game the file keeps") {
		t.Fatalf("repair: %d %q %q", code, out, errs)
	}
}

// merge refuses a file that a run still writes: it would take a share of
// its games only.
func TestMergeRefusesAFileInUse(t *testing.T) {
	dir, _, res := ranTiny(t)
	lock, err := tournament.Lock(res)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	if err := tournament.Busy(res); err == nil {
		t.Skip("this system has no file locks")
	}
	out := filepath.Join(dir, "m.jsonl")
	if code, _, errs := run("merge", "--out", out, res); code != ExitError || !strings.Contains(errs, "a run is still writing it") {
		t.Fatalf("merge: %d %q", code, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the refused merge wrote %s: %v", out, err)
	}
}

// merge checks again, under its lock, that the file it writes is new: a run
// that made it and finished while merge read its shards keeps its file as
// it left it.
func TestMergeRefusesAFileMadeWhileItRead(t *testing.T) {
	dir, _, res := ranTiny(t)
	out := filepath.Join(dir, "m.jsonl")
	theirs, err := os.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func()) { mergeBeforeLock = f }(mergeBeforeLock)
	mergeBeforeLock = func() {
		if err := os.WriteFile(out, theirs, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errs := run("merge", "--out", out, res)
	if code != ExitError || !strings.Contains(errs, "m.jsonl was made while merge read its shards") {
		t.Fatalf("merge: %d %q", code, errs)
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, theirs) {
		t.Fatalf("the refused merge changed %s: %v", out, err)
	}
}

// merge refuses a file that is not there: a shard's file missing is not a
// shard of no games.
func TestMergeRefusesAMissingFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.jsonl")
	code, _, errs := run("merge", "--out", out, filepath.Join(dir, "shard-0.jsonl"))
	if code != ExitUsage || !strings.Contains(errs, "shard-0.jsonl: no such file or directory") {
		t.Fatalf("merge: %d %q", code, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the refused merge wrote %s: %v", out, err)
	}
}

// merge refuses shards' files that lack a shard of their run, as a glob
// over the shards that have begun does, naming the shards missing; with
// --partial it merges them; the files of every shard merge into the games
// of the unsharded run.
func TestMergeRefusesAMissingShard(t *testing.T) {
	dir, cfg, whole := ranTiny(t)
	var shards []string
	for i := range 3 {
		if code, _, errs := run("run", "tiny", "--config", cfg, "--shard", fmt.Sprintf("%d/3", i), "--out", filepath.Join(dir, "r.shard-"+strconv.Itoa(i)+"-of-3.jsonl")); code != ExitOK {
			t.Fatalf("shard %d: %d %s", i, code, errs)
		}
		shards = append(shards, filepath.Join(dir, "r.shard-"+strconv.Itoa(i)+"-of-3.jsonl"))
	}
	out := filepath.Join(dir, "m.jsonl")
	code, _, errs := run("merge", "--out", out, shards[0], shards[2])
	if code != ExitUsage || !strings.Contains(errs, "shard 1 of 3 of the run r.jsonl is missing") || !strings.Contains(errs, "--partial") {
		t.Fatalf("merge of two shards of three: %d %q", code, errs)
	}
	code, _, errs = run("merge", "--out", out, shards[0])
	if code != ExitUsage || !strings.Contains(errs, "shards 1, 2 of 3 of the run r.jsonl are missing") {
		t.Fatalf("merge of one shard of three: %d %q", code, errs)
	}
	// Shards brought back from other machines into folders of their own
	// are one run, by their names.
	for i, f := range shards {
		sub := filepath.Join(dir, fmt.Sprintf("node%d", i))
		os.Mkdir(sub, 0o755)
		data, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(sub, filepath.Base(f)), data, 0o644)
	}
	moved := filepath.Join(dir, "moved.jsonl")
	if code, out, errs := run("merge", "--out", moved, filepath.Join(dir, "node0", "r.shard-0-of-3.jsonl"), filepath.Join(dir, "node1", "r.shard-1-of-3.jsonl"), filepath.Join(dir, "node2", "r.shard-2-of-3.jsonl")); code != ExitOK || !strings.Contains(out, "8 games from 3 files") {
		t.Fatalf("merge of every shard from three folders: %d %q %q", code, out, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a refused merge wrote %s: %v", out, err)
	}
	if code, out, errs := run("merge", "--partial", "--out", out, shards[0], shards[2]); code != ExitOK || !strings.Contains(out, "from 2 files") {
		t.Fatalf("merge --partial: %d %q %q", code, out, errs)
	}
	all := filepath.Join(dir, "all.jsonl")
	if code, out, errs := run("merge", "--out", all, shards[2], shards[0], shards[1]); code != ExitOK || !strings.Contains(out, "8 games from 3 files") {
		t.Fatalf("merge of every shard: %d %q %q", code, out, errs)
	}
	_, a, _ := run("report", "--config", cfg, "--csv", whole)
	_, b, _ := run("report", "--config", cfg, "--csv", all)
	if a != b || a == "" {
		t.Fatalf("the merged shards report\n%s\nwhere the unsharded run reports\n%s", b, a)
	}
}

// A run onto a file that holds another preset's games says so, keeps them
// and counts each preset apart.
func TestRunSaysTheFileHoldsOtherPresets(t *testing.T) {
	_, cfg, res := ranTiny(t)
	os.WriteFile(cfg, []byte(tourConfig+"[presets.tiny2]\ngames = [\"tictactoe\"]\npairs = [[\"n0\", \"r\"]]\ncount = 2\n"), 0o644)
	before, _ := os.ReadFile(res)
	code, out, errs := run("run", "tiny2", "--config", cfg, "--out", res)
	if code != ExitOK || !strings.Contains(out, res+" also holds records of other presets: tiny (8)") || !strings.Contains(out, "2 games played") {
		t.Fatalf("run tiny2 onto tiny's file: %d %q %q", code, out, errs)
	}
	after, _ := os.ReadFile(res)
	if !bytes.HasPrefix(after, before) {
		t.Fatal("tiny's records changed")
	}
	if code, out, _ := run("report", "--config", cfg, "--csv", res); code != ExitOK || !strings.Contains(out, "tiny2,tictactoe") || strings.Count(out, "\ntiny,") != 2 {
		t.Fatalf("report of the mixed file: %d\n%s", code, out)
	}
}

// A shard's file copied under another shard's name is refused: shards play
// disjoint games, so a game in two shards' files says the shard the copy
// stands for is missing. The same shard's file twice, from two folders,
// merges as one.
func TestMergeRefusesAShardUnderAnotherName(t *testing.T) {
	dir, cfg, _ := ranTiny(t)
	shard := func(i int) string { return filepath.Join(dir, "r.shard-"+strconv.Itoa(i)+"-of-2.jsonl") }
	if code, _, errs := run("run", "tiny", "--config", cfg, "--shard", "0/2", "--out", shard(0)); code != ExitOK {
		t.Fatalf("shard 0: %d %s", code, errs)
	}
	data, _ := os.ReadFile(shard(0))
	os.WriteFile(shard(1), data, 0o644)
	out := filepath.Join(dir, "m.jsonl")
	code, _, errs := run("merge", "--out", out, shard(0), shard(1))
	if code != ExitError || !strings.Contains(errs, "r.shard-1-of-2.jsonl:1: game ") || !strings.Contains(errs, "another shard of the run") {
		t.Fatalf("merge of a shard and its copy under shard 1's name: %d %q", code, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the refused merge wrote %s: %v", out, err)
	}
	// The real shard 1, and shard 0 again from another folder.
	if code, _, errs := run("run", "tiny", "--config", cfg, "--shard", "1/2", "--out", shard(1), "--restart"); code != ExitOK {
		t.Fatalf("shard 1: %d %s", code, errs)
	}
	sub := filepath.Join(dir, "node0")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(sub, filepath.Base(shard(0))), data, 0o644)
	if code, got, errs := run("merge", "--out", out, shard(0), shard(1), filepath.Join(sub, filepath.Base(shard(0)))); code != ExitOK || !strings.Contains(got, "8 games from 3 files") {
		t.Fatalf("merge of both shards and a copy of shard 0: %d %q %q", code, got, errs)
	}
}

// verify replays a run's file cleanly; a hand-edited move is named with its
// line and ply and fails the command; repair --check sets it aside and the
// next run plays that game again.
func TestVerifyAndRepairCheck(t *testing.T) {
	_, cfg, res := ranTiny(t)
	code, out, errs := run("verify", "--config", cfg, res)
	if code != ExitOK || !strings.HasSuffix(out, res+": 8 games checked, all good\n") {
		t.Fatalf("verify of a run's file: %d %q %q", code, out, errs)
	}
	data, _ := os.ReadFile(res)
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = strings.Replace(lines[2], `"move":"`, `"move":"z`, 1)
	os.WriteFile(res, []byte(strings.Join(lines, "")), 0o644)
	for _, args := range [][]string{{"--config", cfg}, {"--rules-only"}} {
		code, out, errs = run(append([]string{"verify", res}, args...)...)
		if code != ExitError || !strings.Contains(out, res+":3: ply 1: ") || !strings.Contains(out, "1 line wrong") || !strings.Contains(errs, "repair --check") {
			t.Fatalf("verify %v of an edited move: %d %q %q", args, code, out, errs)
		}
	}
	if code, _, errs := run("repair", "--config", cfg, res); code != ExitUsage || !strings.Contains(errs, "go with --check") {
		t.Fatalf("repair --config without --check: %d %q", code, errs)
	}
	if code, _, errs := run("verify", "--rules-only", "--config", cfg, res); code != ExitUsage {
		t.Fatalf("verify --rules-only --config: %d %q", code, errs)
	}
	code, out, errs = run("repair", "--check", "--config", cfg, res)
	if code != ExitOK || !strings.Contains(out, res+":3: ply 1: ") || !strings.Contains(out, "kept 7 good records") {
		t.Fatalf("repair --check: %d %q %q", code, out, errs)
	}
	if code, out, errs := run("run", "tiny", "--config", cfg, "--out", res); code != ExitOK || !strings.Contains(out, "1 game played") {
		t.Fatalf("run after repair --check: %d %q %q", code, out, errs)
	}
	if code, out, _ := run("verify", "--config", cfg, res); code != ExitOK || !strings.Contains(out, "8 games checked, all good") {
		t.Fatalf("verify after the run: %d %q", code, out)
	}
}

// merge replays every game of its shards and refuses one the rules refuse,
// naming the shard's line, before writing anything.
func TestMergeRefusesAGameTheRulesRefuse(t *testing.T) {
	dir, _, res := ranTiny(t)
	data, _ := os.ReadFile(res)
	lines := strings.SplitAfter(string(data), "\n")
	lines[4] = strings.Replace(lines[4], `"move":"`, `"move":"z`, 1)
	os.WriteFile(res, []byte(strings.Join(lines, "")), 0o644)
	out := filepath.Join(dir, "merged.jsonl")
	code, _, errs := run("merge", "--out", out, res)
	if code != ExitError || !strings.Contains(errs, res+":5: game ") || !strings.Contains(errs, "does not replay under the game's rules: ply 1: ") {
		t.Fatalf("merge of an edited shard: %d %q", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("merge wrote its output anyway")
	}
}

// mcarena list TEXT keeps the presets whose name or description, and the
// engines whose name or spec, hold TEXT in any case; its columns line up
// on the longest name kept; more than one word is refused.
func TestListText(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(tourConfig+`
[engines.a-rather-long-engine-name]
family = "uct"
[presets.other]
description = "a Domineering TEST of its own"
games = ["domineering:size=3x3"]
pairs = [["n0", "r"]]
count = 2
`), 0o644)
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"", []string{"  tiny" + strings.Repeat(" ", 22) + "2 matches", "  other" + strings.Repeat(" ", 21) + "1 match x", "  a-rather-long-engine-name uct", "  r" + strings.Repeat(" ", 25) + "random"}, nil},
		{"TEST", []string{"presets in", "  tiny  ", "  other "}, []string{"engines in", "a-rather-long"}},
		{"domineering", []string{"  other  "}, []string{"tiny", "engines in"}},
		{"nmcs", []string{"engines in", "  n0             nmcs"}, []string{"presets in", "tiny"}},
		{"zzz", []string{`no preset or engine of ` + cfg + ` holds "zzz" in its name, description or spec`}, nil},
	} {
		args := []string{"list", "--config", cfg}
		if tc.text != "" {
			args = append(args, tc.text)
		}
		code, out, errs := run(args...)
		if code != ExitOK {
			t.Fatalf("list %q: code %d, stderr %q", tc.text, code, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("list %q lacks %q:\n%s", tc.text, w, out)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("list %q holds %q:\n%s", tc.text, w, out)
			}
		}
	}
	if code, _, errs := run("list", "a", "b", "--config", cfg); code != ExitUsage || !strings.Contains(errs, "want at most one TEXT to look for, got 2 words") {
		t.Errorf("two words: code %d, stderr %q", code, errs)
	}
}

// A run whose engine will not start fails before its first game and leaves
// no empty results file behind.
func TestRunThatCannotStartLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(`
[engines.r]
family = "random"
[engines.x]
family = "uci"
cmd = "`+filepath.Join(dir, "no-such-program")+`"
[presets.p]
description = "an engine that is not there"
games = ["chess"]
pairs = [["x", "r"]]
budgets = ["iterations=10"]
count = 2
`), 0o644)
	res := filepath.Join(dir, "r.jsonl")
	code, _, errs := run("run", "p", "--config", cfg, "--out", res, "--workers", "1")
	if code == ExitOK {
		t.Fatalf("a run with an engine that is not there succeeded: %q", errs)
	}
	if _, err := os.Stat(res); !os.IsNotExist(err) {
		t.Fatalf("the failed run left %s (%v)", res, err)
	}
}

// A configuration with nothing in it says so, where the lists of what it
// defines would be empty.
func TestAnEmptyConfiguration(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "empty.toml")
	os.WriteFile(cfg, nil, 0o644)
	if code, out, errs := run("list", "--config", cfg); code != ExitOK || out != cfg+" defines no presets and no engines\n" {
		t.Errorf("list: %d %q %q", code, out, errs)
	}
	if code, _, errs := run("run", "p", "--config", cfg); code != ExitUsage || !strings.Contains(errs, `unknown preset "p": `+cfg+" defines no presets\n") {
		t.Errorf("run: %d %q", code, errs)
	}
}

// merge names what it merged by kind, so a simulations preset's shards
// are not counted as games.
func TestRecordsCount(t *testing.T) {
	game := tournament.Record{}
	run := tournament.Record{Kind: tournament.AnalysisKind}
	batch := tournament.Record{Kind: tournament.SimulationsKind}
	tests := []struct {
		recs []tournament.Record
		want string
	}{
		{nil, "0 games"},
		{[]tournament.Record{game}, "1 game"},
		{[]tournament.Record{game, game}, "2 games"},
		{[]tournament.Record{batch}, "1 batch"},
		{[]tournament.Record{batch, batch, batch}, "3 batches"},
		{[]tournament.Record{run, run}, "2 runs"},
		{[]tournament.Record{batch, game, run, game}, "2 games, 1 run and 1 batch"},
	}
	for _, tt := range tests {
		if got := recordsCount(tt.recs); got != tt.want {
			t.Errorf("%d records: got %q, want %q", len(tt.recs), got, tt.want)
		}
	}
}
