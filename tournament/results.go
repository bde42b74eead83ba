package tournament

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"mcarena/internal/durable"
)

// Record is one line of a results file: a finished game.
type Record struct {
	// Kind is empty for a game, AnalysisKind for a search of an analysis
	// preset (Moves then holds the chosen move and the states visited),
	// SimulationsKind for a batch of playouts of a simulations preset.
	Kind   RecordKind `json:"kind,omitempty"`
	Preset string     `json:"preset"`
	Match  string     `json:"match"`
	Index  int        `json:"index"`
	Game   string     `json:"game"`
	Budget string     `json:"budget"`
	// Names are the pair's engine names, Specs their specs; Names[0] is
	// the engine whose win rate the preset reports.
	Names [2]string `json:"names"`
	Specs [2]string `json:"specs"`
	// FirstSeat is the index in Names of the engine that moved first.
	FirstSeat int    `json:"first_seat"`
	Seed      uint64 `json:"seed"`
	// Start is the position the game started from, in the game's text,
	// where the game has a random start (games.Start); empty where it
	// started from the game's own start position.
	Start string `json:"start,omitempty"`
	// Protocol is "pairs" for a game of a seat-swapped pair
	// (config.SeatPairs: games 2k and 2k+1 of a match form pair k), empty
	// for a game scored on its own.
	Protocol string        `json:"protocol,omitempty"`
	Result   string        `json:"result"` // 1-0, 0-1, 1/2-1/2 from the first mover's view
	Winner   int           `json:"winner"` // index in Names of the winner, -1 for a draw
	Score    int           `json:"score"`
	Plies    int           `json:"plies"`
	Seconds  float64       `json:"seconds"`
	Moves    []MoveSummary `json:"moves"`
	Error    string        `json:"error,omitempty"`
	// Reason is TimeForfeit or TimeForfeitDraw for a game under a clock
	// that a flag fall ended, Resignation for a game an engine resigned,
	// empty for a game that ended by its rules.
	Reason string `json:"reason,omitempty"`
	// Playouts is the number of playouts of a batch of a simulations
	// preset (SimulationsKind), and Outcomes how many of them the first
	// player won, were drawn and the second player won; Names[0] is then
	// the playout policy and Start the position simulated. Both are empty
	// in the other kinds of records.
	Playouts int   `json:"playouts,omitempty"`
	Outcomes []int `json:"outcomes,omitempty"`
	// Ends counts a batch's playouts by why they ended, in the game's
	// words (games.EndReason: "checkmate", "fifty-move rule"...); batches
	// recorded before it was kept have none.
	Ends map[string]int `json:"ends,omitempty"`
	// Scaled says the run used fewer games than the preset or scaled its
	// budgets, so the report can say so.
	Scaled bool `json:"scaled,omitempty"`
	// BudgetScale is the factor the run applied to the preset's budgets (0
	// for none).
	BudgetScale float64 `json:"budget_scale,omitempty"`
	// Line is the record's line in the file it was read from (0 for a
	// record not read from a file).
	Line int `json:"-"`
}

// ReadProblem is a damaged line found in a results file.
type ReadProblem struct {
	Line int
	Msg  string
	// Empty says the line holds no byte of a record (only zero bytes and
	// spaces): whether a record was being written there cannot be told.
	Empty bool
}

// DamagedError is a damaged line of a results file that is not the trace
// of a crash during a write: damage that a run cannot repair on its own,
// or a file that is not a results file at all.
type DamagedError struct {
	Path string
	Line int
	Err  error
	// Last says the line is the file's last: a line that no cut-off write
	// of a record leaves, so the file may be no results file. (A damaged
	// first line says the same, and its message says so; Last is not set
	// for it.)
	Last bool
}

