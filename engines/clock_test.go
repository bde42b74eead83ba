package engines_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games"
)

func TestMoveTime(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name      string
		left, inc time.Duration
		togo      int
		want      time.Duration
	}{
		{"a thirtieth of the clock", 3000 * ms, 0, 0, 100 * ms},
		{"plus 3/4 of the increment", 3000 * ms, 200 * ms, 0, 250 * ms},
		{"moves to go", 3000 * ms, 0, 10, 300 * ms},
		{"blitz 5m+2s at the start", 5 * time.Minute, 2 * time.Second, 0, 11500 * ms},
		{"at most 90% less the margin", 1000 * ms, 0, 1, 880 * ms},
		{"increment beyond the clock", 100 * ms, time.Second, 0, 70 * ms},
		{"at least 1 ms", 10 * ms, 0, 0, ms},
		{"an empty clock", 0, 0, 0, ms},
		{"a fallen flag", -time.Second, 0, 0, ms},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := engines.MoveTime(tc.left, tc.inc, tc.togo); got != tc.want {
				t.Errorf("MoveTime(%v, %v, %d) = %v, want %v", tc.left, tc.inc, tc.togo, got, tc.want)
			}
		})
	}
}

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []struct {
		text string
		want engines.TimeControl
		err  string // "" for none
	}{
		{"5m", engines.TimeControl{Base: 5 * time.Minute}, ""},
		{"5m+2s", engines.TimeControl{Base: 5 * time.Minute, Increment: 2 * time.Second}, ""},
		{"90s+500ms", engines.TimeControl{Base: 90 * time.Second, Increment: 500 * time.Millisecond}, ""},
		{"1m+0s", engines.TimeControl{Base: time.Minute}, ""},
		{"", engines.TimeControl{}, `base ""`},
		{"0s", engines.TimeControl{}, `base "0s"`},
		{"5", engines.TimeControl{}, `base "5"`},
		{"25h", engines.TimeControl{}, `base "25h"`},
		{"5m+", engines.TimeControl{}, `increment ""`},
		{"5m+-1s", engines.TimeControl{}, `increment "-1s"`},
		{"5m+2s+1s", engines.TimeControl{}, `increment "2s+1s"`},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got, err := engines.ParseTimeControl(tc.text)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("got %v, want no error", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "5m+2s")):
				t.Fatalf("got %v, want an error naming %s and the valid forms", err, tc.err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			if err == nil {
				if want := map[string]string{"1m+0s": "1m", "90s+500ms": "1m30s+500ms"}[tc.text]; want != "" && got.String() != want || want == "" && got.String() != tc.text {
					t.Errorf("String() = %q, want it as written", got.String())
				}
				back, err := engines.ParseTimeControl(got.String())
				if err != nil || back != got {
					t.Errorf("String %q reads back as %+v, %v", got.String(), back, err)
				}
			}
		})
	}
}

func TestMoveBudget(t *testing.T) {
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	first := g.NewState()
	second := g.NewState()
	second.Play(second.Legal(nil)[0])
	s := time.Second
	clocks := engines.Clocks{Left: [2]time.Duration{30 * s, 60 * s}, Increment: [2]time.Duration{0, 4 * s}, On: true}
	for _, tc := range []struct {
		name string
		pos  games.State
		b    engines.Budget
		want engines.Budget
	}{
		{"no clock", first, engines.Budget{Iterations: 5}, engines.Budget{Iterations: 5}},
		{"first player's clock", first, engines.Budget{Clocks: clocks}, engines.Budget{Time: s}},
		{"second player's clock and increment", second, engines.Budget{Clocks: clocks}, engines.Budget{Time: 5 * s}},
		{"a smaller time budget holds", first, engines.Budget{Time: 300 * time.Millisecond, Clocks: clocks}, engines.Budget{Time: 300 * time.Millisecond}},
		{"a larger time budget gives way", first, engines.Budget{Time: 10 * s, Clocks: clocks}, engines.Budget{Time: s}},
		{"counted budgets stay", first, engines.Budget{States: 7, Clocks: clocks}, engines.Budget{Time: s, States: 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := engines.Request{Position: tc.pos, Budget: tc.b}.MoveBudget()
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// An accepted time control is within its range and reads back from its
// String; a refused one names the text as typed.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"5m", "5m+2s", "90s+500ms", "0s", "5m+", "+", "1h+1h", "25h", "1s+-1s", "5m+2s+1s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := engines.ParseTimeControl(text)
		if err != nil {
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", text)) {
				t.Fatalf("error %q does not quote the time control as typed", err)
			}
			return
		}
		if tc.Base <= 0 || tc.Base > engines.MaxClock || tc.Increment < 0 || tc.Increment > engines.MaxClock {
			t.Fatalf("%q: %+v out of range", text, tc)
		}
		back, err := engines.ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q: String %q reads back as %+v, %v", text, tc.String(), back, err)
		}
	})
}
