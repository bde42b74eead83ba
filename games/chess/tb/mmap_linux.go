package tb

import (
	"os"
	"syscall"
)

// mapFile maps the file read-only; release unmaps it.
func mapFile(path string) ([]byte, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() < headerSize || fi.Size() > 1<<30 {
		// Too short to map usefully or absurdly long: check refuses it.
		return make([]byte, min(fi.Size(), headerSize)), nil, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
