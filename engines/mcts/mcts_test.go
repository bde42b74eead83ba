package mcts

import (
	"context"
	"fmt"
	"testing"
	"time"
	"unsafe"

	"mcarena/engines"
	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

func mustPos(t testing.TB, spec, pos string) games.State { return gametest.MustPosition(t, spec, pos) }

func run(t testing.TB, cfg Config, s games.State, iterations int64, seed uint64) engines.Result {
	t.Helper()
	res, err := New(cfg, "uct").Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: iterations}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var solverCfg = Config{C: 0.7, Solver: true, MaxNodes: 1 << 20}

// Every proof the solver reports at the root agrees with alpha-beta, over
// random positions of small games; and in most won positions the solver
// proves a winning move within the budget and plays it.
func TestSolverAgreesWithAlphaBeta(t *testing.T) {
	for _, spec := range []string{"tictactoe", "domineering:size=3x4", "nogo:size=3", "atarigo:size=3", "kalah:houses=2,seeds=2", "breakthrough:size=5x5"} {
		won, proved, compared := 0, 0, 0
		for seed := uint64(1); seed <= 40; seed++ {
			r := rng.New(seed)
			s := mustPos(t, spec, "")
			plies := r.Intn(8)
			if spec == "breakthrough:size=5x5" {
				plies = 14 + r.Intn(6)
			}
			if gametest.RandomPlies(s, &r, plies).Terminal() {
				continue
			}
			res := run(t, solverCfg, s, 20000, seed)
			for _, ms := range res.Stats.Moves {
				if ms.Proven == engines.Unproven {
					continue
				}
				compared++
				v := gametest.MoveValue(s, ms.Move)
				want := map[int]engines.Proof{1: engines.ProvenWin, -1: engines.ProvenLoss}[v]
				if ms.Proven != want {
					t.Fatalf("%s %q: move %s proven %v, alpha-beta value %d", spec, s.String(), s.MoveString(ms.Move), ms.Proven, v)
				}
			}
			if v := gametest.Solve(s); v == 1 {
				// A won position: the move played must win once one is proven.
				won++
				switch {
				case provenWin(res.Stats) && gametest.MoveValue(s, res.Move) == 1:
					proved++
				case provenWin(res.Stats):
					t.Fatalf("%s %q: a proven win was available but %s was played", spec, s.String(), s.MoveString(res.Move))
				}
			}
		}
		t.Logf("%s: %d proofs compared; %d of %d won positions proved and won", spec, compared, proved, won)
		if compared == 0 || won == 0 || proved*4 < won*3 {
			t.Errorf("%s: %d proofs compared, %d of %d won positions proved and won; want proofs, and three in four won positions proved", spec, compared, proved, won)
		}
	}
}

func provenWin(st engines.Stats) bool {
	for _, m := range st.Moves {
		if m.Proven == engines.ProvenWin {
			return true
		}
	}
	return false
}

// The TicTacToe position of the NMCS paper's Table 1: a3 is the only winning
// move and the solver proves it.
func TestFindsTheWin(t *testing.T) {
	s := mustPos(t, "tictactoe", "1x1/1o1/xo1 x")
	res := run(t, solverCfg, s, 100000, 1)
	if s.MoveString(res.Move) != "a3" {
		t.Fatalf("played %s", s.MoveString(res.Move))
	}
	for _, m := range res.Stats.Moves {
		if s.MoveString(m.Move) == "a3" && m.Proven != engines.ProvenWin {
			t.Fatalf("a3 not proven: %+v", m)
		}
	}
	if res.Stats.Iterations >= 100000 {
		t.Fatalf("the search did not stop once the root was proven (%d iterations)", res.Stats.Iterations)
	}
}

func TestNodeCapKeepsSampling(t *testing.T) {
	s := mustPos(t, "breakthrough", "")
	res := run(t, Config{C: 0.7, Solver: true, MaxNodes: 1000}, s, 20000, 1)
	if res.Stats.Iterations != 20000 || res.Move == games.NoMove {
		t.Fatalf("iterations %d, move %d", res.Stats.Iterations, res.Move)
	}
	var visits int64
	for _, m := range res.Stats.Moves {
		visits += int64(m.Cells[0])
	}
	if visits != 20000 {
		t.Fatalf("root children visited %d times in 20000 iterations", visits)
	}
	if res.Stats.Figure("tree_full") != 1 {
		t.Fatal("a search that filled its pool does not say so")
	}
}

func TestDeterministic(t *testing.T) {
	s := mustPos(t, "nogo", "")
	a := run(t, solverCfg, s, 3000, 5)
	b := run(t, solverCfg, s, 3000, 5)
	if a.Move != b.Move || fmt.Sprint(a.Stats.Moves) != fmt.Sprint(b.Stats.Moves) || a.Stats.States != b.Stats.States {
		t.Fatal("same seed, different searches")
	}
	c := run(t, solverCfg, s, 3000, 6)
	if fmt.Sprint(a.Stats.Moves) == fmt.Sprint(c.Stats.Moves) {
		t.Fatal("different seeds, same search")
	}
}

func TestBudgets(t *testing.T) {
	s := mustPos(t, "breakthrough", "")
	e := New(solverCfg, "uct")
	res, _ := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{States: 100000}, Seed: 1})
	if res.Stats.States < 100000 || res.Stats.States > 100000+200 {
		t.Fatalf("states %d for a budget of 100000", res.Stats.States)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := e.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 1 << 40}, Seed: 1})
	if err != nil || res.Move == games.NoMove || res.Stats.Iterations > 256 {
		t.Fatalf("cancelled: %v %d iterations", err, res.Stats.Iterations)
	}
	var reports int
	res, _ = e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 500}, Seed: 1, Report: func(engines.Stats) { reports++ }})
	if reports == 0 || len(res.Stats.PV) == 0 || res.Stats.PV[0] != res.Move {
		t.Fatalf("reports %d, PV %v, move %d", reports, res.Stats.PV, res.Move)
	}
}

