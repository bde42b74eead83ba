package alphabeta

import (
	"testing"

	"mcarena/games/chess"
	"mcarena/games/chess/chesstest"
	"mcarena/games/chess/tb"
	"mcarena/games/rng"
)

// randomEndgame returns a legal, unfinished chess position of the two kings
// and the pieces others (FEN letters) on random squares.
func randomEndgame(t *testing.T, r *rng.Rand, others string) *chess.State {
	t.Helper()
	g := chess.New(0)
	for {
		if s, err := g.ParsePosition(chesstest.RandomEndgame(r, others)); err == nil && !s.Terminal() {
			return s.(*chess.State)
		}
	}
}

// The endgame tables and this alpha-beta search, two independent
// solvers, agree on random 3-piece and KQvKR positions: where the table
// gives a mate within five plies, the outcome-only search to depth five
// scores the root with that mate exactly (Mate minus the plies, negated for
// the side mated); everywhere else it finds no mate within its horizon.
func TestTablebaseAgreesWithAlphaBeta(t *testing.T) {
	const depth = 5
	tabs := tb.Open(t.TempDir())
	defer tabs.Close()
	rr := rng.New(7)
	r := &rr
	short := 0
	for _, others := range []string{"Q", "R", "P", "q", "r", "p", "Qr"} {
		n := 400
		if len(others) > 1 {
			n = 100
		}
		for range n {
			s := randomEndgame(t, r, others)
			res, dtm, ok := tabs.Probe(s)
			if !ok {
				t.Fatalf("Probe(%s) not ok", s)
			}
			want := 0.0
			if res != tb.Draw && dtm <= depth {
				want = Mate - float64(dtm)
				if res == tb.Loss {
					want = -want
				}
				short++
			}
			got := searchWith(t, Config{}, s, depth).Stats.Cell(0, "score")
			if got != want {
				t.Errorf("%s: alpha-beta to depth %d scores %v; the table says %v in %d plies, so %v", s, depth, got, res, dtm, want)
			}
		}
	}
	if short < 50 {
		t.Errorf("only %d positions with a mate within %d plies: the sample tests too little", short, depth)
	}
	t.Logf("%d positions with a mate within %d plies", short, depth)
}
