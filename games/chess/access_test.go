package chess_test

import (
	"testing"

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
