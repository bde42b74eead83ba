package tournament

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Repaired says what Repair did.
type Repaired struct {
	Kept int // good records left in the file
	// Moved lists the lines set aside, with their numbers in the file as it
	// was and the reason.
	Moved []ReadProblem
	// Damaged is the file the lines went to ("" when none moved).
	Damaged string
}

// Repair keeps the good records of a results file and moves every other
// line (damaged, cut off, or repeating a game already in the file) to a new
// dated PATH.damaged-... file, each after a comment with its line number and
// the reason; an earlier damaged file is never overwritten. The file is
// rewritten atomically (a synced temporary file renamed over it) under the
// file's lock, so a run cannot append meanwhile. A file with nothing to
// repair is left untouched.
func Repair(path string) (Repaired, error) {
	var rep Repaired
	lock, err := Lock(path)
	if err != nil {
		return rep, err
	}
	defer lock.Unlock()
	in, err := os.Open(path)
	if err != nil {
		return rep, err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return rep, err
	}
	if !fi.Mode().IsRegular() {
		return rep, fmt.Errorf("%s is not a regular file (%v)", path, fi.Mode().Type())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".repair-*.tmp")
	if err != nil {
		return rep, err
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	defer tmp.Close()
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		return rep, err
	}
	good := bufio.NewWriter(tmp)
	var d *os.File // the damaged file, created at the first bad line
	var moved *bufio.Writer
	defer func() {
		if d != nil {
			d.Close()
		}
	}()
	seen := map[gameKey]int{} // line of each game's first record
	lr := &lineReader{r: bufio.NewReaderSize(in, 64<<10)}
	for {
		b, complete, tooLong, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return rep, fmt.Errorf("%s: %w", path, err)
		}
		var why string
		rec, perr := ParseRecord(bytes.TrimSpace(b))
		switch {
		case tooLong:
			why = fmt.Sprintf("longer than any record (%d bytes); its first %d bytes follow", MaxRecordBytes, min(len(b), 4096))
			b = b[:min(len(b), 4096)]
		case len(bytes.TrimSpace(b)) == 0:
			why = "empty line"
		case !complete && perr != nil:
			why = fmt.Sprintf("no newline, unreadable (%v): the write was cut off", perr)
		case !complete:
			why = "no newline: the write was cut off"
		case perr != nil:
			why = perr.Error()
		default:
			if first, dup := seen[keyOf(&rec)]; dup {
				why = fmt.Sprintf("repeats the game of line %d (match %s, game %d)", first, rec.Match, rec.Index)
			} else {
				seen[keyOf(&rec)] = lr.line
			}
		}
		if why == "" {
			good.Write(b)
			good.WriteByte('\n')
			rep.Kept++
			continue
		}
		if d == nil {
			if d, err = createDamaged(path); err != nil {
				return rep, err
			}
			rep.Damaged = d.Name()
			moved = bufio.NewWriter(d)
		}
		rep.Moved = append(rep.Moved, ReadProblem{Line: lr.line, Msg: why})
		fmt.Fprintf(moved, "# %s line %d: %s\n", filepath.Base(path), lr.line, why)
		moved.Write(b)
		moved.WriteByte('\n')
	}
	if d == nil {
		return rep, nil
	}
	if err := moved.Flush(); err != nil {
		return rep, err
	}
	if err := d.Sync(); err != nil {
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
	if err := os.Rename(tmp.Name(), path); err != nil {
		return rep, err
	}
	return rep, syncDir(filepath.Dir(path))
}
