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

// setResult gives r the result res, with the winner it implies (so that
// the record keeps its form) and its score (as where a flag fell or an
// engine resigned).
func setResult(r *Record, res games.Outcome) {
	r.Result, r.Winner, r.Score = res.String(), -1, int(res)
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
		// The game's reason names the move; the message names it once.
		{"an occupied square, its reason", ttt, func(r *Record) { r.Moves[3] = r.Moves[1] }, true, "to move: " + recs[ttt].Moves[1].Move + ": the cell is taken"},
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

// A record of a preset the configuration lacks is not wrong: it is
// replayed under the rules alone and its preset noted, and repair --check
// keeps it.
func TestVerifyUnmatchedPresetIsKept(t *testing.T) {
	cfg, path, recs := ranVerify(t)
	for i := range recs {
		recs[i].Preset = "elsewhere"
	}
	writeRecords(t, path, recs)
	v, err := Verify(path, NewChecker(cfg))
	if err != nil || len(v.Moved) != 0 || v.Games != 8 {
		t.Fatalf("%v %+v", err, v)
	}
	if len(v.Unmatched) != 1 || v.Unmatched[0].Preset != "elsewhere" || v.Unmatched[0].Records != len(recs) || !strings.Contains(v.Unmatched[0].Why, "test.toml has no such preset") {
		t.Fatalf("unmatched %+v", v.Unmatched)
	}
	// Its games are still replayed: a wrong one is found.
	recs[0].Moves = append([]MoveSummary(nil), recs[0].Moves...)
	recs[0].Moves[0].Move = "z9"
	writeRecords(t, path, recs)
	rep, err := Repair(path, NewChecker(cfg))
	if err != nil || len(rep.Moved) != 1 || rep.Kept != len(recs)-1 || len(rep.Unmatched) != 1 {
		t.Fatalf("repair: %v %+v", err, rep)
	}
}

// A flag fall is a loss only where the opponent could still win: against
// a lone king it is a draw, and a record that says otherwise is found.
func TestVerifyFlagFallAgainstALoneKing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	rec := Record{Preset: "p", Match: "chess|a|b|", Game: "chess", Names: [2]string{"a", "b"}, Start: "4k3/8/8/8/8/8/8/4K2R w - - 0 1"}
	for _, tc := range []struct {
		reason string
		result games.Outcome
		want   string // "" for none
	}{
		{TimeForfeit, games.SecondWins, "could not win there by any moves"},
		{TimeForfeitDraw, games.Draw, ""},
	} {
		r := rec
		r.Reason = tc.reason
		setResult(&r, tc.result)
		writeRecords(t, path, []Record{r})
		v, err := Verify(path, NewChecker(nil))
		if err != nil {
			t.Fatal(err)
		}
		if tc.want == "" && len(v.Moved) != 0 || tc.want != "" && (len(v.Moved) != 1 || !strings.Contains(v.Moved[0].Msg, tc.want)) {
			t.Errorf("%s %s: %+v, want %q", tc.reason, tc.result, v.Moved, tc.want)
		}
	}
	// Black's flag falls with White's rook on the board: a loss.
	r := rec
	r.Start, r.Reason = "4k3/8/8/8/8/8/8/4K2R b - - 0 1", TimeForfeit
	setResult(&r, games.FirstWins)
	writeRecords(t, path, []Record{r})
	if v, err := Verify(path, NewChecker(nil)); err != nil || len(v.Moved) != 0 {
		t.Fatalf("a loss on time with a rook against the king: %v %+v", err, v.Moved)
	}
}

// A last line cut off (a run writing it) is set apart, not counted wrong.
func TestVerifyCutOffLastLine(t *testing.T) {
	_, path, _ := ranVerify(t)
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:len(data)-20], 0o644)
	v, err := Verify(path, NewChecker(nil))
	if err != nil || len(v.Moved) != 0 || v.CutOff != 10 {
		t.Fatalf("%v %+v", err, v)
	}
}