// BenchmarkIterations reports UCT iterations and states per second from the
// start position of each 5x5 game of the NMCS paper.
func BenchmarkIterations(b *testing.B) {
	for _, spec := range []string{
		"breakthrough", "breakthrough:misere", "knightthrough", "knightthrough:misere",
		"domineering", "domineering:misere", "nogo", "nogo:misere", "atarigo",
	} {
		b.Run(spec, func(b *testing.B) {
			s := mustPos(b, spec, "")
			e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 22}, "uct")
			var it, states int64
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				res, _ := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 20000}, Seed: seed})
				it += res.Stats.Iterations
				states += res.Stats.States
			}
			b.ReportMetric(float64(it)/b.Elapsed().Seconds(), "iterations/s")
			b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// A node takes 40 bytes with its selection statistics, 48 with its minimax
// value beside them, as the constants the memory figures use say; children
// are nodes, so every node costs the same.
func TestNodeSize(t *testing.T) {
	n, s, v := unsafe.Sizeof(node{}), unsafe.Sizeof(stat{}), unsafe.Sizeof(valuedStat{})
	if n != nodeBytes || s != statBytes || v != valuedStatBytes || n+s > 40 || n+v > 48 {
		t.Fatalf("a node takes %d+%d bytes (%d+%d valued), the constants say %d+%d (%d+%d)",
			n, s, n, v, nodeBytes, statBytes, nodeBytes, valuedStatBytes)
	}
}

