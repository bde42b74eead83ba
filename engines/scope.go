package engines

import "sync"

// Scope is what the engines of one game share: a tournament game
// (tournament.PlaySeats) gives both seats' requests the same Scope, and a
// new game a new one. It models programs that played both sides of a game
// in one process and kept search state in shared (static) fields, as the
// implicit-minimax co-authors' framework kept MAST's stack of playout
// moves (policy's cutoff=shared). The searches of a tournament game run
// one at a time, so what a Scope holds is used without a lock. Requests
// elsewhere (the terminal UI, whose hints and cancelled searches may
// overlap the next search, GTP, UCI, the command line) carry a nil Scope,
// which shares nothing.
type Scope struct {
	mu   sync.Mutex
	vals map[string]any
}

// NewScope returns an empty Scope for a new game.
func NewScope() *Scope { return &Scope{vals: map[string]any{}} }

// Shared returns the value stored under key, storing mk() there first if
// there is none. Keys name what they hold, prefixed by the package that
// uses them ("policy.mast").
func (s *Scope) Shared(key string, mk func() any) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.vals[key]
	if !ok {
		v = mk()
		s.vals[key] = v
	}
	return v
}