// Every way a run writes a file verifies cleanly: an elimination preset
// looked at with 1, 2 and 3 games a pairing and then run whole (its later
// rounds drawn from the file's own results), more games than the preset's
// count, scaled budgets, and several files through one checker, each
// bracket learnt from its own file.
func TestVerifyAcceptsEveryRunShape(t *testing.T) {
	dir := t.TempDir()
	cfg := load(t, eliminationConfig+`
[engines.u]
family = "uct"
[presets.v]
games = ["tictactoe", "kalah:start=random"]
pairs = [["u", "r1"]]
budgets = ["iterations=50"]
count = 4
seed = 3
`)
	el, _ := cfg.Preset("el")
	v, _ := cfg.Preset("v")
	elim := filepath.Join(dir, "el.jsonl")
	for _, n := range []int{1, 2, 3, 0} {
		if _, err := runPreset(context.Background(), cfg, el, elim, Options{Count: n, Workers: 1}, nil); err != nil {
			t.Fatal(err)
		}
	}
	other := filepath.Join(dir, "el2.jsonl") // the same preset, another bracket
	if _, err := runPreset(context.Background(), cfg, el, other, Options{Count: 2, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	more := filepath.Join(dir, "more.jsonl")
	if _, err := runPreset(context.Background(), cfg, v, more, Options{Count: 6, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	scaled := filepath.Join(dir, "scaled.jsonl")
	if _, err := runPreset(context.Background(), cfg, v, scaled, Options{Scale: 0.5, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	c := NewChecker(cfg)
	for _, f := range []string{elim, other, more, scaled, elim} {
		got, err := Verify(f, c)
		if err != nil || len(got.Moved) != 0 || len(got.Unmatched) != 0 || got.Games == 0 {
			t.Fatalf("%s: %v %+v", filepath.Base(f), err, got)
		}
	}
	// The bracket's later rounds are not round 1's pairings: a checker that
	// had not learnt them from the file would refuse them.
	recs, _, _, _ := ReadResults(elim)
	if b := NewBracket(el, recs, el.Count); len(b.Rounds) < 2 {
		t.Fatalf("the whole run reached %d rounds", len(b.Rounds))
	}
	c.Learn(recs[:4])
	wrong := 0
	for i := range recs {
		if c.Check(&recs[i]) != "" {
			wrong++
		}
	}
	if wrong == 0 {
		t.Fatal("a checker that learnt round 1 alone accepted the later rounds")
	}
	if rep, err := Repair(elim, NewChecker(cfg)); err != nil || len(rep.Moved) != 0 || rep.Damaged != "" {
		t.Fatalf("repair --check of a good file: %v %+v", err, rep)
	}
}

// panickyGame is tictactoe whose Play panics on the centre, as a rules bug
// would.
type panickyGame struct{ games.Game }

func (g panickyGame) NewState() games.State { return panickyState{g.Game.NewState()} }

type panickyState struct{ games.State }

func (s panickyState) Play(m games.Move) {
	if s.MoveString(m) == "b2" {
		panic("a rules bug")
	}
	s.State.Play(m)
}

func (s panickyState) Clone() games.State { return panickyState{s.State.Clone()} }

// A game whose last recorded move panicked when played (a rules bug the
// runner caught and recorded as the game's error) replays as far as that
// move; a panic earlier, or in a record without an error, is wrong.
func TestReplayOfAGameThatPanicked(t *testing.T) {
	ttt, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	g := panickyGame{ttt}
	moves := func(ms ...string) (out []MoveSummary) {
		for _, m := range ms {
			out = append(out, MoveSummary{Move: m})
		}
		return out
	}
	stopped := Record{Moves: moves("a1", "b2"), Plies: 2, Error: "engine panic: a rules bug", Result: "1/2-1/2", Winner: -1}
	if err := replayGame(g, &stopped); err != nil {
		t.Errorf("the panic the record notes: %v", err)
	}
	c := NewChecker(nil)
	for _, r := range []Record{
		{Moves: moves("b2", "a1"), Plies: 2, Error: "engine panic: a rules bug", Result: "1/2-1/2", Winner: -1},
		{Moves: moves("a1", "b2"), Plies: 2, Result: "1/2-1/2", Winner: -1},
	} {
		c.games["panicky"] = built{g: g}
		r.Game = "panicky"
		if what := c.Check(&r); !strings.Contains(what, "replaying the record panicked: a rules bug") {
			t.Errorf("moves %v, error %q: %q", r.Moves, r.Error, what)
		}
	}
}
