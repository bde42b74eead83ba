package race

import (
	"errors"
	"math"
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

func init() {
	knowledge.RegisterHeuristic("breakthrough", "efms",
		"efMS of the implicit-minimax paper (after Schadd 2011): 10 a piece and 2.5 a rank of each side's most advanced piece, the difference clamped to [-100, 100] and passed through tanh(d/60); a finished game scores its outcome",
		func(g games.Game) (knowledge.Heuristic, error) {
			if g.(*Game).v.Misere {
				return nil, errors.New("efms rewards advancing, which loses in misère play")
			}
			return efMS{}, nil
		})
	for _, name := range []string{"breakthrough", "knightthrough"} {
		knowledge.RegisterClassifier(name, "capture", "the move takes an enemy piece",
			func(games.Game) (knowledge.Classifier, error) { return capture{}, nil })
	}
}

// efMS is Schadd's simple Breakthrough evaluation as the implicit-minimax
// paper uses it (the constants as its co-authors implemented them): White's
// view.
type efMS struct{}

func (efMS) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	cols := s.g.v.Cols
	// Progress: the rank of each side's most advanced piece, counted from
	// its own home rank.
	pw := (63 - bits.LeadingZeros64(s.BB[0])) / cols
	pb := s.g.v.Rows - 1 - bits.TrailingZeros64(s.BB[1])/cols
	// Each product rounded on its own, so no machine fuses it with the add.
	d := float64(10*float64(bits.OnesCount64(s.BB[0])-bits.OnesCount64(s.BB[1]))) + float64(2.5*float64(pw-pb))
	return math.Tanh(max(-100, min(100, d)) / 60)
}

// capture classifies moves whose target holds an enemy piece.
type capture struct{}

func (capture) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	_, to := s.MoveCells(m)
	return s.BB[s.Side^1]&(1<<uint(to)) != 0
}
