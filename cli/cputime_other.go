//go:build !linux

package cli

import "time"

// threadCPU is unavailable here: callers fall back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
