package knowledge

import "mcarena/games"

func init() {
	RegisterClassifier(AnyGame, "decisive", "the move ends the game with a win for the player who makes it",
		func(g games.Game) (Classifier, error) { return &decisive{}, nil })
	RegisterHeuristic(AnyGame, "outcome", "the outcome of a finished game, 0 for any other position (no knowledge)",
		func(g games.Game) (Heuristic, error) { return outcomeOnly{}, nil })
}

// decisive is the classifier of winning moves, by playing them on a scratch
// copy.
type decisive struct{ scratch games.State }

func (d *decisive) Is(s games.State, m games.Move) bool {
	if d.scratch == nil || d.scratch.Game() != s.Game() {
		d.scratch = s.Clone()
	}
	d.scratch.CopyFrom(s)
	mover := s.ToMove()
	d.scratch.Play(m)
	return d.scratch.Terminal() && d.scratch.Outcome() == games.WinFor(mover)
}

// outcomeOnly is the heuristic that knows nothing but finished games.
type outcomeOnly struct{}

func (outcomeOnly) Value(s games.State) float64 {
	if s.Terminal() {
		return float64(s.Outcome())
	}
	return 0
}
