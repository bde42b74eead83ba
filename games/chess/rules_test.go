package chess_test

import (
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/gametest"
)

// movesFrom returns the sorted UCI moves of s that start on square from.
func movesFrom(s *chess.State, from string) []string {
	var out []string
	for _, m := range uciMoves(s) {
		if strings.HasPrefix(m, from) {
			out = append(out, m)
		}
	}
	return out
}

// Hand-made positions for the movement rules, each also checked against the
// reference implementation.
func TestMovement(t *testing.T) {
	tests := []struct {
		name, fen, from string
		want            []string
	}{
		{"castling both ways", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1",
			[]string{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"}},
		{"no castling through check (f1 attacked)", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1",
			[]string{"e1c1", "e1d1", "e1d2", "e1e2"}},
		{"no castling out of check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1",
			[]string{"e1d1", "e1d2", "e1f1", "e1f2"}},
		{"no castling into check (g1 attacked)", "3k2r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1",
			[]string{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}},
		{"castling long with b1 attacked", "1r1k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1",
			[]string{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"}},
		{"no castling long over a piece on b1", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1",
			[]string{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"}},
		{"Black castles both ways", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8",
			[]string{"e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8g8"}},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5",
			[]string{"e5d6", "e5e6"}},
		{"no en passant that exposes the king along the rank", "8/8/8/KPp4r/8/8/8/4k3 w - - 0 2", "b5",
			[]string{"b5b6"}},
		{"no en passant by a pawn pinned on its file", "3k4/8/8/8/2Pp4/8/8/3R2K1 b - c3 0 1", "d4",
			[]string{"d4d3"}},
		{"en passant takes the pawn that gives check", "8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1", "e4",
			[]string{"e4d3"}},
		{"promotion to all four pieces, with and without capture", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7",
			[]string{"a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"}},
		{"a pinned piece moves along the pin only", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2",
			[]string{"e2e3", "e2e4", "e2e5", "e2e6", "e2e7"}},
		{"in double check only the king moves", "4r1k1/8/8/8/1b6/8/2N5/4K3 w - - 0 1", "c2",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustState(t, tt.fen)
			if got := movesFrom(s, tt.from); !slices.Equal(got, tt.want) {
				t.Errorf("moves from %s: %v, want %v", tt.from, got, tt.want)
			}
			checkRef(t, s, newRef(s.String()))
		})
	}
}

// An en passant square is kept only when a capture there is legal, so that
// positions the repetition rule takes for the same have one FEN and hash.
func TestEnPassantSquareOnlyWhenLegal(t *testing.T) {
	tests := []struct{ name, fen, want string }{
		{"a capture is legal", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"},
		{"no pawn to capture", "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"},
		{"the capture exposes the king", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2", "8/8/8/KPp4r/8/8/8/4k3 w - - 0 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustState(t, tt.fen)
			if got := s.String(); got != tt.want {
				t.Errorf("FEN %q, want %q", got, tt.want)
			}
			if s.Hash() != s.RecomputeHash() {
				t.Errorf("hash %#x, from scratch %#x", s.Hash(), s.RecomputeHash())
			}
		})
	}
	// After the double step itself too: e7e5 next to a white pawn on d5 or
	// f5 sets it, far from one does not.
	s := mustState(t, "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1")
	playAll(t, s, "e5")
	if got, want := s.String(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"; got != want {
		t.Errorf("after e5: %q, want %q", got, want)
	}
	s = mustState(t, "4k3/4p3/8/1P6/8/8/8/4K3 b - - 0 1")
	playAll(t, s, "e5")
	if got, want := s.String(), "4k3/8/8/1P2p3/8/8/8/4K3 w - - 0 2"; got != want {
		t.Errorf("after e5: %q, want %q", got, want)
	}
}

func playAll(t *testing.T, s *chess.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
}

// Hand-made games for the ends: each plays its moves from a position and
// checks the result and its reason.
func TestEnds(t *testing.T) {
	knights := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	tests := []struct {
		name, spec, fen string
		moves           []string
		want            games.Outcome
		reason          string
	}{
		{"checkmate", "chess", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", []string{"Ra8#"}, games.FirstWins, "checkmate"},
		{"Black mates", "chess", chess.StartFEN, []string{"f3", "e5", "g4", "Qh4#"}, games.SecondWins, "checkmate"},
		{"stalemate", "chess", "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1", []string{"Qf7"}, games.Draw, "stalemate"},
		{"king against king", "chess", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", nil, games.Draw, "insufficient material"},
		{"king and knight against king", "chess", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", nil, games.Draw, "insufficient material"},
		{"king and bishop against king", "chess", "8/8/4k3/8/8/3K4/8/6b1 w - - 0 1", nil, games.Draw, "insufficient material"},
		{"bishops on squares of one colour", "chess", "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", nil, games.Draw, "insufficient material"},
		{"a capture leaves kings alone", "chess", "8/8/8/8/8/8/3r4/3K2k1 w - - 0 1", []string{"Kxd2"}, games.Draw, "insufficient material"},
		{"fifty-move rule", "chess", "8/8/4k3/8/8/3K4/8/R7 w - - 99 80", []string{"Ra2"}, games.Draw, "fifty-move rule"},
		{"checkmate on the hundredth ply comes first", "chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", []string{"Ra8#"}, games.FirstWins, "checkmate"},
		{"threefold repetition by a knight shuffle", "chess", chess.StartFEN, append(knights, knights...), games.Draw, "threefold repetition"},
		{"ply limit", "chess:maxplies=4", chess.StartFEN, []string{"e4", "e5", "Nf3", "Nc6"}, games.Draw, "ply limit"},
		{"ply limit counts from the FEN move number", "chess:maxplies=40", "4k3/8/8/8/8/8/8/4K2R b K - 3 20", []string{"Kd7"}, games.Draw, "ply limit"},
		// Stockfish 2.2.2's is_draw (draws=stockfish).
		{"Stockfish: twofold repetition by one knight shuffle", "chess:draws=stockfish", chess.StartFEN, knights, games.Draw, "twofold repetition"},
		{"Stockfish: a king walk back after a capture", "chess:draws=stockfish", "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1",
			[]string{"Rxa2", "Kd8", "Ra1", "Ke8", "Kd1", "Kd7", "Ke1", "Ke8"}, games.Draw, "twofold repetition"},
		{"Stockfish: king against king", "chess:draws=stockfish", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", nil, games.Draw, "insufficient material"},
		{"Stockfish: king and knight against king", "chess:draws=stockfish", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", nil, games.Draw, "insufficient material"},
		{"Stockfish: a capture leaves king and bishop", "chess:draws=stockfish", "8/8/8/8/8/8/3r4/3K1Bk1 w - - 0 1", []string{"Kxd2"}, games.Draw, "insufficient material"},
		{"Stockfish: fifty-move rule", "chess:draws=stockfish", "8/8/4k3/8/8/3K4/8/R7 w - - 99 80", []string{"Ra2"}, games.Draw, "fifty-move rule"},
		{"Stockfish: checkmate on the hundredth ply comes first", "chess:draws=stockfish", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", []string{"Ra8#"}, games.FirstWins, "checkmate"},
		{"Stockfish: stalemate", "chess:draws=stockfish", "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1", []string{"Qf7"}, games.Draw, "stalemate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := gametest.MustPosition(t, tt.spec, tt.fen).(*chess.State)
			for i, text := range tt.moves {
				if s.Terminal() {
					t.Fatalf("over before move %d (%s): %s", i+1, text, games.EndReason(s))
				}
				playAll(t, s, text)
			}
			if !s.Terminal() || s.Outcome() != tt.want || games.EndReason(s) != tt.reason {
				t.Errorf("terminal %v, %v by %q; want %v by %q", s.Terminal(), s.Outcome(), games.EndReason(s), tt.want, tt.reason)
			}
			if len(s.Legal(nil)) != 0 {
				t.Errorf("a finished game has moves %v", uciMoves(s))
			}
		})
	}
}

// Material that can still mate is no draw.
func TestMaterialThatCanMate(t *testing.T) {
	for _, fen := range []string{
		"4b3/8/4k3/8/8/3K4/8/2B5 w - - 0 1", // bishops on both colours
		"8/8/4k3/8/8/3K4/8/1N4n1 w - - 0 1", // a knight each
		"8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", // two knights
		"8/8/4k3/8/8/3K4/8/1N4B1 w - - 0 1", // knight and bishop
		"8/8/4k3/8/8/3K4/7P/8 w - - 0 1",    // a pawn
	} {
		if s := mustState(t, fen); s.Terminal() {
			t.Errorf("%q: over by %s", fen, games.EndReason(s))
		}
	}
}

// Under Stockfish's draws only a lone minor piece (or none) with no pawn is
// drawn material: bishops on one colour, two knights or a minor each play
// on, where the FIDE reading draws the first at once.
func TestStockfishMaterialDraws(t *testing.T) {
	for _, tt := range []struct {
		fen      string
		fide, sf bool // drawn at once
	}{
		{"5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", true, false},  // bishops on one colour
		{"4b3/8/4k3/8/8/3K4/8/2B5 w - - 0 1", false, false}, // on both
		{"8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", false, false}, // two knights
		{"8/8/4k3/8/8/3K4/8/1N4n1 w - - 0 1", false, false}, // a knight each
		{"8/8/4k3/8/8/3K4/8/6b1 w - - 0 1", true, true},     // a lone bishop
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true, true},       // kings alone
		{"8/8/4k3/8/8/3K4/7P/8 w - - 0 1", false, false},    // a pawn
	} {
		fide := gametest.MustPosition(t, "chess", tt.fen)
		sf := gametest.MustPosition(t, "chess:draws=stockfish", tt.fen)
		if fide.Terminal() != tt.fide || sf.Terminal() != tt.sf {
			t.Errorf("%q: drawn at once %v (FIDE) and %v (Stockfish), want %v and %v", tt.fen, fide.Terminal(), sf.Terminal(), tt.fide, tt.sf)
		}
	}
}

// Under Stockfish's draws castling resets the halfmove clock, as Stockfish
// 2.2.2's do_castle_move did: castling on the hundredth ply does not draw
// there, where the FIDE clock counts it.
func TestStockfishCastlingResetsTheClock(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99 1"
	fide := gametest.MustPosition(t, "chess", fen).(*chess.State)
	sf := gametest.MustPosition(t, "chess:draws=stockfish", fen).(*chess.State)
	playAll(t, fide, "O-O")
	playAll(t, sf, "O-O")
	if games.EndReason(fide) != "fifty-move rule" {
		t.Errorf("FIDE: O-O on the hundredth ply ends by %q", games.EndReason(fide))
	}
	if sf.Terminal() || sf.HalfmoveClock() != 0 {
		t.Errorf("Stockfish: O-O on the hundredth ply: terminal %v (%s), clock %d, want play on at 0", sf.Terminal(), games.EndReason(sf), sf.HalfmoveClock())
	}
	playAll(t, sf, "Kd8")
	if sf.HalfmoveClock() != 1 {
		t.Errorf("Stockfish: a king move after castling: clock %d, want 1", sf.HalfmoveClock())
	}
}

// Under Stockfish's draws a position's second occurrence since the last
// irreversible move draws; a FEN read back starts a new history, a copy
// keeps it, and the castling rights make positions differ as under FIDE.
func TestStockfishRepetition(t *testing.T) {
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	s := gametest.MustPosition(t, "chess:draws=stockfish", chess.StartFEN).(*chess.State)
	playAll(t, s, shuffle[:3]...)
	c := s.Clone().(*chess.State)
	back := gametest.MustPosition(t, "chess:draws=stockfish", s.String()).(*chess.State)
	playAll(t, s, shuffle[3])
	if !s.Terminal() || games.EndReason(s) != "twofold repetition" || s.Repetitions() != 2 {
		t.Errorf("after one shuffle: terminal %v by %q, %d occurrences", s.Terminal(), games.EndReason(s), s.Repetitions())
	}
	playAll(t, c, shuffle[3])
	if !c.Terminal() {
		t.Errorf("a clone lost its history")
	}
	playAll(t, back, shuffle[3])
	if back.Terminal() {
		t.Errorf("read from FEN and shuffled on: over by %q", games.EndReason(back))
	}
	s = gametest.MustPosition(t, "chess:draws=stockfish", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").(*chess.State)
	playAll(t, s, "Kf1", "Kf8", "Ke1", "Ke8")
	if s.Terminal() {
		t.Errorf("the start position without castling rights counted as the one with them: %q", games.EndReason(s))
	}
	playAll(t, s, "Kf1", "Kf8")
	if games.EndReason(s) != "twofold repetition" {
		t.Errorf("kings on f1 and f8 without rights a second time: %q", games.EndReason(s))
	}
}

// Stockfish's hash holds an en passant square a pawn attacks when the
// capture is illegal (here exd3 would open the fourth rank to the rook on
// h4): the position after d4 and the same position after the kings' walk
// are two positions under Stockfish's draws (the walk's first position,
// reached again, is a second occurrence); the same from a FEN that names
// the square.
func TestStockfishRepetitionKeepsAnIllegalEnPassantSquare(t *testing.T) {
	walk := []string{"Kb5", "Kd1", "Ka4", "Ke1"}
	for _, tc := range []struct {
		name, fen string
		before    []string
	}{
		{"after the double step", "8/8/8/8/k3p2R/8/3P4/4K3 w - - 0 1", []string{"d4"}},
		{"read from a FEN", "8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := gametest.MustPosition(t, "chess:draws=stockfish", tc.fen).(*chess.State)
			playAll(t, s, tc.before...)
			if strings.Contains(s.String(), "d3") {
				t.Fatalf("%s: the illegal en passant square is written", s)
			}
			playAll(t, s, walk...)
			if s.Terminal() {
				t.Fatalf("back after one walk: over by %q, where Stockfish's key differs", games.EndReason(s))
			}
			playAll(t, s, walk[0])
			if games.EndReason(s) != "twofold repetition" {
				t.Errorf("the walk's first position again: %q, want a twofold repetition", games.EndReason(s))
			}
		})
	}
}

// A repetition counts positions with the same player to move, pieces,
// castling rights and en passant capture; a FEN read back starts a new
// history, and a copy keeps it.
func TestRepetition(t *testing.T) {
	s := mustState(t, chess.StartFEN)
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	playAll(t, s, shuffle...)
	if got := s.Repetitions(); got != 2 {
		t.Errorf("after one shuffle: %d occurrences, want 2", got)
	}
	c := s.Clone().(*chess.State)
	playAll(t, s, shuffle[:3]...)
	if s.Terminal() {
		t.Fatal("over before the third occurrence")
	}
	back := mustState(t, s.String())
	playAll(t, s, shuffle[3])
	if !s.Terminal() || games.EndReason(s) != "threefold repetition" {
		t.Errorf("after two shuffles: terminal %v by %q", s.Terminal(), games.EndReason(s))
	}
	playAll(t, back, shuffle[3])
	if back.Terminal() {
		t.Errorf("read from FEN and shuffled once more: over by %q", games.EndReason(back))
	}
	c2 := mustState(t, chess.StartFEN)
	c2.CopyFrom(c)
	playAll(t, c2, shuffle...)
	if !c2.Terminal() {
		t.Errorf("a copy lost its history: %d occurrences", c2.Repetitions())
	}

	// Losing castling rights makes the position another one: the pieces
	// stand as at the start for the third time after two king walks, but
	// the start had castling rights.
	s = mustState(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	kings := []string{"Kf1", "Kf8", "Ke1", "Ke8"}
	playAll(t, s, kings...)
	playAll(t, s, kings...)
	if s.Terminal() || s.Repetitions() != 2 {
		t.Errorf("the start position without castling rights: terminal %v, %d occurrences, want 2", s.Terminal(), s.Repetitions())
	}
	// Kf1 Kf8 reach, for the third time, the kings on f1 and f8 without
	// rights (after the first Kf1 Black still had them).
	playAll(t, s, "Kf1")
	if s.Terminal() {
		t.Errorf("Kf1 with Black's rights gone counted as Kf1 with them")
	}
	playAll(t, s, "Kf8")
	if games.EndReason(s) != "threefold repetition" {
		t.Errorf("third time kings on f1 and f8: %q", games.EndReason(s))
	}
}

// The board shows a king in check.
func TestBoardMarksCheck(t *testing.T) {
	s := mustState(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	playAll(t, s, "Rh8+")
	b := s.Board()
	if b.Kind != games.Chess || b.Cells[60].Piece != 'k' || b.Cells[60].Mark&games.Check == 0 {
		t.Errorf("e8: %+v, want a black king marked in check", b.Cells[60])
	}
}

// ParsePosition refuses malformed and impossible FENs with the reason.
func TestParsePositionErrors(t *testing.T) {
	g := gametest.MustGame(t, "chess")
	tests := []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "want a FEN of six fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "piece placement"},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 0 kings"},
		{"4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawn stands on the first or last rank"},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K needs the king on e1 and a rook on h1"},
		{"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1", "order KQkq"},
		{"4k3/8/8/8/8/8/8/4K2R w - e3 0 1", "en passant square"},
		{"4k3/8/8/8/8/8/8/4R2K w - - 0 1", "side not to move is in check"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 101 1", "halfmove clock"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number"},
	}
	for _, tt := range tests {
		_, err := g.ParsePosition(tt.fen)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one saying %q", tt.fen, err, tt.want)
		}
	}
}
