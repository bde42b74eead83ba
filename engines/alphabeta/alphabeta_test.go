package alphabeta

import (
	"context"
	"fmt"
	"strings"
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
// small games, including Kalah's extra turns, and the root's value that
// they give (a move proven won, or every move proven lost, or neither) is
// the solver's in every position.
func TestAgreesWithSolver(t *testing.T) {
	for _, spec := range []string{"tictactoe", "domineering:size=3x4", "nogo:size=3", "kalah:houses=2,seeds=2", "breakthrough"} {
		live, decided := 0, 0
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
			live++
			want := gametest.Solve(s)
			if got := rootValue(res.Stats); got != want {
				t.Fatalf("%s %q: the proofs give the root %d, the solver %d", spec, s.String(), got, want)
			}
			if want != 0 {
				decided++
			}
		}
		if live < 5 || decided == 0 {
			t.Errorf("%s: %d live positions, %d of them won or lost; want more to compare", spec, live, decided)
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
	// A budget of states spends exactly that many, however small: the
	// iteration it cuts short is dropped, so the move and depth are those
	// of the iterations it completed, searched alone.
	for _, states := range []int64{100, 1000, 3000, 20000} {
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{States: states}, Seed: 1})
		if err != nil || res.Move == games.NoMove || res.Stats.States != states {
			t.Fatalf("states=%d: %v: move %d, %d nodes", states, err, res.Move, res.Stats.States)
		}
		whole, err := New(Config{MaxDepth: 64, TTBits: 16}, "alphabeta").Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: res.Stats.Iterations}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if whole.Move != res.Move || whole.Stats.Iterations != res.Stats.Iterations || whole.Stats.States > states ||
			fmt.Sprint(whole.Stats.Moves) != fmt.Sprint(res.Stats.Moves) {
			t.Errorf("states=%d: depth %d, move %s; the %d iterations alone: depth %d, move %s in %d states",
				states, res.Stats.Iterations, s.MoveString(res.Move), res.Stats.Iterations, whole.Stats.Iterations, s.MoveString(whole.Move), whole.Stats.States)
		}
	}
	res, _ := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 3}, Seed: 1})
	if res.Stats.Iterations != 3 {
		t.Fatalf("depth %d, want 3", res.Stats.Iterations)
	}
}

// searchWith runs a search of s with cfg to a fixed depth.
func searchWith(t testing.TB, cfg Config, s games.State, depth int) engines.Result {
	t.Helper()
	if cfg.TTBits == 0 {
		cfg.TTBits = 16
	}
	cfg.MaxDepth = depth
	res, err := New(cfg, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Static ordering puts decisive moves first, then anti-decisive ones, then
// captures of undefended pieces, other captures and quiet moves, each class
// in the game's order (Breakthrough 5x5, White to move).
func TestStaticOrderPutsDecisiveMovesFirst(t *testing.T) {
	tests := []struct {
		name, pos, want string
	}{
		// b4 wins three ways; Black's b2 threatens to reach rank 1 and only
		// a1xb2 stops it.
		{"decisive, then anti-decisive", "b4/1w3/5/1b3/w4 w", "b4-a5 b4-b5 b4-c5 a1-b2 a1-a2"},
		// b2xa3 takes a piece nobody defends, b2xc3 one that d4 defends.
		{"undefended capture, capture, quiet", "5/3b1/b1b2/1w3/5 w", "b2-a3 b2-c3 b2-b3"},
		// a1xb2 takes Black's last piece: decisive.
		{"taking the last piece is decisive", "5/5/2w2/1b3/w4 w", "a1-b2 c3-b4 a1-a2 c3-c4 c3-d4"},
		// a1xb2 alone stops b2, but c3 defends b2, so it ranks above the
		// capture of the undefended d4 only as anti-decisive.
		{"anti-decisive before an undefended capture", "5/3b1/2b1w/1b3/w4 w", "a1-b2 e3-d4 a1-a2 e3-e4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustPos(t, "breakthrough", tt.pos)
			e := New(Config{MaxDepth: 4, TTBits: 10, Heuristic: "efms", Order: true}, "alphabeta")
			sr, err := e.take(s, 4)
			if err != nil {
				t.Fatal(err)
			}
			moves := s.Legal(nil)
			sr.order(s, moves, make([]uint8, len(moves)), make([]games.Move, len(moves)))
			var got []string
			for _, m := range moves {
				got = append(got, s.MoveString(m))
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("order %q, want %q", g, tt.want)
			}
		})
	}
}

// With efMS the search takes the piece that no one can take back (d4xc5)
// rather than the defended one (d4xe5, answered by f6xe5) or a quiet move
// (after which c5 or e5 takes d4): Breakthrough 8x8, from depth 2, where the
// recapture shows.
func TestEfMSPrefersCaptureThatWinsMaterial(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "bbbbbbbb/b1b1b1bb/5b2/2b1b3/3w4/8/www1wwww/wwwwwwww w")
	for _, tt := range []struct {
		name string
		cfg  Config
	}{
		{"ordered", Config{Heuristic: "efms", Order: true}},
		{"unordered", Config{Heuristic: "efms"}},
	} {
		for depth := 2; depth <= 4; depth++ {
			res := searchWith(t, tt.cfg, s, depth)
			if got := s.MoveString(res.Move); got != "d4-c5" {
				t.Errorf("%s, depth %d: played %s, want d4-c5 (%+v)", tt.name, depth, got, res.Stats.Moves)
			}
		}
	}
}

