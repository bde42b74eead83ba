package tournament

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/chess"
)

// slow plays the first legal move after sleeping for sleep, ignoring its
// context, like a program that overruns; it keeps the budgets it was given.
type slow struct {
	sleep time.Duration
	got   []engines.Budget
}

func (e *slow) Spec() string { return "slow" }

func (e *slow) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	e.got = append(e.got, req.Budget)
	time.Sleep(e.sleep)
	return engines.Result{Move: req.Position.Legal(nil)[0]}, nil
}

// A side that overruns its clock loses on time, its late move unplayed; an
// increment that repays each move's time keeps it in the game, and every
// move records the mover's clock: the base less its moves' times plus an
// increment a move.
func TestClockFlagFall(t *testing.T) {
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	ms := time.Millisecond
	for _, tc := range []struct {
		name       string
		tc         engines.TimeControl
		wantPlies  int
		wantResult games.Outcome
		wantReason string
	}{
		// X plays a1, c1, b2, a3 at once; O sleeps 400 ms a move, and
		// its third move (ply 6) passes 1 s, unless a loaded machine
		// overran its first two sleeps by 100 ms each: then its second
		// (ply 4). Either way its late move is not played.
		{"flag falls", engines.TimeControl{Base: 1000 * ms}, 5, games.FirstWins, TimeForfeit},
		// An increment of 1 s repays each 400 ms sleep, overruns too.
		{"increment repays", engines.TimeControl{Base: 1000 * ms, Increment: time.Second}, 7, games.FirstWins, ""},
		{"no clock", engines.TimeControl{}, 7, games.FirstWins, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fast, late := &slow{}, &slow{sleep: 400 * ms}
			p, ok := PlayClocked(context.Background(), g.NewState(), [2]engines.Engine{fast, late}, engines.Budget{}, tc.tc, 1)
			if !ok || p.Err != "" {
				t.Fatalf("game abandoned (%v) or failed: %s", ok, p.Err)
			}
			plies := len(p.Moves)
			if tc.wantReason != "" && plies == 3 {
				plies = tc.wantPlies // the flag fell a move early, as a loaded machine may make it
			}
			if plies != tc.wantPlies || p.Outcome != tc.wantResult || p.Reason != tc.wantReason {
				t.Fatalf("got %d plies, %v, reason %q; want %d, %v, %q", len(p.Moves), p.Outcome, p.Reason, tc.wantPlies, tc.wantResult, tc.wantReason)
			}
			var used [2]float64
			for i, m := range p.Moves {
				side := i % 2
				used[side] += m.Millis
				want := 0.0
				if tc.tc.Base > 0 {
					want = float64(tc.tc.Base+time.Duration(i/2+1)*tc.tc.Increment)/1e6 - used[side]
				}
				if math.Abs(m.ClockMillis-want) > 0.01 {
					t.Errorf("ply %d: clock %.3f ms, want %.3f", i+1, m.ClockMillis, want)
				}
			}
			// Each request carried both clocks as they stood.
			for i, b := range late.got {
				if b.Clocks.On != (tc.tc.Base > 0) {
					t.Fatalf("O's request %d: clocks on %v", i+1, b.Clocks.On)
				}
				if b.Clocks.On && (b.Clocks.Increment != [2]time.Duration{tc.tc.Increment, tc.tc.Increment} || b.Clocks.Left[1] > tc.tc.Base+time.Duration(i)*tc.tc.Increment) {
					t.Errorf("O's request %d: clocks %+v", i+1, b.Clocks)
				}
			}
		})
	}
}

// In chess a flag fall against a lone king is a draw: the opponent cannot
// mate by any series of legal moves (FIDE 6.9).
func TestClockFlagFallAgainstALoneKing(t *testing.T) {
	g := chess.New(0)
	for _, tc := range []struct {
		name, fen  string
		want       games.Outcome
		wantReason string
	}{
		{"lone king: draw", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", games.Draw, TimeForfeitDraw},
		{"a pawn can still mate: loss", "4k3/4p3/8/8/8/8/8/3QK3 w - - 0 1", games.SecondWins, TimeForfeit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			from, err := g.ParsePosition(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			late := &slow{sleep: 30 * time.Millisecond}
			p, ok := PlayClocked(context.Background(), from, [2]engines.Engine{late, late}, engines.Budget{}, engines.TimeControl{Base: 10 * time.Millisecond}, 1)
			if !ok || p.Outcome != tc.want || p.Reason != tc.wantReason || len(p.Moves) != 0 {
				t.Fatalf("got %v, reason %q, %d moves (ok %v); want %v, %q, none", p.Outcome, p.Reason, len(p.Moves), ok, tc.want, tc.wantReason)
			}
		})
	}
}

// A preset with a clock records each move's clock in the results file, and
// a second run resumes from it without playing a game twice; a run's budget
// scale scales the clock too.
func TestClockPreset(t *testing.T) {
	cfg := load(t, `
[engines.r]
family = "random"
[engines.u]
family = "uct"
[presets.blitz]
games = ["tictactoe"]
pairs = [["u", "r"]]
budgets = ["clock=3s+100ms"]
count = 2
seed = 3
`)
	p, _ := cfg.Preset("blitz")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	recs, _, _, err := ReadResults(path)
	if err != nil || len(recs) != 2 {
		t.Fatalf("got %d records, %v; want 2", len(recs), err)
	}
	for _, r := range recs {
		if r.Budget != "clock=3s+100ms" || r.Reason != "" {
			t.Errorf("record %d: budget %q, reason %q", r.Index, r.Budget, r.Reason)
		}
		for i, m := range r.Moves {
			// Each side starts with 3 s and gains 100 ms a move; uct
			// takes at most 90% of its clock, random answers at once.
			if hi := 3000 + 100*float64(i/2+1); m.ClockMillis <= 0 || m.ClockMillis > hi {
				t.Errorf("record %d ply %d: clock %.1f ms, want in (0, %.0f]", r.Index, i+1, m.ClockMillis, hi)
			}
		}
	}
	if _, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if again, _, _, _ := ReadResults(path); len(again) != 2 {
		t.Fatalf("the resumed run left %d records, want 2", len(again))
	}
	if got := scaleClock(engines.TimeControl{Base: 5 * time.Minute, Increment: 2 * time.Second}, 0.1); got != (engines.TimeControl{Base: 30 * time.Second, Increment: 200 * time.Millisecond}) {
		t.Errorf("scaled clock %+v", got)
	}
}

// The report counts the games a flag fall decided beside W-D-L.
func TestReportOnTime(t *testing.T) {
	var recs []Record
	for i, line := range []string{
		goodLine("m", 0),
		strings.Replace(goodLine("m", 1), `"seed":1`, `"seed":1,"reason":"time forfeit"`, 1),
		strings.NewReplacer(`"result":"1-0","winner":0`, `"result":"1/2-1/2","winner":-1`, `"seed":1`, `"seed":1,"reason":"time forfeit, opponent cannot win"`).Replace(goodLine("m", 2)),
	} {
		r, err := ParseRecord([]byte(strings.TrimSpace(line)))
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		recs = append(recs, r)
	}
	sums := Summarise(recs, nil)
	if got := sums[0].OnTime; got != [3]int{1, 1, 0} {
		t.Fatalf("on time %v, want [1 1 0]", got)
	}
	var b strings.Builder
	if err := WriteReport(&b, sums, Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "2-1-0 (1-1-0 on time)") {
		t.Errorf("report:\n%s\nwant W-D-L 2-1-0 (1-1-0 on time)", b.String())
	}
}
