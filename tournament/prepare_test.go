package tournament

import (
	"errors"
	"testing"

	"mcarena/engines"
	"mcarena/games"
)

// preparing counts its Prepare calls by game and may fail them.
type preparing struct {
	slow
	calls map[string]int
	err   error
}

func (e *preparing) Prepare(g games.Game) error {
	e.calls[g.Spec()]++
	return e.err
}

var _ engines.Preparer = (*preparing)(nil)

// A worker has an engine do its one-time work once per game it plays,
// before the game, and a failure to prepare stops the game with its error.
func TestWorkerPreparesOncePerGame(t *testing.T) {
	ttt, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	nogo, err := games.New("nogo")
	if err != nil {
		t.Fatal(err)
	}
	w := &worker{prepared: map[string]bool{}}
	e := &preparing{calls: map[string]int{}}
	for _, g := range []games.Game{ttt, ttt, nogo, ttt} {
		if err := w.prepare("p", e, g); err != nil {
			t.Fatal(err)
		}
	}
	if e.calls[ttt.Spec()] != 1 || e.calls[nogo.Spec()] != 1 {
		t.Errorf("Prepare calls %v, want one per game", e.calls)
	}
	bad := &preparing{calls: map[string]int{}, err: errors.New("no tables")}
	if err := w.prepare("bad", bad, ttt); err == nil || err.Error() != "no tables" {
		t.Errorf("prepare error %v, want no tables", err)
	}
	if err := w.prepare("bad", bad, ttt); err == nil {
		t.Error("a failed preparation counted as done")
	}
}
