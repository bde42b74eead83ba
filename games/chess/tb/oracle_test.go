package tb

import (
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/knowledge"
)

func chessOf(s games.State) *chess.State { return s.(*chess.State) }

func oracleOf(t *testing.T, name string) knowledge.Oracle {
	t.Helper()
	o, err := knowledge.NewOracle(game, name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// The oracle's value of a position is the outcome the game itself reaches
// when both sides follow the tablebase (the winner by the shortest mate,
// the loser by the longest, a drawing side into the end of the game when
// it can), and a finished position's value is its outcome.
func TestOracleAgreesWithTheGamesOwnEnd(t *testing.T) {
	o := oracleOf(t, "tb4")
	for _, fen := range []string{
		"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",   // KQK, Black mated
		"R5k1/8/6K1/8/8/8/8/8 b - - 0 1",   // KRK, Black mated
		"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",   // KQK, stalemate
		"8/8/8/4k3/8/8/8/KQ6 w - - 0 1",    // KQK, White mates
		"8/8/8/4k3/8/8/8/KQ6 b - - 0 1",    // KQK, Black is mated
		"8/8/3k4/8/8/8/8/R3K3 w - - 0 1",   // KRK, White mates
		"7K/8/8/8/8/8/kR6/8 b - - 0 1",     // KRK, Black takes the rook
		"8/8/8/3k4/8/8/6q1/R3K3 w - - 0 1", // KRvKQ, White to move
		"1k6/8/1K6/8/8/8/8/7q w - - 0 1",   // KQK, Black wins
	} {
		s := state(t, fen)
		want, ok := o.Probe(s)
		if !ok {
			t.Fatalf("%s: not probed", fen)
		}
		c := s.Clone()
		for ply := 0; !c.Terminal(); ply++ {
			if ply > 200 {
				t.Fatalf("%s: no end after %d plies of tablebase play", fen, ply)
			}
			c.Play(tablebaseMove(t, o, c))
		}
		if got := float64(c.Outcome()); got != want {
			t.Errorf("%s: the oracle says %v, the game ends %v", fen, want, got)
		}
	}
}

// tablebaseMove returns the mover's best move by the tablebase: the
// shortest win, else a draw (one that ends the game first), else the
// longest loss.
func tablebaseMove(t *testing.T, o knowledge.Oracle, s games.State) games.Move {
	t.Helper()
	sign := 1.0
	if s.ToMove() == games.Second {
		sign = -1
	}
	best, bestKey := games.NoMove, -1<<30
	c := s.Clone()
	for _, m := range s.Legal(nil) {
		c.CopyFrom(s)
		c.Play(m)
		var v float64
		var dtm, key int
		if c.Terminal() {
			v = float64(c.Outcome())
		} else {
			var ok bool
			if v, ok = o.Probe(c); !ok {
				t.Fatalf("%s after %v: not probed", s, m)
			}
			_, dtm, _ = Probe(chessOf(c))
		}
		switch v * sign {
		case 1:
			key = 1<<20 - dtm
		case 0:
			key = 0
			if c.Terminal() {
				key = 1
			}
		default:
			key = -(1 << 20) + dtm
		}
		if key > bestKey {
			best, bestKey = m, key
		}
	}
	return best
}

func TestOraclesProbeOnlyTheirSizes(t *testing.T) {
	tb3, tb4 := oracleOf(t, "tb3"), oracleOf(t, "tb4")
	kqkr := state(t, "8/8/8/3k4/8/8/6r1/Q3K3 w - - 0 1")
	if _, ok := tb3.Probe(kqkr); ok {
		t.Error("tb3 probed a position of four pieces")
	}
	if _, ok := tb4.Probe(kqkr); !ok {
		t.Error("tb4 did not probe a position of four pieces")
	}
	start := state(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if _, ok := tb4.Probe(start); ok {
		t.Error("tb4 probed the starting position")
	}
	if n := tb4.(knowledge.Sizer).Pieces(start); n != 32 {
		t.Errorf("the starting position has %d pieces, want 32", n)
	}
}
