package chess_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/gametest"
)

// endByHistory marks the positions whose end their FEN cannot carry: a draw
// by repetition (threefold, or twofold under draws=stockfish), which a FEN
// read back does not know.
func endByHistory(s games.State) bool {
	r := games.EndReason(s)
	return r == "threefold repetition" || r == "twofold repetition"
}

func TestConformance(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		games int
	}{{"chess", 8}, {"chess:maxplies=120", 6}, {"chess:draws=stockfish", 4}} {
		t.Run(tt.spec, func(t *testing.T) {
			n := tt.games
			if testing.Short() || raceDetector {
				n = 2 // games of 350 plies, each position's playouts checked
			}
			gametest.Conformance(t, gametest.MustGame(t, tt.spec), gametest.Config{Games: n, EndByHistory: endByHistory})
		})
	}
}

// TestConformanceStockfishOrder runs the kit on order=stockfish: Legal's
// order follows the piece lists of the game's history, which FEN leaves
// out, and Playout draws as in the native order, which a native twin of
// the position (its history kept) shows.
func TestConformanceStockfishOrder(t *testing.T) {
	n := 4
	if testing.Short() || raceDetector {
		n = 1
	}
	native := chess.New(300)
	gametest.Conformance(t, chess.NewStockfishOrder(300), gametest.Config{Games: n, EndByHistory: endByHistory, OrderByHistory: true,
		ReferencePlayout: gametest.TwinPlayout(func(s games.State) games.State { return chess.NativeTwin(s, native) })})
}
