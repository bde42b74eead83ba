package alphabeta

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// negamax is plain minimax to depth plies, valued as the engine values
// positions (wins Mate minus the plies to them, the horizon EvalScale times
// h for the player to move), for turns that alternate.
func negamax(s games.State, h knowledge.Heuristic, depth, ply int) int {
	if s.Terminal() {
		switch s.Outcome().Value(s.ToMove()) {
		case 1:
			return Mate - ply
		case -1:
			return -Mate + ply
		}
		return 0
	}
	if depth == 0 {
		v := int(math.Round(EvalScale * max(-1, min(1, h.Value(s)))))
		if s.ToMove() == games.Second {
			return -v
		}
		return v
	}
	best := -Mate - 1
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Play(m)
		best = max(best, -negamax(c, h, depth-1, ply+1))
	}
	return best
}

// Without a table and with plain alpha-beta at the root (the co-authors'
// framework's player: tt=0, root=window), the search plays the move the
// full-window search plays, of the value plain minimax gives, in fewer
// nodes, on Breakthrough positions of random games, under efMS and efLH.
func TestNoTableRootWindowIsPlainAlphaBeta(t *testing.T) {
	r := rng.New(11)
	for _, heur := range []string{"efms", "eflh"} {
		h, err := knowledge.NewHeuristic(mustPos(t, "breakthrough:size=8x8", "").Game(), heur)
		if err != nil {
			t.Fatal(err)
		}
		var exactNodes, windowNodes int64
		for game := range 12 {
			s := mustPos(t, "breakthrough:size=8x8", "")
			for ply := 0; ply < 4+3*game && !s.Terminal(); ply++ {
				moves := s.Legal(nil)
				s.Play(moves[r.Intn(len(moves))])
			}
			if s.Terminal() {
				continue
			}
			for depth := 1; depth <= 3; depth++ {
				base := Config{Heuristic: heur, Order: true, NoTable: true, MaxDepth: depth}
				window := base
				window.RootWindow = true
				full, err := New(base, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				plain, err := New(window, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				want := negamax(s, h, depth, 0)
				got := int(plain.Stats.Cell(0, "score"))
				if plain.Move != full.Move || got != want || int(full.Stats.Cell(0, "score")) != want {
					t.Fatalf("%s depth %d, %s: root=window plays %s at %d, root=exact %s at %v; minimax %d",
						heur, depth, s, s.MoveString(plain.Move), got, s.MoveString(full.Move), full.Stats.Cell(0, "score"), want)
				}
				exactNodes += full.Stats.States
				windowNodes += plain.Stats.States
			}
		}
		if windowNodes >= exactNodes {
			t.Errorf("%s: root=window searched %d nodes, root=exact %d; want fewer", heur, windowNodes, exactNodes)
		}
		t.Logf("%s: root=window %d nodes, root=exact %d", heur, windowNodes, exactNodes)
	}
}

// tt=0 is no table, and tt between 1 and 9 is refused with the valid
// values; the framework's reading parses to NoTable and RootWindow.
func TestSpecNoTable(t *testing.T) {
	e, err := engines.New("alphabeta:heuristic=efms,tt=0,root=window")
	if err != nil {
		t.Fatal(err)
	}
	if c := e.(*Engine).cfg; !c.NoTable || !c.RootWindow || c.RootCut {
		t.Errorf("config %+v: want NoTable and RootWindow", c)
	}
	if _, err := engines.New("alphabeta:tt=5"); err == nil {
		t.Error("tt=5: no error, want one")
	} else if want := "want 0 (no table) or 10..28"; !strings.Contains(err.Error(), want) {
		t.Errorf("tt=5: %v; want it to say %q", err, want)
	}
}

// frameworkRoot is the co-authors' framework's alpha-beta restated plainly:
// the root's moves in the game's order, sorted stably by the move score sc,
// each valued by minimax to depth plies with every win worth Mate and every
// loss -Mate (the framework's ±1.1), and the first move of the highest value
// played. It returns that move, its value and how many root moves share it.
func frameworkRoot(s games.State, h knowledge.Heuristic, sc knowledge.MoveScore, depth int) (games.Move, int, int) {
	var flat func(s games.State, depth int) int
	flat = func(s games.State, depth int) int {
		if s.Terminal() {
			return int(s.Outcome().Value(s.ToMove())) * Mate
		}
		if depth == 0 {
			v := int(math.Round(EvalScale * max(-1, min(1, h.Value(s)))))
			if s.ToMove() == games.Second {
				return -v
			}
			return v
		}
		best := -Mate - 1
		for _, m := range s.Legal(nil) {
			c := s.Clone()
			c.Play(m)
			best = max(best, -flat(c, depth-1))
		}
		return best
	}
	moves := s.Legal(nil)
	slices.SortStableFunc(moves, func(a, b games.Move) int { return sc.Score(s, b) - sc.Score(s, a) })
	best, bestValue, ties := games.NoMove, -Mate-1, 0
	for _, m := range moves {
		c := s.Clone()
		c.Play(m)
		switch v := -flat(c, depth-1); {
		case v > bestValue:
			best, bestValue, ties = m, v, 1
		case v == bestValue:
			ties++
		}
	}
	return best, bestValue, ties
}

// frameworkNodes restates the framework's iterative deepening to depth
// plies (fail-soft negamax, each node's moves sorted stably by sc, a cut-off
// once alpha reaches beta, wins ±Mate) and returns the positions it enters
// below the root over all its iterations: mcarena's count of states (the
// framework's own counter adds the root once an iteration).
func frameworkNodes(s games.State, h knowledge.Heuristic, sc knowledge.MoveScore, depth int) int64 {
	var nodes int64
	ordered := func(s games.State) []games.Move {
		moves := s.Legal(nil)
		slices.SortStableFunc(moves, func(a, b games.Move) int { return sc.Score(s, b) - sc.Score(s, a) })
		return moves
	}
	var search func(s games.State, depth, alpha, beta int) int
	search = func(s games.State, depth, alpha, beta int) int {
		if s.Terminal() {
			return int(s.Outcome().Value(s.ToMove())) * Mate
		}
		if depth == 0 {
			v := int(math.Round(EvalScale * max(-1, min(1, h.Value(s)))))
			if s.ToMove() == games.Second {
				return -v
			}
			return v
		}
		best := -Mate - 1
		for _, m := range ordered(s) {
			c := s.Clone()
			c.Play(m)
			nodes++
			best = max(best, -search(c, depth-1, -beta, -alpha))
			alpha = max(alpha, best)
			if alpha >= beta {
				break
			}
		}
		return best
	}
	for d := 1; d <= depth; d++ {
		search(s, d, -Mate-1, Mate+1)
	}
	return nodes
}

// The framework's reading (tt=0, root=window, moves=gameframe, ties=first,
// mates=flat) plays the framework's move, restated plainly above, at its
// value, for every seed, on Breakthrough positions of random games under
// efMS and efLH, ties and wins among them; the default tie rule and mate
// values play another move in some of them. It enters the positions the
// framework enters, node for node, and deepens to the last depth asked for
// even where the root is won.
func TestFrameworkReadingPlaysTheFrameworksMove(t *testing.T) {
	const spec = "breakthrough:size=8x8,order=gameframe"
	g := mustPos(t, spec, "").Game()
	sc, err := knowledge.NewMoveScore(g, "gameframe")
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(23)
	for _, heur := range []string{"efms", "eflh"} {
		h, err := knowledge.NewHeuristic(g, heur)
		if err != nil {
			t.Fatal(err)
		}
		var tied, won, differ int
		for game := range 16 {
			s := mustPos(t, spec, "")
			for ply := 0; ply < 2+5*game && !s.Terminal(); ply++ {
				moves := s.Legal(nil)
				s.Play(moves[r.Intn(len(moves))])
			}
			if s.Terminal() {
				continue
			}
			for depth := 1; depth <= 4; depth++ {
				want, wantValue, ties := frameworkRoot(s, h, sc, depth)
				if ties > 1 {
					tied++
				}
				if wantValue == Mate {
					won++
				}
				fw := Config{Heuristic: heur, NoTable: true, RootWindow: true, Moves: "gameframe", TiesFirst: true, FlatMates: true, MaxDepth: depth}
				for _, seed := range []uint64{1, 2, 3} {
					res, err := New(fw, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					if res.Move != want || res.Stats.PV[0] != want {
						t.Fatalf("%s depth %d seed %d, %s: plays %s (pv %s), the framework %s at %d",
							heur, depth, seed, s, s.MoveString(res.Move), s.MoveString(res.Stats.PV[0]), s.MoveString(want), wantValue)
					}
					if got := maxScore(res.Stats); got != wantValue {
						t.Fatalf("%s depth %d, %s: best score %d, the framework's %d", heur, depth, s, got, wantValue)
					}
					if res.Stats.Iterations != int64(depth) {
						t.Fatalf("%s depth %d, %s: %d depths completed, want %d", heur, depth, s, res.Stats.Iterations, depth)
					}
					if seed == 1 {
						if want := frameworkNodes(s, h, sc, depth); res.Stats.States != want {
							t.Fatalf("%s depth %d, %s: %d states, the framework enters %d", heur, depth, s, res.Stats.States, want)
						}
					}
				}
				def := Config{Heuristic: heur, NoTable: true, RootWindow: true, Moves: "gameframe", MaxDepth: depth}
				res, err := New(def, "alphabeta").Search(context.Background(), engines.Request{Position: s, Seed: 9})
				if err != nil {
					t.Fatal(err)
				}
				if res.Move != want {
					differ++
				}
			}
		}
		if tied == 0 || won == 0 || differ == 0 {
			t.Errorf("%s: %d positions with tied best moves, %d won, %d where the default plays another move; want some of each", heur, tied, won, differ)
		}
		t.Logf("%s: %d tied, %d won, %d played otherwise by default", heur, tied, won, differ)
	}
}

// maxScore is the highest score column among the root moves of st.
func maxScore(st engines.Stats) int {
	best := math.Inf(-1)
	for i := range st.Moves {
		best = max(best, st.Cell(i, "score"))
	}
	return int(best)
}
