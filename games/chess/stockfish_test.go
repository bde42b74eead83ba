package chess_test

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"os"
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/rng"
)

// ucis writes moves in UCI, separated by spaces.
func ucis(s *chess.State, moves []games.Move) string {
	t := make([]string, len(moves))
	for i, m := range moves {
		t[i] = s.UCI(m)
	}
	return strings.Join(t, " ")
}

// TestStockfishOrder checks order=stockfish against the lists Stockfish
// 2.2.2 printed at every ply of 38 random games (testdata/stockfish-order.txt
// says how they were made): from the start, from the perft positions, from
// positions with an en passant capture that a pin makes illegal,
// promotions beside castling rights, and a check along the first rank with
// an en passant square, and four games that castle on both sides first (a
// castling rook keeps its place in Stockfish's piece list).
func TestStockfishOrder(t *testing.T) {
	f, err := os.Open("testdata/stockfish-order.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := chess.NewStockfishOrder(0)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	played, plies := 0, 0
	buf := make([]games.Move, 0, 256)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		part := strings.Split(line, "|")
		st, err := g.ParsePosition(part[0])
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*chess.State)
		moves, sums := strings.Fields(part[1]), strings.Fields(part[2])
		if len(sums) != len(moves)+1 {
			t.Fatalf("game %d: %d sums for %d moves", played, len(sums), len(moves))
		}
		for i, want := range sums {
			if r := s.EndReason(); r != "" && r != "checkmate" && r != "stalemate" {
				// A draw by rule lists no moves; Stockfish's generator
				// knew no draws. The games were played to their end by
				// mcarena's rules, so only their last position can be one.
				if i != len(moves) {
					t.Fatalf("game %d: drawn by %s at ply %d of %d", played, r, i, len(moves))
				}
				continue
			}
			list := ucis(s, s.Legal(buf))
			if got := fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(list))); got != want {
				t.Fatalf("game %d from %s, ply %d (%s): the list\n%s\nis not Stockfish's (CRC-32 %s, want %s)", played, part[0], i, s, list, got, want)
			}
			plies++
			if i < len(moves) {
				m, err := s.ParseMove(moves[i])
				if err != nil {
					t.Fatalf("game %d, ply %d: %v", played, i, err)
				}
				s.Play(m)
			}
		}
		played++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if played != 38 {
		t.Fatalf("%d games, want 38", played)
	}
	t.Logf("%d plies of %d games in Stockfish's order", plies, played)
}

// TestStockfishOrderByHand shows the order on two positions, as Stockfish
// 2.2.2 printed it: pawns, knights, bishops, rooks, queens, king,
// castling; Kiwipete's pieces of one kind in FEN order (the knight of e5,
// on rank 5, before c3's).
func TestStockfishOrderByHand(t *testing.T) {
	g := chess.NewStockfishOrder(0)
	for _, tt := range []struct{ fen, want string }{
		{chess.StartFEN, "a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 a2a4 b2b4 c2c4 d2d4 e2e4 f2f4 g2g4 h2h4 b1a3 b1c3 g1f3 g1h3"},
		{kiwipete, "a2a3 b2b3 g2g3 d5d6 a2a4 g2g4 g2h3 d5e6 e5d3 e5c4 e5g4 e5c6 e5g6 e5d7 e5f7 c3b1 c3d1 c3a4 c3b5 " +
			"d2c1 d2e3 d2f4 d2g5 d2h6 e2d1 e2f1 e2d3 e2c4 e2b5 e2a6 a1b1 a1c1 a1d1 h1f1 h1g1 " +
			"f3d3 f3e3 f3g3 f3h3 f3f4 f3g4 f3f5 f3h5 f3f6 e1d1 e1f1 e1g1 e1c1"},
	} {
		st, err := g.ParsePosition(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*chess.State)
		if got := ucis(s, s.Legal(nil)); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.fen, got, tt.want)
		}
	}
}

// TestStockfishOrderListsTheLegalMoves: under order=stockfish Legal lists
// the same moves as the native generator (Stockfish's own legality test on
// its pseudo-legal list), at every ply of random games and at every
// position of the perft suite and two plies below it.
func TestStockfishOrderListsTheLegalMoves(t *testing.T) {
	native, sf := chess.New(0), chess.NewStockfishOrder(0)
	checked := 0
	same := func(s games.State) {
		t.Helper()
		checked++
		a, b := chess.NativeTwin(s, native).Legal(nil), s.Legal(nil)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Fatalf("%s: Stockfish's order lists %v, the native generator %v", s, b, a)
		}
	}
	n := 60
	if testing.Short() {
		n = 10
	}
	for seed := range uint64(n) {
		s := sf.NewState()
		r := rng.New(seed)
		for ply := 0; ply < 400 && !s.Terminal(); ply++ {
			same(s)
			moves := s.Legal(nil)
			s.Play(moves[r.Intn(len(moves))])
		}
	}
	f, err := os.Open("testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Hand-made: an en passant capture a pin along the rank makes illegal;
	// promotions onto a1, the square an absent en passant square is
	// numbered by, pinned and free; then the perft suite.
	lines := []string{"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "4k3/8/8/8/KPp4r/8/8/8 b - b3 0 1",
		"1k6/8/8/8/8/8/1p6/NR5K b - - 0 1", "1k6/8/8/8/8/8/p7/7K b - - 0 1", "k7/8/8/8/8/8/1p6/N1R4K b - - 0 1", "8/8/8/8/8/2k5/1p6/B6K b - - 0 1"}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	for _, line := range lines {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := sf.ParsePosition(strings.TrimSpace(strings.Split(line, ";")[0]))
		if err != nil {
			t.Fatal(err)
		}
		same(s)
		for _, m := range s.Legal(nil) {
			c := s.Clone()
			c.Play(m)
			same(c)
			for _, m2 := range c.Legal(nil) {
				c2 := c.Clone()
				c2.Play(m2)
				same(c2)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions", checked)
}
