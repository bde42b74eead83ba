package durable

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// Publish syncs the directory that holds the new name, by hard link and by
// the fallback's rename.
func TestPublishSyncsTheDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows syncs no directory")
	}
	defer func(s func(*os.File) error, l func(string, string) error) { syncFile, Link = s, l }(syncFile, Link)
	for _, links := range []bool{true, false} {
		if !links {
			Link = func(string, string) error { return syscall.EPERM }
		}
		var synced []string
		syncFile = func(f *os.File) error { synced = append(synced, f.Name()); return f.Sync() }
		dir := t.TempDir()
		sub := filepath.Join(dir, "sub")
		os.Mkdir(sub, 0o755)
		tmp := filepath.Join(dir, "tmp")
		os.WriteFile(tmp, []byte("whole"), 0o644)
		if err := Publish(tmp, filepath.Join(sub, "out")); err != nil {
			t.Fatalf("links %v: %v", links, err)
		}
		if len(synced) != 1 || synced[0] != sub {
			t.Errorf("links %v: synced %q, want the directory %s alone", links, synced, sub)
		}
	}
}

// Publish gives a finished file a new name, with or without hard links,
// never over an existing file; where the rename of the fallback fails, no
// empty file is left at the name.
func TestPublish(t *testing.T) {
	for _, links := range []bool{true, false} {
		if !links {
			defer func(l func(string, string) error) { Link = l }(Link)
			Link = func(string, string) error { return syscall.EPERM }
		}
		dir := t.TempDir()
		tmp, path := filepath.Join(dir, "tmp"), filepath.Join(dir, "out")
		os.WriteFile(tmp, []byte("whole"), 0o644)
		if err := Publish(tmp, path); err != nil {
			t.Fatalf("links %v: %v", links, err)
		}
		if got, _ := os.ReadFile(path); string(got) != "whole" {
			t.Fatalf("links %v: %s holds %q", links, path, got)
		}
		os.Remove(tmp) // as a caller does: a hard link shares tmp's contents
		os.WriteFile(tmp, []byte("other"), 0o644)
		if err := Publish(tmp, path); !errors.Is(err, fs.ErrExist) {
			t.Fatalf("links %v: over an existing file: %v, want fs.ErrExist", links, err)
		}
		if got, _ := os.ReadFile(path); string(got) != "whole" {
			t.Fatalf("links %v: the existing file now holds %q", links, got)
		}
		if links {
			continue
		}
		missing := filepath.Join(dir, "gone")
		fresh := filepath.Join(dir, "fresh")
		if err := Publish(missing, fresh); err == nil {
			t.Fatal("publishing a file that is not there succeeded")
		}
		if _, err := os.Lstat(fresh); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("the failed fallback left %s: %v", fresh, err)
		}
	}
}
