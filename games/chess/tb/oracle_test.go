package tb

import (
	"fmt"
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
		verdict, ok := o.Probe(s)
		want, proven := verdict.Value, verdict.Proven
		if !ok || !proven {
			t.Fatalf("%s: probed %v, proven %v, at a clock of 0", fen, ok, proven)
		}
		// A proven mate's plies are the table's distance to mate.
		if _, dtm, _ := Probe(chessOf(s)); want != 0 && verdict.Plies != dtm || want == 0 && verdict.Plies != 0 {
			t.Errorf("%s: the verdict's plies %d, the table's DTM %d", fen, verdict.Plies, dtm)
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
			verdict, ok := o.Probe(c)
			if !ok {
				t.Fatalf("%s after %v: not probed", s, m)
			}
			v = verdict.Value
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

// The oracle proves a table's win or loss only when the mate stands under
// the fifty-move rule: at a halfmove clock h, a mate DTM plies away is
// proven while h + DTM <= 100 (the mate on the ply the clock reaches 100
// still wins) and only known, with the same value, from a clock one higher.
// The game agrees: played on by the tablebase (the loser by its longest
// defence), the position is won at the highest clock the oracle proves and
// drawn by the fifty-move rule one ply of clock later. In these materials
// no move of either side's tablebase play resets the clock.
func TestOracleProvesOnlyMatesTheFiftyMoveRuleLetsStand(t *testing.T) {
	o := oracleOf(t, "tb4")
	for _, c := range []struct {
		fen  string // with the halfmove clock as %d
		want float64
	}{
		{"8/8/8/5k2/8/8/1Q6/K7 w - - %d 1", 1},   // KQK, White mates in 10
		{"8/8/8/8/8/8/1Rk5/K7 b - - %d 1", 1},    // KRK, Black mated after 16
		{"8/8/8/4k3/8/8/8/KQ6 b - - %d 1", 1},    // KQK, Black to move
		{"8/8/8/8/3K4/8/6q1/4k3 w - - %d 1", -1}, // KQK, White mated
		{"8/2k5/8/8/8/8/r7/4K3 b - - %d 1", -1},  // KRK, Black mates
	} {
		_, dtm, ok := Probe(state(t, fmt.Sprintf(c.fen, 0)))
		if !ok || dtm == 0 {
			t.Fatalf("%s: probed %v, DTM %d", c.fen, ok, dtm)
		}
		last := 100 - dtm // the highest clock of a proof
		for _, h := range []int{0, last - 1, last, last + 1} {
			s := state(t, fmt.Sprintf(c.fen, h))
			verdict, ok := o.Probe(s)
			v, proven := verdict.Value, verdict.Proven
			if !ok || v != c.want || proven != (h <= last) {
				t.Errorf("%s: Probe = %v, proven %v, ok %v; want %v, proven %v (DTM %d)", s, v, proven, ok, c.want, h <= last, dtm)
			}
			if h < last {
				continue
			}
			g := s.Clone()
			for !g.Terminal() {
				g.Play(tablebaseMove(t, o, g))
			}
			want := games.Draw
			if proven {
				want = games.Outcome(c.want)
			}
			if got := g.Outcome(); got != want {
				t.Errorf("%s: tablebase play ends %v (%s), want %v", s, got, chessOf(g).EndReason(), want)
			}
		}
	}
}

// A table's draw is proven at any clock: the draw rules end games in draws
// only, so they cannot turn it into a win.
func TestOracleProvesDrawsAtAnyClock(t *testing.T) {
	o := oracleOf(t, "tb4")
	for _, fen := range []string{
		"7K/8/8/8/8/8/kR6/8 b - - 99 1",    // Black takes the rook
		"8/8/8/8/8/8/1Rk5/7K b - - 99 1",   // and here
		"k7/2Q5/1K6/8/8/8/8/8 b - - 100 1", // stalemate
	} {
		s := state(t, fen)
		if v, ok := o.Probe(s); !ok || v.Value != 0 || !v.Proven {
			t.Errorf("%s: Probe = %+v, ok %v; want a proven draw", fen, v, ok)
		}
	}
}

// The repetition rule: once a position has occurred twice since the last
// capture or pawn move, a line of the table's mate might make it a third
// occurrence, so the mate is known but not proven.
func TestOracleDoesNotProveAMateARepetitionMayDraw(t *testing.T) {
	o := oracleOf(t, "tb4")
	s := state(t, "8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
	for i, text := range []string{"a1a2", "e5e6", "a2a1", "e6e5", "a1a2", "e5e6"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
		// From the fifth ply on, the start has occurred twice.
		verdict, ok := o.Probe(s)
		v, proven := verdict.Value, verdict.Proven
		if !ok || v != 1 || proven != (i < 4) {
			t.Errorf("after %d plies: Probe = %v, proven %v, ok %v; want a White win, proven %v", i+1, v, proven, ok, i < 4)
		}
	}
}
