package chess_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
)

func TestAccessorsReadTheFEN(t *testing.T) {
	g := chess.New(0)
	st, err := g.ParsePosition("r3k3/8/8/3pP3/8/8/8/4K3 w q d6 0 2")
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*chess.State)
	if got, want := s.PieceOn(56), byte('r'); got != want {
		t.Errorf("PieceOn(a8) = %q, want %q", got, want)
	}
	if got, want := s.PieceOn(36), byte('P'); got != want {
		t.Errorf("PieceOn(e5) = %q, want %q", got, want)
	}
	if got := s.PieceOn(0); got != 0 {
		t.Errorf("PieceOn(a1) = %q, want 0", got)
	}
	if got, want := s.Occupied(), uint64(1)<<56|1<<60|1<<35|1<<36|1<<4; got != want {
		t.Errorf("Occupied() = %#x, want %#x", got, want)
	}
	if got, want := s.EnPassant(), 43; got != want {
		t.Errorf("EnPassant() = %d, want %d", got, want)
	}
	if !s.CastlingRights() {
		t.Error("CastlingRights() = false, want true")
	}
}

// CanWin: a player with a piece besides its king can still mate, a lone
// king cannot, and nobody can in a dead position.
func TestCanWin(t *testing.T) {
	for _, tc := range []struct {
		name, fen    string
		white, black bool
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, true},
		{"queen against a lone king", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", true, false},
		{"knight against a pawn", "4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", true, true},
		{"bishop against a lone king: dead", "4k3/8/8/8/8/8/8/3BK3 w - - 0 1", false, false},
		{"bishops on one colour: dead", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false},
		{"bishops on both colours", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true},
		{"rook against a lone king", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := chess.New(0).ParsePosition(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := games.CanWin(st, games.First); got != tc.white {
				t.Errorf("White can win: got %v, want %v", got, tc.white)
			}
			if got := games.CanWin(st, games.Second); got != tc.black {
				t.Errorf("Black can win: got %v, want %v", got, tc.black)
			}
		})
	}
}
