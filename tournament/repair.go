package tournament

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"mcarena/internal/durable"
)

// Repaired says what Repair did.
type Repaired struct {
	Kept int // good records left in the file
	// Moved lists the lines set aside, with their numbers in the file as it
	// was and the reason.
	Moved []ReadProblem
	// Damaged is the file the lines went to ("" when none moved).
	Damaged string
	// Conflicts counts the lines moved that were another play of a game
	// kept (Agree false), not a copy of it.
	Conflicts int
	// CutOff is the line number of a last line without its newline that a
	// record's write cut off leaves (cutOff), 0 when the file ends with a
	// whole line or with one that no such write leaves.
	CutOff int
	// Unmatched lists, after a repair with a Checker, the presets whose
	// records were replayed under the rules alone (Checker.Unmatched):
	// they are kept.
	Unmatched []Unmatched
}

// Repair keeps the good records of a results file and moves every other
// line (damaged, cut off, or repeating a game already in the file) to a new
// dated PATH.damaged-... file, each after a comment with its line number and
// the reason; an earlier damaged file is never overwritten. The file is
// rewritten atomically (a synced temporary file renamed over it) under the
// file's lock, so a run cannot append meanwhile. A file with nothing to
// repair is left untouched, and so is a file none of whose lines begins as
// a record does while some hold text (no results file: Repair refuses it). With a Checker, a record that fails its checks
// (Checker.Check) is set aside too, its game to be played again by the
// next run; nil checks the records' form alone.
func Repair(path string, c *Checker) (rep Repaired, err error) {
	lock, err := Lock(path)
	if err != nil {
		return rep, err
	}
	defer lock.Unlock()
	in, fi, err := openRegular(path)
	if err != nil {
		return rep, err
	}
	defer in.Close()
	check := func(*Record) string { return "" }
	if c != nil {
		if err := c.learnFile(in); err != nil {
			return rep, fmt.Errorf("%s: %w", path, err)
		}
		if _, err := in.Seek(0, io.SeekStart); err != nil {
			return rep, err
		}
		check = c.Check
	}
	// A link is kept a link: the file it names is repaired.
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return rep, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), ".repair-*.tmp")
	if err != nil {
		return rep, err
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	defer tmp.Close()
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		return rep, err
	}
	good := bufio.NewWriter(tmp)
	damaged := &lazyFile{create: func() (*os.File, error) { return createDamaged(path) }}
	defer damaged.close()
	// Until the repaired file takes the file's place, the lines set aside
	// are still in it: a repair that fails (a full disk) removes them
	// again, so that no damaged file holds lines the file kept.
	defer func() {
		if err != nil && damaged.f != nil && rep.Damaged == "" { // not yet in the file's place
			damaged.close()
			os.Remove(damaged.f.Name())
			err = fmt.Errorf("%w: %s was left as it was", err, path)
		}
	}()
	rep, kinds, err := sortLines(filepath.Base(path), in, good, damaged, check)
	if err != nil {
		return rep, fmt.Errorf("%s: %w", path, err)
	}
	if kinds.foreignFile() {
		// Another file named by mistake (a configuration, notes): repair
		// takes over no file a run would refuse as no results file.
		// The deferred clean-up removes the lines set aside and says
		// the file was left as it was.
		rep.Moved = nil
		return rep, errNoResults
	}
	if c != nil {
		rep.Unmatched = c.Unmatched()
	}
	if damaged.f == nil {
		return rep, nil
	}
	if err := damaged.w.Flush(); err != nil {
		return rep, err
	}
	if err := damaged.f.Sync(); err != nil {
		return rep, err
	}
	if err := good.Flush(); err != nil {
		return rep, err
	}
	if err := tmp.Sync(); err != nil {
		return rep, err
	}
	if err := tmp.Close(); err != nil {
		return rep, err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return rep, err
	}
	rep.Damaged = damaged.f.Name()
	// The file is repaired now; a failed sync of its folder is reported,
	// but the lines set aside are no longer in the file and stay.
	if err := durable.SyncDir(filepath.Dir(target)); err != nil {
		return rep, fmt.Errorf("%s repaired, but its folder was not synced: %v", path, err)
	}
	return rep, nil
}

