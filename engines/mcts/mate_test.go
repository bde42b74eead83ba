package mcts

import (
	"context"
	"errors"
	"math"
	"testing"

	"mcarena/engines"
	"mcarena/engines/alphabeta"
	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

var mateCfg = Config{C: 0.7, Solver: true, MateDistance: true, MaxNodes: 1 << 20}

// abDistances are the proven distances of s's moves by alpha-beta: plies to
// the end of the game, the move included, positive for a win of the player
// to move, negative for a loss, 0 where alpha-beta proves nothing. Each
// move's position is searched on its own, so that every proven move gets
// its exact distance (one search of s stops at the first depth proving its
// best move).
func abDistances(t testing.TB, s games.State) map[games.Move]int {
	t.Helper()
	ab := alphabeta.New(alphabeta.Config{MaxDepth: 40, TTBits: 16}, "alphabeta")
	out := map[games.Move]int{}
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Play(m)
		if c.Terminal() {
			out[m] = c.Outcome().Value(s.ToMove())
			continue
		}
		res, err := ab.Search(context.Background(), engines.Request{Position: c, Budget: engines.Budget{States: 2_000_000}, Seed: 1})
		if err != nil && !errors.Is(err, engines.ErrNoMoves) {
			t.Fatal(err)
		}
		best := math.Inf(-1)
		for _, ms := range res.Stats.Moves {
			best = max(best, ms.Cells[0])
		}
		v := int(best) // for c's player to move
		if c.ToMove() != s.ToMove() {
			v = -v
		}
		switch {
		case v >= alphabeta.Mate-alphabeta.MaxDepth:
			out[m] = alphabeta.Mate - v + 1
		case v <= -alphabeta.Mate+alphabeta.MaxDepth:
			out[m] = -(alphabeta.Mate + v + 1)
		}
	}
	return out
}

// mateCells is each root move's signed mate column: plies to a win, or
// minus the plies to a loss, for the moves the search measured exactly.
func mateCells(t testing.TB, st engines.Stats) map[games.Move]int {
	t.Helper()
	col := -1
	for i, c := range st.Columns {
		if c.Key == "mate" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no mate column in %v", st.Columns)
	}
	out := map[games.Move]int{}
	for _, ms := range st.Moves {
		v := ms.Cells[col]
		if math.IsNaN(v) {
			continue
		}
		switch ms.Proven {
		case engines.ProvenWin:
			out[ms.Move] = int(v)
		case engines.ProvenLoss:
			out[ms.Move] = -int(v)
		default:
			t.Fatalf("move %d has mate %v but proof %v", ms.Move, v, ms.Proven)
		}
	}
	return out
}

// Positions with forced wins of different lengths, their distances checked
// by alpha-beta: the engine plays the shortest win, and its mate column
// says how long it is. In the positions marked, the solver without
// matedistance plays a longer win for some of the seeds.
func TestMateDistancePlaysTheShortestWin(t *testing.T) {
	for _, tc := range []struct {
		spec, pos   string
		plainMisses bool
	}{
		{"tictactoe", "1xo/2o/1x1 x", false},                            // wins in 1 and 3
		{"atarigo:size=3", "3/3/w1b b", false},                          // wins in 3, 5 and 7
		{"atarigo:size=3", "2b/3/3 w", false},                           // wins in 5 and 7
		{"atarigo:size=3", "b1w/3/3 b", true},                           // wins in 3 and longer
		{"atarigo:size=3", "1b1/1w1/3 b", true},                         // wins in 5 and longer
		{"breakthrough:size=5x5", "1bb2/b1bwb/1b1bw/wb2w/ww3 w", false}, // wins in 1 and 5
		{"chess", "6k1/8/5K2/8/8/8/8/1Q6 w - - 0 1", false},             // mates in 2, 3, 4 and 5
		{"chess", "k7/8/1K6/8/8/8/8/7R w - - 0 1", false},               // Rh8#, and mates up to 7
	} {
		t.Run(tc.spec+" "+tc.pos, func(t *testing.T) {
			s := mustPos(t, tc.spec, tc.pos)
			ab := abDistances(t, s)
			shortest, longest := 0, 0
			for _, d := range ab {
				if d > 0 && (shortest == 0 || d < shortest) {
					shortest = d
				}
				longest = max(longest, d)
			}
			if shortest == 0 || shortest == longest {
				t.Fatalf("alpha-beta finds wins %v: not a position with wins of different lengths", ab)
			}
			misses := 0
			for seed := uint64(1); seed <= 8; seed++ {
				if ab[run(t, solverCfg, s, 20000, seed).Move] != shortest {
					misses++
				}
				res := run(t, mateCfg, s, 200000, seed)
				if got := ab[res.Move]; got != shortest {
					t.Errorf("seed %d: played %s, a win in %d by alpha-beta; want the win in %d", seed, s.MoveString(res.Move), got, shortest)
				}
				if got := mateCells(t, res.Stats)[res.Move]; got != shortest {
					t.Errorf("seed %d: mate of %s is %d, want %d", seed, s.MoveString(res.Move), got, shortest)
				}
			}
			if tc.plainMisses && misses == 0 {
				t.Errorf("the solver alone plays the shortest win for every seed: the position tests nothing")
			}
		})
	}
}

