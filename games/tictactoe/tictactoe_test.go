package tictactoe

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Conformance(t, New(), gametest.Config{})
}

// The number of move sequences of each length; a game that ends before the
// depth does not count. Depth 9 is the number of games that fill the board.
func TestPerft(t *testing.T) {
	want := []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	for d, w := range want {
		if got := games.Perft(New().NewState(), d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
	}
}

// A depth beyond the game's length counts nothing, and costs memory for the
// plies played only: perft's buffers follow the line, not the depth asked
// (a depth of 2^40 once asked for 2^40 states before counting).
func TestPerftBeyondTheGame(t *testing.T) {
	s := New().NewState()
	const deep = 1 << 40
	if got := games.Perft(s, deep); got != 0 {
		t.Errorf("perft(2^40) = %d, want 0", got)
	}
	entries := games.Divide(s, deep)
	if len(entries) != 9 {
		t.Fatalf("divide(2^40) has %d first moves, want 9", len(entries))
	}
	for _, e := range entries {
		if e.Count != 0 {
			t.Errorf("divide(2^40): %s has %d, want 0", s.MoveString(e.Move), e.Count)
		}
	}
	// Two allocations a ply (a state and a move buffer) for the nine plies
	// of a game, and a few to start.
	if n := testing.AllocsPerRun(3, func() { games.Perft(s, deep) }); n > 40 {
		t.Errorf("perft(2^40) made %.0f allocations, want at most 40", n)
	}
}

func TestSolvedDraw(t *testing.T) {
	if v := gametest.Solve(New().NewState()); v != 0 {
		t.Fatalf("TicTacToe solves to %d for X, want 0 (draw)", v)
	}
}

func TestPositions(t *testing.T) {
	tests := []struct {
		name, pos string
		terminal  bool
		outcome   games.Outcome
		value     int // solved value for the side to move
	}{
		{"x won by a diagonal", "2x/1x1/xoo o", true, games.FirstWins, 0},
		{"o won by a file", "x1o/x1o/1xo x", true, games.SecondWins, 0},
		{"full board draw", "xox/xoo/oxx o", true, games.Draw, 0},
		{"x to move wins at once", "oo1/3/xx1 x", false, 0, 1},
		{"x to move wins with a double threat", "1x1/1o1/xo1 x", false, 0, 1},
		{"o to move must block and draws", "1x1/xo1/xo1 o", false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New().ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			if s.Terminal() != tt.terminal {
				t.Fatalf("Terminal() = %v, want %v", s.Terminal(), tt.terminal)
			}
			if tt.terminal {
				if s.Outcome() != tt.outcome {
					t.Fatalf("Outcome() = %v, want %v", s.Outcome(), tt.outcome)
				}
				return
			}
			if v := gametest.Solve(s); v != tt.value {
				t.Fatalf("solved value %d, want %d", v, tt.value)
			}
		})
	}
}

func TestBadPositions(t *testing.T) {
	for _, pos := range []string{
		"", "3/3/3", "3/3/3 z", "3/3 x", "4/3/3 x", "xx1/3/3 x", "x2/3/3 x",
		"xxx/oo1/3 x", "xxx/ooo/3 o", "3/3/2 x", "3/3/0x2 x",
	} {
		if _, err := New().ParsePosition(pos); err == nil {
			t.Errorf("ParsePosition(%q) accepted", pos)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	s, _ := New().ParsePosition("3/1x1/3 o")
	for _, m := range []string{"b2", "d1", "a4", "a", "", "a1a2"} {
		if _, err := s.ParseMove(m); err == nil {
			t.Errorf("ParseMove(%q) accepted", m)
		}
	}
}

// The position of the NMCS paper's Table 1 as this package writes it: X to move
// among five empty cells, a3 wins (a double threat on the a-file and rank 3),
// the other four moves draw.
func TestSingleWinningMove(t *testing.T) {
	s, err := New().ParsePosition("1x1/1o1/xo1 x")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Play(m)
		got[s.MoveString(m)] = -gametest.Solve(c)
	}
	want := map[string]int{"a3": 1, "c3": 0, "a2": 0, "c2": 0, "c1": 0}
	for k, v := range want {
		if got[k] != v || len(got) != len(want) {
			t.Fatalf("move values %v, want %v", got, want)
		}
	}
}

func BenchmarkPlayout(b *testing.B) { gametest.BenchmarkPlayout(b, New()) }

func BenchmarkRecordPlayout(b *testing.B) { gametest.BenchmarkRecordPlayout(b, New()) }
