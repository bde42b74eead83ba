package tournament

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// sweepSums makes one summary a name of names[side], each against fixed
// on the other side, with the given scores (fractions) and paper figures.
func sweepSums(preset string, side int, fixed string, names []string, scores, paper []float64) []MatchSummary {
	var out []MatchSummary
	for i, n := range names {
		m := MatchSummary{Preset: preset, Game: "breakthrough:size=8x8", Budget: "iterations=20000", Games: 100,
			Score: scores[i], Low: scores[i] - 0.1, High: scores[i] + 0.1, Paper: paper[i]}
		m.Names[side], m.Names[1-side] = n, fixed
		m.Outside = Outside(m.Paper, m.Low, m.High)
		out = append(out, m)
	}
	return out
}

func specTable(specs map[string]string) func(preset, name string) string {
	return func(_, name string) string { return specs[name] }
}

// The sweeps of the implicit-minimax paper's presets are found by the one
// option their engines differ in: alpha on the reported side (Figure 1,
// alpha 0 being the default, written out or left out), the threshold of
// maximum backpropagation on the opponent's (Table III), and an option
// inside a component (the N-gram decay's gamma).
func TestFindSweeps(t *testing.T) {
	base := "mcts:c=0.5,playout=egreedy(base=ipp),leaf=threshold(every=5,atleaf=false),heuristic=efms"
	specs := map[string]string{
		"bl": base, "im0": base + ",alpha=0", "im40": base + ",alpha=0.4", "im100": base + ",alpha=1",
		"mbp100": base + ",maxbackprop=100", "mbp5000": base + ",maxbackprop=5000", "mbp500": base + ",maxbackprop=500",
		"ng0": "mcts:c=0.4,rave=50,playout=ngram(n=1)", "ng5": "mcts:c=0.4,rave=50,playout=ngram(n=1,gamma=0.5)", "ng9": "mcts:c=0.4,rave=50,playout=ngram(n=1,gamma=0.9)",
		"base": "mcts:c=0.4,rave=50",
		// Two options differ: no sweep.
		"c1": "mcts:c=1", "c2": "mcts:c=2,rave=50", "c3": "mcts:c=3",
		// Not numeric: no sweep.
		"e1": "mcts:estimator=cb,alpha=0.4", "e2": "mcts:estimator=pb,alpha=0.4", "e3": "mcts:alpha=0.4",
	}
	var sums []MatchSummary
	sums = append(sums, sweepSums("fig1", 0, "bl", []string{"im40", "im0", "im100"}, []float64{0.65, 0.5, 0.2}, []float64{65.4, 50, 24.5})...)
	sums = append(sums, sweepSums("t3", 1, "im40", []string{"mbp100", "mbp500", "mbp5000"}, []float64{0.8, 0.7, 0.4}, []float64{81.9, 73.1, 65.2})...)
	sums = append(sums, sweepSums("decay", 0, "base", []string{"ng0", "ng5", "ng9"}, []float64{0.6, 0.55, 0.5}, []float64{60.2, -1, -1})...)
	sums = append(sums, sweepSums("two", 0, "base", []string{"c1", "c2", "c3"}, []float64{0.5, 0.5, 0.5}, []float64{-1, -1, -1})...)
	sums = append(sums, sweepSums("words", 0, "base", []string{"e1", "e2", "e3"}, []float64{0.5, 0.5, 0.5}, []float64{-1, -1, -1})...)
	sums = append(sums, sweepSums("short", 0, "bl", []string{"im40", "im0"}, []float64{0.6, 0.5}, []float64{-1, -1})...)

	type point struct {
		Label, Engine string
		X             float64
	}
	type got struct {
		Preset, Option, Fixed string
		Swept                 int
		Points                []point
	}
	var have []got
	for _, s := range FindSweeps(sums, specTable(specs)) {
		g := got{s.Preset, s.Option, s.Fixed, s.Swept, nil}
		for _, p := range s.Points {
			g.Points = append(g.Points, point{p.Label, p.Engine, p.X})
		}
		have = append(have, g)
	}
	want := []got{
		{"fig1", "alpha", "bl", 0, []point{{"0", "im0", 0}, {"0.4", "im40", 0.4}, {"1", "im100", 1}}},
		{"t3", "maxbackprop", "im40", 1, []point{{"100", "mbp100", 100}, {"500", "mbp500", 500}, {"5000", "mbp5000", 5000}}},
		{"decay", "playout.gamma", "base", 0, []point{{"0", "ng0", 0}, {"0.5", "ng5", 0.5}, {"0.9", "ng9", 0.9}}},
	}
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("sweeps\n%+v\nwant\n%+v", have, want)
	}
}