func (e *DamagedError) Error() string {
	if e.Last {
		return fmt.Sprintf("%s:%d: damaged last line, not a record's write cut off by a crash: %v; the file may not be a results file, and is left as it is; if it is one, 'mcarena repair %s' keeps the good lines and sets the others aside", e.Path, e.Line, e.Err, e.Path)
	}
	if e.Line == 1 {
		return fmt.Sprintf("%s:1: the first line is no record: %v; the file may not be a results file, and is left as it is; if it is one, 'mcarena repair %s' keeps the good lines and sets the others aside", e.Path, e.Err, e.Path)
	}
	return fmt.Sprintf("%s:%d: damaged record in the middle of the file: %v; 'mcarena repair %s' keeps the good lines and sets the others aside", e.Path, e.Line, e.Err, e.Path)
}

func (e *DamagedError) Unwrap() error { return e.Err }

// lineReader reads the lines of a results file with their numbers and byte
// offsets, never holding more than MaxRecordBytes of one line: a longer line
// is returned cut, with tooLong set. Its end is the first end of file it
// meets: a run may be appending to the file, and what it writes after that
// is not read, so a line cut off at the end stays the last line.
type lineReader struct {
	r      *bufio.Reader
	line   int
	offset int64 // where the next line starts
	eof    bool  // the end of file was met
}

// next returns the next line without its newline, whether it ended with a
// newline (complete), and whether it was longer than MaxRecordBytes. It
// returns io.EOF when no bytes are left.
func (lr *lineReader) next() (b []byte, complete, tooLong bool, err error) {
	if lr.eof {
		return nil, false, false, io.EOF
	}
	var buf []byte
	for {
		chunk, err := lr.r.ReadSlice('\n')
		lr.offset += int64(len(chunk))
		if !tooLong {
			if len(buf)+len(chunk) > MaxRecordBytes+1 {
				tooLong = true
				buf = buf[:0]
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			lr.eof = true
			if len(buf) == 0 && !tooLong && len(chunk) == 0 {
				return nil, false, false, io.EOF
			}
			lr.line++
			return buf, false, tooLong, nil
		case err != nil:
			return nil, false, false, err
		}
		lr.line++
		return bytes.TrimSuffix(buf, []byte("\n")), true, tooLong, nil
	}
}

// atEnd says whether the line last returned was the last: the end of file
// was met reading it, or is met now, and is then kept as the end.
func (lr *lineReader) atEnd() bool {
	if !lr.eof {
		if _, err := lr.r.Peek(1); err == io.EOF {
			lr.eof = true
		}
	}
	return lr.eof
}

// ReadResults reads every record of a results file, each checked field by
// field (ParseRecord) and numbered with its line. A damaged line before the
// last is a *DamagedError naming it. A damaged last line, the trace of a
// crash during a write, is returned as a problem with the byte offset where
// the good part ends, so that a run can report it and cut it off.
func ReadResults(path string) (recs []Record, goodEnd int64, tail *ReadProblem, err error) {
	f, _, err := openRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil, nil
	}
	if err != nil {
		return nil, 0, nil, err
	}
	defer f.Close()
	return readRecords(path, f)
}

// fileKind names the kind of a file that is not a regular one, for
// messages.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return fmt.Sprintf("of mode %v", m)
}

// readRecords reads the records of a results file from r, as ReadResults
// does; path names it in errors.
func readRecords(path string, r io.Reader) (recs []Record, goodEnd int64, tail *ReadProblem, err error) {
	lr := &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
	for {
		start := lr.offset
		b, complete, tooLong, rerr := lr.next()
		if rerr == io.EOF {
			return recs, start, nil, nil
		}
		if rerr != nil {
			return nil, 0, nil, fmt.Errorf("%s: %w", path, rerr)
		}
		var rec Record
		var perr error
		switch trimmed := bytes.TrimSpace(b); {
		case tooLong:
			perr = fmt.Errorf("line longer than any record (%d bytes)", MaxRecordBytes)
		case len(trimmed) == 0 && complete:
			perr = errors.New("empty line")
		default:
			rec, perr = ParseRecord(trimmed)
		}
		if perr != nil || !complete {
			// Only the last line may be damaged, by a crash during its
			// write: cut short (no newline), or with blocks the disk never
			// got (zero bytes). Anything else there, a line a record's
			// write cannot leave, is damage of another kind, and the file
			// may not be a results file at all: it stops the run, as a
			// damaged line before the last does.
			last := lr.atEnd()
			if last && !tooLong && cutOff(b, complete, perr) {
				msg := "incomplete line (no newline): the write was cut off"
				if perr != nil {
					msg = fmt.Sprintf("unreadable last line (%v): the write was cut off", perr)
				}
				empty := len(bytes.TrimSpace(bytes.ReplaceAll(b, []byte{0}, nil))) == 0
				if empty {
					msg = "a last line of zero bytes after the last whole record: blocks the disk never got, a write a crash cut off"
				}
				return recs, start, &ReadProblem{Line: lr.line, Msg: msg, Empty: empty}, nil
			}
			return nil, 0, nil, &DamagedError{Path: path, Line: lr.line, Err: perr, Last: last}
		}
		rec.Line = lr.line
		recs = append(recs, rec)
	}
}

