package tournament

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Repair keeps the good lines, moves the others with their line numbers to
// a dated damaged file, and never overwrites an earlier one.
func TestRepair(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	five := strings.Replace(goodLine("b", 0), `"winner":0`, `"winner":5`, 1)
	cut := goodLine("d", 0)[:40]
	os.WriteFile(path, []byte(goodLine("a", 0)+five+goodLine("c", 0)+goodLine("a", 0)+cut), 0o644)
	rep, err := Repair(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Kept != 2 || len(rep.Moved) != 3 {
		t.Fatalf("got %d kept, moved %+v; want 2 kept and lines 2, 4, 5 moved", rep.Kept, rep.Moved)
	}
	for i, want := range []struct {
		line int
		msg  string
	}{{2, "field winner: 5"}, {4, "repeats the game of line 1"}, {5, "no newline, unreadable (unexpected EOF): the write was cut off"}} {
		if got := rep.Moved[i]; got.Line != want.line || !strings.Contains(got.Msg, want.msg) {
			t.Errorf("moved[%d]: got %+v, want line %d: %s", i, got, want.line, want.msg)
		}
	}
	recs, _, tail, err := ReadResults(path)
	if err != nil || tail != nil || len(recs) != 2 {
		t.Fatalf("after the repair: got %d records, tail %v, %v; want 2 clean records", len(recs), tail, err)
	}
	first, _ := os.ReadFile(rep.Damaged)
	for _, want := range []string{"# r.jsonl line 2: field winner: 5", five, "# r.jsonl line 5:", cut} {
		if !strings.Contains(string(first), want) {
			t.Fatalf("damaged file lacks %q:\n%s", want, first)
		}
	}
	// A second repair in the same second: a new file, the first untouched.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{bad}\n" + goodLine("e", 0))
	f.Close()
	rep2, err := Repair(path, nil)
	if err != nil || rep2.Kept != 3 || len(rep2.Moved) != 1 || rep2.Damaged == rep.Damaged {
		t.Fatalf("second repair: got %+v, %v; want 3 kept, 1 moved, a new damaged file", rep2, err)
	}
	if again, _ := os.ReadFile(rep.Damaged); string(again) != string(first) {
		t.Fatal("the second repair changed the first damaged file")
	}
	// Nothing to do: nothing changes.
	if rep3, err := Repair(path, nil); err != nil || len(rep3.Moved) != 0 || rep3.Damaged != "" {
		t.Fatalf("third repair: got %+v, %v; want nothing moved", rep3, err)
	}
}

// Each crash repair by a run keeps its cut bytes in a new file.
func TestDamagedTailsNeverOverwritten(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	for i := range 2 {
		if _, err := runPreset(t.Context(), cfg, p, path, Options{Count: 1 + i}, nil); err != nil {
			t.Fatal(err)
		}
		f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(`{"preset":"small","match`)
		f.Close()
	}
	if _, err := runPreset(t.Context(), cfg, p, path, Options{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	kept, _ := filepath.Glob(path + ".damaged-*")
	if len(kept) != 2 {
		t.Fatalf("got damaged files %v, want two", kept)
	}
}

// Only what a crash during a record's write leaves on the last line is
// taken as a cut-off write (set aside by the next run, a note of verify): a
// record cut short or missing only its newline, or a line with zero bytes
// after the start of a record; any other damaged last line stops the
// reader, since the file may not be a results file at all (and verify
// counts it wrong).
func TestWhatACrashLeaves(t *testing.T) {
	good := goodLine("a", 0)
	cases := []struct {
		name, last string
		cut        bool
	}{
		{"cut short", good[:40], true},
		{"cut after its first byte", "{", true},
		{"cut before any byte but spaces", "  ", true},
		{"a whole record without its newline", strings.TrimSuffix(good, "\n"), true},
		{"an analysis cut short", `{"kind":"analysis","pre`, true},
		{"zero bytes, newline kept", "\x00\x00\x00\x00\n", true},
		{"zero bytes, no newline", "\x00\x00\x00", true},
		{"record with a hole", good[:30] + "\x00\x00" + good[32:], true},
		{"a note", "important note", false},
		{"garbage with its newline", "garbage\n", false},
		{"a complete record with a bad field", strings.Replace(good, `"plies":1`, `"plies":3`, 1), false},
		{"a record with a bad field, no newline", strings.TrimSuffix(strings.Replace(good, `"plies":1`, `"plies":3`, 1), "\n"), false},
		{"another program's JSON object", `{"important":"settings"}`, false},
		{"another program's JSON cut short", `{"important":"sett`, false},
		{"a record's opening, then what no JSON holds", `{"preset":]`, false},
		{"another file's text before zero bytes", "important\x00\x00", false},
		{"a line longer than any record, no newline", `{"preset":"` + strings.Repeat("x", MaxRecordBytes), false},
	}
	for _, tc := range cases {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		os.WriteFile(path, []byte(good+tc.last), 0o644)
		recs, _, tail, err := ReadResults(path)
		var damaged *DamagedError
		switch {
		case tc.cut && (err != nil || tail == nil || tail.Line != 2 || len(recs) != 1):
			t.Errorf("%s: %d records, tail %+v, %v; want one record and a cut-off line 2", tc.name, len(recs), tail, err)
		case tc.cut && tail.Empty != (strings.Trim(tc.last, " \x00\n") == ""):
			t.Errorf("%s: tail %+v: Empty should say whether the line held any part of a record", tc.name, tail)
		case !tc.cut && (!errors.As(err, &damaged) || damaged.Line != 2 || !damaged.Last):
			t.Errorf("%s: %d records, tail %+v, %v; want a *DamagedError at line 2, the last", tc.name, len(recs), tail, err)
		}
		if strings.HasSuffix(tc.last, "\n") {
			continue
		}
		v, err := Verify(path, NewChecker(nil))
		wrong := slices.ContainsFunc(v.Moved, func(m ReadProblem) bool { return m.Line == 2 })
		if err != nil || (v.CutOff == 2) != tc.cut || wrong == tc.cut {
			t.Errorf("%s: verify: %+v, %v; want line 2 a cut-off write: %v, else wrong", tc.name, v, err, tc.cut)
		}
	}
}

// A file that is not a results file, whose last line no record's write
// leaves, is refused by a run that names it with its line, and left as it
// was: nothing cut off, nothing set aside, nothing appended.
func TestAnotherFileIsNeverTakenOver(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	for _, content := range []string{
		`{"important":"settings"}`,
		`{"important":"settings"}` + "\n",
		"[settings]\nimportant = true",
		strings.TrimSuffix(strings.Replace(goodLine("a", 0), `"winner":0`, `"winner":5`, 1), "\n"),
	} {
		path := filepath.Join(t.TempDir(), "notresults.json")
		os.WriteFile(path, []byte(content), 0o644)
		n, err := runPreset(t.Context(), cfg, p, path, Options{Count: 1}, nil)
		var damaged *DamagedError
		if n != 0 || !errors.As(err, &damaged) || !strings.Contains(err.Error(), path+":") {
			t.Errorf("%q: played %d games, %v; want the file refused, named with its line", content, n, err)
		}
		if data, _ := os.ReadFile(path); string(data) != content {
			t.Errorf("%q: the file now holds %q", content, data)
		}
		if aside, _ := filepath.Glob(path + ".damaged-*"); len(aside) != 0 {
			t.Errorf("%q: set aside in %v", content, aside)
		}
	}
}

// Repair takes over no file that a run would refuse as no results file (a
// configuration or notes named by mistake): it leaves it as it was and sets
// nothing aside, and Verify refuses it too, while a results file whose every record is damaged is
// still repaired.
func TestRepairTakesOverNoOtherFile(t *testing.T) {
	for _, content := range []string{
		"[engines.a]\nfamily = \"mcts\"\n",
		"hello world",
		`{"important":"settings"}` + "\n",
		"\n\nnotes\n",
	} {
		path := filepath.Join(t.TempDir(), "notresults.jsonl")
		os.WriteFile(path, []byte(content), 0o644)
		rep, err := Repair(path, nil)
		if err == nil || !strings.Contains(err.Error(), "it is no results file") || len(rep.Moved) != 0 {
			t.Errorf("%q: %+v, %v; want it refused as no results file", content, rep, err)
		}
		// verify says the same, not that its lines are for repair to set aside.
		if v, err := Verify(path, NewChecker(nil)); err == nil || !strings.Contains(err.Error(), "it is no results file") || len(v.Moved) != 0 {
			t.Errorf("%q: verify: %+v, %v; want it refused as no results file", content, v, err)
		}
		if data, _ := os.ReadFile(path); string(data) != content {
			t.Errorf("%q: the file now holds %q", content, data)
		}
		if aside, _ := filepath.Glob(path + ".damaged-*"); len(aside) != 0 {
			t.Errorf("%q: set aside in %v", content, aside)
		}
	}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	cut := goodLine("a", 0)
	os.WriteFile(path, []byte(cut[:len(cut)/2]+"\n"), 0o644)
	if rep, err := Repair(path, nil); err != nil || rep.Kept != 0 || len(rep.Moved) != 1 || rep.Damaged == "" {
		t.Errorf("a results file of one damaged record: %+v, %v; want its line set aside", rep, err)
	}
	// Blanks and zero bytes, what a crash may leave of a results file,
	// are repaired, as the run that refuses such a file advises.
	for _, content := range []string{"\x00\x00\x00\x00", "\x00\x00\n", "   ", "\n"} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		os.WriteFile(path, []byte(content), 0o644)
		if _, err := Verify(path, NewChecker(nil)); err != nil {
			t.Errorf("%q: verify: %v", content, err)
		}
		if rep, err := Repair(path, nil); err != nil || len(rep.Moved) == 0 {
			t.Errorf("%q: %+v, %v; want it repaired", content, rep, err)
		}
	}
}

// appending is a results file that a run appends to while it is read: it
// gives what the file held, then the end of file once, then what the run
// wrote meanwhile.
type appending struct {
	held, added []byte
	ended       bool
}

func (a *appending) Read(p []byte) (int, error) {
	if len(a.held) > 0 {
		n := copy(p, a.held)
		a.held = a.held[n:]
		return n, nil
	}
	if !a.ended {
		a.ended = true
		return 0, io.EOF
	}
	n := copy(p, a.added)
	a.added = a.added[n:]
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// A file read while a run appends to it reads as it was when the reader met
// its end: a last line cut off there is the write in progress, reported as
// the cut-off tail even when the rest of the line arrives before the reader
// looks again, and nothing written after that end is read.
func TestReadingAFileARunAppendsTo(t *testing.T) {
	two := goodLine("a", 0) + goodLine("b", 0)
	next := goodLine("c", 0)
	for _, cut := range []int{1, 40, len(next) - 1} {
		in := &appending{held: []byte(two + next[:cut]), added: []byte(next[cut:] + goodLine("d", 0))}
		recs, goodEnd, tail, err := readRecords("live.jsonl", in)
		if err != nil || len(recs) != 2 || goodEnd != int64(len(two)) || tail == nil || tail.Line != 3 {
			t.Errorf("cut after %d bytes: %d records, good to %d, tail %+v, %v; want 2 records, good to %d, line 3 the cut-off tail",
				cut, len(recs), goodEnd, tail, err, len(two))
		}
	}
}

// Repairing through a link repairs the file it names and keeps the link.
func TestRepairThroughALink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "t.jsonl"), filepath.Join(dir, "l.jsonl")
	os.WriteFile(target, []byte(goodLine("a", 0)+goodLine("a", 0)), 0o644)
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	rep, err := Repair(link, nil)
	if err != nil || rep.Kept != 1 || len(rep.Moved) != 1 {
		t.Fatalf("repair: %+v, %v", rep, err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link is gone: %v %v", fi, err)
	}
	if data, _ := os.ReadFile(target); string(data) != goodLine("a", 0) {
		t.Fatalf("the target holds %q, want the one good record", data)
	}
}

// A results file that cannot be opened for writing is refused before its
// cut-off tail is copied aside: a refused retry leaves no damaged copy.
func TestUnwritableFileLeavesNoDamagedCopy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	good := goodLine("a", 0)
	os.WriteFile(path, []byte(good+good[:40]), 0o644)
	saved := openAppend
	defer func() { openAppend = saved }()
	openAppend = func(string) (resultsFile, error) { return nil, os.ErrPermission }
	for range 2 {
		if _, _, err := OpenWriter(path, int64(len(good))); !errors.Is(err, os.ErrPermission) {
			t.Fatalf("got %v, want the permission error", err)
		}
	}
	if m, _ := filepath.Glob(path + ".damaged-*"); len(m) != 0 {
		t.Fatalf("refused opens left %v", m)
	}
	if data, _ := os.ReadFile(path); string(data) != good+good[:40] {
		t.Fatalf("the refused file changed: %q", data)
	}
}

// A file whose first line is no record (a CSV table, a line after a byte
// order mark) is refused as one that may not be a results file, not as a
// results file damaged in its middle.
func TestAFirstLineThatIsNoRecord(t *testing.T) {
	for _, first := range []string{"engine,score\n", "\ufeff" + goodLine("a", 0)} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		os.WriteFile(path, []byte(first+goodLine("a", 1)), 0o644)
		_, _, _, err := ReadResults(path)
		var damaged *DamagedError
		if !errors.As(err, &damaged) || damaged.Line != 1 || !strings.Contains(err.Error(), path+":1: the first line is no record: ") || !strings.Contains(err.Error(), "may not be a results file") {
			t.Errorf("%q first: %v, want line 1 refused as perhaps no results file", first, err)
		}
	}
}

