package engines

import (
	"math"
	"strconv"
	"time"

	"mcarena/games"
)

// View says whose point of view a number is from.
type View uint8

// The views of a column's numbers.
const (
	// NoView: not a value of the game (a count, a length).
	NoView View = iota
	// MoverView: the player to move at the root.
	MoverView
	// FirstView: the first player.
	FirstView
)

// String names the view as the statistics show it.
func (v View) String() string {
	switch v {
	case MoverView:
		return "player to move"
	case FirstView:
		return "first player"
	}
	return ""
}

// Kind says how a column's numbers read.
type Kind uint8

// The kinds of columns.
const (
	// Count is a whole number: visits, states, plies.
	Count Kind = iota
	// Value is a value in [-1, 1]: a loss is -1, a win 1.
	Value
	// Score is any real number, such as an alpha-beta score.
	Score
	// Label is an index into the column's Labels.
	Label
	// Measure is a real quantity read at a glance, such as memory in MiB:
	// two decimals below 10, one below 100, none from 100 on.
	Measure
)

// Column is one per-move statistic that an engine declares.
type Column struct {
	// Key names the column in JSON output and lookups.
	Key string
	// Title is its short header.
	Title string
	Kind  Kind
	// View is whose view its numbers are from.
	View View
	// Labels are the names of a Label column's numbers 0, 1, ...
	Labels []string
	// Unit, for a Score column that scales a heuristic's value in [-1, 1],
	// is the score of the value 1 (alpha-beta's EvalScale), so that a
	// front end can read the value back (UCI's centipawns); 0 when the
	// score is not such a scale.
	Unit float64
	// Mate, for a Score column whose forced results are scored as
	// alpha-beta scores them (Mate minus the plies to a win, its negative
	// for a loss), is that Mate; Format writes a score beyond half of it
	// as "win N" or "loss N", N plies. 0 when the column has none.
	Mate float64
	// Doc says what the column holds, for help screens.
	Doc string
}

// Figure is a search-wide number that an engine declares (NMCS's pruning
// counts, alpha-beta's completed depth).
type Figure struct {
	Key   string
	Title string
	Kind  Kind
	View  View
	Value float64
}

// MoveStats is what a search knows about one move of the root position.
type MoveStats struct {
	Move games.Move
	// Proven is a proven value for the player to move, if the engine
	// proves values.
	Proven Proof
	// Cells holds one number per column of the snapshot's Columns, NaN
	// where the move has none (an NMCS successor never evaluated).
	Cells []float64
}

// Stats is a snapshot of a search. Besides the counters every engine
// keeps, it carries the per-move columns and search-wide figures the engine
// declares, so that screens, JSON and reports render any engine without
// knowing its family.
type Stats struct {
	Iterations int64
	States     int64
	Elapsed    time.Duration
	// PV is the principal variation from the root, as far as known.
	PV []games.Move
	// Columns are the engine's per-move statistics; the slice is the
	// engine's and must not be changed.
	Columns []Column
	// Moves has one entry per legal root move, in the engine's order.
	Moves []MoveStats
	// Rank is the index in Columns of the column that ranks moves (the
	// higher the better), or -1 where the engine's order is the one to
	// show (NMCS's order of evaluation).
	Rank int
	// Figures are the engine's search-wide numbers.
	Figures []Figure
	// Done is set on the final snapshot.
	Done bool
}

// Column returns the index of the column named key, or -1.
func (s Stats) Column(key string) int {
	for i, c := range s.Columns {
		if c.Key == key {
			return i
		}
	}
	return -1
}

// Cell returns move i's number in the column named key, NaN if there is
// no such column or the move has none.
func (s Stats) Cell(i int, key string) float64 {
	c := s.Column(key)
	if c < 0 || c >= len(s.Moves[i].Cells) {
		return math.NaN()
	}
	return s.Moves[i].Cells[c]
}

// Figure returns the search-wide figure named key, NaN if there is none.
func (s Stats) Figure(key string) float64 {
	for _, f := range s.Figures {
		if f.Key == key {
			return f.Value
		}
	}
	return math.NaN()
}

// StatesPerSecond returns the search speed.
func (s Stats) StatesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.States) / s.Elapsed.Seconds()
}

// Format writes a number of the column as the statistics show it: whole
// numbers for counts, a sign and three decimals for values, a label's
// name, a measure to as many decimals as its size leaves room for, a
// forced result of a score column with a Mate as "win N" or "loss N", and
// nothing for NaN (no number).
func (c Column) Format(v float64) string {
	if c.Kind == Score && c.Mate > 0 && math.Abs(v) > c.Mate/2 {
		if v > 0 {
			return "win " + strconv.FormatFloat(c.Mate-v, 'f', 0, 64)
		}
		return "loss " + strconv.FormatFloat(c.Mate+v, 'f', 0, 64)
	}
	return formatNumber(c.Kind, c.Labels, v)
}

// Format writes the figure's value as Column.Format does.
func (f Figure) Format() string { return formatNumber(f.Kind, nil, f.Value) }

func formatNumber(k Kind, labels []string, v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	if v == 0 {
		v = 0 // a negative zero (a negated 0) reads as 0, not -0 or +-0
	}
	switch k {
	case Count:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case Value:
		if v >= 0 {
			return "+" + strconv.FormatFloat(v, 'f', 3, 64)
		}
		return strconv.FormatFloat(v, 'f', 3, 64)
	case Label:
		if i := int(v); i >= 0 && i < len(labels) && float64(i) == v {
			return labels[i]
		}
	case Measure:
		// Compare the figure as it would print, so that 9.996 reads 10.0.
		switch a := math.Abs(v); {
		case math.Round(a*100) < 1000:
			return strconv.FormatFloat(v, 'f', 2, 64)
		case math.Round(a*10) < 1000:
			return strconv.FormatFloat(v, 'f', 1, 64)
		}
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}
