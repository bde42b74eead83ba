//go:build !linux

package tb

import "os"

// mapFile reads the file: memory mapping is used on Linux only.
func mapFile(path string) ([]byte, func() error, error) {
	b, err := os.ReadFile(path)
	return b, nil, err
}
