package chess_test

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// threadCPU returns the CPU time of the calling OS thread (Linux): a loaded
// machine stretches wall time, not a thread's CPU time. The benchmarks below
// lock their goroutine to its thread and report their rates per CPU-second
// of it (the "/cpu-s" metrics) beside the rates per wall-second.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuClock measures a benchmark's thread CPU time: start it before b.Loop,
// call report after.
type cpuClock struct{ t0 time.Duration }

func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock{threadCPU()}
}

// report adds the rate of count per CPU-second and per wall-second, as unit
// "/cpu-s" and unit "/s".
func (c cpuClock) report(b *testing.B, count float64, unit string) {
	cpu := threadCPU() - c.t0
	runtime.UnlockOSThread()
	b.ReportMetric(count/cpu.Seconds(), unit+"/cpu-s")
	b.ReportMetric(count/b.Elapsed().Seconds(), unit+"/s")
}

// BenchmarkPerftBulk is perft(5) from the start, bulk counted: 4,865,609
// leaves per op.
func BenchmarkPerftBulk(b *testing.B) {
	s := mustState(b, chess.StartFEN)
	var n uint64
	b.ReportAllocs()
	clock := startCPU()
	for b.Loop() {
		n += chess.Perft(s, 5)
	}
	clock.report(b, float64(n), "leaves")
}

// BenchmarkPerftBulk6 is perft(6) from the start, bulk counted: 119,060,324
// leaves per op (run with -benchtime=1x or a few x).
func BenchmarkPerftBulk6(b *testing.B) {
	s := mustState(b, chess.StartFEN)
	var n uint64
	clock := startCPU()
	for b.Loop() {
		n += chess.Perft(s, 6)
	}
	clock.report(b, float64(n), "leaves")
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
	clock := startCPU()
	for b.Loop() {
		n += makePerft(states, bufs, depth)
	}
	clock.report(b, float64(n), "leaves")
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
	clock := startCPU()
	for b.Loop() {
		s.CopyFrom(start)
		plies += s.Playout(&r, games.NoLimit)
		n++
	}
	clock.report(b, float64(n), "games")
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
func BenchmarkLegalPlay(b *testing.B) { benchLegalPlay(b, "chess") }

// BenchmarkLegalPlayStockfishOrder is BenchmarkLegalPlay with Legal in
// Stockfish's order (chess:order=stockfish), which keeps piece lists in
// Play and builds a pseudo-legal list in Legal.
func BenchmarkLegalPlayStockfishOrder(b *testing.B) { benchLegalPlay(b, "chess:order=stockfish") }

func benchLegalPlay(b *testing.B, spec string) {
	g := gametest.MustGame(b, spec)
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
