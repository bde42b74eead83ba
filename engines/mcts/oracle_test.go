package mcts

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/chess/tb"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// The oracle leaf's tablebases are built in a temporary directory, not in
// the user's cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mctstb")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(tb.DirEnv, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// kqk is a KQK position with White to move, a mate in a few moves.
const kqk = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1"

// With the tablebase cut-off everywhere, every child of a KQK root is
// proven at once, so the solver proves the root won in a few iterations and
// plays a move that keeps the win.
func TestOracleLeafProvesKQKWinAtTheRoot(t *testing.T) {
	s := mustPos(t, "chess", kqk)
	e := mustEngine(t, "mcts:leaf=oracle(name=tb3,everywhere=true)")
	if err := e.(engines.GameChecker).CheckGame(s.Game()); err != nil {
		t.Fatal(err)
	}
	const budget = 100000
	res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: budget}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Iterations >= 1000 {
		t.Errorf("the root took %d iterations, want a proof within 1000", res.Stats.Iterations)
	}
	proven := false
	for _, ms := range res.Stats.Moves {
		if ms.Move == res.Move {
			proven = ms.Proven == engines.ProvenWin
		}
	}
	if !proven {
		t.Errorf("move %v is not proven won", res.Move)
	}
	c := s.Clone()
	c.Play(res.Move)
	o, err := knowledge.NewOracle(s.Game(), "tb3")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := o.Probe(c); !ok || v.Value != 1 {
		t.Errorf("after %v the tablebase says %v (ok %v), want a White win", res.Move, v, ok)
	}
}

