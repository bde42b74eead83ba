package tb

import (
	"math/bits"
	"os"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// middlegames are positions of at least eight pieces from games of the
// mcc-tablebase round robin (MCC with and without the cut-off, 14,000
// iterations a move), after 20, 50 and 80 plies: the roots where the chess
// thesis' cut-off works.
var middlegames = []string{
	"2bqk1nr/p4p1p/p1p1p3/3p2B1/3P4/b4P2/2P1PKPP/3Q1BNR w k - 0 11",
	"rnb1q1kr/pp1pn2p/6p1/1PR1pp2/P7/8/3PPPPP/1NBQKBNR w K - 1 11",
	"rnBqkb1r/ppp1pppp/3p4/8/1n6/P4N2/2PPP2P/2B1K2R w q - 0 11",
	"rnbqk2r/1ppp2p1/p6p/2B2p1n/8/1P1PP2N/P1P4p/RN2KBR1 w Qkq - 0 11",
	"8/2n5/k7/6R1/4PP2/2P5/P3P3/3RK3 w - - 3 41",
	"r1bq1bnr/ppk4p/1np1p3/5pN1/3Q4/N1P3PP/PP1PPP2/R1B1KB1R w KQ - 1 11",
	"7b/2B5/B4kpp/8/P3P3/1R5P/3P3P/1N2K3 w - - 1 26",
	"1n6/5k1p/1p1p4/1p3P2/8/2K2PP1/RPP5/6R1 w - - 2 26",
	"4k3/3p4/B1p1p2p/P4pp1/5P2/P4K2/1B1N2PP/R5NR w - - 0 26",
	"rnbqk3/pp1p4/3b1np1/2p5/4p2N/2P1P2P/PP1P1P2/RNBQKB2 w Qq - 1 11",
	"rnb4r/2p1kp2/3qp1p1/pp1p4/3P4/1PP2N1P/P3PPP1/RN1QKB1R w KQ - 2 11",
	"r3kbQ1/p2n1p2/1p1p2pp/4p3/2P4q/5N1R/PP1KPPP1/RNB2B2 w q - 1 11",
	"1r1qkb2/ppp1p2r/2n1pnpp/3p4/2B3P1/1PPPP3/P4PP1/RNBQK2R w KQ - 1 11",
	"7r/2n2pkp/8/6K1/4b1p1/8/8/8 w - - 2 41",
	"3k1b2/1p3p1r/3p1np1/1p2n2p/1p2pB2/6Pb/r4PR1/3K4 w - - 0 26",
	"5k2/4n2p/8/6K1/6P1/4P3/P1b5/8 w - - 2 41",
}

// cutOffCounts are what uniform random playouts from the middlegames do
// with a cut-off at some number of pieces: of n playouts, decisive ended
// decisively; reached came down to the cut-off's pieces, where the table's
// value was decisive tableDecisive times and the playout's own end
// endDecisive times.
type cutOffCounts struct{ n, decisive, reached, tableDecisive, endDecisive int }

// share is a part of a whole in per cent.
func share(a, b int) float64 { return 100 * float64(a) / float64(b) }

// cut is the share of the playouts decisive with the cut-off: those
// decisive before reaching it, and those the table's value decides.
func (c cutOffCounts) cut() float64 {
	return share(c.decisive-c.endDecisive+c.tableDecisive, c.n)
}

// measureCutOff plays per uniform random playouts from each middlegame and
// looks each up in the oracle the first time it comes down to pieces.
func measureCutOff(t *testing.T, oracle string, pieces, per int) cutOffCounts {
	t.Helper()
	o := oracleOf(t, oracle)
	r := rng.New(1)
	buf := make([]games.Move, 0, game.MaxMoves())
	var c cutOffCounts
	for _, fen := range middlegames {
		root := state(t, fen)
		for range per {
			s := root.Clone()
			probed := false
			for !s.Terminal() {
				if !probed && bits.OnesCount64(chessOf(s).Occupied()) <= pieces {
					v, ok := o.Probe(s)
					if !ok {
						t.Fatalf("%s: the table lacks %s", fen, s)
					}
					probed = true
					c.reached++
					if v.Value != 0 {
						c.tableDecisive++
					}
				}
				buf = s.Legal(buf)
				s.Play(buf[r.Intn(len(buf))])
			}
			c.n++
			if s.Outcome() != games.Draw {
				c.decisive++
				if probed {
					c.endDecisive++
				}
			}
		}
	}
	t.Logf("%d playouts from %d positions: %.1f%% decisive; %.1f%% reach %d pieces, where the table's value is decisive in %.1f%% and the playout's end in %.1f%%; with the cut-off %.1f%% decisive",
		c.n, len(middlegames), share(c.decisive, c.n), share(c.reached, c.n), pieces, share(c.tableDecisive, c.reached), share(c.endDecisive, c.reached), c.cut())
	return c
}

// The chess thesis' case for the tablebase cut-off (section 2.3): uniform
// random playouts rarely end decisively, and the table gives many of them
// the value of the position they pass through. From the middlegames above,
// most uniform playouts reach four pieces, and there the table's value is
// decisive several times as often as the playout's own end, which a draw
// rule usually settles. It needs every 4-piece table, minutes to build,
// so it runs only when MCARENA_TB_BUILD_ALL is set, as TestBuildEveryTable
// does; MCARENA_TB_BUILD_ALL=1 go test -run CutOff -v prints the shares.
// TestCutOffAtThreePiecesMakesPlayoutsDecisive makes the same case with
// the 3-piece tables in every test run.
func TestCutOffMakesPlayoutsDecisive(t *testing.T) {
	if os.Getenv("MCARENA_TB_BUILD_ALL") == "" {
		t.Skip("set MCARENA_TB_BUILD_ALL=1 to build every table and measure the cut-off's playouts")
	}
	c := measureCutOff(t, "tb4", 4, 200)
	if share(c.reached, c.n) < 50 {
		t.Errorf("%.1f%% of the playouts reach four pieces, want most", share(c.reached, c.n))
	}
	if c.tableDecisive < 3*c.endDecisive || share(c.tableDecisive, c.reached) < 30 {
		t.Errorf("at four pieces the table is decisive %d times, the playouts' ends %d times: want the table several times as often", c.tableDecisive, c.endDecisive)
	}
}

// The same case with the 3-piece tables, which every test run builds in
// well under a second: from the middlegames about three playouts in ten
// come down to three pieces (28.9% of 3,200 when this was written), where
// the table's value is decisive in most (86.4%) and the playout's own end
// almost never (0.6%), so the cut-off makes some three times as many
// playouts decisive (35.8% against 11.0%).
func TestCutOffAtThreePiecesMakesPlayoutsDecisive(t *testing.T) {
	c := measureCutOff(t, "tb3", 3, 200)
	if share(c.reached, c.n) < 20 {
		t.Errorf("%.1f%% of the playouts reach three pieces, want a fifth or more", share(c.reached, c.n))
	}
	if c.tableDecisive < 10*c.endDecisive || share(c.tableDecisive, c.reached) < 50 {
		t.Errorf("at three pieces the table is decisive %d times, the playouts' ends %d times: want the table in most, and ten times as often", c.tableDecisive, c.endDecisive)
	}
	if c.cut() < 2*share(c.decisive, c.n) {
		t.Errorf("with the cut-off %.1f%% of the playouts are decisive, without it %.1f%%: want twice as many or more", c.cut(), share(c.decisive, c.n))
	}
}