// At depth 1, d4xe5 looks a piece up; the recapture f6xe5 lies beyond the
// horizon, and leaves White a piece and a rank behind where it stood.
// Quiescence sees the recapture and keeps d4.
func TestQuiescenceFixesHorizonBlunder(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "bbbbbbbb/bbbb2bb/5b2/4b3/3w4/2w5/ww2wwww/wwwwwwww w")
	for _, tt := range []struct {
		quiescence bool
		blunder    bool
	}{{false, true}, {true, false}} {
		res := searchWith(t, Config{Heuristic: "efms", Order: true, Quiescence: tt.quiescence}, s, 1)
		if got := s.MoveString(res.Move) == "d4-e5"; got != tt.blunder {
			t.Errorf("quiescence %v: played %s, blunder d4xe5 %v, want %v", tt.quiescence, s.MoveString(res.Move), got, tt.blunder)
		}
		if q := res.Stats.Figure("qnodes"); tt.quiescence != (q > 0) {
			t.Errorf("quiescence %v: figure qnodes %v", tt.quiescence, q)
		}
	}
}

// With a heuristic, forced wins still show as proofs: the Table 2 trap
// position of the NMCS paper, where a5-a6 is White's only win.
func TestHeuristicKeepsProofs(t *testing.T) {
	s := mustPos(t, "breakthrough:size=8x8", "1b1b1b2/1b6/1w6/w7/4b3/8/6w1/8 w")
	for _, cfg := range []Config{{}, {Heuristic: "efms"}, {Heuristic: "efms", Order: true, Quiescence: true}} {
		res := searchWith(t, cfg, s, 64)
		if got := s.MoveString(res.Move); got != "a5-a6" || res.Stats.Moves[0].Proven != engines.ProvenWin {
			t.Errorf("%+v: played %s, proof %v, want a5-a6 proven", cfg, got, res.Stats.Moves[0].Proven)
		}
		if v := res.Stats.Cell(0, "score"); v < Mate-MaxDepth {
			t.Errorf("%+v: score %v, want a mate score", cfg, v)
		}
	}
}

