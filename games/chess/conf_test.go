package chess_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
)

// endByHistory marks the positions whose end their FEN cannot carry: a draw
// by threefold repetition, which a FEN read back does not know.
func endByHistory(s games.State) bool { return games.EndReason(s) == "threefold repetition" }

func TestConformance(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		games int
	}{{"chess", 8}, {"chess:maxplies=120", 6}} {
		t.Run(tt.spec, func(t *testing.T) {
			n := tt.games
			if testing.Short() || raceDetector {
				n = 2 // games of 350 plies, each position's playouts checked
			}
			gametest.Conformance(t, gametest.MustGame(t, tt.spec), gametest.Config{Games: n, EndByHistory: endByHistory})
		})
	}
}