// An engine the specs do not know, or a group whose fixed side changes,
// makes no sweep.
func TestFindSweepsNeedsOneFixedEngine(t *testing.T) {
	specs := map[string]string{"a": "mcts:alpha=0.1", "b": "mcts:alpha=0.2", "c": "mcts:alpha=0.3", "x": "mcts", "y": "mcts:c=2"}
	sums := sweepSums("p", 0, "x", []string{"a", "b", "c"}, []float64{0.5, 0.5, 0.5}, []float64{-1, -1, -1})
	sums[2].Names[1] = "y"
	if s := FindSweeps(sums, specTable(specs)); len(s) != 0 {
		t.Fatalf("two opponents made a sweep: %+v", s)
	}
	delete(specs, "b")
	sums = sweepSums("p", 0, "x", []string{"a", "b", "c"}, []float64{0.5, 0.5, 0.5}, []float64{-1, -1, -1})
	if s := FindSweeps(sums, specTable(specs)); len(s) != 0 {
		t.Fatalf("an unknown engine made a sweep: %+v", s)
	}
}

// The chart puts each point's score, interval and paper figure in the
// rows of their values (5 points a row over 10-80 here), labels the axis
// with the option's values, and marks the points whose paper figure is
// outside our interval.
func TestSweepPlot(t *testing.T) {
	s := Sweep{Preset: "fig1", Game: "breakthrough:size=8x8", Budget: "iterations=20000", Option: "alpha", Fixed: "bl", Points: []SweepPoint{
		{Label: "0", Engine: "im0", Games: 100, Score: 0.50, Low: 0.40, High: 0.60, Paper: 50},
		{Label: "0.4", Engine: "im40", Games: 100, Score: 0.65, Low: 0.55, High: 0.75, Paper: 65.4},
		{Label: "1", Engine: "im100", Games: 100, Score: 0.60, Low: 0.50, High: 0.70, Paper: 24.5, Outside: true},
		{Label: "2", Engine: "im200", Paper: 10},
	}}
	want := strings.Join([]string{
		"80 |",
		"   |       |",
		"70 |       |    |",
		"   |       ox   |",
		"60 |  |    |    o",
		"   |  |    |    |",
		"50 |..ox........|.......",
		"   |  |",
		"40 |  |",
		"   |",
		"30 |",
		"   |             x",
		"20 |",
		"   |",
		"10 |                  x",
		"   +--------------------",
		"      0   0.4   1    2",
		"                !",
	}, "\n")
	if have := strings.Join(s.Plot(), "\n"); have != want {
		t.Fatalf("chart:\n%s\nwant:\n%s", have, want)
	}
	if title, want := s.Title(), "fig1  breakthrough:size=8x8  iterations=20000: the score of each engine against bl, by alpha (im0 to im200; 100 games a point, 1 of 4 points not played yet)"; title != want {
		t.Fatalf("title %q, want %q", title, want)
	}
}

// A point of a pairs sweep whose pairs were all discarded (one seat won
// both games) was played: the title says so, and does not count it among
// the points not played.
func TestSweepTitleDiscardedPairs(t *testing.T) {
	s := Sweep{Preset: "fig2", Game: "kalah", Budget: "iterations=95000", Option: "alpha", Fixed: "fet4", Paired: true, Points: []SweepPoint{
		{Label: "0.1", Engine: "im10", Games: 2, Score: 0.5, Low: 0.1, High: 0.9, Discarded: 1},
		{Label: "0.5", Engine: "im50", Discarded: 3},
		{Label: "1", Engine: "im100"},
	}}
	want := "fig2  kalah  iterations=95000: the score of each engine against fet4, by alpha (im10 to im100; 2 pairs a point, 1 of 3 points with every pair discarded (one seat won both games), 1 of 3 points not played yet)"
	if title := s.Title(); title != want {
		t.Fatalf("title %q, want %q", title, want)
	}
	s.Points[0] = SweepPoint{Label: "0.1", Engine: "im10", Discarded: 2}
	want = "fig2  kalah  iterations=95000: the score of each engine against fet4, by alpha (im10 to im100; no pair scored yet, 2 of 3 points with every pair discarded (one seat won both games), 1 of 3 points not played yet)"
	if title := s.Title(); title != want {
		t.Fatalf("title %q, want %q", title, want)
	}
}

