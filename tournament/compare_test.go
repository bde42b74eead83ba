package tournament

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// The difference of two scores, its z and two-sided p: games without
// draws give the unpooled test of two proportions; a draw counts half and
// its variance about the score is its own; matches played in pairs compare
// their pair scores; sides that won (or lost) every game have no z.
func TestCompareMatch(t *testing.T) {
	sum := func(w, d, l int) MatchSummary { return MatchSummary{Wins: w, Draws: d, Losses: l} }
	paired := sum(0, 0, 10)
	paired.Paired, paired.PairWins, paired.PairDraws, paired.PairLosses = true, 30, 0, 10
	tests := []struct {
		name        string
		a, b        MatchSummary
		diff, z, p  float64
		noZ, noDiff bool
	}{
		// The MAST reading's alpha 1: 62 of 100 against 30 of 100.
		{name: "proportions", a: sum(62, 0, 38), b: sum(30, 0, 70), diff: 0.32, z: 0.32 / math.Sqrt(0.62*0.38/100+0.3*0.7/100), p: 1.64e-6},
		// 2 wins, 2 draws, 0 losses (0.75): variance (2*0.0625 + 2*0.0625)/4.
		{name: "draws", a: sum(2, 2, 0), b: sum(1, 0, 3), diff: 0.5, z: 0.5 / math.Sqrt(0.0625/4+0.1875/4), p: 0.0455},
		{name: "pairs", a: paired, b: sum(50, 0, 50), diff: 0.25, z: 0.25 / math.Sqrt(0.75*0.25/40+0.25/100), p: 0.00319},
		{name: "all won", a: sum(10, 0, 0), b: sum(10, 0, 0), noZ: true},
		// Each side's games all alike, the two sides apart: the pooled
		// variance (0.25) measures the difference.
		{name: "all won, all lost", a: sum(20, 0, 0), b: sum(0, 0, 20), diff: 1, z: 1 / math.Sqrt(0.25/20+0.25/20), p: 2.54e-10},
		{name: "no games", a: sum(0, 0, 0), b: sum(3, 0, 1), noZ: true, noDiff: true},
	}
	for _, tt := range tests {
		c := CompareMatch(tt.a, tt.b)
		if tt.noDiff != math.IsNaN(c.Diff) || (!tt.noDiff && math.Abs(c.Diff-tt.diff) > 1e-12) {
			t.Errorf("%s: diff %v, want %v", tt.name, c.Diff, tt.diff)
		}
		if tt.noZ {
			if !math.IsNaN(c.Z) || !math.IsNaN(c.P) {
				t.Errorf("%s: z %v p %v, want none", tt.name, c.Z, c.P)
			}
			continue
		}
		if math.Abs(c.Z-tt.z) > 1e-9 || math.Abs(c.P-tt.p)/tt.p > 0.01 {
			t.Errorf("%s: z %v p %v, want %v and %v", tt.name, c.Z, c.P, tt.z, tt.p)
		}
	}
}

// The table flags p < 0.05 and says how many differences chance alone
// would give.
func TestWriteComparisons(t *testing.T) {
	a := MatchSummary{Game: "g", Budget: "iterations=1", Names: [2]string{"x", "y"}, Wins: 62, Losses: 38, Low: 0.52, High: 0.71}
	b := MatchSummary{Game: "g", Budget: "iterations=1", Names: [2]string{"x2", "y"}, Wins: 30, Losses: 70, Low: 0.22, High: 0.40}
	var buf bytes.Buffer
	if err := WriteComparisons(&buf, []Comparison{CompareMatch(a, b), CompareMatch(a, a)}, Text); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"+32.0  +4.79  <0.0001  *", "+0.0   +0.00  1.00", "1 of 2 differences have p < 0.05; with no difference anywhere, about 0.1 would by chance."} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

