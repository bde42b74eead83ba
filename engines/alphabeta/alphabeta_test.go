package alphabeta

import (
	"context"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

func mustPos(t testing.TB, spec, pos string) games.State { return gametest.MustPosition(t, spec, pos) }

func solve(t testing.TB, s games.State) engines.Result {
	t.Helper()
	res, err := New(Config{MaxDepth: 64, TTBits: 18}, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// rootValue reads the value of the root from the search: 1 if a move is a
// proven win, -1 if all are proven losses, else 0.
func rootValue(st engines.Stats) int {
	all := true
	for _, m := range st.Moves {
		if m.Proven == engines.ProvenWin {
			return 1
		}
		all = all && m.Proven == engines.ProvenLoss
	}
	if all {
		return -1
	}
	return 0
}

func TestSolvesSmallGames(t *testing.T) {
	tests := []struct {
		spec, pos string
		want      int
		move      string
	}{
		{"tictactoe", "", 0, ""},
		{"tictactoe", "1x1/1o1/xo1 x", 1, "a3"},
		{"domineering:size=4x4", "", 1, ""},
		{"nogo:size=3", "", 1, ""},
		{"atarigo:size=2", "", -1, ""},
	}
	for _, tt := range tests {
		s := mustPos(t, tt.spec, tt.pos)
		res := solve(t, s)
		if got := rootValue(res.Stats); got != tt.want {
			t.Errorf("%s %q: value %d, want %d (%+v)", tt.spec, tt.pos, got, tt.want, res.Stats.Moves)
		}
		if tt.move != "" && s.MoveString(res.Move) != tt.move {
			t.Errorf("%s %q: played %s, want %s", tt.spec, tt.pos, s.MoveString(res.Move), tt.move)
		}
	}
}

// Proofs agree with the plain exhaustive solver on random positions of
// small games, including Kalah's extra turns.
func TestAgreesWithSolver(t *testing.T) {
	for _, spec := range []string{"tictactoe", "domineering:size=3x4", "nogo:size=3", "kalah:houses=2,seeds=2", "breakthrough"} {
		for seed := uint64(1); seed <= 30; seed++ {
			r := rng.New(seed)
			s := mustPos(t, spec, "")
			plies := r.Intn(6)
			if spec == "breakthrough" {
				plies = 14 + r.Intn(6)
			}
			if gametest.RandomPlies(s, &r, plies).Terminal() {
				continue
			}
			res := solve(t, s)
			for _, ms := range res.Stats.Moves {
				if ms.Proven == engines.Unproven {
					continue
				}
				v := gametest.MoveValue(s, ms.Move)
				if (ms.Proven == engines.ProvenWin) != (v == 1) || (ms.Proven == engines.ProvenLoss) != (v == -1) {
					t.Fatalf("%s %q: move %s proven %v, solver %d", spec, s.String(), s.MoveString(ms.Move), ms.Proven, v)
				}
			}
		}
	}
}

// A shorter win is preferred: X wins at once with c1 rather than later.
func TestPrefersShortWins(t *testing.T) {
	s := mustPos(t, "tictactoe", "o2/1o1/xx1 x")
	if m := s.MoveString(solve(t, s).Move); m != "c1" {
		t.Fatalf("played %s, want c1", m)
	}
}

func TestBudgets(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "")
	e := New(Config{MaxDepth: 64, TTBits: 16}, "alphabeta")
	res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{States: 20000}, Seed: 1})
	if err != nil || res.Move == games.NoMove || res.Stats.States > 20000+4096 {
		t.Fatalf("%v: move %d, %d nodes", err, res.Move, res.Stats.States)
	}
	res, _ = e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3}, Seed: 1})
	if res.Stats.Iterations != 3 {
		t.Fatalf("depth %d, want 3", res.Stats.Iterations)
	}
}
