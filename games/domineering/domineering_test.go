package domineering

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
)

func TestConformance(t *testing.T) {
	for _, g := range []*Game{New(5, 5, false), New(5, 5, true), New(8, 8, false), New(3, 7, false), New(1, 4, false), New(6, 4, true)} {
		t.Run(g.Spec(), func(t *testing.T) {
			// On one row the first player, who places vertically, has no
			// move: the game ends at its start.
			gametest.Conformance(t, g, gametest.Config{Games: 100, EndsAtStart: g.geo.Rows == 1})
		})
	}
}

// Published values for small square boards: 5x5 is a second-player win; 2x2,
// 3x3 and 4x4 are first-player wins (2x2 by hand: either first domino leaves
// the opponent no room).
func TestSolved(t *testing.T) {
	tests := []struct {
		r, c int
		want int
	}{
		{2, 2, 1}, {3, 3, 1}, {4, 4, 1}, {5, 5, -1},
	}
	for _, tt := range tests {
		v, nodes := gametest.SolveStats(New(tt.r, tt.c, false).NewState())
		if v != tt.want {
			t.Errorf("Domineering %dx%d: first player value %d, want %d", tt.r, tt.c, v, tt.want)
		}
		t.Logf("Domineering %dx%d solved in %d nodes", tt.r, tt.c, nodes)
	}
}

// Perft on 5x5; depths up to 4 are also counted by bruteForce, which does
// not use the bitboard move generator.
func TestPerft(t *testing.T) {
	g := New(5, 5, false)
	want := []uint64{1, 20, 336, 4872, 57564, 565104, 4316256}
	for d, w := range want {
		if d > 5 && testing.Short() {
			break
		}
		if got := games.Perft(g.NewState(), d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
	}
	for d := 1; d <= 4; d++ {
		if got, want := games.Perft(g.NewState(), d), bruteForce(g.NewState(), d); got != want {
			t.Errorf("perft(%d) = %d, brute force %d", d, got, want)
		}
	}
}

// bruteForce counts sequences by trying every pair of orthogonally adjacent
// cells on the drawn board, independent of the bitboard move generator.
func bruteForce(s games.State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	b := s.Board()
	var n uint64
	for i, c := range b.Cells {
		if c.Owner >= 0 {
			continue
		}
		r, f := i/b.Cols, i%b.Cols
		var j int
		if s.ToMove() == games.First {
			if r+1 >= b.Rows {
				continue
			}
			j = i + b.Cols
		} else {
			if f+1 >= b.Cols {
				continue
			}
			j = i + 1
		}
		if b.Cells[j].Owner >= 0 {
			continue
		}
		child := s.Clone()
		m, err := child.ParseMove(games.CellName(i, b.Cols) + "-" + games.CellName(j, b.Cols))
		if err != nil {
			panic(err)
		}
		child.Play(m)
		n += bruteForce(child, depth-1)
	}
	return n
}

func TestMoves(t *testing.T) {
	g := New(5, 5, false)
	s, err := g.ParsePosition("5/5/1v3/1v3/5 h")
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{
		"a2-b2": "a2-b2: a horizontal domino does not fit there",
		"a1-a2": "a1-a2: Horizontal places horizontal dominoes on two adjacent cells",
		"e1-a2": "e1-a2: Horizontal places horizontal dominoes on two adjacent cells",
		"e1":    "e1: a horizontal domino does not fit there",
		"f1":    `"f1" is not a cell of the 5x5 board (a1..e5)`,
	}
	for in, want := range tests {
		if _, err := s.ParseMove(in); err == nil || err.Error() != want {
			t.Errorf("ParseMove(%s) error %v, want %q", in, err, want)
		}
	}
	for _, in := range []string{"c2-d2", "d2-c2", "c2", "a1-b1"} {
		if _, err := s.ParseMove(in); err != nil {
			t.Errorf("ParseMove(%s): %v", in, err)
		}
	}
}

func TestOutcomes(t *testing.T) {
	// 2x2 after Vertical fills file a: Horizontal has no move.
	for _, misere := range []bool{false, true} {
		s, err := New(2, 2, misere).ParsePosition("v1/v1 h")
		if err != nil {
			t.Fatal(err)
		}
		want := games.FirstWins
		if misere {
			want = games.SecondWins
		}
		if !s.Terminal() || s.Outcome() != want {
			t.Errorf("misere=%v: Terminal %v Outcome %v, want %v", misere, s.Terminal(), s.Outcome(), want)
		}
	}
}

func TestBadPositions(t *testing.T) {
	for _, pos := range []string{"5/5/5/5/v4 h", "5/5/5/5/hhh2 v", "5/5/5/5/5 x", "v4/5/5/5/v4 h"} {
		if _, err := New(5, 5, false).ParsePosition(pos); err == nil {
			t.Errorf("ParsePosition(%q) accepted", pos)
		}
	}
}

func BenchmarkPlayout(b *testing.B) { gametest.BenchmarkPlayout(b, New(5, 5, false)) }

func BenchmarkRecordPlayout(b *testing.B) { gametest.BenchmarkRecordPlayout(b, New(5, 5, false)) }

// Adjacent dominoes of one kind stay separate pieces: each cell joins only
// the other cell of its own domino.
func TestBoardJoinsDominoes(t *testing.T) {
	s, err := New(4, 4, false).ParsePosition("v3/vhh1/vhh1/v3 v")
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board()
	want := map[string]games.Join{
		"a1": games.JoinUp, "a2": games.JoinDown, "a3": games.JoinUp, "a4": games.JoinDown,
		"b2": games.JoinRight, "c2": games.JoinLeft, "b3": games.JoinRight, "c3": games.JoinLeft,
	}
	for i, c := range b.Cells {
		if c.Join != want[b.Name(i)] {
			t.Errorf("%s joins %b, want %b", b.Name(i), c.Join, want[b.Name(i)])
		}
	}
}
