package chess_test

import (
	"math"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/knowledge"
)

// flipFEN mirrors a position rank for rank and swaps the colours.
func flipFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		c := swap(f[2])
		var out []byte
		for _, k := range "KQkq" {
			if strings.ContainsRune(c, k) {
				out = append(out, byte(k))
			}
		}
		f[2] = string(out)
	}
	if f[3] != "-" {
		f[3] = string([]byte{f[3][0], '1' + '8' - f[3][1]})
	}
	return strings.Join(f, " ")
}

func pesto(t testing.TB) knowledge.Heuristic {
	t.Helper()
	h, err := knowledge.NewHeuristic(chess.New(0), "pesto")
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestPestoIsSymmetricUnderColourFlip(t *testing.T) {
	h := pesto(t)
	for _, s := range append(randomPositions(t, 50), mustState(t, kiwipete), mustState(t, chess.StartFEN)) {
		f := mustState(t, flipFEN(s.String()))
		cp, ph := s.Evaluation()
		fcp, fph := f.Evaluation()
		if fcp != -cp || fph != ph {
			t.Fatalf("%s: %d cp at phase %d; flipped %s: %d cp at phase %d", s, cp, ph, f, fcp, fph)
		}
		if v, fv := h.Value(s), h.Value(f); fv != -v {
			t.Fatalf("%s: value %g, flipped %g", s, v, fv)
		}
	}
}

func TestPestoPhaseIsFullAtTheStartAndZeroWithBareKings(t *testing.T) {
	tests := []struct {
		fen       string
		phase, cp int
	}{
		// The start: the tables are not symmetric left to right, but both
		// sides' sums mirror each other, so the score is 0.
		{chess.StartFEN, 24, 0},
		// Bare kings: the endgame tables alone, a king on d4 (24) against
		// one on a8 (-53): 77 cp for the central king.
		{"k7/8/8/8/3K4/8/8/8 w - - 0 1", 0, 77},
		// Early promotions cap the phase at 24 (eight queens make 32).
		{"k7/8/qqqq4/8/8/QQQQ4/8/K7 w - - 0 1", 24, 0},
	}
	for _, tt := range tests {
		s := mustState(t, tt.fen)
		cp, ph := s.Evaluation()
		if ph != tt.phase || (tt.cp != 0 || tt.fen == chess.StartFEN) && cp != tt.cp {
			t.Errorf("%s: %d cp at phase %d, want %d cp at phase %d", tt.fen, cp, ph, tt.cp, tt.phase)
		}
	}
}

func TestPestoValueIsTanhOfCentipawnsOver400AndOutcomesWhenFinished(t *testing.T) {
	h := pesto(t)
	for _, tt := range []struct {
		fen  string
		want float64
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},                                  // dead material: a draw
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", -1}, // fool's mate
		{"7k/8/8/8/8/8/8/R3K3 w - - 0 1", math.Tanh(float64(mustEval(t, "7k/8/8/8/8/8/8/R3K3 w - - 0 1")) / 400)},
	} {
		if got := h.Value(mustState(t, tt.fen)); got != tt.want {
			t.Errorf("%s: value %g, want %g", tt.fen, got, tt.want)
		}
	}
}

func mustEval(t testing.TB, fen string) int {
	cp, _ := mustState(t, fen).Evaluation()
	return cp
}