// Starting over moves only a results file aside, a damaged one too: another
// file named by mistake is refused and left where it is.
func TestRestartMovesOnlyAResultsFileAside(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	for _, tc := range []struct {
		content string
		moved   bool
	}{
		{"[settings]\nimportant = true\n", false},
		{"\ufeff" + goodLine("a", 0), false},
		{goodLine("a", 0) + "garbage\n" + goodLine("a", 1), true},
		{strings.Replace(goodLine("a", 0), `"winner":0`, `"winner":5`, 1), true},
		{`{"kind":"analysis"`, true},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "r.jsonl")
		os.WriteFile(path, []byte(tc.content), 0o644)
		_, err := runPreset(t.Context(), cfg, p, path, Options{Count: 1, Restart: true}, nil)
		old, _ := filepath.Glob(path + ".old-*")
		switch {
		case tc.moved && (err != nil || len(old) != 1):
			t.Errorf("%q: %v, kept in %v; want it moved aside and the run played", tc.content, err, old)
		case !tc.moved && (err == nil || !strings.Contains(err.Error(), "--restart moves only a results file aside") || len(old) != 0):
			t.Errorf("%q: %v, kept in %v; want it refused and left", tc.content, err, old)
		}
		if !tc.moved {
			if data, _ := os.ReadFile(path); string(data) != tc.content {
				t.Errorf("%q: the file now holds %q", tc.content, data)
			}
		}
	}
}

// A run whose context is cancelled before it starts (a signal while the
// configuration was read) changes nothing, under Restart too.
func TestARunStoppedBeforeItStartsChangesNothing(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	content := goodLine("a", 0)
	os.WriteFile(path, []byte(content), 0o644)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, restart := range []bool{false, true} {
		n, err := runPreset(ctx, cfg, p, path, Options{Count: 1, Restart: restart}, nil)
		if n != 0 || !errors.Is(err, context.Canceled) {
			t.Errorf("restart %v: %d games, %v; want 0 and context.Canceled", restart, n, err)
		}
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("the folder holds %d files, want the results file alone", len(files))
	}
	if data, _ := os.ReadFile(path); string(data) != content {
		t.Errorf("the file now holds %q", data)
	}
}
