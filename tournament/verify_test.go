package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcarena/config"
	"mcarena/games"
)

// verifyConfig plays real games of two games, one with random starts, and
// an analysis, for the checker to replay.
const verifyConfig = `
[engines.r]
family = "random"
[engines.u]
family = "uct"
[presets.v]
games = ["tictactoe", "kalah:start=random"]
pairs = [["u", "r"]]
budgets = ["iterations=50"]
count = 4
seed = 3
[presets.a]
kind = "analysis"
game = "tictactoe"
position = "1x1/1o1/xo1 x"
engines = ["u"]
budgets = ["iterations=20"]
runs = 2
`

// ranVerify runs verifyConfig's presets into one results file and returns
// the configuration, the file and its records.
func ranVerify(t *testing.T) (*config.Config, string, []Record) {
	t.Helper()
	cfg := load(t, verifyConfig)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	for _, name := range []string{"v", "a"} {
		p, _ := cfg.Preset(name)
		if _, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 1}, nil); err != nil {
			t.Fatal(err)
		}
	}
	recs, _, _, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, path, recs
}

// writeRecords writes recs as a results file at path.
func writeRecords(t *testing.T, path string, recs []Record) {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// setResult gives r the result res, with the winner it implies, so that
// the record keeps its form.
func setResult(r *Record, res games.Outcome) {
	r.Result, r.Winner = res.String(), -1
	switch res {
	case games.FirstWins:
		r.Winner = r.FirstSeat
	case games.SecondWins:
		r.Winner = 1 - r.FirstSeat
	}
}

// A file a run wrote replays cleanly, every record as its preset writes it.
func TestVerifyAcceptsWhatARunWrote(t *testing.T) {
	_, path, _ := ranVerify(t)
	cfg := load(t, verifyConfig)
	v, err := Verify(path, NewChecker(cfg))
	if err != nil || len(v.Moved) != 0 {
		t.Fatalf("%v %+v", err, v.Moved)
	}
	if v.Games != 8 || v.Analyses != 2 || v.Batches != 0 {
		t.Fatalf("checked %d games, %d searches, %d batches; want 8, 2, 0", v.Games, v.Analyses, v.Batches)
	}
	if v, err := Verify(path, NewChecker(nil)); err != nil || len(v.Moved) != 0 || v.Games != 8 {
		t.Fatalf("rules only: %v %+v", err, v)
	}
}

// Every way a record can disagree with the rules or with its preset is
// found, with the ply or field named; a record's form stays good
// throughout, so only the checker can see it.
func TestVerifyFindsWhatTheFormCannot(t *testing.T) {
	cfg, _, recs := ranVerify(t)
	first := func(game string) int {
		for i, r := range recs {
			if r.Kind == GameKind && r.Game == game && len(r.Moves) >= 5 {
				return i
			}
		}
		t.Fatalf("no game of %s", game)
		return -1
	}
	ttt, kalah := first("tictactoe"), first("kalah:start=random")
	analysis := -1
	for i, r := range recs {
		if r.Kind == AnalysisKind {
			analysis = i
		}
	}
	otherDeal := ""
	for _, r := range recs {
		if r.Game == recs[kalah].Game && r.Start != recs[kalah].Start {
			otherDeal = r.Start
		}
	}
	cut := func(r *Record, n int) { r.Moves, r.Plies = r.Moves[:n], n }
	for _, tc := range []struct {
		name      string
		rec       int
		change    func(r *Record)
		rulesOnly bool   // also found without the configuration (which then says nothing of its preset)
		want      string // in the message
	}{
		{"an occupied square", ttt, func(r *Record) { r.Moves[3] = r.Moves[1] }, true, "ply 4: "},
		{"a malformed move", ttt, func(r *Record) { r.Moves[0].Move = "z9" }, true, "ply 1: "},
		{"a move after the end", ttt, func(r *Record) {
			r.Moves = append(r.Moves, r.Moves[0])
			r.Plies++
		}, true, "after the game ended"},
		{"moves cut short", ttt, func(r *Record) { cut(r, 2) }, true, "still in progress"},
		{"the other result", kalah, func(r *Record) {
			if r.Result == "1-0" {
				setResult(r, games.SecondWins)
			} else {
				setResult(r, games.FirstWins)
			}
		}, true, "but the moves end the game"},
		{"another score", kalah, func(r *Record) { r.Score += 2 }, true, "score"},
		{"a flag fall after the end", ttt, func(r *Record) { r.Reason = TimeForfeit }, true, "already end the game"},
		{"a resignation that names the wrong loser", ttt, func(r *Record) {
			cut(r, 2) // the first player is to move
			r.Reason = Resignation
			setResult(r, games.FirstWins)
		}, true, "gives 0-1"},
		{"a draw on time with a win still possible", ttt, func(r *Record) {
			cut(r, 2)
			r.Reason = TimeForfeitDraw
			setResult(r, games.Draw)
		}, true, "could still win"},
		// The other deal also makes a move illegal, which the rules see.
		{"another deal", kalah, func(r *Record) { r.Start = otherDeal }, true, ""},
		{"another engine", ttt, func(r *Record) { r.Specs[0] = "uct:c=0.5" }, false, "engine u was uct:c=0.5"},
		{"another seed", ttt, func(r *Record) { r.Seed++ }, false, "seed"},
		{"a preset of another configuration", ttt, func(r *Record) { r.Preset = "elsewhere" }, false, "preset elsewhere is not in test.toml"},
		{"an analysis move that is taken", analysis, func(r *Record) { r.Moves[0].Move = "b2" }, false, "not legal in preset a's position"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := recs[tc.rec]
			r.Moves = append([]MoveSummary(nil), r.Moves...)
			tc.change(&r)
			if err := r.Check(); err != nil {
				t.Fatalf("the change broke the record's form: %v", err)
			}
			bad := filepath.Join(t.TempDir(), "bad.jsonl")
			writeRecords(t, bad, []Record{r})
			for _, c := range []struct {
				cfg   *config.Config
				finds bool
			}{{cfg, true}, {nil, tc.rulesOnly}} {
				v, err := Verify(bad, NewChecker(c.cfg))
				if err != nil {
					t.Fatal(err)
				}
				want := tc.want
				if c.cfg != nil && tc.name == "another deal" {
					want = "the preset deals"
				}
				switch {
				case !c.finds && len(v.Moved) != 0:
					t.Fatalf("configuration %v: found %+v", c.cfg != nil, v.Moved)
				case c.finds && (len(v.Moved) != 1 || !strings.Contains(v.Moved[0].Msg, want)):
					t.Fatalf("configuration %v: found %+v; want one line with %q", c.cfg != nil, v.Moved, want)
				}
			}
		})
	}
}

