//go:build unix

package pgn

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mcarena/internal/durable"
)

// Load refuses what is not a regular file below MaxSize with the reason,
// before reading: a named pipe would block forever, a link to /dev/zero
// would fill memory.
func TestLoadRefusesNonSaves(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.pgn")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.pgn")
	os.WriteFile(big, []byte("[Game \"nogo\"]\n"), 0o644)
	os.Truncate(big, MaxSize+1)
	exact := filepath.Join(dir, "exact.pgn")
	os.WriteFile(exact, []byte("[Game \"nogo\"]\n\n*\n"+strings.Repeat(";\n", (MaxSize-17)/2)), 0o644)
	tests := []struct {
		path, want string // want "" for a good load
	}{
		{fifo, fifo + " is a named pipe (FIFO), not a regular file"},
		{zero, zero + " is a device, not a regular file"},
		{big, big + ": 1048577 bytes, larger than a save can be (1048576 bytes, 1 MiB)"},
		{dir, dir + " is a directory"},
		{exact, ""},
	}
	for _, tt := range tests {
		done := make(chan error, 1)
		go func() { _, err := Load(tt.path); done <- err }()
		select {
		case err := <-done:
			got := ""
			if err != nil {
				got = err.Error()
			}
			if (tt.want == "") != (err == nil) || !strings.Contains(got, tt.want) {
				t.Errorf("Load(%s): got %q, want %q", filepath.Base(tt.path), got, tt.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Load(%s) blocked", filepath.Base(tt.path))
		}
	}
}

// SaveNew makes a new file only: over an existing one it fails with
// fs.ErrExist and leaves the file and the folder as they were, on a file
// system with hard links and on one without.
func TestSaveNewNeverReplaces(t *testing.T) {
	t.Run("hard links", testSaveNewNeverReplaces)
	t.Run("no hard links", func(t *testing.T) {
		defer func(l func(string, string) error) { durable.Link = l }(durable.Link)
		durable.Link = func(string, string) error { return syscall.EPERM }
		testSaveNewNeverReplaces(t)
	})
}

func testSaveNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	if err := SaveNew(path, randomGame(t, "nogo", 3, 4)); err != nil {
		t.Fatal(err)
	}
	err := SaveNew(path, randomGame(t, "nogo", 3, 8))
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("a second SaveNew to one path: %v, want fs.ErrExist", err)
	}
	back, err := Load(path)
	if err != nil || len(back.Moves) != 4 {
		t.Fatalf("got %v, %v; want the first save's 4 moves", back, err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Fatalf("the folder holds %d files, want the one save (no temporary left)", len(files))
	}
}

// A save that returned is synced with its folder entry: nothing is left
// behind, and the new content replaced the old as a new file renamed over
// it (the path names another file than before), never by writing into it.
func TestSaveReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	var before os.FileInfo
	for _, plies := range []int{4, 8} {
		if err := Save(path, randomGame(t, "nogo", 3, plies)); err != nil {
			t.Fatal(err)
		}
		after, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if before != nil && os.SameFile(before, after) {
			t.Fatal("the second save wrote into the first save's file")
		}
		before = after
	}
	back, err := Load(path)
	if err != nil || len(back.Moves) != 8 {
		t.Fatalf("got %v, %v; want the second save's 8 moves", back, err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Fatalf("the folder holds %d files, want the one save (no temporary left)", len(files))
	}
}

// A save whose write fails (a file size limit, as a full disk would) leaves
// the file it would have replaced as it was and no temporary file: a child
// process (TestMain's MCARENA_PGN_CHILD) saves some 100 KB under a limit of
// 1 KiB.
func TestSaveLeavesTheOldFileWhenAWriteFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	if err := Save(path, randomGame(t, "nogo", 3, 4)); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	cmd := exec.Command("sh", "-c", `ulimit -f 2 && exec "$0" -test.run='^$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "MCARENA_PGN_CHILD="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil || !strings.Contains(stderr.String(), "file too large") {
		t.Fatalf("the limited save: %v, stderr %q; want it to fail on the file's size", err, stderr.String())
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, old) {
		t.Fatalf("the failed save left the file holding %d bytes, want the old %d", len(now), len(old))
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Fatalf("the folder holds %d files, want the one save (no temporary left)", len(files))
	}
}
