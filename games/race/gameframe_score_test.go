package race_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// plainGameframeClass restates the framework's getOrderedMoves on a plain
// board: a quiet move onto the goal rank 4; a capture whose target has no
// piece of either colour on the two cells diagonally ahead of it (off the
// board counts as empty) 3; another capture landing on the ranks of the
// mover's half 2; any other capture 1; a quiet move 0.
func plainGameframeClass(s games.State, m games.Move) int {
	b := s.Board()
	rows, cols := b.Rows, b.Cols
	foe, dir, goal := byte('b'), 1, rows-1
	if s.ToMove() == games.Second {
		foe, dir, goal = 'w', -1, 0
	}
	at := func(r, f int) byte {
		if r < 0 || r >= rows || f < 0 || f >= cols {
			return 0
		}
		return b.Cells[r*cols+f].Piece
	}
	_, to := s.MoveCells(m)
	tr, tf := to/cols, to%cols
	if at(tr, tf) != foe {
		if tr == goal {
			return 4
		}
		return 0
	}
	if at(tr+dir, tf-1) == 0 && at(tr+dir, tf+1) == 0 {
		return 3
	}
	fromHome := tr
	if dir < 0 {
		fromHome = rows - 1 - tr
	}
	if fromHome < rows/2 {
		return 2
	}
	return 1
}

// The gameframe move score gives every move of random games the class the
// framework's ordering restated on a plain board gives it, on the paper's
// board in both move orders.
func TestGameframeScoreFollowsTheFramework(t *testing.T) {
	for _, spec := range []string{"breakthrough:size=8x8,order=gameframe", "breakthrough:size=8x8", "breakthrough:size=8x8,home=3"} {
		g := mustGame(t, spec)
		sc, err := knowledge.NewMoveScore(g, "gameframe")
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(5)
		seen := map[int]int{}
		for range 60 {
			s := g.NewState()
			for !s.Terminal() {
				moves := s.Legal(nil)
				for _, m := range moves {
					got, want := sc.Score(s, m), plainGameframeClass(s, m)
					if got != want {
						t.Fatalf("%s, %s, %s: score %d, want %d", spec, s, s.MoveString(m), got, want)
					}
					seen[want]++
				}
				s.Play(moves[r.Intn(len(moves))])
			}
		}
		for c := range 5 {
			if seen[c] == 0 {
				t.Errorf("%s: no move of class %d met; the check is too weak", spec, c)
			}
		}
	}
}

// Hand-made positions, one a class edge each.
func TestGameframeScoreClasses(t *testing.T) {
	tests := []struct {
		name, pos, move string
		want            int
	}{
		{"a quiet step onto the far rank", "7b/2w5/8/8/8/8/8/8 w", "c7-c8", 4},
		{"a capture onto the far rank: nothing ahead", "3b3b/2w5/8/8/8/8/8/8 w", "c7-d8", 3},
		{"a capture with both cells ahead empty", "7b/8/8/8/3b4/2w5/8/8 w", "c3-d4", 3},
		{"an own piece ahead also spoils a free capture", "7b/8/8/4w3/3b4/2w5/8/8 w", "c3-d4", 2},
		{"a recapturer ahead, on the mover's half", "7b/8/8/2b5/3b4/2w5/8/8 w", "c3-d4", 2},
		{"a recapturer ahead, on the opponent's half", "7b/8/2b5/3b4/2w5/8/8/8 w", "c4-d5", 1},
		{"off the board counts as empty", "7b/8/8/8/b7/1w6/8/8 w", "b3-a4", 3},
		{"beside the board edge the other cell still counts", "7b/8/8/1b6/b7/1w6/8/8 w", "b3-a4", 2},
		{"black: a free capture down the board", "8/8/2b5/3w4/8/8/8/7w b", "c6-d5", 3},
		{"black: a defended capture on its own half", "8/8/2b5/3w4/4w3/8/8/8 b", "c6-d5", 2},
		{"black: a defended capture on white's half", "8/8/8/2b5/3w4/4w3/8/8 b", "c5-d4", 1},
		{"a quiet step", "7b/8/8/8/8/2w5/8/8 w", "c3-c4", 0},
	}
	g := mustGame(t, "breakthrough:size=8x8")
	sc, err := knowledge.NewMoveScore(g, "gameframe")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := sc.Score(s, m); got != tt.want {
				t.Errorf("%s: %d, want %d", tt.move, got, tt.want)
			}
		})
	}
	for _, spec := range []string{"breakthrough:size=8x8,misere=true", "breakthrough", "breakthrough:size=6x8"} {
		if _, err := knowledge.NewMoveScore(mustGame(t, spec), "gameframe"); err == nil {
			t.Errorf("%s: no error, want one", spec)
		}
	}
}
