package tournament

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// Record is one line of a results file: a finished game.
type Record struct {
	// Kind is empty for a game, AnalysisKind for a search of an analysis
	// preset (Moves then holds the chosen move and the states visited).
	Kind   string `json:"kind,omitempty"`
	Preset string `json:"preset"`
	Match  string `json:"match"`
	Index  int    `json:"index"`
	Game   string `json:"game"`
	Budget string `json:"budget"`
	// Names are the pair's engine names, Specs their specs; Names[0] is
	// the engine whose win rate the preset reports.
	Names [2]string `json:"names"`
	Specs [2]string `json:"specs"`
	// FirstSeat is the index in Names of the engine that moved first.
	FirstSeat int           `json:"first_seat"`
	Seed      uint64        `json:"seed"`
	Result    string        `json:"result"` // 1-0, 0-1, 1/2-1/2 from the first mover's view
	Winner    int           `json:"winner"` // index in Names of the winner, -1 for a draw
	Score     int           `json:"score"`
	Plies     int           `json:"plies"`
	Seconds   float64       `json:"seconds"`
	Moves     []MoveSummary `json:"moves"`
	Error     string        `json:"error,omitempty"`
	// Scaled says the run used fewer games than the preset or scaled its
	// budgets, so the report can say so.
	Scaled bool `json:"scaled,omitempty"`
	// BudgetScale is the factor the run applied to the preset's budgets (0
	// for none).
	BudgetScale float64 `json:"budget_scale,omitempty"`
}

// ReadProblem is a damaged line found in a results file.
type ReadProblem struct {
	Line int
	Msg  string
}

// ReadResults reads every record of a results file. A damaged line in the
// middle is an error naming it. A damaged last line, the trace of a crash
// during a write, is returned as a problem with the byte offset where the
// good part ends, so that a run can report it and cut it off.
func ReadResults(path string) (recs []Record, goodEnd int64, tail *ReadProblem, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil, nil
	}
	if err != nil {
		return nil, 0, nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	line := 0
	var offset int64
	for {
		b, rerr := r.ReadBytes('\n')
		if len(b) == 0 && rerr == io.EOF {
			return recs, offset, nil, nil
		}
		if rerr != nil && rerr != io.EOF {
			return nil, 0, nil, rerr
		}
		line++
		var rec Record
		complete := rerr == nil
		perr := json.Unmarshal(bytes.TrimSpace(b), &rec)
		if perr == nil && rec.Match == "" {
			perr = errors.New("no match key")
		}
		if perr != nil || !complete {
			// Only the last line may be damaged: a crash cut its write.
			if _, peek := r.Peek(1); peek == io.EOF {
				msg := "incomplete line (no newline): the write was cut off"
				if perr != nil {
					msg = fmt.Sprintf("unreadable last line (%v): the write was cut off", perr)
				}
				return recs, offset, &ReadProblem{line, msg}, nil
			}
			return nil, 0, nil, fmt.Errorf("%s:%d: damaged record in the middle of the file: %v", path, line, perr)
		}
		recs = append(recs, rec)
		offset += int64(len(b))
	}
}

// Writer appends records to a results file, one JSON line each, written at
// once so that a killed run loses only the games in progress.
type Writer struct {
	mu sync.Mutex
	f  *os.File
}

// OpenWriter opens a results file for appending, first cutting it back to
// goodEnd bytes (the end of its last complete record). Cut bytes are saved
// beside it in PATH.damaged so that nothing is silently dropped.
func OpenWriter(path string, goodEnd int64) (*Writer, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > goodEnd {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(path+".damaged", data[goodEnd:], 0o644); err != nil {
			return nil, err
		}
		if err := os.Truncate(path, goodEnd); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &Writer{f: f}, nil
}

// Write appends one record.
func (w *Writer) Write(rec Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err = w.f.Write(append(b, '\n'))
	return err
}

// Close closes the file.
func (w *Writer) Close() error { return w.f.Close() }
