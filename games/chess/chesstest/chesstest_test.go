package chesstest

import (
	"strings"
	"testing"

	"mcarena/games/rng"
)

func TestPlacement(t *testing.T) {
	var board [64]byte
	for f, l := range []byte("RNBQKBNR") {
		board[f], board[8+f], board[48+f], board[56+f] = l, 'P', 'p', l+'a'-'A'
	}
	if got, want := Placement(board), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	board = [64]byte{}
	board[0], board[63] = 'K', 'k'
	if got, want := Placement(board), "7k/8/8/8/8/8/8/K7"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Random endgames hold the pieces asked for, no pawn on a back rank.
func TestRandomEndgame(t *testing.T) {
	rr := rng.New(1)
	for range 1000 {
		fen := RandomEndgame(&rr, "Pp")
		place, rest, _ := strings.Cut(fen, " ")
		ranks := strings.Split(place, "/")
		if len(ranks) != 8 || strings.ContainsAny(ranks[0]+ranks[7], "Pp") {
			t.Fatalf("%s: a pawn on a back rank, or not eight ranks", fen)
		}
		for _, l := range "KkPp" {
			if strings.Count(place, string(l)) != 1 {
				t.Fatalf("%s: want one %c", fen, l)
			}
		}
		if rest != "w - - 0 1" && rest != "b - - 0 1" {
			t.Fatalf("%s: fields after the board %q", fen, rest)
		}
	}
}