// With reuse, the search after our move and the opponent's reply goes on
// from that subtree: its root children carry visits from the first search.
func TestTreeReuse(t *testing.T) {
	s := mustPos(t, "breakthrough", "")
	e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 20, Reuse: true}, "uct:reuse")
	ctx := context.Background()
	res, _ := e.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 20000}, Seed: 1})
	s.Play(res.Move)
	s.Play(s.Legal(nil)[0])
	res2, _ := e.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 1000}, Seed: 2})
	var visits int64
	for _, m := range res2.Stats.Moves {
		visits += int64(m.Cells[0])
	}
	if visits <= 1000 {
		t.Fatalf("root children visited %d times after 1000 iterations: the tree was not reused", visits)
	}
	// Without reuse, the same sequence starts afresh.
	f := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 20}, "uct")
	f.Search(ctx, engines.Request{Position: mustPos(t, "breakthrough", ""), Budget: engines.Budget{Iterations: 20000}, Seed: 1})
	res3, _ := f.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 1000}, Seed: 2})
	visits = 0
	for _, m := range res3.Stats.Moves {
		visits += int64(m.Cells[0])
	}
	if visits != 1000 {
		t.Fatalf("without reuse the root children have %d visits after 1000 iterations", visits)
	}
	// The same position again is not a descendant: a fresh search, so
	// repeated analyses stay reproducible.
	a, _ := e.Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 500}, Seed: 3})
	b, _ := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 20}, "uct").Search(ctx, engines.Request{Position: s, Budget: engines.Budget{Iterations: 500}, Seed: 3})
	if fmt.Sprint(a.Stats.Moves) != fmt.Sprint(b.Stats.Moves) {
		t.Fatal("a repeated position reused a tree")
	}
}

// BenchmarkReporting compares a search that sends statistics snapshots (at
// the engines' rate, every 100 ms) with one that sends none.
func BenchmarkReporting(b *testing.B) {
	s := mustPos(b, "breakthrough", "")
	for _, withReports := range []bool{false, true} {
		b.Run(fmt.Sprintf("reports=%v", withReports), func(b *testing.B) {
			e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 22}, "uct")
			var report engines.Reporter
			var got int
			if withReports {
				report = func(st engines.Stats) { got += len(st.Moves) }
			}
			var states int64
			for b.Loop() {
				res, _ := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 300000}, Seed: 1, Report: report})
				states += res.Stats.States
			}
			b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// BenchmarkSnapshot measures one statistics snapshot of a grown tree; at
// ten snapshots a second its cost against search time is the reporting
// overhead.
func BenchmarkSnapshot(b *testing.B) {
	s := mustPos(b, "breakthrough", "")
	e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 22}, "uct")
	sr, err := e.take(engines.NewRequest(s, engines.Budget{}, 1))
	if err != nil {
		b.Fatal(err)
	}
	sr.r.Seed(1)
	sr.pool.reset()
	first, _ := sr.pool.alloc(1)
	*sr.pool.at(first) = node{first: -1, mover: s.ToMove().Other()}
	for range 200000 {
		sr.iterate()
	}
	b.ReportAllocs()
	for b.Loop() {
		sr.stats(200000, time.Second, false)
	}
}

// With the game's history, reuse finds the kept root among the positions
// the game went through and follows the moves played since, however many
// (here four plies, beyond the three a search without history looks at).
func TestTreeReuseByHistory(t *testing.T) {
	start := mustPos(t, "breakthrough", "")
	e := New(Config{C: 0.7, Solver: true, MaxNodes: 1 << 20, Reuse: true}, "uct:reuse")
	ctx := context.Background()
	req := engines.Request{Position: start, Start: start, Budget: engines.Budget{Iterations: 50000}, Seed: 1}
	res, err := e.Search(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	// Follow the principal variation four plies: those nodes are in the
	// kept tree.
	s := start.Clone()
	var history []games.Move
	for _, m := range res.Stats.PV[:4] {
		s.Play(m)
		history = append(history, m)
	}
	res2, err := e.Search(ctx, engines.Request{Position: s, Start: start, History: history, Budget: engines.Budget{Iterations: 100}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	var visits int64
	for i := range res2.Stats.Moves {
		visits += int64(res2.Stats.Cell(i, "visits"))
	}
	if visits <= 100 {
		t.Fatalf("root children visited %d times after 100 iterations: the tree was not reused", visits)
	}
	// A history that does not pass through the kept root starts afresh.
	other := mustPos(t, "breakthrough", "")
	other.Play(other.Legal(nil)[3])
	res3, _ := e.Search(ctx, engines.Request{Position: other, Start: other, Budget: engines.Budget{Iterations: 100}, Seed: 3})
	visits = 0
	for i := range res3.Stats.Moves {
		visits += int64(res3.Stats.Cell(i, "visits"))
	}
	if visits != 100 {
		t.Fatalf("an unrelated game reused a tree: %d visits after 100 iterations", visits)
	}
}
