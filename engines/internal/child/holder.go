package child

import "sync"

// Holder holds the program of an engine, so that the cleanup that stops it
// once the engine is freed (runtime.AddCleanup) reaches it without the
// engine. A search holds the lock while it talks to the program.
type Holder[P interface {
	comparable
	Stop()
}] struct {
	mu sync.Mutex
	p  P
}

// Lock locks h and returns its program, the zero P when none is running.
func (h *Holder[P]) Lock() P {
	h.mu.Lock()
	return h.p
}

// Unlock unlocks h.
func (h *Holder[P]) Unlock() { h.mu.Unlock() }

// Set makes p the program, the zero P for none; h must be locked.
func (h *Holder[P]) Set(p P) { h.p = p }

// Close stops the program, if one is running.
func (h *Holder[P]) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	var none P
	if h.p != none {
		h.p.Stop()
		h.p = none
	}
}