// Options that ask for knowledge the game lacks are refused when the engine
// is paired with the game, naming the engine, the option and what the game
// has; quiescence without a heuristic is refused when the spec is read.
func TestSpecRefusesKnowledgeTheGameLacks(t *testing.T) {
	tests := []struct {
		spec, game, want string
	}{
		{"alphabeta:heuristic=efms", "tictactoe",
			`engine "alphabeta:heuristic=efms", option heuristic: game "tictactoe" has no heuristic "efms": its heuristics are outcome`},
		{"alphabeta:heuristic=stores", "breakthrough",
			`engine "alphabeta:heuristic=stores", option heuristic: game "breakthrough" has no heuristic "stores": its heuristics are eflh, efms, outcome`},
		{"alphabeta:heuristic=outcome,quiescence", "tictactoe",
			`engine "alphabeta:heuristic=outcome,quiescence", option quiescence: game "tictactoe" has no move classifier "capture": its move classifiers are decisive`},
		{"alphabeta:quiescence", "breakthrough",
			`engine "alphabeta:quiescence": quiescence needs heuristic=NAME, one of the game's heuristics (mcarena games lists them), to stand pat on`},
		{"alphabeta:heuristic=efms,quiescence", "breakthrough", ""},
		{"alphabeta:order=static", "tictactoe", ""},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.game, func(t *testing.T) {
			e, err := engines.New(tt.spec)
			if err == nil {
				err = engines.CheckGame(e, gametest.MustGame(t, tt.game))
			}
			if got := fmt.Sprint(err); (err != nil || tt.want != "") && got != tt.want {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// The outcome-only search, the default, is untouched by the options it does
// not use: order=none is the default without a heuristic, and static
// ordering changes how many nodes a proof takes, never the proof.
func TestOutcomeOnlyDefaults(t *testing.T) {
	e, err := engines.New("alphabeta:order=none")
	if err != nil {
		t.Fatal(err)
	}
	if e.Spec() != "alphabeta:order=none" || e.(*Engine).cfg != (Config{MaxDepth: 64, TTBits: 20}) {
		t.Errorf("alphabeta:order=none is %q %+v", e.Spec(), e.(*Engine).cfg)
	}
	if e, _ := engines.New("alphabeta:heuristic=efms"); !e.(*Engine).cfg.Order {
		t.Errorf("order=auto with a heuristic: %+v, want static", e.(*Engine).cfg)
	}
	for _, s := range livePositions(t, 8) {
		plain, ordered := searchWith(t, Config{}, s, 64), searchWith(t, Config{Order: true}, s, 64)
		if rootValue(plain.Stats) == 0 {
			t.Fatalf("%q: the plain search proves nothing", s.String())
		}
		if rootValue(plain.Stats) != rootValue(ordered.Stats) {
			t.Errorf("%q: value %d unordered, %d ordered", s.String(), rootValue(plain.Stats), rootValue(ordered.Stats))
		}
	}
}

// Under root=window and root=cut a root move after the first that does not
// beat the best so far gets only a bound, fail-soft; a bound in the range of
// wins is no proof and is not shown as one, while root=exact scores every
// move exactly. Every move marked proven won must be won by the solver, the
// winning move must be proven won, and under root=exact no other move may
// score a win, on a TicTacToe position with won, drawn and lost moves, at
// several seeds.
func TestRootBoundsAreNoProofs(t *testing.T) {
	s := mustPos(t, "tictactoe", "3/x2/2o x")
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"exact", Config{MaxDepth: 64, TTBits: 18}},
		{"window", Config{MaxDepth: 64, TTBits: 18, RootWindow: true}},
		{"cut", Config{MaxDepth: 64, TTBits: 18, RootCut: true}},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			res, err := New(tc.cfg, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			won := false
			for i, ms := range res.Stats.Moves {
				v := gametest.MoveValue(s, ms.Move)
				if ms.Proven == engines.ProvenWin && v != 1 {
					t.Errorf("root=%s seed %d: %s marked won (score %v), the solver's value %d", tc.name, seed, s.MoveString(ms.Move), res.Stats.Cell(i, "score"), v)
				}
				if v == 1 {
					won = won || ms.Proven == engines.ProvenWin
				} else if tc.name == "exact" && res.Stats.Cell(i, "score") >= Mate-MaxDepth {
					t.Errorf("root=exact seed %d: %s, not won, scores %v, a win's score", seed, s.MoveString(ms.Move), res.Stats.Cell(i, "score"))
				}
			}
			if !won {
				t.Errorf("root=%s seed %d: the winning move (a1) is not proven won", tc.name, seed)
			}
		}
	}
}
