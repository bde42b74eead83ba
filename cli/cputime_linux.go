package cli

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time of the calling OS thread, the measure of
// the C references: a loaded machine stretches wall time, not CPU time.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
