package tournament

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"

	"mcarena/config"
)

// MaxRecordBytes bounds one line of a results file. A game's record holds a
// few dozen bytes per move, so the longest game of any registered game fits
// many times over; a longer line is damage, refused before it is read whole.
const MaxRecordBytes = 1 << 20

// ParseRecord reads one line of a results file and checks every field: a
// line that decodes but holds a value no run writes (a winner of 5, a seat
// of 2, a move count that disagrees with the moves) is refused with the
// field named, so that a damaged file is never counted.
func ParseRecord(line []byte) (Record, error) {
	var rec Record
	if len(line) > MaxRecordBytes {
		return rec, fmt.Errorf("line of %d bytes, longer than any record (%d)", len(line), MaxRecordBytes)
	}
	// names and specs are read as lists, so that a third entry, which an
	// array of two would drop without a word, is seen.
	wire := struct {
		*Record
		Names []string `json:"names"`
		Specs []string `json:"specs"`
	}{Record: &rec}
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&wire); err != nil {
		return Record{}, decodeError(err)
	}
	// Only spaces may follow the record's value (More would miss a '}' or
	// ']', which begin no value).
	rest := bytes.TrimSpace(line[dec.InputOffset():])
	if len(rest) > 0 {
		return Record{}, fmt.Errorf("more than one value on the line: %q follows the record", rest[:min(len(rest), 20)])
	}
	value := line[:dec.InputOffset()]
	if err := checkKeys(value); err != nil {
		return Record{}, err
	}
	for _, f := range []struct {
		name string
		list []string
		to   *[2]string
	}{{"names", wire.Names, &rec.Names}, {"specs", wire.Specs, &rec.Specs}} {
		if len(f.list) > 2 {
			return Record{}, fmt.Errorf("field %s: %d entries, a record has two", f.name, len(f.list))
		}
		copy(f.to[:], f.list)
	}
	if err := rec.Check(); err != nil {
		return Record{}, err
	}
	return rec, nil
}

// decodeError words a JSON decoding error of a record's line for its
// reader: a value of the wrong kind names the field and the kind a record
// holds there, not the Go types decoding it.
func decodeError(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	if te.Field == "" {
		return fmt.Errorf("not a record: the line holds a JSON %s, where a record is an object {\"preset\": ...}", te.Value)
	}
	field := strings.TrimPrefix(te.Field, "Record.") // the embedded struct of ParseRecord's wire form
	return fmt.Errorf("field %s: a JSON %s, where a record holds %s", field, te.Value, kindWords(te.Type))
}

// kindWords names the JSON values a Go type is read from.
func kindWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	default:
		return "an object"
	}
}

