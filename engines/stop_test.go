package engines

import (
	"context"
	"testing"
	"time"
)

func TestStop(t *testing.T) {
	var none *Stop
	if none.Stopped() {
		t.Error("a nil Stop stopped")
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if !NewStop(cancelled, 0).Stopped() {
		t.Error("a Stop of a cancelled context did not stop")
	}
	s := NewStop(context.Background(), 0)
	for range 100000 {
		if s.Stopped() {
			t.Fatal("a Stop with no deadline stopped by itself")
		}
	}
	s.Set()
	if !s.Stopped() {
		t.Error("Set did not stop")
	}
	past := NewStop(context.Background(), time.Nanosecond)
	time.Sleep(time.Millisecond)
	if !past.Stopped() {
		t.Error("the first look after the deadline did not stop")
	}
	// Without the backstop timer, the searching goroutine's own looks see
	// the deadline.
	own := NewStop(context.Background(), 20*time.Millisecond)
	own.Release()
	time.Sleep(30 * time.Millisecond)
	lookedAt(t, own, "the deadline")
}

// lookedAt fails t unless s, its backstops released, has not stopped by
// itself and its looks see what, the deadline or the cancel, within 10 s
// of calls.
func lookedAt(t *testing.T, s *Stop, what string) {
	t.Helper()
	if s.flag.Load() {
		t.Fatalf("a backstop saw %s after Release", what)
	}
	start := time.Now()
	for !s.Stopped() {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("the looks did not see %s", what)
		}
	}
}

// The context is looked at by the searching goroutine itself: a cancel is
// seen within the look interval, with no other goroutine involved.
func TestStopSeesCancelWhileBusy(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := NewStop(ctx, 0)
	for range 1000 {
		s.Stopped()
	}
	s.Release() // the context's backstop unhooked: only the looks can see the cancel
	cancel()
	time.Sleep(10 * time.Millisecond)
	lookedAt(t, s, "the cancel")
}

func BenchmarkStopped(b *testing.B) {
	s := NewStop(context.Background(), time.Hour)
	for b.Loop() {
		s.Stopped()
	}
}