// Positions where every move loses, at different lengths: the engine plays
// the longest loss. In the position marked, the solver without matedistance
// plays a shorter loss for some of the seeds.
func TestMateDistancePlaysTheLongestLoss(t *testing.T) {
	for _, tc := range []struct {
		spec, pos   string
		plainMisses bool
	}{
		{"tictactoe", "1xx/2o/3 o", false},                              // losses in 2 and 4
		{"atarigo:size=3", "2b/w2/3 b", false},                          // losses in 2, 4 and 6
		{"atarigo:size=3", "1b1/3/3 w", false},                          // losses in 2 and 6
		{"atarigo:size=3", "3/1b1/3 w", true},                           // losses up to 6
		{"breakthrough:size=5x5", "1b2b/2wbb/wbbbw/ww1w1/3ww b", false}, // losses in 2 and 4
		{"chess", "6k1/8/5K2/8/8/8/8/1Q6 b - - 0 1", false},             // losses in 2 and 4
		{"chess", "6k1/8/6K1/8/8/8/8/1Q6 b - - 0 1", false},             // losses in 2 and 4
	} {
		t.Run(tc.spec+" "+tc.pos, func(t *testing.T) {
			s := mustPos(t, tc.spec, tc.pos)
			ab := abDistances(t, s)
			longest, shortest := 0, 0
			for _, m := range s.Legal(nil) {
				d := -ab[m]
				if d <= 0 {
					t.Fatalf("alpha-beta: %s is not a proven loss (%d): not a position where every move loses", s.MoveString(m), ab[m])
				}
				longest = max(longest, d)
				if shortest == 0 || d < shortest {
					shortest = d
				}
			}
			if shortest == longest {
				t.Fatalf("every loss takes %d plies: nothing to choose", longest)
			}
			misses := 0
			for seed := uint64(1); seed <= 8; seed++ {
				if -ab[run(t, solverCfg, s, 20000, seed).Move] != longest {
					misses++
				}
				res := run(t, mateCfg, s, 200000, seed)
				if got := -ab[res.Move]; got != longest {
					t.Errorf("seed %d: played %s, a loss in %d by alpha-beta; want the loss in %d", seed, s.MoveString(res.Move), got, longest)
				}
				if got := -mateCells(t, res.Stats)[res.Move]; got != longest {
					t.Errorf("seed %d: mate of %s is %d, want %d", seed, s.MoveString(res.Move), got, longest)
				}
			}
			if tc.plainMisses && misses == 0 {
				t.Errorf("the solver alone plays the longest loss for every seed: the position tests nothing")
			}
		})
	}
}

// Every distance the mate column shows is alpha-beta's, over random
// positions of small games where both prove the move; and most positions
// show some.
func TestMateDistancesAgreeWithAlphaBeta(t *testing.T) {
	for _, spec := range []string{"tictactoe", "domineering:size=3x4", "nogo:size=3", "atarigo:size=3", "kalah:houses=2,seeds=2", "breakthrough:size=5x5"} {
		compared := 0
		for seed := uint64(1); seed <= 30; seed++ {
			r := rng.New(seed)
			s := mustPos(t, spec, "")
			plies := r.Intn(8)
			if spec == "breakthrough:size=5x5" {
				plies = 14 + r.Intn(6)
			}
			if gametest.RandomPlies(s, &r, plies).Terminal() {
				continue
			}
			res := run(t, mateCfg, s, 200000, seed)
			ab := abDistances(t, s)
			for m, d := range mateCells(t, res.Stats) {
				if want := ab[m]; want != 0 && d != want {
					t.Errorf("%s %q: move %s has mate %d, alpha-beta %d", spec, s.String(), s.MoveString(m), d, want)
				}
				if ab[m] != 0 {
					compared++
				}
			}
		}
		if compared < 10 {
			t.Errorf("%s: only %d distances compared", spec, compared)
		}
		t.Logf("%s: %d distances compared", spec, compared)
	}
}

// matedistance measures the solver's proofs, so it is refused without the
// solver; the column mate is declared only with it.
func TestMateDistanceNeedsTheSolverAndDeclaresMate(t *testing.T) {
	for _, spec := range []string{"uct:solver=false,matedistance=true", "mcts:solver=false,matedistance=true"} {
		if _, err := engines.New(spec); err == nil {
			t.Errorf("%s: built, want an error", spec)
		}
	}
	s := mustPos(t, "tictactoe", "")
	for _, tc := range []struct {
		spec string
		want bool
	}{{"uct", false}, {"uct:matedistance=true", true}, {"mcts:matedistance=true", true}} {
		e, err := engines.New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 100}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, c := range res.Stats.Columns {
			got = got || c.Key == "mate"
		}
		if got != tc.want {
			t.Errorf("%s: column mate declared %v, want %v", tc.spec, got, tc.want)
		}
	}
}
