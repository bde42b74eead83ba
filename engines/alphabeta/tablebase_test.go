package alphabeta

import (
	"fmt"
	"strings"
	"testing"

	"mcarena/games/chess"
	"mcarena/games/chess/tb"
	"mcarena/games/rng"
)

// randomEndgame returns a legal chess position of the two kings and the
// pieces others (FEN letters) on random squares, side to move at random.
func randomEndgame(t *testing.T, r *rng.Rand, others string) *chess.State {
	t.Helper()
	g := chess.New(0)
	for {
		var board [64]byte
		ok := true
		for _, l := range "Kk" + others {
			sq := r.Intn(64)
			if board[sq] != 0 || (l == 'P' || l == 'p') && (sq < 8 || sq >= 56) {
				ok = false
				break
			}
			board[sq] = byte(l)
		}
		if !ok {
			continue
		}
		var b strings.Builder
		for rank := 7; rank >= 0; rank-- {
			empty := 0
			for f := range 8 {
				if l := board[rank*8+f]; l != 0 {
					if empty > 0 {
						fmt.Fprint(&b, empty)
						empty = 0
					}
					b.WriteByte(l)
				} else {
					empty++
				}
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
			}
			if rank > 0 {
				b.WriteByte('/')
			}
		}
		fen := b.String() + [2]string{" w - - 0 1", " b - - 0 1"}[r.Intn(2)]
		if s, err := g.ParsePosition(fen); err == nil && !s.Terminal() {
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
