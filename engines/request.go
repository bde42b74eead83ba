package engines

import (
	"errors"
	"fmt"

	"mcarena/games"
)

// Request is one search: the position, how the game reached it, the budget,
// the seed and where to send statistics.
type Request struct {
	// Position is the position to move from. The engine does not change it.
	Position games.State
	// Start is the position the game started from (the game's start or a
	// set-up position) and History the moves played since, in order:
	// playing History on Start gives Position. Both are empty when the
	// position's past is unknown. Engines use them for repetitions and to
	// find the next root of a kept tree.
	Start   games.State
	History []games.Move
	// Budget limits the search; a zero Budget is the engine's default.
	Budget Budget
	// Seed fixes the engine's random choices.
	Seed uint64
	// Report receives snapshots while the engine searches; it may be nil.
	Report Reporter
	// Scope is shared by the engines of a tournament game (both seats),
	// nil elsewhere.
	Scope *Scope
}

// NewRequest returns a request for a position with no known history.
func NewRequest(s games.State, b Budget, seed uint64) Request {
	return Request{Position: s, Budget: b, Seed: seed}
}

// Check refuses a request whose budget is negative or whose history does
// not lead from Start to Position. It costs one replay of the history.
func (r Request) Check() error {
	if r.Position == nil {
		return errors.New("search request without a position")
	}
	if err := r.Budget.Check(); err != nil {
		return err
	}
	if r.Start == nil {
		if len(r.History) > 0 {
			return errors.New("search request with a history but no start position")
		}
		return nil
	}
	if r.Start.Game() != r.Position.Game() {
		return fmt.Errorf("search request: start position of %s, position of %s", r.Start.Game().Spec(), r.Position.Game().Spec())
	}
	h := r.Hashes()
	if len(h) != len(r.History)+1 {
		return fmt.Errorf("search request: history move %d is not legal where it is played", len(h))
	}
	if h[len(h)-1] != r.Position.Hash() {
		return errors.New("search request: the history does not lead from the start to the position")
	}
	return nil
}

// Hashes returns the Zobrist hashes of the positions of the game, from
// Start through every move of History (len(History)+1 values, the last
// one Position's), or Position's hash alone when the history is unknown.
// A move that is illegal where it is played ends the list early.
func (r Request) Hashes() []uint64 {
	if r.Start == nil {
		return []uint64{r.Position.Hash()}
	}
	s := r.Start.Clone()
	out := make([]uint64, 0, len(r.History)+1)
	out = append(out, s.Hash())
	buf := make([]games.Move, 0, s.Game().MaxMoves())
	for _, m := range r.History {
		if !legal(s.Legal(buf), m) {
			break
		}
		s.Play(m)
		out = append(out, s.Hash())
	}
	return out
}

func legal(moves []games.Move, m games.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// Check refuses negative budget fields with the valid range.
func (b Budget) Check() error {
	switch {
	case b.Time < 0:
		return fmt.Errorf("time budget %v: want a positive duration, or none", b.Time)
	case b.Iterations < 0:
		return fmt.Errorf("iterations budget %d: want a positive whole number, or none", b.Iterations)
	case b.States < 0:
		return fmt.Errorf("states budget %d: want a positive whole number, or none", b.States)
	case b.Clocks.Increment[0] < 0 || b.Clocks.Increment[1] < 0:
		return fmt.Errorf("clock increments %v and %v: want 0 or more", b.Clocks.Increment[0], b.Clocks.Increment[1])
	case b.Clocks.MovesToGo < 0:
		return fmt.Errorf("clock moves to go %d: want 0 (none) or more", b.Clocks.MovesToGo)
	}
	return nil
}
