package engines

import (
	"context"
	"sync/atomic"
	"time"
)

// Stop is the stop signal of one search. A timer sets it at the deadline and
// the context sets it when done, so a search reads the clock by time rather
// than every so many iterations: its loops, and the playouts they run
// (nested and minimax playouts included), test one atomic flag as often as
// they like, and a search ends within a timer's latency of its deadline
// whatever one step of it costs.
//
// A nil *Stop is never set. Release the timer and the context's hook when
// the search ends.
type Stop struct {
	flag     atomic.Bool
	timer    *time.Timer
	unlinkCx func() bool
}

// NewStop returns a signal set when ctx is done or, if d > 0, after d.
func NewStop(ctx context.Context, d time.Duration) *Stop {
	s := &Stop{}
	if ctx.Err() != nil {
		s.flag.Store(true)
		return s
	}
	if ctx.Done() != nil {
		s.unlinkCx = context.AfterFunc(ctx, s.Set)
	}
	if d > 0 {
		s.timer = time.AfterFunc(d, s.Set)
	}
	return s
}

// Set raises the signal; a search may set it itself when a counted budget
// runs out inside a long step.
func (s *Stop) Set() { s.flag.Store(true) }

// Stopped reports whether the signal is set.
func (s *Stop) Stopped() bool { return s != nil && s.flag.Load() }

// Release stops the timer and unhooks the context.
func (s *Stop) Release() {
	if s == nil {
		return
	}
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.unlinkCx != nil {
		s.unlinkCx()
	}
}
