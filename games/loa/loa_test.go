package loa_test

import (
	"slices"
	"sort"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/loa"
	"mcarena/games/rng"
)

var specs = []string{
	"loa", "loa:simultaneous=draw", "loa:nomove=lose", "loa:maxplies=60",
	"loa:simultaneous=draw,nomove=lose,maxplies=150",
}

func TestConformance(t *testing.T) {
	n := 60
	if raceDetector || testing.Short() {
		n = 6 // games of 200 plies, each position's playouts checked
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, gametest.MustGame(t, spec), gametest.Config{Games: n})
		})
	}
}

func sortedMoves(s games.State) []string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.MoveString(m))
	}
	sort.Strings(out)
	return out
}

// checkRef compares s with the reference at one position: moves, end,
// outcome and reason.
func checkRef(t *testing.T, g *loa.Game, s games.State, rf *ref) {
	t.Helper()
	if got, want := sortedMoves(s), rf.moves(); !slices.Equal(got, want) {
		t.Fatalf("%s %q: moves %v, reference %v", g.Spec(), s.String(), got, want)
	}
	if s.Terminal() != rf.over() {
		t.Fatalf("%s %q: terminal %v, reference %v", g.Spec(), s.String(), s.Terminal(), rf.over())
	}
	if s.Terminal() {
		if s.Outcome() != rf.result || games.EndReason(s) != rf.reason {
			t.Fatalf("%s %q: %v by %q, reference %v by %q", g.Spec(), s.String(), s.Outcome(), games.EndReason(s), rf.result, rf.reason)
		}
	} else if games.EndReason(s) != "" {
		t.Fatalf("%s %q: game in progress with reason %q", g.Spec(), s.String(), games.EndReason(s))
	}
}

// Along many random games, played move by move on both implementations, the
// move lists, ends, outcomes and reasons agree.
func TestAgainstReference(t *testing.T) {
	for _, spec := range specs {
		g := gametest.MustGame(t, spec).(*loa.Game)
		for seed := uint64(1); seed <= 40; seed++ {
			r := rng.New(seed)
			s := g.NewState()
			rf := newRef(g.Rules(), s)
			for {
				checkRef(t, g, s, rf)
				moves := s.Legal(nil)
				if len(moves) == 0 {
					break
				}
				m := moves[r.Intn(len(moves))]
				rf.play(s.MoveString(m))
				s.Play(m)
			}
		}
	}
}

// Perft from the start and from positions a few plies before the end of
// seeded random games (seeds 3, 5, 8, 13, 21 and 34, 3 or 5 plies back),
// where connections, captures and lone pieces are common. Every figure
// up to depth 3 is checked against the reference implementation on each run,
// depth 4 without -short; the reference agreed with the whole table when it
// was made. Depth 5 from the start runs only without -short.
func TestPerft(t *testing.T) {
	tests := []struct {
		pos  string
		want []uint64
	}{
		{loa.Start, []uint64{1, 36, 1244, 44952, 1563208, 55963132}},
		{"1b6/3w4/5w2/8/8/4b3/1b6/8 w 221", []uint64{1, 16, 225, 2981, 49022}},
		{"1b6/3w4/4w3/8/8/4b3/1w1b4/8 w 219", []uint64{1, 20, 366, 6891, 120896}},
		{"4w3/7b/bb6/5w2/1w1b4/8/4b3/8 w 111", []uint64{1, 20, 537, 9597, 256096}},
		{"4w3/1b5b/1b6/8/1w1b1w2/8/4b3/8 w 109", []uint64{1, 16, 457, 7994, 227947}},
		{"4w3/4b3/8/3b4/4w3/8/8/8 b 266", []uint64{1, 14, 113, 1377, 14003}},
		{"4w3/4b3/8/2b5/8/3w4/8/8 b 264", []uint64{1, 12, 144, 1980, 20878}},
		{"3w4/8/3b1b2/8/2w1w2b/5w2/8/5w2 b 162", []uint64{1, 16, 439, 7252, 192413}},
		{"8/2w5/3b1b2/7b/2w1w3/5w2/8/5w2 b 160", []uint64{1, 17, 505, 8729, 239555}},
		{"b7/8/6bw/8/5b2/8/4b3/7w w 321", []uint64{1, 7, 174, 1455, 29954}},
		{"1b6/8/6bw/8/5b2/8/4b1w1/8 w 319", []uint64{1, 10, 258, 2448, 51033}},
		{"8/7b/b7/3w2b1/8/b3w1w1/8/8 w 151", []uint64{1, 23, 475, 9650, 184444}},
		{"8/8/b5b1/3w2b1/4w3/b5w1/8/8 w 149", []uint64{1, 21, 376, 7346, 150287}},
	}
	g := gametest.MustGame(t, "loa").(*loa.Game)
	for _, tt := range tests {
		t.Run(tt.pos, func(t *testing.T) {
			s := gametest.MustPosition(t, "loa", tt.pos)
			for d, w := range tt.want {
				if d >= 5 && testing.Short() {
					break
				}
				got := games.Perft(s, d)
				if got != w {
					t.Errorf("perft(%d) = %d, want %d", d, got, w)
				}
				if d <= 3 || (d == 4 && !testing.Short()) {
					if r := newRef(g.Rules(), s).perft(d); r != got {
						t.Errorf("perft(%d) = %d, reference %d", d, got, r)
					}
				}
			}
		})
	}
}
