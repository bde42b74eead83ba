package games

import (
	"strings"
	"testing"
)

func TestHexBoardNames(t *testing.T) {
	b := HexBoard(4, func(x, y int) byte { return 0 }, "wb")
	if len(b.Cells) != 37 {
		t.Fatalf("base 4 has %d cells, want 37", len(b.Cells))
	}
	var rows []string
	var row []string
	prevY := 0
	for i := range b.Cells {
		x, y := b.Coord(i)
		if got := b.Index(x, y); got != i {
			t.Fatalf("Index(Coord(%d)) = %d", i, got)
		}
		if y != prevY {
			rows, row, prevY = append(rows, row[0]+"-"+row[len(row)-1]), nil, y
		}
		row = append(row, b.Name(i))
	}
	rows = append(rows, row[0]+"-"+row[len(row)-1])
	want := "a1-a4 b1-b5 c1-c6 d1-d7 e2-e7 f3-f7 g4-g7"
	if got := strings.Join(rows, " "); got != want {
		t.Fatalf("rows %s, want %s", got, want)
	}
	for _, xy := range [][2]int{{-1, 0}, {4, 0}, {0, 4}, {7, 6}, {6, 7}} {
		if i := b.Index(xy[0], xy[1]); i != -1 {
			t.Errorf("Index%v = %d, want -1 (off the board)", xy, i)
		}
	}
	if n := len(HexBoard(10, func(x, y int) byte { return 0 }, "").Cells); n != 271 {
		t.Errorf("base 10 has %d cells, want 271", n)
	}
}

func TestChessBoard(t *testing.T) {
	b, ok := ChessBoard("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")
	if !ok {
		t.Fatal("start position refused")
	}
	for _, tc := range []struct {
		cell  string
		piece byte
		owner int8
	}{{"e1", 'K', 0}, {"e8", 'k', 1}, {"e4", 'P', 0}, {"e2", 0, -1}, {"a8", 'r', 1}} {
		i := int(tc.cell[0]-'a') + 8*int(tc.cell[1]-'1')
		if c := b.Cells[i]; c.Piece != tc.piece || c.Owner != tc.owner || b.Name(i) != tc.cell {
			t.Errorf("%s: %q owner %d, want %q owner %d", tc.cell, c.Piece, c.Owner, tc.piece, tc.owner)
		}
	}
	for _, bad := range []string{"", "8/8/8/8/8/8/8", "9/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7x", "8/8/8/8/8/8/8/8/8"} {
		if _, ok := ChessBoard(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}
