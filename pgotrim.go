//go:build ignore

// Pgotrim copies a CPU profile for profile-guided optimisation, making the
// file names in it relative (the module root, GOROOT/src and the build
// directories of test binaries are cut), so that a profile made on one
// machine names no directory of it. Profile-guided optimisation reads only
// function names and line offsets, so the build is the same.
//
//	go run pgotrim.go < merged.pprof > default.pgo
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pgotrim:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	zr, err := gzip.NewReader(in)
	if err != nil {
		return err
	}
	msg, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	prefixes := []string{root + "/", filepath.Join(runtime.GOROOT(), "src") + "/"}
	var buf bytes.Buffer
	// Copy the Profile message field by field; string_table (field 6)
	// entries are rewritten, every other field is copied as it is.
	for len(msg) > 0 {
		key, n := binary.Uvarint(msg)
		if n <= 0 {
			return fmt.Errorf("bad field key")
		}
		field, wire := key>>3, key&7
		start := msg
		msg = msg[n:]
		switch wire {
		case 0:
			_, m := binary.Uvarint(msg)
			if m <= 0 {
				return fmt.Errorf("bad varint in field %d", field)
			}
			msg = msg[m:]
		case 1:
			msg = msg[8:]
		case 5:
			msg = msg[4:]
		case 2:
			l, m := binary.Uvarint(msg)
			if m <= 0 || uint64(len(msg)-m) < l {
				return fmt.Errorf("bad length in field %d", field)
			}
			val := msg[m : m+int(l)]
			msg = msg[m+int(l):]
			if field == 6 {
				s := trim(string(val), prefixes)
				buf.Write(binary.AppendUvarint(nil, key))
				buf.Write(binary.AppendUvarint(nil, uint64(len(s))))
				buf.WriteString(s)
				continue
			}
		default:
			return fmt.Errorf("unknown wire type %d in field %d", wire, field)
		}
		buf.Write(start[:len(start)-len(msg)])
	}
	w := bufio.NewWriter(out)
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(buf.Bytes()); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return w.Flush()
}

// trim makes a file name relative: to the module root or GOROOT/src, or just
// its base name for a file elsewhere (a test binary in a build directory).
func trim(s string, prefixes []string) string {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return strings.TrimPrefix(s, p)
		}
	}
	if filepath.IsAbs(s) {
		return filepath.Base(s)
	}
	return s
}
