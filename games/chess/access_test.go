package chess_test

import (
	"fmt"
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

// HalfmoveClock reads the FEN's clock, counts a quiet move and resets on a
// pawn move.
func TestHalfmoveClock(t *testing.T) {
	s := position(t, chess.New(0), "4k3/4p3/8/8/8/8/8/4K3 w - - 37 60")
	if got := s.HalfmoveClock(); got != 37 {
		t.Errorf("HalfmoveClock() = %d, want 37", got)
	}
	playLine(t, s, "e1d1")
	if got := s.HalfmoveClock(); got != 38 {
		t.Errorf("after a king move, HalfmoveClock() = %d, want 38", got)
	}
	playLine(t, s, "e7e5")
	if got := s.HalfmoveClock(); got != 0 {
		t.Errorf("after a pawn move, HalfmoveClock() = %d, want 0", got)
	}
}

func position(t *testing.T, g *chess.Game, fen string) *chess.State {
	t.Helper()
	st, err := g.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*chess.State)
}

// playLine plays the moves (UCI) until the game ends.
func playLine(t *testing.T, s *chess.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		if s.Terminal() {
			return
		}
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		s.Play(m)
	}
}

// MateStands says what the game's own rules do to a forced mate: each case
// is a position, a mate the moves alone force (the losing side has one
// move at each turn) and its length, and the game is played along it to
// see whether it ends by the mate. The boundaries: a mate on the ply the
// halfmove clock reaches 100 wins, one a ply later is a draw by the
// fifty-move rule; a mate on ply N of maxplies=N wins; a line through a
// position that occurred twice before is a draw by repetition.
func TestMateStandsByTheGamesRules(t *testing.T) {
	// White mates at once (Qg8#).
	const mateIn1 = "k7/8/1K6/8/8/8/8/6Q1 w - - %d 1"
	// Black's only move is Kb8, then Qg8#.
	const matedIn2 = "k7/8/1K6/8/8/8/8/6Q1 b - - %d 1"
	line1, line2 := []string{"g1g8"}, []string{"a8b8", "g1g8"}
	for _, tc := range []struct {
		name     string
		maxPlies int
		sfDraws  bool // draws=stockfish
		fen      string
		before   []string // played from fen first, to make a history
		plies    int
		line     []string
		stands   bool
	}{
		{"mate in 1 at clock 0", 0, false, fmt.Sprintf(mateIn1, 0), nil, 1, line1, true},
		{"mate in 1 at clock 99: mates on the 100th ply", 0, false, fmt.Sprintf(mateIn1, 99), nil, 1, line1, true},
		{"mate in 1 at clock 100: drawn already", 0, false, fmt.Sprintf(mateIn1, 100), nil, 1, line1, false},
		{"mated in 2 at clock 98: mated on the 100th ply", 0, false, fmt.Sprintf(matedIn2, 98), nil, 2, line2, true},
		{"mated in 2 at clock 99: drawn on the 100th", 0, false, fmt.Sprintf(matedIn2, 99), nil, 2, line2, false},
		{"back in the position once", 0, false, fmt.Sprintf(matedIn2, 0), []string{"a8b8", "g1f1", "b8a8", "f1g1"}, 2, line2, true},
		{"mated on ply 3 of maxplies=3", 3, false, fmt.Sprintf(matedIn2, 0), nil, 2, line2, true},
		{"mated on ply 3 of maxplies=2", 2, false, fmt.Sprintf(matedIn2, 0), nil, 2, line2, false},
		// The position after Kb8 comes for the third time.
		{"through a third occurrence", 0, false, "1k6/8/1K6/8/8/8/8/6Q1 w - - 0 1",
			[]string{"g1f1", "b8a8", "f1g1", "a8b8", "g1f1", "b8a8", "f1g1"}, 2, line2, false},
		{"through a second occurrence", 0, false, "1k6/8/1K6/8/8/8/8/6Q1 w - - 0 1",
			[]string{"g1f1", "b8a8", "f1g1"}, 2, line2, true},
		{"checkmated", 2, false, "k5Q1/8/1K6/8/8/8/8/8 b - - 100 9", nil, 0, nil, true},
		// Under Stockfish's draws a second occurrence draws.
		{"Stockfish: mated in 2 with no history", 0, true, fmt.Sprintf(matedIn2, 0), nil, 2, line2, true},
		{"Stockfish: mated in 2 at clock 99", 0, true, fmt.Sprintf(matedIn2, 99), nil, 2, line2, false},
		{"Stockfish: through a second occurrence", 0, true, "1k6/8/1K6/8/8/8/8/6Q1 w - - 0 1",
			[]string{"g1f1", "b8a8", "f1g1"}, 2, line2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, chess.NewRules(chess.Rules{MaxPlies: tc.maxPlies, StockfishDraws: tc.sfDraws}), tc.fen)
			playLine(t, s, tc.before...)
			if s.Terminal() && tc.stands && tc.plies > 0 {
				t.Fatalf("%s: the game ended before the line", s)
			}
			if got := s.MateStands(tc.plies); got != tc.stands {
				t.Errorf("%s: MateStands(%d) = %v, want %v", s, tc.plies, got, tc.stands)
			}
			playLine(t, s, tc.line...)
			want := games.Draw
			if tc.stands {
				want = games.WinFor(games.First)
			}
			if !s.Terminal() || s.Outcome() != want {
				t.Errorf("%s: the line ends terminal %v, %v (%s), want %v", s, s.Terminal(), s.Outcome(), s.EndReason(), want)
			}
		})
	}
}

// Under Stockfish's draws MateStands does not search the history for the
// positions a line passes: after a reversible move it says no, though this
// line's positions never came before and its mate wins.
func TestMateStandsUnderStockfishDrawsWantsNoHistory(t *testing.T) {
	s := position(t, chess.NewRules(chess.Rules{StockfishDraws: true}), "k7/8/1K6/8/8/8/8/5Q2 w - - 0 1")
	playLine(t, s, "f1g1")
	if s.MateStands(2) {
		t.Errorf("%s: MateStands(2) with a history", s)
	}
	playLine(t, s, "a8b8", "g1g8")
	if !s.Terminal() || s.Outcome() != games.FirstWins {
		t.Errorf("%s: the line ends terminal %v, %v (%s), want a win", s, s.Terminal(), s.Outcome(), s.EndReason())
	}
}
