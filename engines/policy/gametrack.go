package policy

import (
	"mcarena/engines"
	"mcarena/games"
)

// gameTrack follows the searches of one search object (an engine may keep
// several) through a game, so
// that tables meant to outlive a search (Last-Good-Reply's, N-grams',
// MAST's carried moves) are kept within a game and cleared at a new one.
type gameTrack struct {
	searched bool
	hasStart bool
	start    uint64
	history  []games.Move
}

// next records req's game and reports whether req continues the game of
// the last search: the same start and a history that extends the last one,
// or no start for either. The first search continues nothing.
func (g *gameTrack) next(req engines.Request) bool {
	same := g.searched && g.continues(req)
	g.searched = true
	g.hasStart = req.Start != nil
	if g.hasStart {
		g.start = req.Start.Hash()
	}
	g.history = append(g.history[:0], req.History...)
	return same
}

func (g *gameTrack) continues(req engines.Request) bool {
	if (req.Start != nil) != g.hasStart {
		return false
	}
	if req.Start == nil {
		return true
	}
	if req.Start.Hash() != g.start || len(req.History) < len(g.history) {
		return false
	}
	for i, m := range g.history {
		if req.History[i] != m {
			return false
		}
	}
	return true
}
