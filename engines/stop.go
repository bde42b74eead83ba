package engines

import (
	"context"
	"sync/atomic"
	"time"
)

// Stop is the stop signal of one search: the search's loops, and the
// playouts they run (nested, minimax and epsilon-greedy ones), call Stopped
// as often as they like, and it turns true once the deadline has passed,
// the context is done, or Set was called.
//
// Stopped reads the clock and the context itself, on the searching
// goroutine, at an interval it adapts to how often it is called (aiming at
// one look every 50 µs of search), so a search ends within a fraction of a
// millisecond of its deadline however busy the machine's other threads are:
// a timer alone needs another thread to run, which a loaded machine may
// delay by tens of milliseconds. A look costs one clock read; the calls
// between looks cost a counter. Should the calls suddenly slow down (a
// step far longer than the ones the interval was fitted to), a timer at the
// deadline and a hook on the context raise the signal as a backstop.
//
// A nil *Stop is never set. Stopped must be called from one goroutine (the
// search's); Set may be called from any. Release the timer and the hook
// when the search ends.
type Stop struct {
	flag     atomic.Bool
	ctx      context.Context
	deadline time.Time // zero: none
	left     int32     // calls until the next look
	every    int32     // calls between looks
	last     time.Time // the last look
	timer    *time.Timer
	unhook   func() bool
}

// lookEvery is the time between two looks at the clock that Stop aims at.
const lookEvery = 50 * time.Microsecond

// NewStop returns a signal set when ctx is done or, if d > 0, once d has
// passed from now.
func NewStop(ctx context.Context, d time.Duration) *Stop {
	s := &Stop{ctx: ctx, every: 1, left: 1, last: time.Now()}
	if d > 0 {
		s.deadline = s.last.Add(d)
	}
	if ctx.Err() != nil {
		s.flag.Store(true)
		return s
	}
	if d > 0 {
		s.timer = time.AfterFunc(d, s.Set)
	}
	if ctx.Done() != nil {
		s.unhook = context.AfterFunc(ctx, s.Set)
	}
	return s
}

// Release stops the backstop timer and unhooks the context.
func (s *Stop) Release() {
	if s == nil {
		return
	}
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.unhook != nil {
		s.unhook()
	}
}

// Set raises the signal, for example when a counted budget runs out.
func (s *Stop) Set() { s.flag.Store(true) }

// Stopped reports whether the search must stop.
func (s *Stop) Stopped() bool {
	if s == nil {
		return false
	}
	if s.flag.Load() {
		return true
	}
	if s.left--; s.left > 0 {
		return false
	}
	return s.look()
}

// look reads the clock and the context, and sets how many calls pass
// before the next look from the rate of calls since the last one.
func (s *Stop) look() bool {
	now := time.Now()
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && !now.Before(s.deadline)) {
		s.flag.Store(true)
		return true
	}
	if gap := now.Sub(s.last); gap > 0 {
		next := int64(s.every) * int64(lookEvery) / int64(gap)
		next = min(max(next, 1), 2*int64(s.every), 1<<20)
		s.every = int32(next)
	}
	s.left, s.last = s.every, now
	return false
}
