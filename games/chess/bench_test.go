package chess_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// BenchmarkPerftBulk is perft(5) from the start, bulk counted: 4,865,609
// leaves per op.
func BenchmarkPerftBulk(b *testing.B) {
	s := mustState(b, chess.StartFEN)
	var n uint64
	b.ReportAllocs()
	for b.Loop() {
		n += chess.Perft(s, 5)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftBulk6 is perft(6) from the start, bulk counted: 119,060,324
// leaves per op (run with -benchtime=1x or a few x).
func BenchmarkPerftBulk6(b *testing.B) {
	s := mustState(b, chess.StartFEN)
	var n uint64
	for b.Loop() {
		n += chess.Perft(s, 6)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftKiwipete is perft(4) from Kiwipete: 4,085,603 leaves, with
// castling, en passant and promotions.
func BenchmarkPerftKiwipete(b *testing.B) {
	s := mustState(b, kiwipete)
	var n uint64
	for b.Loop() {
		n += chess.Perft(s, 4)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

// makePerft counts like perft but plays every move, the leaves' too, with
// the game's CopyFrom and Play (repetition history kept, draw rules off as
// no draw arises from the start within the depth).
func makePerft(states []games.State, bufs [][]games.Move, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	s, child := states[depth], states[depth-1]
	var n uint64
	for _, m := range s.Legal(bufs[depth]) {
		child.CopyFrom(s)
		child.Play(m)
		n += makePerft(states, bufs, depth-1)
	}
	return n
}

// BenchmarkPerftMakeEveryMove is perft(5) from the start playing every
// leaf move through the games.State interface: 4,865,609 leaves per op.
func BenchmarkPerftMakeEveryMove(b *testing.B) {
	start := mustState(b, chess.StartFEN)
	const depth = 5
	states := make([]games.State, depth+1)
	bufs := make([][]games.Move, depth+1)
	for i := range states {
		states[i] = start.Clone()
		bufs[i] = make([]games.Move, 0, 256)
	}
	var n uint64
	b.ReportAllocs()
	for b.Loop() {
		n += makePerft(states, bufs, depth)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPlayout is uniform random games from the start to their end
// (mate, stalemate, repetition, fifty-move rule, dead material): games/s and
// plies/s.
func BenchmarkPlayout(b *testing.B) {
	benchPlayouts(b, "chess")
}

// BenchmarkPlayoutCap500 is the same with the 500-ply cap.
func BenchmarkPlayoutCap500(b *testing.B) {
	benchPlayouts(b, "chess:maxplies=500")
}

func benchPlayouts(b *testing.B, spec string) {
	start := gametest.MustGame(b, spec).NewState()
	s := start.Clone()
	r := rng.New(1)
	plies, n := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		plies += s.Playout(&r, games.NoLimit)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(plies)/float64(n), "plies/game")
}

// BenchmarkRecordPlayout compares recorded playouts with plain ones in the
// same run (rec/plain).
func BenchmarkRecordPlayout(b *testing.B) {
	gametest.BenchmarkRecordPlayout(b, gametest.MustGame(b, "chess"))
}

// BenchmarkLegalPlay is the generic loop an engine would run: Legal into a
// buffer and Play, one random game per op.
func BenchmarkLegalPlay(b *testing.B) {
	g := gametest.MustGame(b, "chess")
	start := g.NewState()
	s := start.Clone()
	r := rng.New(1)
	buf := make([]games.Move, 0, g.MaxMoves())
	states := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		states += games.LegalPlayout(s, &r, buf, games.NoLimit)
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
}
