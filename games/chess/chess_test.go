package chess_test

import (
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// Positions from the chessprogramming wiki's "Perft Results" page
// (https://www.chessprogramming.org/Perft_Results): the start, Kiwipete and
// positions 3 to 6.
const (
	kiwipete  = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	position3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	position4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
	position5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
	position6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

func mustState(t testing.TB, fen string) *chess.State {
	t.Helper()
	return gametest.MustPosition(t, "chess", fen).(*chess.State)
}

// uciMoves returns the legal moves of s in UCI, sorted.
func uciMoves(s *chess.State) []string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.UCI(m))
	}
	slices.Sort(out)
	return out
}

// checkRef compares s with the reference at one position: the FEN, the moves
// (draw rules apart), the end, outcome and reason.
func checkRef(t *testing.T, s *chess.State, rf *ref) {
	t.Helper()
	if got, want := s.String(), rf.fen(); got != want {
		t.Fatalf("FEN %q, reference %q", got, want)
	}
	o, reason := rf.end()
	if got := games.EndReason(s); got != reason {
		t.Fatalf("%q: end reason %q, reference %q", s.String(), got, reason)
	}
	want := rf.moves()
	if reason != "" {
		want = nil
	}
	if got := uciMoves(s); !slices.Equal(got, want) {
		t.Fatalf("%q: moves %v, reference %v", s.String(), got, want)
	}
	if s.Terminal() != (reason != "") || (reason != "" && s.Outcome() != o) {
		t.Fatalf("%q: terminal %v outcome %v, reference %q %v", s.String(), s.Terminal(), s.Outcome(), reason, o)
	}
}

// Along random games from the start and from the perft positions, played
// move by move on both implementations, the FENs, move lists, ends, outcomes
// and reasons agree; outside -short every end of chess comes up.
func TestAgainstReference(t *testing.T) {
	n := 10
	if testing.Short() || raceDetector {
		n = 2
	}
	reasons := map[string]int{}
	for _, fen := range []string{
		chess.StartFEN, kiwipete, position3, position4, position5, position6,
		// Endings, where repetitions and dead material come often.
		"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
		"B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1", "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
		// Kings and locked pawns: repetitions.
		"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
	} {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			r := rng.New(seed)
			s := mustState(t, fen)
			rf := newRef(fen)
			for {
				checkRef(t, s, rf)
				moves := s.Legal(nil)
				if len(moves) == 0 {
					reasons[games.EndReason(s)]++
					break
				}
				m := moves[r.Intn(len(moves))]
				rf.play(s.UCI(m))
				s.Play(m)
			}
		}
	}
	t.Logf("ends: %v", reasons)
	if n < 10 {
		return
	}
	// The endings above are there for these ends: each must come, or the
	// comparison did not reach the rule.
	for _, want := range []string{"checkmate", "stalemate", "threefold repetition", "insufficient material", "fifty-move rule"} {
		if reasons[want] == 0 {
			t.Errorf("no game ended by %s: ends %v", want, reasons)
		}
	}
}