// Check reports the first field of r that no run writes, naming it and what
// is valid.
func (r *Record) Check() error {
	bad := func(field string, format string, args ...any) error {
		return fmt.Errorf("field %s: %s", field, fmt.Sprintf(format, args...))
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) && x >= 0 }
	switch {
	case r.Kind != GameKind && r.Kind != AnalysisKind && r.Kind != SimulationsKind:
		return bad("kind", "%q is not empty (a game), %q or %q", r.Kind, AnalysisKind, SimulationsKind)
	case r.Preset == "":
		return bad("preset", "missing: every record names its preset")
	case r.Match == "":
		return bad("match", "missing: every record names its match")
	case r.Game == "":
		return bad("game", "missing: every record names its game")
	case r.Names[0] == "":
		return bad("names", "the first engine's name is missing")
	case r.Kind == GameKind && r.Names[1] == "":
		return bad("names", "%q: a game names both engines", r.Names)
	case !r.keyAgrees():
		return bad("match", "%q, but its game, engines and budget make it %q", r.Match, r.key())
	case r.Index < 0 || r.Index >= config.MaxCount:
		return bad("index", "%d is not in 0..%d", r.Index, config.MaxCount-1)
	case r.FirstSeat != 0 && r.FirstSeat != 1:
		return bad("first_seat", "%d is not 0 or 1", r.FirstSeat)
	case r.Winner < -1 || r.Winner > 1:
		return bad("winner", "%d is not -1 (a draw), 0 or 1", r.Winner)
	case r.Plies < 0 || r.Plies > MaxRecordBytes:
		return bad("plies", "%d is not in 0..%d", r.Plies, MaxRecordBytes)
	case !finite(r.Seconds):
		return bad("seconds", "%g is not a time of 0 or more", r.Seconds)
	case !finite(r.BudgetScale) || r.BudgetScale > 1000:
		return bad("budget_scale", "%g is not 0 (none) or a factor up to 1000", r.BudgetScale)
	case r.Protocol != "" && r.Protocol != string(config.SeatPairs):
		return bad("protocol", "%q is not empty (games scored one by one) or %q", r.Protocol, config.SeatPairs)
	case r.Protocol != "" && r.FirstSeat != r.Index%2:
		return bad("first_seat", "%d in game %d of a seat-swapped pair: Names[0] moves first in a pair's first game (even index), Names[1] in its second", r.FirstSeat, r.Index)
	}
	for i, m := range r.Moves {
		switch {
		case m.Move == "":
			return bad(fmt.Sprintf("moves[%d].move", i), "missing")
		case m.States < 0 || m.Iterations < 0:
			return bad(fmt.Sprintf("moves[%d]", i), "negative states (%d) or iterations (%d)", m.States, m.Iterations)
		case !finite(m.Millis):
			return bad(fmt.Sprintf("moves[%d].ms", i), "%g is not a time of 0 or more", m.Millis)
		case !finite(m.ClockMillis):
			return bad(fmt.Sprintf("moves[%d].clock_ms", i), "%g is not a time of 0 or more", m.ClockMillis)
		}
	}
	if r.Kind == SimulationsKind {
		return r.checkSimulations()
	}
	if r.Playouts != 0 || r.Outcomes != nil {
		return bad("playouts", "%d playouts, outcomes %v: only a batch of a simulations preset has them", r.Playouts, r.Outcomes)
	}
	if r.Ends != nil {
		return bad("ends", "%v: only a batch of a simulations preset has them", r.Ends)
	}
	if r.Kind == AnalysisKind {
		if len(r.Moves) > 1 {
			return bad("moves", "%d moves, an analysis run records one", len(r.Moves))
		}
		return nil
	}
	if r.Plies != len(r.Moves) {
		return bad("plies", "%d, but %d moves are listed", r.Plies, len(r.Moves))
	}
	want := -1 // the winner the result gives
	switch r.Result {
	case "1-0":
		want = r.FirstSeat
	case "0-1":
		want = 1 - r.FirstSeat
	case "1/2-1/2":
	default:
		return bad("result", "%q is not 1-0, 0-1 or 1/2-1/2", r.Result)
	}
	switch {
	case r.Reason != "" && r.Reason != TimeForfeit && r.Reason != TimeForfeitDraw && r.Reason != Resignation:
		return bad("reason", "%q is not empty (the game's rules ended it), %q, %q or %q", r.Reason, TimeForfeit, TimeForfeitDraw, Resignation)
	case (r.Reason == TimeForfeit || r.Reason == Resignation) && want == -1:
		return bad("reason", "%q, but the result %s is a draw", r.Reason, r.Result)
	case r.Reason == TimeForfeitDraw && want != -1:
		return bad("reason", "%q, but the result %s is not a draw", r.Reason, r.Result)
	}
	if r.Error == "" && r.Winner != want {
		return bad("winner", "%d, but the result %s with first_seat %d makes it %d", r.Winner, r.Result, r.FirstSeat, want)
	}
	return nil
}

// keyAgrees reports whether r's match key is the one its other fields
// give (key), or for an analysis run under an empty budget text, the form
// AnalysisKey writes when the preset lists that budget ("analysis|u|").
func (r *Record) keyAgrees() bool {
	return r.Match == r.key() || r.Kind == AnalysisKind && r.Budget == "" && r.Match == "analysis|"+r.Names[0]+"|"
}

// key is the match key r's other fields give: the game, the two engines
// and the budget for a game; the engine and budget of an analysis run; a
// batch of playouts keeps its own (the position's row), which key returns.
func (r *Record) key() string {
	switch r.Kind {
	case AnalysisKind:
		if r.Budget == "" {
			return "analysis|" + r.Names[0]
		}
		return "analysis|" + r.Names[0] + "|" + r.Budget
	case SimulationsKind:
		if strings.HasPrefix(r.Match, "simulations|") {
			return r.Match
		}
		return "simulations|ROW"
	}
	return fmt.Sprintf("%s|%s|%s|%s", r.Game, r.Names[0], r.Names[1], r.Budget)
}

// checkSimulations checks the fields of a batch of a simulations preset:
// its playouts, and its outcomes adding up to them.
func (r *Record) checkSimulations() error {
	switch {
	case r.Playouts < 1 || r.Playouts > SimulationBatch:
		return fmt.Errorf("field playouts: %d is not in 1..%d (a batch)", r.Playouts, SimulationBatch)
	case len(r.Outcomes) != 3 || r.Outcomes[0] < 0 || r.Outcomes[1] < 0 || r.Outcomes[2] < 0:
		return fmt.Errorf("field outcomes: %v is not three counts of 0 or more (first player's wins, draws, second player's wins)", r.Outcomes)
	case r.Outcomes[0]+r.Outcomes[1]+r.Outcomes[2] != r.Playouts:
		return fmt.Errorf("field outcomes: %v add up to %d, not the batch's %d playouts", r.Outcomes, r.Outcomes[0]+r.Outcomes[1]+r.Outcomes[2], r.Playouts)
	case len(r.Moves) != 0:
		return fmt.Errorf("field moves: %d moves in a batch of playouts, which records none", len(r.Moves))
	}
	if r.Ends != nil {
		n := 0
		for reason, k := range r.Ends {
			if k < 1 || reason == "" {
				return fmt.Errorf("field ends: %q: %d is not a named reason with a count of 1 or more", reason, k)
			}
			n += k
		}
		if n != r.Playouts {
			return fmt.Errorf("field ends: the reasons count %d playouts, not the batch's %d", n, r.Playouts)
		}
	}
	return nil
}
