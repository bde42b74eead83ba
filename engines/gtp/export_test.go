package gtp

import "time"

// SetNow makes s read the time from now, so that tests can say how long a
// search took.
func (s *Server) SetNow(now func() time.Time) { s.now = now }
