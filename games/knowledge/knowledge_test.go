package knowledge_test

import (
	"math"
	"strings"
	"testing"

	_ "mcarena/games/all"
	"mcarena/games/gametest"
	"mcarena/games/knowledge"
)

func TestLookupErrorsNameGameAndAvailable(t *testing.T) {
	for _, tc := range []struct {
		game, heuristic, want string
	}{
		{"nogo", "efms", `game "nogo" has no heuristic "efms": its heuristics are outcome`},
		{"breakthrough", "stores", `game "breakthrough" has no heuristic "stores": its heuristics are eflh, efms, outcome`},
		{"breakthrough", "eflh", `heuristic "eflh" for "breakthrough": eflh's table is for the 8x8 board`},
		{"breakthrough:misere", "efms", `heuristic "efms" for "breakthrough:misere": efms rewards advancing, which loses in misère play`},
	} {
		g := gametest.MustPosition(t, tc.game, "").Game()
		_, err := knowledge.NewHeuristic(g, tc.heuristic)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s/%s: got %v, want %q", tc.game, tc.heuristic, err, tc.want)
		}
	}
	g := gametest.MustPosition(t, "kalah", "").Game()
	if _, err := knowledge.NewClassifier(g, "capture"); err == nil || !strings.Contains(err.Error(), "its move classifiers are decisive") {
		t.Errorf("kalah capture: got %v", err)
	}
	// Breakthrough's own decisive replaces the general one, listed once.
	g = gametest.MustPosition(t, "breakthrough", "").Game()
	want := `game "breakthrough" has no move classifier "pin": its move classifiers are antidecisive, capture, decisive, undefended_capture`
	if _, err := knowledge.NewClassifier(g, "pin"); err == nil || err.Error() != want {
		t.Errorf("breakthrough pin: got %v, want %q", err, want)
	}
}

// Hand-computed values: efMS counts 10 a piece and 2.5 a rank of the most
// advanced piece; Kalah's is the store difference over 10, through tanh.
func TestHeuristicValues(t *testing.T) {
	for _, tc := range []struct {
		game, heuristic, position string
		delta, scale              float64 // the value is tanh(delta/scale)
	}{
		{"breakthrough", "efms", "", 0, 60},
		// White: 3 pieces, the best on rank 3 (progress 2); Black: 2
		// pieces, the best on rank 3 too (progress 2 from rank 5), and
		// then on rank 2.
		//lint:ignore SA4000 the sum is written out term by term, as the comment reads it
		{"breakthrough", "efms", "5/b4/2wb1/2w2/w4 b", 10*(3-2) + 2.5*(2-2), 60},
		{"breakthrough", "efms", "5/b4/2w2/2wb1/w4 w", 10*(3-2) + 2.5*(2-3), 60},
		{"breakthrough:size=8x8", "efms", "", 0, 60},
		// efLH: White a1 (home rank, file a: 5) and d4 (3 ranks up, file
		// d: 10); Black h8 (home rank, file h: 5) and c6 (2 ranks down,
		// file c: 6).
		{"breakthrough:size=8x8", "eflh", "", 0, 100},
		{"breakthrough:size=8x8", "eflh", "7b/8/2b5/8/3w4/8/8/w7 w", (5 + 10) - (5 + 6), 100},
		{"kalah", "stores", "0,5,5,5,1,5/4,4,4,4,4,0 5 2 n", 5 - 2, 10},
		{"kalah", "stores", "", 0, 10},
		{"kalah", "stores-fw", "0,5,5,5,1,5/4,4,4,4,4,0 5 2 n", 5 - 2, 10},
	} {
		s := gametest.MustPosition(t, tc.game, tc.position)
		h, err := knowledge.NewHeuristic(s.Game(), tc.heuristic)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := h.Value(s), math.Tanh(tc.delta/tc.scale); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s %q: got %v, want %v", tc.game, tc.position, got, want)
		}
	}
	over := gametest.MustPosition(t, "breakthrough", "2w2/5/5/b4/5 b")
	h, _ := knowledge.NewHeuristic(over.Game(), "efms")
	if got := h.Value(over); got != 1 {
		t.Errorf("a won game for White: got %v, want 1", got)
	}
	// A finished Kalah game, South ahead by 2: its outcome under stores,
	// the formula under stores-fw (the co-authors' framework's reading).
	done := gametest.MustPosition(t, "kalah", "0,0,0,0,0,0/0,0,0,0,0,0 25 23 s")
	if !done.Terminal() {
		t.Fatalf("%s is not over", done)
	}
	// Read from text, a finished game's stores hold everything: nothing
	// to take off under stores-unswept.
	for name, want := range map[string]float64{"stores": 1, "stores-fw": math.Tanh(0.2), "stores-unswept": math.Tanh(0.2)} {
		h, _ := knowledge.NewHeuristic(done.Game(), name)
		if got := h.Value(done); got != want {
			t.Errorf("%s of a game South won by 2: got %v, want %v", name, got, want)
		}
	}
	// South's last two seeds go to its store and to f2, which ends the
	// game: North's eleven are swept into its store, and South loses 21-27.
	// Before the sweep the stores stood 21-16, which stores-unswept reads,
	// as the framework (whose board never swept) did.
	end := gametest.MustPosition(t, "kalah", "0,0,0,0,0,10/0,0,0,0,0,2 20 16 s")
	gametest.MustPlay(t, end, "f1")
	if !end.Terminal() || end.Score() != -6 {
		t.Fatalf("after f1: %s, score %d; want a finished game South lost by 6", end, end.Score())
	}
	for name, want := range map[string]float64{"stores": -1, "stores-fw": math.Tanh(-0.6), "stores-unswept": math.Tanh(0.5)} {
		h, _ := knowledge.NewHeuristic(end.Game(), name)
		if got := h.Value(end); got != want {
			t.Errorf("%s after the sweep of 11 seeds: got %v, want %v", name, got, want)
		}
	}
}

func TestClassifiers(t *testing.T) {
	s := gametest.MustPosition(t, "breakthrough", "5/b4/2wb1/2w2/w4 w")
	capture, err := knowledge.NewClassifier(s.Game(), "capture")
	if err != nil {
		t.Fatal(err)
	}
	decisive, _ := knowledge.NewClassifier(s.Game(), "decisive")
	var captures []string
	for _, m := range s.Legal(nil) {
		if capture.Is(s, m) {
			captures = append(captures, s.MoveString(m))
		}
		if decisive.Is(s, m) {
			t.Errorf("%s is no win in one", s.MoveString(m))
		}
	}
	if got := strings.Join(captures, " "); got != "c2-d3" {
		t.Errorf("captures %q, want c2-d3", got)
	}
	win := gametest.MustPosition(t, "tictactoe", "xx1/oo1/3 x")
	d, _ := knowledge.NewClassifier(win.Game(), "decisive")
	var wins []string
	for _, m := range win.Legal(nil) {
		if d.Is(win, m) {
			wins = append(wins, win.MoveString(m))
		}
	}
	if got := strings.Join(wins, " "); got != "c3" {
		t.Errorf("decisive moves %q, want c3", got)
	}
}