// A game that an engine's error stopped is checked up to the error, and a
// game a resignation ended is accepted with the loser to move.
func TestVerifyStoppedGames(t *testing.T) {
	cfg, path, recs := ranVerify(t)
	var out []Record
	for _, r := range recs {
		if r.Kind != GameKind || r.Game != "tictactoe" || len(r.Moves) < 5 {
			continue
		}
		r.Moves, r.Plies = r.Moves[:3], 3
		if len(out) == 0 {
			r.Error = "engine panic: boom"
		} else {
			r.Reason = Resignation
			setResult(&r, games.FirstWins) // the second player, to move, resigned
		}
		if out = append(out, r); len(out) == 2 {
			break
		}
	}
	writeRecords(t, path, out)
	if v, err := Verify(path, NewChecker(cfg)); err != nil || len(v.Moved) != 0 {
		t.Fatalf("%v %+v", err, v.Moved)
	}
}

// repair with a checker sets a wrong record aside and keeps a later right
// play of its game; the next run plays again only the games set aside.
func TestRepairCheckedSetsWrongRecordsAside(t *testing.T) {
	cfg, path, recs := ranVerify(t)
	var games []int
	for i, r := range recs {
		if r.Kind == GameKind {
			games = append(games, i)
		}
	}
	wrong := recs[games[0]]
	wrong.Moves = append([]MoveSummary(nil), wrong.Moves...)
	wrong.Moves[0].Move = "z9"
	gone := recs[games[1]]
	gone.Seed++
	// The wrong first play of game 0, then its right play; game 1 only
	// wrong; the rest as they were.
	out := []Record{wrong}
	for i, r := range recs {
		if i == games[1] {
			r = gone
		}
		out = append(out, r)
	}
	writeRecords(t, path, out)
	rep, err := Repair(path, NewChecker(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Moved) != 2 || rep.Moved[0].Line != 1 || rep.Moved[1].Line != games[1]+2 || rep.Kept != len(recs)-1 {
		t.Fatalf("moved %+v, kept %d of %d", rep.Moved, rep.Kept, len(recs))
	}
	if v, err := Verify(path, NewChecker(cfg)); err != nil || len(v.Moved) != 0 {
		t.Fatalf("after the repair: %v %+v", err, v.Moved)
	}
	p, _ := cfg.Preset("v")
	played, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 1}, nil)
	if err != nil || played != 1 {
		t.Fatalf("the run after the repair played %d games (%v); want the one set aside", played, err)
	}
	if v, err := Verify(path, NewChecker(cfg)); err != nil || len(v.Moved) != 0 || v.Games != 8 {
		t.Fatalf("after the run: %v %+v", err, v)
	}
}

// A run does not resume a file holding a game the rules refuse: it names
// the line and the way out, plays nothing, and after repair --check plays
// that game again.
func TestRunRefusesAGameTheRulesRefuse(t *testing.T) {
	cfg, path, recs := ranVerify(t)
	for i := range recs {
		if recs[i].Kind == GameKind {
			recs[i].Moves = append([]MoveSummary(nil), recs[i].Moves...)
			recs[i].Moves[0].Move = "z9"
			break
		}
	}
	writeRecords(t, path, recs)
	p, _ := cfg.Preset("v")
	n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 1}, nil)
	var re *ReplayError
	if n != 0 || !errors.As(err, &re) || re.Line != 1 || !strings.Contains(err.Error(), "ply 1: ") || !strings.Contains(err.Error(), "'mcarena repair --check "+path+"'") {
		t.Fatalf("played %d, %v; want a refusal of line 1 naming repair --check", n, err)
	}
	if _, err := Repair(path, NewChecker(cfg)); err != nil {
		t.Fatal(err)
	}
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 1}, nil); err != nil || n != 1 {
		t.Fatalf("after the repair the run played %d, %v; want 1", n, err)
	}
}