// Every value of the range lands on a row: the chart's rows step by the
// first of 1, 2, 2.5, 5 and 10 points that keeps it within 24 steps, and
// a score and its interval's ends are drawn where they are.
func TestSweepPlotRows(t *testing.T) {
	for _, c := range []struct {
		low, high float64
		rows      int
	}{
		{0.42, 0.58, 21},   // 40-60, 1 a row
		{0.31, 0.69, 21},   // 30-70, 2 a row
		{0.05, 0.55, 25},   // 0-60, 2.5 a row
		{0.001, 0.999, 21}, // 0-100, 5 a row
	} {
		s := Sweep{Option: "alpha", Fixed: "bl", Points: []SweepPoint{
			{Label: "0", Games: 10, Score: (c.low + c.high) / 2, Low: c.low, High: c.high, Paper: -1},
			{Label: "1", Games: 10, Score: c.high, Low: c.low, High: c.high, Paper: -1},
			{Label: "2", Games: 10, Score: c.low, Low: c.low, High: c.high, Paper: -1},
		}}
		lines := s.Plot()
		grid := lines[:len(lines)-2]
		if len(grid) != c.rows {
			t.Errorf("%v-%v: %d rows, want %d", c.low, c.high, len(grid), c.rows)
		}
		col := func(i int) []byte {
			var out []byte
			for _, l := range grid {
				at := strings.IndexByte(l, '|') + 1 + i*5 + 2
				if at < len(l) {
					out = append(out, l[at])
				} else {
					out = append(out, ' ')
				}
			}
			return out
		}
		top, bottom := strings.TrimSpace(string(col(1))), strings.TrimSpace(string(col(2)))
		if !strings.HasPrefix(top, "o") || !strings.HasSuffix(bottom, "o") || len(top) != len(bottom) {
			t.Errorf("%v-%v: the interval's ends %q and %q", c.low, c.high, top, bottom)
		}
	}
}

// A sweep of matches played in seat-swapped pairs (the implicit-minimax
// paper's Kalah protocol, its Figure 2) counts pairs and plots pair
// scores, as the paper's figures are.
func TestFindSweepsPairs(t *testing.T) {
	specs := map[string]string{"fet4": "mcts:leaf=cutoff(plies=4),heuristic=kalah-stores", "im10": "mcts:leaf=cutoff(plies=4),heuristic=kalah-stores,alpha=0.1",
		"im20": "mcts:leaf=cutoff(plies=4),heuristic=kalah-stores,alpha=0.2", "im30": "mcts:leaf=cutoff(plies=4),heuristic=kalah-stores,alpha=0.3"}
	sums := sweepSums("fig2", 0, "fet4", []string{"im10", "im20", "im30"}, []float64{0.5, 0.5, 0.5}, []float64{57.23, 62.66, 67.63})
	for i := range sums {
		m := &sums[i]
		m.Paired, m.Pairs, m.PairScore, m.PairLow, m.PairHigh = true, 40, 0.6+0.05*float64(i), 0.5, 0.7+0.05*float64(i)
	}
	sw := FindSweeps(sums, specTable(specs))
	if len(sw) != 1 || !sw[0].Paired || !strings.Contains(sw[0].Title(), "; 40 pairs a point)") {
		t.Fatalf("sweeps %+v", sw)
	}
	for i, p := range sw[0].Points {
		if p.Games != 40 || p.Score != sums[i].PairScore || p.Low != 0.5 || p.High != sums[i].PairHigh {
			t.Errorf("point %d: %+v, want the pairs' figures", i, p)
		}
	}
}

// A chart for a short screen takes larger steps: 0-100 in 11 rows of 10
// points, the axis and its labels kept.
func TestSweepPlotIn(t *testing.T) {
	s := Sweep{Option: "alpha", Fixed: "bl", Points: []SweepPoint{
		{Label: "0", Games: 10, Score: 0.5, Low: 0.01, High: 0.99, Paper: -1},
		{Label: "1", Games: 10, Score: 0.5, Low: 0.2, High: 0.8, Paper: -1},
		{Label: "2", Games: 10, Score: 0.5, Low: 0.3, High: 0.7, Paper: -1},
	}}
	lines := s.PlotIn(12, 0)
	if len(lines) != 13 || !strings.HasPrefix(lines[0], "100 |") || !strings.HasPrefix(lines[10], "  0 |") || !strings.Contains(lines[12], "0    1    2") {
		t.Fatalf("chart in 12 rows:\n%s", strings.Join(lines, "\n"))
	}
}

