package games

// Trace is the record of a playout: the moves played, in order, and the player
// who played each. Turns need not alternate (Kalah gives extra turns), so the
// movers are recorded rather than inferred. Searches keep one Trace and Reset
// it between playouts, so that recording allocates only until its slices have
// grown to the longest playout.
type Trace struct {
	// Moves are the moves in the order they were played.
	Moves []Move
	// Movers[i] is the player who played Moves[i].
	Movers []Player
}

// Reset empties the trace, keeping its storage.
func (t *Trace) Reset() { t.Moves, t.Movers = t.Moves[:0], t.Movers[:0] }

// Add records that p played m.
func (t *Trace) Add(m Move, p Player) {
	t.Moves = append(t.Moves, m)
	t.Movers = append(t.Movers, p)
}

// Len returns the number of moves recorded.
func (t *Trace) Len() int { return len(t.Moves) }