// The match table counts, preset by preset, the paper's figures that lie
// outside our intervals among the matches played, and how far our scores
// lie from them (the pair score where the match was played in pairs).
func TestReportCountsFiguresOutside(t *testing.T) {
	sums := []MatchSummary{
		{Preset: "a", Names: [2]string{"x", "y"}, Games: 10, Score: 0.7, Paper: 90, Outside: true},
		{Preset: "a", Names: [2]string{"x", "z"}, Games: 10, Score: 0.55, Paper: 50},
		{Preset: "a", Names: [2]string{"x", "w"}, Paper: 10}, // not played
		{Preset: "b", Names: [2]string{"x", "y"}, Games: 10, Score: 0.5, Paper: -1},
		{Preset: "c", Names: [2]string{"x", "y"}, Games: 10, Score: 0.2, Paper: 20, Outside: true},
		{Preset: "d", Names: [2]string{"x", "y"}, Games: 20, Score: 0.5, Paper: 70, Paired: true, Pairs: 10, PairScore: 0.8},
		{Preset: "d", Names: [2]string{"x", "z"}, Games: 4, Score: 0.5, Paper: 70, Paired: true}, // no pair scored
	}
	var buf bytes.Buffer
	if err := WriteReport(&buf, sums, Text); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"\na: 1 of the paper's 2 figures of the matches played lies outside our intervals; ours lie 12.5 points from them on average, 7.5 below by the signed mean.\n",
		"\nc: 1 of the paper's 1 figures of the matches played lies outside our intervals; ours lie 0.0 points from them on average, 0.0 either way by the signed mean.\n",
		"\nd: 0 of the paper's 1 figures of the matches played lie outside our intervals; ours lie 10.0 points from them on average, 10.0 above by the signed mean.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\nb: ") {
		t.Errorf("a preset without paper figures got a count:\n%s", out)
	}
}

// A match whose preset gives engines budgets of their own shows only the
// budgets its two engines take, in the engines' order, with the scale.
func TestReportShowsTheMatchsOwnBudgets(t *testing.T) {
	const text = "iterations=20000; b iterations=41000; c iterations=65000"
	cases := []struct {
		names  [2]string
		budget string
		scale  float64
		want   string
	}{
		{[2]string{"a", "b"}, text, 0, "iterations=20000 / iterations=41000"},
		{[2]string{"c", "b"}, text, 0, "iterations=65000 / iterations=41000"},
		{[2]string{"a", "d"}, text, 0, "iterations=20000"},
		{[2]string{"b", "a"}, text + " x0.5", 0.5, "iterations=41000 / iterations=20000 x0.5"},
		{[2]string{"a", "b"}, "; b iterations=7", 0, "- / iterations=7"},
		{[2]string{"a", "b"}, "iterations=20000", 0, "iterations=20000"},
		{[2]string{"a", "b"}, "clock=5m x0.2", 0.2, "clock=5m x0.2"},
		{[2]string{"a", "b"}, "iterations=1; b", 0, "iterations=1; b"}, // not one this program writes: as it is
	}
	for _, c := range cases {
		m := MatchSummary{Names: c.names, Budget: c.budget, BudgetScale: c.scale}
		if got := m.engineBudgets(); got != c.want {
			t.Errorf("%v, %q: got %q, want %q", c.names, c.budget, got, c.want)
		}
	}
	var buf bytes.Buffer
	sums := []MatchSummary{{Preset: "p", Names: [2]string{"c", "b"}, Budget: text, Games: 2, Wins: 2, Paper: -1}}
	if err := WriteReport(&buf, sums, Text); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); !strings.Contains(out, "iterations=65000 / iterations=41000") || strings.Contains(out, text) || !strings.Contains(out, "budget A / B:") {
		t.Errorf("report does not show the match's own budgets:\n%s", out)
	}
	buf.Reset()
	if err := WriteReport(&buf, sums, CSV); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), text) {
		t.Errorf("CSV lost the preset's budget text:\n%s", buf.String())
	}
}

// A match whose two engines have one spec is named under the table: its
// score is the noise of its neighbours, not an effect.
func TestReportNamesSameSpecMatches(t *testing.T) {
	rec := func(match string, specs [2]string, i, winner int) Record {
		return Record{Preset: "s", Match: match, Index: i, Game: "g", Names: [2]string{"x" + match, "base"}, Specs: specs, Winner: winner}
	}
	var recs []Record
	for i := range 4 {
		recs = append(recs, rec("0", [2]string{"mcts:np=50", "mcts:np=50"}, i, i%2))
		recs = append(recs, rec("1", [2]string{"mcts:alpha=0.1,np=50", "mcts:np=50"}, i, 0))
	}
	sums := Summarise(recs, nil)
	if len(sums) != 2 || !sums[0].SameSpec || sums[1].SameSpec {
		t.Fatalf("SameSpec of the two matches: %+v", sums)
	}
	var buf bytes.Buffer
	if err := WriteReport(&buf, sums, Text); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "\nsame spec: x0 against base (s, -) is one search against itself") {
		t.Errorf("report does not name the same-spec match:\n%s", out)
	}
	if strings.Contains(out, "same spec: x1") {
		t.Errorf("report names a match of two specs:\n%s", out)
	}
}