// cutOff says whether a damaged last line, which perr (from ParseRecord)
// refused or which lacks its newline, is what a crash during a record's
// write leaves: a whole record without its newline; a record cut short,
// the start of one (recordStart) without a newline; or a line holding zero
// bytes where the disk never got a block, the bytes before them the start
// of a record. A complete JSON value that is no record, or a line that no
// record begins as, is not: the file may not be a results file.
func cutOff(line []byte, complete bool, perr error) bool {
	if zero := bytes.IndexByte(line, 0); zero >= 0 {
		return recordStart(line[:zero])
	}
	return !complete && (perr == nil || recordStart(line))
}

// recordOpenings are the ways a record's line begins: json.Marshal writes
// Record's fields in their order, the kind first (left out for a game),
// then the preset.
var recordOpenings = [][]byte{[]byte(`{"kind":`), []byte(`{"preset":`)}

// recordStart says whether b is the start of a record's line cut short:
// nothing but spaces, or text that opens as a record does and ends before
// its JSON does.
func recordStart(b []byte) bool {
	t := bytes.TrimSpace(b)
	if len(t) == 0 {
		return true
	}
	if !opensAsRecord(t) {
		return false
	}
	var v any
	return errors.Is(json.NewDecoder(bytes.NewReader(t)).Decode(&v), io.ErrUnexpectedEOF)
}

// opensAsRecord says whether b, the start of a line, begins as a record's
// line does, or is the start of such a beginning.
func opensAsRecord(b []byte) bool {
	for _, o := range recordOpenings {
		if bytes.HasPrefix(b, o) || bytes.HasPrefix(o, b) {
			return true
		}
	}
	return false
}

// syncInterval is the longest a written record waits for its fsync.
var syncInterval = time.Second

// resultsFile is what a Writer writes to; tests stand in a failing disk.
type resultsFile interface {
	io.Writer
	Sync() error
	Close() error
}

// openAppend opens a results file for appending.
var openAppend = func(path string) (resultsFile, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
}

// Writer appends records to a results file, one JSON line each, written at
// once so that a killed run loses only the games in progress, and synced to
// the disk in batches: at least once every second and when it is closed, so
// that a power loss loses at most the last second of games. The first
// failed write or sync makes every later Write fail.
type Writer struct {
	mu    sync.Mutex
	f     resultsFile
	dirty bool
	err   error
	stop  chan struct{}
	done  chan struct{}
}

// OpenWriter opens a results file for appending, first cutting it back to
// goodEnd bytes (the end of its last complete record). Cut bytes are kept
// beside it in a new dated PATH.damaged-... file, never over an earlier one,
// so that nothing is silently dropped; the file's name is returned.
func OpenWriter(path string, goodEnd int64) (w *Writer, damaged string, err error) {
	fi, statErr := os.Stat(path)
	// Opened first: a file that cannot be written is refused before its
	// cut-off tail is copied aside, so a refused retry leaves no copy.
	f, err := openAppend(path)
	if err != nil {
		return nil, "", err
	}
	if statErr == nil && fi.Size() > goodEnd {
		if damaged, err = keepTail(path, goodEnd); err != nil {
			f.Close()
			return nil, "", err
		}
		if err := os.Truncate(path, goodEnd); err != nil {
			f.Close()
			return nil, "", err
		}
	}
	if statErr != nil {
		// A new file: its directory entry must reach the disk too.
		if err := durable.SyncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, "", err
		}
	}
	w = &Writer{f: f, stop: make(chan struct{}), done: make(chan struct{})}
	go w.syncLoop()
	return w, damaged, nil
}

