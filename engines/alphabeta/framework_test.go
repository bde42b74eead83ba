package alphabeta

import (
	"context"
	"math"
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
