package tournament

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// The marks of a sweep's chart.
const (
	markScore    = 'o'
	markInterval = '|'
	markPaper    = 'x'
	markEven     = '.'
	markOutside  = '!'
)

// maxPlotRows bounds a chart's height, in steps between rows: the step is
// the first of plotSteps that keeps the range within it.
const maxPlotRows = 24

var plotSteps = []float64{1, 2, 2.5, 5, 10}

// Title says what a sweep's chart shows: the preset, game and budget,
// whose score against whom by which option, the swept engines (first and
// last), and the games (or pairs) a point, among the points played.
func (s Sweep) Title() string {
	who := fmt.Sprintf("the score of each engine against %s", s.Fixed)
	if s.Swept == 1 {
		who = fmt.Sprintf("the score of %s against each engine", s.Fixed)
	}
	unit := "games"
	if s.Paired {
		unit = "pairs"
	}
	lo, hi, unplayed, discarded := -1, -1, 0, 0
	for _, p := range s.Points {
		if p.Games == 0 {
			if p.Discarded > 0 {
				discarded++
			} else {
				unplayed++
			}
			continue
		}
		if lo < 0 {
			lo, hi = p.Games, p.Games
		}
		lo, hi = min(lo, p.Games), max(hi, p.Games)
	}
	var games string
	switch {
	case lo < 0 && discarded > 0:
		games = "no pair scored yet"
	case lo < 0:
		games = "no " + unit + " yet"
	case hi != lo:
		games = fmt.Sprintf("%d-%d %s a point", lo, hi, unit)
	default:
		games = fmt.Sprintf("%d %s a point", lo, unit)
	}
	if discarded > 0 {
		games += fmt.Sprintf(", %d of %d points with every pair discarded (one seat won both games)", discarded, len(s.Points))
	}
	if (lo >= 0 || discarded > 0) && unplayed > 0 {
		games += fmt.Sprintf(", %d of %d points not played yet", unplayed, len(s.Points))
	}
	budget := s.Budget
	if budget == "" {
		budget = "-"
	}
	engines := s.Points[0].Engine + " to " + s.Points[len(s.Points)-1].Engine
	return fmt.Sprintf("%s  %s  %s: %s, by %s (%s; %s)", s.Preset, s.Game, budget, who, s.Option, engines, games)
}

// Legend explains a chart's marks.
const Legend = "o our score in percent, | its 95% interval, x the paper's figure, . 50%; ! under a point: the paper's figure lies outside our interval"

// Plot draws the sweep as lines of text: the score in percent of each
// point ('o') with its 95% interval ('|') and the paper's figure ('x')
// beside it, the points evenly spaced in increasing value of the option,
// whose values label the axis; '!' under a point marks a paper figure
// outside our interval, and a row of dots marks 50%. A point without games
// shows the paper's figure alone.
func (s Sweep) Plot() []string { return s.PlotIn(maxPlotRows+1, 0) }

// PlotIn is Plot for a screen: at most rows rows above the axis where the
// step between rows allows (10 points a row at most: a range of 0-100
// needs 11), and, where width is above 0, points one column closer
// together when the chart would be wider than width (a label and a
// space apart; the chart is not cut).
func (s Sweep) PlotIn(rows, width int) []string {
	vmin, vmax := math.Inf(1), math.Inf(-1)
	see := func(v float64) { vmin, vmax = min(vmin, v), max(vmax, v) }
	for _, p := range s.Points {
		if p.Games > 0 {
			see(100 * p.Low)
			see(100 * p.High)
		}
		if p.Paper >= 0 {
			see(p.Paper)
		}
	}
	if math.IsInf(vmin, 1) {
		vmin, vmax = 0, 100
	}
	lo, hi := math.Floor(vmin/10)*10, math.Ceil(vmax/10)*10
	for hi-lo < 20 {
		if lo > 0 {
			lo -= 10
		} else {
			hi += 10
		}
	}
	step := plotSteps[len(plotSteps)-1]
	for _, st := range plotSteps {
		if (hi-lo)/st <= float64(rows-1) {
			step = st
			break
		}
	}
	rows = int(math.Round((hi-lo)/step)) + 1
	row := func(v float64) int { return int(math.Round((hi - v) / step)) }

	label := 3
	for _, p := range s.Points {
		label = max(label, len(p.Label))
	}
	yw := len(yLabel(hi))
	cw := label + 2
	if width > 0 && yw+2+cw*len(s.Points) > width {
		cw = label + 1
	}
	cols := cw * len(s.Points)
	grid := make([][]rune, rows)
	for r := range grid {
		grid[r] = []rune(strings.Repeat(" ", cols))
	}
	if even := (hi - 50) / step; lo <= 50 && 50 <= hi && even == math.Trunc(even) {
		for c := range grid[int(even)] {
			grid[int(even)][c] = markEven
		}
	}
	at := func(i int) int { return i*cw + (cw-1)/2 }
	for i, p := range s.Points {
		c := at(i)
		if p.Games > 0 {
			for r := row(100 * p.High); r <= row(100*p.Low); r++ {
				grid[r][c] = markInterval
			}
			grid[row(100*p.Score)][c] = markScore
		}
		if p.Paper >= 0 {
			grid[row(p.Paper)][c+1] = markPaper
		}
	}

	var out []string
	for r := range rows {
		v := hi - float64(r)*step
		label := ""
		if math.Mod(v, 10) == 0 || step > 5 {
			label = yLabel(v)
		}
		out = append(out, strings.TrimRight(fmt.Sprintf("%*s |%s", yw, label, string(grid[r])), " "))
	}
	pad := strings.Repeat(" ", yw+2)
	out = append(out, strings.Repeat(" ", yw+1)+"+"+strings.Repeat("-", cols))
	labels := []rune(strings.Repeat(" ", cols+label))
	outside := []rune(strings.Repeat(" ", cols))
	anyOutside := false
	for i, p := range s.Points {
		start := max(at(i)-(len(p.Label)-1)/2, 0)
		copy(labels[start:], []rune(p.Label))
		if p.Games > 0 && p.Outside {
			outside[at(i)] = markOutside
			anyOutside = true
		}
	}
	out = append(out, strings.TrimRight(pad+string(labels), " "))
	if anyOutside {
		out = append(out, strings.TrimRight(pad+string(outside), " "))
	}
	return out
}

// yLabel writes a value of the chart's axis.
func yLabel(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// WriteSweeps prints each sweep's title and chart, then the legend once;
// in Markdown each chart is a fenced block. CSV has no charts.
func WriteSweeps(w io.Writer, sweeps []Sweep, f Format) error {
	if f == CSV || len(sweeps) == 0 {
		return nil
	}
	for _, s := range sweeps {
		fmt.Fprintf(w, "\n%s\n", s.Title())
		if f == Markdown {
			fmt.Fprintln(w, "\n```text")
		}
		for _, line := range s.Plot() {
			fmt.Fprintln(w, line)
		}
		if f == Markdown {
			fmt.Fprintln(w, "```")
		}
	}
	_, err := fmt.Fprintf(w, "\n%s\n", Legend)
	return err
}