// Figure 1's fifteen alphas fit an 80-column screen: their labels a space
// apart, each still under its point.
func TestSweepPlotInWidth(t *testing.T) {
	var s Sweep
	for _, a := range []string{"0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3", "0.35", "0.4", "0.45", "0.5", "0.55", "0.6", "0.75", "1"} {
		s.Points = append(s.Points, SweepPoint{Label: a, Games: 100, Score: 0.6, Low: 0.5, High: 0.7, Paper: 60})
	}
	wide, narrow := s.PlotIn(25, 0), s.PlotIn(25, 80)
	width := func(lines []string) int {
		w := 0
		for _, l := range lines {
			w = max(w, len(l))
		}
		return w
	}
	if width(wide) <= 80 || width(narrow) > 80 {
		t.Fatalf("widths %d unbounded and %d in 80 columns", width(wide), width(narrow))
	}
	labels := narrow[len(narrow)-1]
	if !strings.Contains(labels, "0.05 0.1  0.15 0.2") {
		t.Fatalf("labels %q", labels)
	}
	// The score of the last point sits over its label's first character.
	scoreRow := narrow[slices.IndexFunc(narrow, func(l string) bool { return strings.HasPrefix(l, "60 |") })]
	if last := strings.LastIndexByte(scoreRow, 'o'); last != strings.LastIndexByte(labels, '1') {
		t.Fatalf("the last point's score at column %d, its label at %d:\n%s", last, strings.LastIndexByte(labels, '1'), strings.Join(narrow, "\n"))
	}
}

// A preset of several series gives a sweep for each: one per engine on the
// fixed side (the LOA sweep's three players), and one per set of engines
// alike in all but the swept option against one engine (the N-gram decay's
// N-gram1 and N-gram2 against the baseline); a pair of points is no sweep.
func TestFindSweepsSeries(t *testing.T) {
	specs := map[string]string{"base": "mcts:c=0.4,rave=50", "simple": "mcts:c=0.5", "pb": "mcts:c=0.5,bias=1"}
	var sums []MatchSummary
	for _, n := range []int{1, 2} {
		var names []string
		for _, g := range []string{"0", "0.5", "0.9"} {
			name := fmt.Sprintf("ng%d-%s", n, g)
			specs[name] = fmt.Sprintf("mcts:c=0.4,rave=50,playout=ngram(n=%d,gamma=%s)", n, g)
			names = append(names, name)
		}
		sums = append(sums, sweepSums("decay", 0, "base", names, []float64{0.6, 0.6, 0.6}, []float64{-1, -1, -1})...)
	}
	for _, fixed := range []string{"simple", "pb"} {
		var names []string
		for _, a := range []string{"0.1", "0.2", "0.3"} {
			name := fixed + "-im" + a
			specs[name] = specs[fixed] + ",alpha=" + a
			names = append(names, name)
		}
		sums = append(sums, sweepSums("loa", 0, fixed, names, []float64{0.5, 0.5, 0.5}, []float64{-1, -1, -1})...)
	}
	// Two points of a third series: no sweep.
	specs["ng3-0"], specs["ng3-1"] = "mcts:c=0.4,rave=50,playout=ngram(n=3,gamma=0)", "mcts:c=0.4,rave=50,playout=ngram(n=3,gamma=1)"
	sums = append(sums, sweepSums("decay", 0, "base", []string{"ng3-0", "ng3-1"}, []float64{0.5, 0.5}, []float64{-1, -1})...)
	var have []string
	for _, s := range FindSweeps(sums, specTable(specs)) {
		var engines []string
		for _, p := range s.Points {
			engines = append(engines, p.Engine)
		}
		have = append(have, fmt.Sprintf("%s %s vs %s: %s", s.Preset, s.Option, s.Fixed, strings.Join(engines, " ")))
	}
	want := []string{
		"decay playout.gamma vs base: ng1-0 ng1-0.5 ng1-0.9",
		"decay playout.gamma vs base: ng2-0 ng2-0.5 ng2-0.9",
		"loa alpha vs simple: simple-im0.1 simple-im0.2 simple-im0.3",
		"loa alpha vs pb: pb-im0.1 pb-im0.2 pb-im0.3",
	}
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("sweeps\n%s\nwant\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
	}
}
