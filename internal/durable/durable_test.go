package durable

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

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