// The thesis's rule: a root of fewer than eight pieces turns the oracle off
// (the leaf is a plain playout) unless everywhere; a larger root turns it
// on.
func TestOracleLeafIsOffForSmallRootsUnlessEverywhere(t *testing.T) {
	small := mustPos(t, "chess", kqk)
	large := mustPos(t, "chess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
	for _, tc := range []struct {
		everywhere bool
		root       games.State
		proven     bool
	}{
		{false, small, false},
		{true, small, true},
		{false, large, true},
	} {
		ev, err := OracleLeaf(policy.Config{Kind: policy.Random}, "tb3", tc.everywhere)(small)
		if err != nil {
			t.Fatal(err)
		}
		ev.(Rooted).SetRoot(tc.root)
		var r rng.Rand
		r.Seed(1)
		stop := engines.NewStop(context.Background(), 0)
		got := ev.Evaluate(small.Clone(), &r, stop, nil)
		stop.Release()
		if got.Proven != tc.proven || (tc.proven && got.Value != 1) {
			t.Errorf("everywhere=%v, root %v: %+v, want proven %v", tc.everywhere, tc.root, got, tc.proven)
		}
	}
}

// A game without the oracle refuses the leaf, naming what it has; a leaf
// without a name is refused when the engine is read.
func TestOracleLeafNeedsTheGamesOracle(t *testing.T) {
	e := mustEngine(t, "mcts:leaf=oracle(name=tb4)")
	err := e.(engines.GameChecker).CheckGame(mustPos(t, "tictactoe", "").Game())
	if err == nil || !strings.Contains(err.Error(), `has no oracle "tb4"`) {
		t.Errorf("tictactoe: got %v", err)
	}
	err = e.(engines.GameChecker).CheckGame(mustPos(t, "chess", "").Game())
	if err != nil {
		t.Errorf("chess: %v", err)
	}
	if _, err := engines.New("mcts:leaf=oracle"); err == nil {
		t.Error("leaf=oracle without a name was accepted")
	}
	if _, err := engines.New("mcts:leaf=oracle(name=tb4),playout=nested"); err == nil {
		t.Error("leaf=oracle with a playout that cannot stop early was accepted")
	}
}

// Preparing an engine with the tb3 cut-off builds every 3-piece table
// before any search (so that a clocked game's first move does not pay for
// it), and preparing it again finds them built.
func TestPrepareBuildsTheOracleTablesBeforeTheGame(t *testing.T) {
	e := mustEngine(t, "mcts:leaf=oracle(name=tb3)")
	g := mustPos(t, "chess", kqk).Game()
	if _, ok := e.(engines.Preparer); !ok {
		t.Fatal("an engine with an oracle leaf is not an engines.Preparer")
	}
	for range 2 {
		if err := engines.Prepare(e, g); err != nil {
			t.Fatal(err)
		}
	}
	def, err := tb.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range tb.Materials(3) {
		if _, err := os.Stat(def.Dir() + "/" + name + ".mctb"); err != nil {
			t.Errorf("table %s not built by Prepare: %v", name, err)
		}
	}
	if err := engines.Prepare(mustEngine(t, "mcts"), g); err != nil {
		t.Errorf("an engine without an oracle: Prepare = %v", err)
	}
}

// The leaf takes a tablebase's mate as a proof only where the fifty-move
// rule lets it stand (halfmove clock + DTM <= 100); past that it returns
// the table's result unproven, as the thesis' cut-off did.
func TestOracleLeafProvesOnlyWhatTheClockAllows(t *testing.T) {
	dtm := kqkDTM(t)
	ev, err := OracleLeaf(policy.Config{Kind: policy.Random}, "tb3", true)(mustPos(t, "chess", kqk))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []int{0, 100 - dtm, 101 - dtm} {
		s := mustPos(t, "chess", fmt.Sprintf(kqkAt, h))
		var r rng.Rand
		r.Seed(1)
		stop := engines.NewStop(context.Background(), 0)
		got := ev.Evaluate(s, &r, stop, nil)
		stop.Release()
		if want := h+dtm <= 100; got.Value != 1 || got.Proven != want || got.Terminal {
			t.Errorf("clock %d, DTM %d: %+v, want the value 1, proven %v", h, dtm, got, want)
		}
	}
}

// kqkAt is kqk with the halfmove clock as %d.
const kqkAt = "8/8/8/4k3/8/8/8/KQ6 w - - %d 1"

// kqkDTM is kqk's distance to mate by the tablebase.
func kqkDTM(t *testing.T) int {
	t.Helper()
	r, dtm, ok := tb.Probe(mustPos(t, "chess", kqk).(*chess.State))
	if !ok || r != tb.Win {
		t.Fatalf("%s: %v in %d, ok %v", kqk, r, dtm, ok)
	}
	return dtm
}

// mccCombined3 is the thesis' MCC_Combined (the mcc-combined preset) with
// the 3-piece tables: the solver with mate distances, tablebase cut-offs
// everywhere.
const mccCombined3 = "mcts:children=ordered-last,c=1.4142135623730951,solver=true,matedistance=true,playout=game(name=dm-hp-sfsee-40)," +
	"leaf=oracle(name=tb3,everywhere=true),bias=0.001,heuristic=pesto,biasraw=2.4146341463414633,biasdiv=visits"

// The solver proves no win that the fifty-move rule may turn into a draw:
// from KQK with the clock where the mate lands on its 100th ply, MCC_Combined
// proves the win at once; with the clock one higher (the mate a ply too
// late, so the game a draw: nothing in KQK resets the clock) it proves no
// root move won, or lost, and plays on by the table's values.
func TestSolverProvesNoWinTheFiftyMoveRuleMayDraw(t *testing.T) {
	dtm := kqkDTM(t)
	for _, h := range []int{100 - dtm, 101 - dtm} {
		s := mustPos(t, "chess", fmt.Sprintf(kqkAt, h))
		e := mustEngine(t, mccCombined3)
		if err := engines.CheckGame(e, s.Game()); err != nil {
			t.Fatal(err)
		}
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 2000}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("clock %d, DTM %d: %d iterations, move %s, PV %v", h, dtm, res.Stats.Iterations, s.MoveString(res.Move), res.Stats.PV)
		wins, losses := 0, 0
		for _, ms := range res.Stats.Moves {
			switch ms.Proven {
			case engines.ProvenWin:
				wins++
			case engines.ProvenLoss:
				losses++
			}
		}
		if h+dtm <= 100 {
			if wins == 0 {
				t.Errorf("clock %d, DTM %d: no root move proven won in %d iterations", h, dtm, res.Stats.Iterations)
			}
			continue
		}
		if wins+losses > 0 {
			t.Errorf("clock %d, DTM %d: %d root moves proven won, %d lost; the fifty-move rule draws the game first", h, dtm, wins, losses)
		}
		after := s.Clone()
		after.Play(res.Move)
		if r, _, ok := tb.Probe(after.(*chess.State)); !ok || r != tb.Loss {
			t.Errorf("clock %d, DTM %d: played %s, after which the table gives Black %v (ok %v); want a move that keeps the table's win", h, dtm, s.MoveString(res.Move), r, ok)
		}
	}
}

// With mate distances, an oracle's proof carries the table's distance to
// mate: the solver proves the KQK root won by the shortest mate the table
// knows (one more than the least distance of the positions its moves
// reach), shows it in the mate column, and plays a move of that length.
func TestOracleProofsCarryTheTablesDistance(t *testing.T) {
	s := mustPos(t, "chess", kqk)
	e := mustEngine(t, "mcts:leaf=oracle(name=tb3,everywhere=true),matedistance")
	res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 100000}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	// The table's best: the move after which Black is mated soonest.
	best := -1
	plies := map[games.Move]int{}
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Play(m)
		if c.Terminal() {
			continue
		}
		r, dtm, ok := tb.Probe(c.(*chess.State))
		if !ok {
			t.Fatalf("%s: not in the table", c)
		}
		if r == tb.Loss {
			plies[m] = dtm + 1 // the move, then Black's loss
			if best < 0 || dtm+1 < best {
				best = dtm + 1
			}
		}
	}
	if plies[res.Move] != best {
		t.Errorf("played %s, mated in %d plies; the table's shortest is %d", s.MoveString(res.Move), plies[res.Move], best)
	}
	col := res.Stats.Column("mate")
	if col < 0 {
		t.Fatal("no mate column with matedistance")
	}
	for _, ms := range res.Stats.Moves {
		if ms.Move == res.Move {
			if got := ms.Cells[col]; got != float64(best) {
				t.Errorf("mate column of %s: %v, want %d", s.MoveString(res.Move), got, best)
			}
		}
	}
}