// sortLines copies the good records of a results file (named name) from in
// to good, and every other line to moved, each after a comment with its
// line number and the reason. A record is good when it parses, check finds
// nothing wrong with it ("") and it is the first record of its game.
// kinds counts the lines, good or not, that begin as a record does and
// those that hold something else.
func sortLines(name string, in io.Reader, good, moved io.Writer, check func(*Record) string) (rep Repaired, kinds lineKinds, err error) {
	type first struct {
		line int
		rec  Record
	}
	seen := map[gameKey]first{} // each game's first record and its line
	lr := &lineReader{r: bufio.NewReaderSize(in, 64<<10)}
	for {
		b, complete, tooLong, err := lr.next()
		if err == io.EOF {
			return rep, kinds, nil
		}
		if err != nil {
			return rep, kinds, err
		}
		var why string
		trimmed := bytes.TrimSpace(b)
		switch {
		case len(trimmed) > 0 && opensAsRecord(trimmed):
			kinds.recordLike++
		case len(bytes.Trim(b, " \t\r\n\x00")) > 0:
			kinds.foreign++ // not blanks or the zeros a crash leaves
		}
		rec, perr := ParseRecord(trimmed)
		switch {
		case tooLong:
			why = fmt.Sprintf("longer than any record (%d bytes); its first %d bytes follow", MaxRecordBytes, min(len(b), 4096))
			b = b[:min(len(b), 4096)]
		case !complete && !cutOff(b, complete, perr):
			why = fmt.Sprintf("no newline, and not a record's write cut off (%v): the file may not be a results file", perr)
		case !complete && perr != nil:
			why = fmt.Sprintf("no newline, unreadable (%v): the write was cut off", perr)
			rep.CutOff = lr.line
		case !complete:
			why = "no newline: the write was cut off"
			rep.CutOff = lr.line
		case len(bytes.TrimSpace(b)) == 0:
			why = "empty line"
		case perr != nil:
			why = perr.Error()
		default:
			rec.Line = lr.line
			why = check(&rec)
		}
		if why == "" {
			switch f, dup := seen[keyOf(&rec)]; {
			case dup && Agree(&f.rec, &rec):
				why = fmt.Sprintf("repeats the game of line %d (match %s, game %d)", f.line, rec.Match, rec.Index)
			case dup:
				why = fmt.Sprintf("another play of the game of line %d (match %s, game %d: %s), which is kept: check which is right", f.line, rec.Match, rec.Index, Differs(&f.rec, &rec))
				rep.Conflicts++
			default:
				seen[keyOf(&rec)] = first{lr.line, rec}
			}
		}
		if why == "" {
			if _, err := fmt.Fprintf(good, "%s\n", b); err != nil {
				return rep, kinds, err
			}
			rep.Kept++
			continue
		}
		rep.Moved = append(rep.Moved, ReadProblem{Line: lr.line, Msg: why})
		if _, err := fmt.Fprintf(moved, "# %s line %d: %s\n%s\n", name, lr.line, why, b); err != nil {
			return rep, kinds, err
		}
	}
}

// lineKinds counts the lines of a file that begin as a record does and the
// lines that hold something else than blanks and zero bytes.
type lineKinds struct{ recordLike, foreign int }

// foreignFile says whether the lines are of another kind of file than a
// results file: none begins as a record does, and some hold text. A file
// of blanks and zero bytes (what a crash may leave) is a results file,
// damaged.
func (k lineKinds) foreignFile() bool { return k.recordLike == 0 && k.foreign > 0 }

// errNoResults is the refusal of Repair and Verify of a file whose lines
// are of another kind of file (lineKinds.foreignFile).
var errNoResults = fmt.Errorf("no line begins as a record of a results file does (%s or %s): it is no results file", recordOpenings[1], recordOpenings[0])

// lazyFile is a buffered file created at its first write.
type lazyFile struct {
	create func() (*os.File, error)
	f      *os.File
	w      *bufio.Writer
}

func (l *lazyFile) Write(b []byte) (int, error) {
	if l.f == nil {
		f, err := l.create()
		if err != nil {
			return 0, err
		}
		l.f, l.w = f, bufio.NewWriter(f)
	}
	return l.w.Write(b)
}

func (l *lazyFile) close() {
	if l.f != nil {
		l.f.Close()
	}
}
