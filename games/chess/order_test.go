package chess_test

import (
	"testing"

	"mcarena/games/chess"
	"mcarena/games/knowledge"
)

// The move scores alpha-beta orders captures by: MVV/LVA ranks victims
// before attackers and never goes below 0; "see" is State.SEE, below 0 for
// a losing capture; both score a quiet move 0 (SEE: a safe one).
func TestMoveScores(t *testing.T) {
	const fen = "4k3/8/1q2p3/P2p4/8/8/3Q4/4K3 w - -"
	tests := []struct {
		name, fen, move string
		mvvlva, see     int
	}{
		{"pawn takes queen", fen, "axb6", 8*5 - 0, 900},
		{"queen takes a defended pawn", fen, "Qxd5", 8*1 - 4, -800},
		{"quiet move", fen, "Qd3", 0, 0},
		{"en passant takes a pawn", "4k3/8/8/3pP3/8/8/8/4K3 w - d6", "exd6", 8, 100},
		{"capture that promotes", "1n2k3/P7/8/8/8/8/8/4K3 w - -", "axb8=Q", 8*2 + 8*4, 300 + 800},
	}
	g := chess.New(0)
	mvv, err := knowledge.NewMoveScore(g, "mvvlva")
	if err != nil {
		t.Fatal(err)
	}
	see, err := knowledge.NewMoveScore(g, "see")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.ParsePosition(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := mvv.Score(s, m); got != tt.mvvlva {
				t.Errorf("mvvlva %s = %d, want %d", tt.move, got, tt.mvvlva)
			}
			if got := see.Score(s, m); got != tt.see {
				t.Errorf("see %s = %d, want %d", tt.move, got, tt.see)
			}
		})
	}
}

// InCheck tells the player to move in check, by any piece, and no one else.
func TestInCheck(t *testing.T) {
	tests := []struct {
		name, fen string
		want      bool
	}{
		{"the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", false},
		{"a knight checks", "4k3/8/8/8/8/2Q5/4n3/6K1 w - -", true},
		{"a rook checks along an empty rank", "4k3/8/8/8/8/8/8/r3K3 w - -", true},
		{"a blocked rook does not", "4k3/8/8/8/8/8/8/rN2K3 w - -", false},
		{"Black in check from a pawn", "4k3/3P4/8/8/8/8/8/4K3 b - -", true},
	}
	g := chess.New(0)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.ParsePosition(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.(*chess.State).InCheck(); got != tt.want {
				t.Errorf("InCheck = %v, want %v", got, tt.want)
			}
		})
	}
}
