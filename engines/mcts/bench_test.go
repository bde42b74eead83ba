package mcts

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// threadCPU returns the CPU time of the calling OS thread (Linux), the
// measure of the C references in shared/bench: a loaded machine stretches
// wall time, not a thread's CPU time.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkUCT8x8 is the work of the C reference cref_uct (built with
// -DSEL): UCT with c = 0.7 and no solver on Breakthrough 8x8 from the
// start, 200,000 iterations of uniform playouts per search. It reports
// iterations and states per CPU-second of the searching thread, comparable
// with the reference's it_per_cpu_s, and per wall-second.
//
//	go test -run '^$' -bench UCT8x8 -benchtime 5x ./engines/mcts
func BenchmarkUCT8x8(b *testing.B) {
	s := mustPos(b, "breakthrough:size=8x8", "")
	e := New(Config{C: 0.7, Solver: false, MaxNodes: 4000000}, "bench")
	it, states, cpu := searchesPerCPU(b, e, s, 200000)
	b.ReportMetric(float64(it)/cpu.Seconds(), "it/cpu-s")
	b.ReportMetric(float64(states)/cpu.Seconds(), "states/cpu-s")
	b.ReportMetric(float64(it)/b.Elapsed().Seconds(), "it/s")
}

// BenchmarkLOAPlayouts is simulations (iterations) per second of MCTS on a
// LOA position 30 plies into a seeded random game, 100 iterations a search
// with alpha-beta playouts and 5,000 with uniform ones, by playout and
// leaf, per CPU-second of the searching thread (a loaded machine stretches
// wall time) and per wall-second: uniform
// playouts, to the end or stopped by the substitute evaluation mia-sub's
// threshold (loa-mcts-simple, the analogue of MC-LOA's simple playout),
// against the alpha-beta playouts of MC-LOA with mia-sub, played out,
// stopped by the evaluation's threshold (looked at every ply, or every five
// moves as loa-mcts does), or cut off after a few plies.
//
//	go test -run '^$' -bench LOAPlayouts -benchtime 5x -count 3 ./engines/mcts
func BenchmarkLOAPlayouts(b *testing.B) {
	r := rng.New(8)
	s := gametest.RandomPlies(mustPos(b, "loa", ""), &r, 30)
	for _, p := range []struct {
		spec       string
		iterations int64
	}{
		{"mcts", 5000},
		{"mcts:leaf=threshold(x=0.6,every=5),heuristic=mia-sub", 5000},
		{"mcts:playout=ab,heuristic=mia-sub", 100},
		{"mcts:playout=ab,leaf=threshold(x=0.6),heuristic=mia-sub", 100},
		{"mcts:playout=ab,leaf=cutoff(plies=4),heuristic=mia-sub", 100},
		// loa-mcts, the presets' player: the threshold looked at every
		// five moves, not at every ply.
		{"mcts:c=0.5,playout=ab(depth=2),leaf=threshold(x=0.6,every=5),heuristic=mia-sub", 100},
	} {
		b.Run(p.spec, func(b *testing.B) {
			it, _, cpu := searchesPerCPU(b, mustEngine(b, p.spec), s, p.iterations)
			b.ReportMetric(float64(it)/cpu.Seconds(), "sims/cpu-s")
			b.ReportMetric(float64(it)/b.Elapsed().Seconds(), "sims/s")
		})
	}
}

// BenchmarkBreakthroughPlayers is simulations per CPU-second of the
// implicit-minimax paper's Breakthrough players (config.toml's im-random,
// im-ipp, im-bl and im-blp) on docs/implicit-minimax.md's mid-game position, 20 random
// plies from the start, 20,000 iterations a search.
//
//	go test -run '^$' -bench BreakthroughPlayers -benchtime 5x ./engines/mcts
func BenchmarkBreakthroughPlayers(b *testing.B) {
	s := mustPos(b, "breakthrough:size=8x8", "bb1bbbbb/1b1b3b/b3bb2/b1bb4/w7/1www3w/3w1ww1/w1wwwwww w")
	for _, p := range []struct{ name, spec string }{
		{"random", "mcts:c=0.5"},
		{"ipp", "mcts:c=0.5,playout=ipp"},
		{"bl", "mcts:c=0.5,playout=egreedy(epsilon=0.1),leaf=threshold(x=0.5,every=5),heuristic=efms"},
		{"blp", "mcts:c=0.5,playout=ipp,leaf=cutoff(plies=20),heuristic=eflh,np=10,prior=safety"},
	} {
		b.Run(p.name, func(b *testing.B) {
			it, _, cpu := searchesPerCPU(b, mustEngine(b, p.spec), s, 20000)
			b.ReportMetric(float64(it)/cpu.Seconds(), "sims/cpu-s")
		})
	}
}

// BenchmarkKalahFet4 is simulations (iterations) per CPU-second of the
// implicit-minimax paper's Kalah players, fet4 with and without implicit
// minimax (alpha 0.3), mid-game (the position after b1 a2 d1 b2), 95,000
// iterations a search: the paper machine's second by its rebuttal.
//
//	go test -run '^$' -bench KalahFet4 -benchtime 20x ./engines/mcts
func BenchmarkKalahFet4(b *testing.B) {
	s := mustPos(b, "kalah", "1,0,4,4,5,5/6,2,6,0,6,6 1 2 s")
	for _, spec := range []string{
		"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores",
		"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3",
	} {
		b.Run(spec, func(b *testing.B) {
			it, _, cpu := searchesPerCPU(b, mustEngine(b, spec), s, 95000)
			b.ReportMetric(float64(it)/cpu.Seconds(), "sims/cpu-s")
		})
	}
}

// searchesPerCPU runs one search of e from s a benchmark iteration, each
// with the next seed and the given iterations, on a locked OS thread, and
// returns the iterations and states done and the CPU time of the searching
// thread (a loaded machine stretches wall time, not a thread's CPU time).
func searchesPerCPU(b *testing.B, e engines.Engine, s games.State, iterations int64) (it, states int64, cpu time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		c0 := threadCPU()
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: iterations}, Seed: seed})
		cpu += threadCPU() - c0
		if err != nil {
			b.Fatal(err)
		}
		it += res.Stats.Iterations
		states += res.Stats.States
	}
	if cpu <= 0 {
		b.Fatalf("%d searches took no CPU time the thread's clock could see: give them more iterations", b.N)
	}
	return it, states, cpu
}
