package tb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
)

// Version is the file format's version; files of another are refused and
// rebuilt.
const Version = 1

const (
	magic      = "MCTB"
	headerSize = 32
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// header lays out a file's first 32 bytes: magic, version (uint32), the
// material's name (8 bytes, zero-padded), the data length (uint64), and a
// CRC-32C of the first 24 bytes and the data; the rest zero.
func header(m material, data []byte) []byte {
	h := make([]byte, headerSize)
	copy(h, magic)
	binary.LittleEndian.PutUint32(h[4:], Version)
	copy(h[8:16], m.String())
	binary.LittleEndian.PutUint64(h[16:], uint64(len(data)))
	binary.LittleEndian.PutUint32(h[24:], checksum(h, data))
	return h
}

func checksum(h, data []byte) uint32 {
	c := crc32.Checksum(h[:24], castagnoli)
	return crc32.Update(c, castagnoli, data)
}

// check verifies a whole file's bytes against m.
func check(b []byte, m material) error {
	size := m.entries()
	var name [8]byte
	copy(name[:], m.String())
	switch {
	case len(b) < headerSize || string(b[:4]) != magic:
		return errors.New("not a tablebase file")
	case binary.LittleEndian.Uint32(b[4:]) != Version:
		return fmt.Errorf("format version %d, want %d", binary.LittleEndian.Uint32(b[4:]), Version)
	case string(b[8:16]) != string(name[:]):
		return fmt.Errorf("material %q, want %v", b[8:16], m)
	case binary.LittleEndian.Uint64(b[16:]) != uint64(size) || len(b) != headerSize+size:
		return fmt.Errorf("%d bytes, want %d", len(b), headerSize+size)
	case binary.LittleEndian.Uint32(b[24:]) != checksum(b, b[headerSize:]):
		return errors.New("checksum mismatch")
	}
	return nil
}

// load maps or reads the file at path and checks it; err wraps
// os.ErrNotExist when there is no file.
func load(path string, m material) (data []byte, release func() error, err error) {
	b, release, err := mapFile(path)
	if err != nil {
		return nil, nil, err
	}
	if err := check(b, m); err != nil {
		if release != nil {
			release()
		}
		return nil, nil, err
	}
	return b[headerSize:], release, nil
}

// save writes a table to a temporary file beside path and renames it.
func save(path string, m material, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("saving tablebase %v: %w", m, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), m.String()+".*.tmp")
	if err != nil {
		return fmt.Errorf("saving tablebase %v: %w", m, err)
	}
	_, err = f.Write(header(m, data))
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("saving tablebase %v: %w", m, err)
	}
	return nil
}