// TestPestoScoreAfterOrdersMovesAsValue plays every move of many random
// positions (and positions where moves mate, stalemate, repeat or reach the
// fifty-move rule) and checks that ScoreAfter and Value agree: the same
// centipawns, an infinity for a mate, 0 for a draw.
func TestPestoScoreAfterOrdersMovesAsValue(t *testing.T) {
	h := pesto(t)
	sc := h.(knowledge.Scorer)
	var fens []string
	for _, s := range randomPositions(t, 60) {
		fens = append(fens, s.String())
	}
	fens = append(fens,
		kiwipete,
		"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",     // back-rank mate
		"7k/8/6Q1/8/8/8/8/4K3 w - - 0 1",        // Qf7 stalemates
		"7k/8/8/8/8/8/8/R3K3 w Q - 99 80",       // the fifty-move rule next move
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  // castling
		"8/8/8/3k4/4pP2/8/8/4K3 b - f3 0 1",     // en passant
		"1n5k/P7/8/8/8/8/8/4K3 w - - 0 1",       // promotions, with capture
		"7k/8/8/8/8/8/8/2B1K2b w - - 0 1",       // a capture leaving dead material
		"5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1",     // bishops on one colour: Stockfish's draws play on
		"5b2/8/4k3/8/8/8/2K5/1nB5 w - - 0 1",    // Kxb1 leaves bishops on one colour
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99 1", // castling on the hundredth ply
	)
	for _, tc := range []struct {
		g *chess.Game
		// shuffle is the moves from repFEN after which Black's king
		// going back repeats the position for the drawing time (a
		// position PeSTO does not score 0, as it does the start).
		shuffle []string
	}{
		{chess.New(0), []string{"Ra2", "Kd8", "Ra1", "Ke8", "Ra2", "Kd8", "Ra1"}},
		{chess.NewRules(chess.Rules{StockfishDraws: true}), []string{"Ra2", "Kd8", "Ra1"}},
	} {
		var positions []games.State
		for _, s := range fens {
			p, err := tc.g.ParsePosition(s)
			if err != nil {
				t.Fatal(err)
			}
			positions = append(positions, p)
		}
		rep, err := tc.g.ParsePosition("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tc.shuffle {
			mv, err := rep.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			rep.Play(mv)
		}
		positions = append(positions, rep)
		child := tc.g.NewState()
		seen := map[float64]bool{}
		repeated := false
		for _, s := range positions {
			for _, m := range s.Legal(nil) {
				child.CopyFrom(s)
				child.Play(m)
				v := h.Value(child)
				got := sc.ScoreAfter(s, m)
				var want float64
				switch {
				case child.Terminal() && v == 1:
					want = math.Inf(1)
				case child.Terminal() && v == -1:
					want = math.Inf(-1)
				case child.Terminal():
					want = 0
				default:
					cp, _ := child.(*chess.State).Evaluation()
					want = float64(cp)
				}
				if got != want {
					t.Fatalf("%s %s, %s: ScoreAfter %g, want %g (value %g)", tc.g.Spec(), s, s.MoveString(m), got, want, v)
				}
				if child.Terminal() {
					seen[want] = true
					repeated = repeated || strings.HasSuffix(games.EndReason(child), "repetition")
				}
			}
		}
		if !seen[math.Inf(1)] || !seen[0] || !repeated {
			t.Errorf("%s: the positions reached no mate, no draw or no repetition: %v, %v", tc.g.Spec(), seen, repeated)
		}
	}
}

// BenchmarkPestoValue evaluates Kiwipete from its bitboards.
func BenchmarkPestoValue(b *testing.B) {
	h := pesto(b)
	s := mustState(b, kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		h.Value(s)
	}
}

// BenchmarkPestoEvaluation is the static score alone, no end-of-game test.
func BenchmarkPestoEvaluation(b *testing.B) {
	s := mustState(b, kiwipete)
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluation()
	}
}

// BenchmarkPestoScoreAfter scores every move of Kiwipete (48) as a greedy
// step does, each move's end of game tested.
func BenchmarkPestoScoreAfter(b *testing.B) {
	sc := pesto(b).(knowledge.Scorer)
	s := mustState(b, kiwipete)
	moves := s.Legal(make([]games.Move, 0, 256))
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			sc.ScoreAfter(s, m)
		}
	}
	b.ReportMetric(float64(b.N*len(moves))/b.Elapsed().Seconds(), "moves/s")
}

// The raw evaluation is the centipawns Evaluation gives, finished games
// included (a static score, as Stockfish's evaluate is), and negates under a
// colour flip.
func TestPestoRawIsCentipawnsEvenWhenFinished(t *testing.T) {
	raw, ok := pesto(t).(knowledge.Raw)
	if !ok {
		t.Fatal("pesto does not give its raw evaluation")
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"7k/8/8/8/8/8/8/R3K3 w - - 0 1",
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // fool's mate
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	} {
		s := mustState(t, fen)
		if got, want := raw.Raw(s), float64(mustEval(t, fen)); got != want {
			t.Errorf("%s: raw %g, want %g centipawns", fen, got, want)
		}
		if got, want := raw.Raw(mustState(t, flipFEN(fen))), -raw.Raw(s); got != want {
			t.Errorf("%s flipped: raw %g, want %g", fen, got, want)
		}
	}
}
