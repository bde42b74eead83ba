package havannah_test

import (
	"slices"
	"sort"
	"testing"

	"mcarena/games"
	"mcarena/games/havannah"
)

// StructureCells gives the cells of the structure the last move formed:
// the loop of a ring (the petals of a flower, not its middle), the chain
// from the last stone to two corners for a bridge and to three sides for a
// fork, without the winner's other stones.
func TestStructureCells(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		moves        []string // White first, alternating
		want         []string
	}{
		{"ring round an empty cell", "ring",
			[]string{"d3", "a2", "d5", "g5", "c4", "b5", "e4", "f4", "e5", "a3", "c3"},
			[]string{"c3", "c4", "d3", "d5", "e4", "e5"}},
		{"flower", "ring",
			[]string{"d4", "a2", "d3", "a3", "d5", "g5", "c4", "g6", "e4", "b5", "e5", "f4", "c3"},
			[]string{"c3", "c4", "d3", "d5", "e4", "e5"}},
		{"bridge with a spur", "bridge",
			[]string{"a1", "g4", "b2", "g5", "a2", "e4", "a3", "f5", "a4"},
			[]string{"a1", "a2", "a3", "a4"}},
		{"fork with a spur", "fork",
			[]string{"a2", "e5", "c1", "e6", "e2", "f5", "d2", "f6", "b3", "g5", "b2", "d5", "c2"},
			[]string{"a2", "b2", "c1", "c2", "d2", "e2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := games.New("havannah:base=4")
			if err != nil {
				t.Fatal(err)
			}
			s := g.NewState()
			var last games.Move
			for i, name := range tc.moves {
				if s.Terminal() {
					t.Fatalf("over before move %d %s: %s", i+1, name, games.EndReason(s))
				}
				if last, err = s.ParseMove(name); err != nil {
					t.Fatal(err)
				}
				s.Play(last)
			}
			if got := games.EndReason(s); got != tc.reason {
				t.Fatalf("end reason %q, want %q", got, tc.reason)
			}
			b := s.Board()
			var got []string
			for _, c := range s.(*havannah.State).StructureCells(last) {
				got = append(got, b.Name(c))
			}
			sort.Strings(got)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("winning cells %v, want %v", got, tc.want)
			}
		})
	}
}

// A game not won, or a move not the winner's, has no winning cells.
func TestStructureCellsNone(t *testing.T) {
	g, _ := games.New("havannah:base=4")
	s := g.NewState()
	m, _ := s.ParseMove("d4")
	s.Play(m)
	if got := s.(*havannah.State).StructureCells(m); got != nil {
		t.Fatalf("game not over: winning cells %v", got)
	}
	// White's bridge a1-a4: the winning move has cells, Black's stones,
	// an empty cell and a cell off the board have none.
	s = g.NewState()
	for _, name := range []string{"a1", "b1", "a2", "b2", "a3", "b3", "a4"} {
		m, err := s.ParseMove(name)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	if !s.Terminal() || s.Outcome() != games.FirstWins {
		t.Fatalf("%s: want White's bridge", s)
	}
	hs := s.(*havannah.State)
	var bridge []int
	for _, name := range []string{"a1", "a2", "a3", "a4"} {
		bridge = append(bridge, int(mustMove(t, s, name)))
	}
	sort.Ints(bridge)
	if got := hs.StructureCells(mustMove(t, s, "a4")); !slices.Equal(got, bridge) {
		t.Fatalf("the winning move a4: cells %v, want the bridge's a1-a4, %v", got, bridge)
	}
	for _, name := range []string{"b1", "b3", "d4"} {
		if got := hs.StructureCells(mustMove(t, s, name)); got != nil {
			t.Errorf("%s, no stone of the winner: cells %v", name, got)
		}
	}
	if got := hs.StructureCells(games.Move(1000)); got != nil {
		t.Errorf("a cell off the board: cells %v", got)
	}
}

// mustMove reads a cell's name as a move of s (a move is its cell's
// index), even where s no longer allows it (a taken cell).
func mustMove(t *testing.T, s games.State, name string) games.Move {
	t.Helper()
	b := s.Board()
	for i := range b.Cells {
		if b.Name(i) == name {
			return games.Move(i)
		}
	}
	t.Fatalf("no cell %s", name)
	return 0
}
