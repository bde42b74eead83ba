package chess

import "mcarena/games"

// NativeTwin returns a copy of s, history and all, whose Legal lists moves
// in native's order: the twin of a state under another order.
func NativeTwin(s games.State, native *Game) games.State {
	t := *s.(*State)
	t.g = native
	return &t
}