// keepTail copies the bytes of path after goodEnd to a new dated damaged
// file and returns its name.
func keepTail(path string, goodEnd int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	lines, err := countLines(f, goodEnd)
	if err != nil {
		return "", err
	}
	d, err := createDamaged(path)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(d, "# %s line %d: cut off by a crash during a write\n", filepath.Base(path), lines+1)
	if _, err := io.Copy(d, f); err != nil {
		d.Close()
		return "", err
	}
	d.WriteString("\n")
	if err := d.Sync(); err != nil {
		d.Close()
		return "", err
	}
	return d.Name(), d.Close()
}

// countLines counts the newlines in the first n bytes of f and leaves f at
// offset n.
func countLines(f *os.File, n int64) (int, error) {
	lines := 0
	buf := make([]byte, 64<<10)
	r := io.LimitReader(f, n)
	for {
		k, err := r.Read(buf)
		lines += bytes.Count(buf[:k], []byte("\n"))
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// createDamaged creates PATH.damaged-YYYYMMDD-HHMMSS, or the first free
// name with a -2, -3... suffix: an earlier repair's file is never
// overwritten.
func createDamaged(path string) (*os.File, error) {
	base := path + ".damaged-" + time.Now().Format("20060102-150405")
	name := base
	for i := 2; ; i++ {
		f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if !errors.Is(err, os.ErrExist) {
			return f, err
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

func (w *Writer) syncLoop() {
	defer close(w.done)
	t := time.NewTicker(syncInterval)
	defer t.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-t.C:
			w.Sync()
		}
	}
}

// Write appends one record. It fails, and keeps failing, once a write or a
// sync has failed. A record longer than a line of a results file may be
// (MaxRecordBytes) is refused and not written, since no reader could read
// the file past it.
func (w *Writer) Write(rec Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if len(b) > MaxRecordBytes {
		return fmt.Errorf("the record of game %d of match %s is %d bytes, longer than a line of a results file may be (%d): not written, since no reader could read the file past it", rec.Index, rec.Match, len(b), MaxRecordBytes)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if _, err := w.f.Write(append(b, '\n')); err != nil {
		w.err = err
		return err
	}
	w.dirty = true
	return nil
}

// Sync forces the records written so far to the disk.
func (w *Writer) Sync() error {
	w.mu.Lock()
	if !w.dirty || w.err != nil {
		defer w.mu.Unlock()
		return w.err
	}
	w.dirty = false
	w.mu.Unlock()
	err := w.f.Sync() // writes may go on meanwhile; they mark the file dirty again
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil && w.err == nil {
		w.err = fmt.Errorf("sync: %w", err)
	}
	return w.err
}

// Close syncs and closes the file; its error says whether every record
// written reached the disk.
func (w *Writer) Close() error {
	close(w.stop)
	<-w.done
	err := w.Sync()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// BudgetLabel returns the record's budget as reports show it: the preset's
// budget text, followed by " xF" where the run scaled it by F.
func (r *Record) BudgetLabel() string { return ScaledBudget(r.Budget, r.BudgetScale) }

// ScaledBudget returns budget followed by " xF" for a scale F other than 0
// (none) and 1, such as "clock=5m x0.2": a run with --scale 0.2 played one
// minute a side.
func ScaledBudget(budget string, scale float64) string {
	if scale == 0 || scale == 1 {
		return budget
	}
	if budget == "" {
		budget = "-"
	}
	return budget + " x" + strconv.FormatFloat(scale, 'g', -1, 64)
}
