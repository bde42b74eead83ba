package tournament

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games/spec"
)

// searches counts the searches of the "counting" engine family.
var searches atomic.Int64

// counting plays the first legal move and counts its searches.
type counting struct{}

func (counting) Spec() string { return "counting" }

func (counting) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	searches.Add(1)
	return engines.Result{Move: req.Position.Legal(nil)[0]}, nil
}

func init() {
	engines.Register(engines.Family{Name: "counting", Doc: "test engine that counts its searches",
		Build: func(spec.Values, string) (engines.Engine, error) { return counting{}, nil }})
}

// fullDisk is a results file on a disk that fills after some writes.
type fullDisk struct {
	*os.File
	left int
}

func (f *fullDisk) Write(b []byte) (int, error) {
	if f.left == 0 {
		return 0, syscall.ENOSPC
	}
	f.left--
	return f.File.Write(b)
}

// The first failed write stops the run: it says what failed and how many
// games are kept, and plays no more games than were already under way.
func TestFirstFailedWriteStopsRun(t *testing.T) {
	cfg := load(t, testConfig+`
[engines.c]
family = "counting"
[presets.disk]
games = ["tictactoe"]
pairs = [["c", "c"]]
count = 200
`)
	p, _ := cfg.Preset("disk")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	defer func(old func(string) (resultsFile, error)) { openAppend = old }(openAppend)
	openAppend = func(path string) (resultsFile, error) {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		return &fullDisk{File: f, left: 3}, err
	}
	searches.Store(0)
	const workers = 2
	n, err := runPreset(t.Context(), cfg, p, path, Options{Workers: workers}, nil)
	var we *WriteError
	if n != 3 || !errors.As(err, &we) || we.Kept != 3 || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("got %d games, %v; want 3 and a *WriteError keeping 3", n, err)
	}
	if want := "writing " + path + " failed: no space left on device; the run stopped, 3 games are kept"; !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("got %q, want it to start %q", err, want)
	}
	// A game of TicTacToe is at most 9 searches; besides the 3 kept games,
	// at most the games in the workers' hands and the buffers may have run.
	if got, most := searches.Load(), int64(9*(3+3*workers+1)); got > most {
		t.Fatalf("got %d searches after the disk filled, want at most %d", got, most)
	}
	if recs, _, _, _ := ReadResults(path); len(recs) != 3 {
		t.Fatalf("got %d records, want 3", len(recs))
	}
}

// A budget scale that is not a number is refused before anything runs.
func TestBadOptionsRefused(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	tests := []struct {
		opt  Options
		want string
	}{
		{Options{Scale: math.NaN()}, "budget scale NaN: want a factor above 0 and at most 1000"},
		{Options{Scale: math.Inf(1)}, "budget scale +Inf: want"},
		{Options{Count: 20_000_000}, "games per match 20000000: want 0 (the preset's) or 1..10000000"},
		{Options{Workers: -1}, "workers -1: want 0 (one per core) or 1..1024"},
		{Options{Shard: 3, Shards: 2}, "shard 3 of 2"},
	}
	for _, tt := range tests {
		if n, err := runPreset(t.Context(), cfg, p, path, tt.opt, nil); n != 0 || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %d games, %v; want %q", tt.opt, n, err, tt.want)
		}
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a refused run created the file: %v", err)
	}
}

// countingSyncs is a results file that counts its syncs.
type countingSyncs struct {
	*os.File
	syncs atomic.Int64
}

func (f *countingSyncs) Sync() error { f.syncs.Add(1); return f.File.Sync() }

// Records are synced in batches while the file is open (at least once per
// syncInterval when something was written) and at the end.
func TestWriterSyncs(t *testing.T) {
	defer func(old func(string) (resultsFile, error), every time.Duration) {
		openAppend, syncInterval = old, every
	}(openAppend, syncInterval)
	var file *countingSyncs
	openAppend = func(path string) (resultsFile, error) {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		file = &countingSyncs{File: f}
		return file, err
	}
	syncInterval = 20 * time.Millisecond
	w, _, err := OpenWriter(filepath.Join(t.TempDir(), "r.jsonl"), 0)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * syncInterval)
	if got := file.syncs.Load(); got != 0 {
		t.Fatalf("got %d syncs with nothing written, want 0", got)
	}
	w.Write(Record{Match: "m"})
	deadline := time.Now().Add(10 * time.Second)
	for file.syncs.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(syncInterval)
	}
	if got := file.syncs.Load(); got != 1 {
		t.Fatalf("got %d syncs after one write, want 1", got)
	}
	w.Write(Record{Match: "m", Index: 1})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := file.syncs.Load(); got != 2 {
		t.Fatalf("got %d syncs after Close, want 2", got)
	}
}

// A record longer than a line of a results file may be is refused with the
// reason and not written: the file reads back whole, and the records after
// it are written.
func TestWriterRefusesARecordNoReaderCouldRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	w, _, err := OpenWriter(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord([]byte(strings.TrimSpace(goodLine("a", 0))))
	if err != nil {
		t.Fatal(err)
	}
	big, next := rec, rec
	big.Index, big.Error = 1, strings.Repeat("x", MaxRecordBytes)
	next.Index = 2
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(big); err == nil || !strings.Contains(err.Error(), "the record of game 1 of match "+goodKey("a")+" is ") || !strings.Contains(err.Error(), "longer than a line of a results file may be") {
		t.Fatalf("an oversized record: got %v, want it refused as too long", err)
	}
	if err := w.Write(next); err != nil {
		t.Fatalf("the record after it: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	recs, _, tail, err := ReadResults(path)
	if err != nil || tail != nil || len(recs) != 2 || recs[1].Index != 2 {
		t.Fatalf("read back: %d records, tail %+v, %v; want games 0 and 2", len(recs), tail, err)
	}
}
