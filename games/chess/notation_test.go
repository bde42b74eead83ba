package chess_test

import (
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// sanMoves returns the SAN of every legal move of s, sorted.
func sanMoves(s *chess.State) []string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.MoveString(m))
	}
	slices.Sort(out)
	return out
}

// SAN names pieces, captures, promotions, castling, checks and mates, and
// tells apart pieces of one kind that reach one square by file, else rank,
// else both.
func TestSAN(t *testing.T) {
	tests := []struct {
		name, fen string
		want      []string // these among the legal moves
	}{
		{"the start", chess.StartFEN, []string{"Na3", "Nf3", "a3", "e4", "h4"}},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O", "O-O-O", "Rxa8+", "Rxh8+"}},
		{"knights by file", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", []string{"Nbd2", "Nfd2", "Na3", "Ng3"}},
		{"rooks by rank", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", []string{"R1a3", "R5a3", "R1a4", "R5a4", "Rb1", "Rb5"}},
		{"queens by square", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", []string{"Qa1b2", "Q3b2", "Qcb2", "Qd2", "Q3a2", "Q1a2"}},
		{"a pinned knight needs no disambiguation", "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", []string{"Nd2"}},
		{"pawn captures and en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", []string{"exd6", "e6"}},
		{"promotions", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", []string{"a8=Q", "a8=N", "axb8=Q+", "axb8=R+", "axb8=B", "axb8=N"}},
		{"checkmate", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", []string{"Ra8#", "Rb1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustState(t, tt.fen)
			got := sanMoves(s)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("%s not among %v", w, got)
				}
			}
		})
	}
}

// ParseMove reads SAN with or without its decorations, and UCI.
func TestParseMove(t *testing.T) {
	tests := []struct{ fen, text, uci string }{
		{chess.StartFEN, "e4", "e2e4"},
		{chess.StartFEN, "e2e4", "e2e4"},
		{chess.StartFEN, "Nf3!?", "g1f3"},
		{chess.StartFEN, "Ng1f3", "g1f3"},
		{chess.StartFEN, "Ng1-f3", "g1f3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rxa8", "a1a8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ra8+", "a1a8"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "e5d6"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=N", "a7b8n"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8Q+", "a7b8q"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "ab8=R", "a7b8r"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8b", "a7a8b"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nbd2", "b1d2"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "R5a3", "a5a3"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qa1b2", "a1b2"},
	}
	for _, tt := range tests {
		s := mustState(t, tt.fen)
		m, err := s.ParseMove(tt.text)
		if err != nil {
			t.Errorf("%q in %q: %v", tt.text, tt.fen, err)
			continue
		}
		if got := s.UCI(m); got != tt.uci {
			t.Errorf("%q in %q: %s, want %s", tt.text, tt.fen, got, tt.uci)
		}
	}
}

// ParseMove says why it refuses a move.
func TestParseMoveErrors(t *testing.T) {
	tests := []struct{ fen, text, want string }{
		{chess.StartFEN, "e5", "no pawn of White can move to e5"},
		{chess.StartFEN, "Nd4", "no knight of White can move to d4"},
		{chess.StartFEN, "O-O", "the bishop on f1 stands between White's king and rook"},
		{chess.StartFEN, "e1g1", "the bishop on f1 stands between White's king and rook"},
		// Each reason castling is refused, each side and wing.
		{"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "O-O-O", "White has no right to castle queenside here"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", "O-O", "Black has no right to castle kingside here"},
		{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", "the knight on b1 stands between White's king and rook"},
		{"r2qk2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", "the queen on d8 stands between Black's king and rook"},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "White is in check, and castling does not answer a check"},
		{"4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "White's king would cross f1, which Black attacks"},
		{"4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "White's king would be in check on g1"},
		{"r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "O-O-O", "Black's king would cross d8, which White attacks"},
		{"r3k3/8/8/8/8/8/8/2R1K3 b q - 0 1", "e8c8", "Black's king would be in check on c8"},
		{chess.StartFEN, "e2e5", "the pawn on e2 cannot move to e5"},
		{chess.StartFEN, "e7e5", "no White piece on e7"},
		{chess.StartFEN, "hello", "is not a move in SAN"},
		{chess.StartFEN, "", "is not a move in SAN"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "Nd2 is ambiguous: Nbd2, Nfd2"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "a promotion names its piece"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", "a promotion names its piece"},
		// A promotion written where the move promotes nothing says so.
		{chess.StartFEN, "e4=Q", "a pawn of White promotes only on the 8th rank; without =Q the move is e4"},
		{"4k3/8/4p3/8/8/8/8/4K3 b - - 0 1", "e5=N", "a pawn of Black promotes only on the 1st rank; without =N the move is e5"},
		{chess.StartFEN, "e2e4q", "only a pawn that reaches the last rank promotes; without the q the move is e2e4"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "e1e2q", "without the q the move is e1e2"},
		// The move without its suffix is named only where it is legal.
		{chess.StartFEN, "e2e5q", "e2e5q: only a pawn that reaches the last rank promotes"},
		{chess.StartFEN, "e5=Q", "e5=Q: a pawn of White promotes only on the 8th rank"},
		{"4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e4=Q", "e4=Q: a pawn of White promotes only on the 8th rank"},
		// A king's two steps along a rank off its home square are no castling.
		{"4K3/8/8/8/8/8/8/k6r w - - 0 1", "e8g8", "e8g8: the king on e8 cannot move to g8 here"},
		{"7K/8/8/8/8/8/8/r3k3 b - - 0 1", "e1c1", "e1c1: the king on e1 cannot move to c1 here"},
		// UCI moves get the reasons SAN's do.
		{"4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", "the knight on e2 is pinned: moving it to c3 would leave White's king in check"},
		{"4k3/8/8/8/8/8/7r/4K3 w - - 0 1", "e1d2", "White's king would be in check on d2"},
		{"4k3/8/8/8/1b6/8/4r3/R3K3 w - - 0 1", "a1a2", "White is in double check: only the king can move"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Kg8", "the game is over (stalemate)"},
		// A move its own king forbids says so, not that no piece goes there.
		{"rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3", "Nf3", "White is in check, and the knight from g1 to f3 does not answer it"},
		{"4k3/8/8/8/8/8/7r/4K3 w - - 0 1", "Kd2", "White's king would be in check on d2"},
		{"rnbqk1nr/pppp1ppp/8/4p3/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 1 4", "Ne4", "the knight on c3 is pinned: moving it to e4 would leave White's king in check"},
		{"4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "d4", "the pawn on d2 is pinned: moving it to d4"},
		{"4k3/8/8/8/1b6/4p3/3P4/4K3 w - - 0 1", "dxe3", "the pawn on d2 is pinned: moving it to e3"},
		{"4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "e3", "no pawn of White can move to e3"},
		{"4k3/8/8/8/8/8/7r/4K3 w - - 0 1", "Kc3", "no king of White can move to c3"},
		{"4r2k/8/8/8/8/8/R3q3/4K3 w - - 0 1", "Kxe2", "White's king would be in check on e2"},
		{"7k/8/8/8/1b2r3/2N5/8/4K3 w - - 0 1", "Nxe4", "the knight on c3 is pinned: moving it to e4"},
		{"4k3/8/8/8/1b6/8/4r3/R3K3 w - - 0 1", "Ra2", "White is in double check: only the king can move"},
	}
	for _, tt := range tests {
		s := mustState(t, tt.fen)
		_, err := s.ParseMove(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q in %q: error %v, want one saying %q", tt.text, tt.fen, err, tt.want)
		}
		if err != nil && (strings.HasSuffix(tt.want, "promotes") || strings.HasSuffix(tt.want, "rank")) && strings.Contains(err.Error(), "the move is") {
			t.Errorf("%q in %q: %v names an illegal move as the move", tt.text, tt.fen, err)
		}
	}
}

// randomPositions returns positions of seeded random games from the
// standard positions, for round trips.
func randomPositions(t *testing.T, n int) []*chess.State {
	var out []*chess.State
	for i, fen := range []string{chess.StartFEN, kiwipete, position3, position4, position5, position6} {
		for seed := range uint64(n) {
			r := rng.New(seed*10 + uint64(i))
			s := gametest.RandomPlies(mustState(t, fen), &r, r.Intn(120)).(*chess.State)
			if !s.Terminal() {
				out = append(out, s)
			}
		}
	}
	return out
}

// Every legal move of random positions reads back from its SAN, its SAN
// without check marks and captures' x, and its UCI; and the SANs of one
// position differ.
func TestNotationRoundTrip(t *testing.T) {
	n := 40
	if testing.Short() || raceDetector {
		n = 5
	}
	disambiguated := 0
	for _, s := range randomPositions(t, n) {
		seen := map[string]bool{}
		for _, m := range s.Legal(nil) {
			san, uci := s.MoveString(m), s.UCI(m)
			if seen[san] {
				t.Fatalf("%q: SAN %s names two moves", s.String(), san)
			}
			seen[san] = true
			bare := strings.TrimRight(strings.Replace(san, "x", "", 1), "+#")
			for _, text := range []string{san, bare, uci} {
				got, err := s.ParseMove(text)
				if err != nil || got != m {
					t.Fatalf("%q: %q reads as %d (%v), want %s (%d)", s.String(), text, got, err, uci, m)
				}
			}
			if strings.IndexByte("NBRQK", bare[0]) >= 0 && len(bare) >= 4 {
				disambiguated++
			}
		}
	}
	if disambiguated == 0 {
		t.Error("no disambiguated SAN met")
	}
	t.Logf("%d disambiguated moves", disambiguated)
}

// UCI writes what engines write: squares and a lower-case promotion piece.
func TestUCI(t *testing.T) {
	s := mustState(t, "1r2k3/P7/8/8/8/8/8/4K2R w K - 0 1")
	var got []string
	for _, m := range s.Legal(nil) {
		got = append(got, s.UCI(m))
	}
	for _, w := range []string{"a7a8q", "a7b8n", "e1g1", "h1h8"} {
		if !slices.Contains(got, w) {
			t.Errorf("%s not among %v", w, got)
		}
	}
}

// FEN round trip: any text ParsePosition accepts writes a FEN that reads
// back to the same position and hash; nothing panics.
func FuzzParsePosition(f *testing.F) {
	for _, fen := range []string{
		chess.StartFEN, kiwipete, position3, position4, position5, position6,
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2",
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 99 200", "8/8/8/8/8/8/8/4K2k w - -",
	} {
		f.Add(fen)
	}
	g := gametest.MustGame(f, "chess")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		fen := s.String()
		back, err := g.ParsePosition(fen)
		if err != nil {
			t.Fatalf("%q wrote %q, refused: %v", text, fen, err)
		}
		if back.String() != fen || back.Hash() != s.Hash() || s.Hash() != s.RecomputeHash() {
			t.Fatalf("%q wrote %q, read back as %q", text, fen, back.String())
		}
		s.Terminal()
		s.Board()
	})
}

// SAN and UCI reading: nothing panics, and a move read is legal and reads
// back from its own SAN.
func FuzzParseMove(f *testing.F) {
	fens := []string{chess.StartFEN, kiwipete, position4, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"}
	for i, text := range []string{"e4", "Nf3", "O-O", "Qxe6+", "axb8=Q", "e5d6", "a7b8n", "Nbd2", "0-0-0", "exd6 e.p.", "Ra1a8#"} {
		f.Add(uint8(i), text)
	}
	var states []games.State
	for _, fen := range fens {
		states = append(states, mustState(f, fen))
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		s := states[int(which)%len(states)]
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		if !slices.Contains(s.Legal(nil), m) {
			t.Fatalf("%q read as %d, not a legal move", text, m)
		}
		if back, err := s.ParseMove(s.MoveString(m)); err != nil || back != m {
			t.Fatalf("%q: SAN %s reads back as %d (%v)", text, s.MoveString(m), back, err)
		}
	})
}
