package loa

import (
	"math"
	"math/bits"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

func mustParse(t testing.TB, text string) *State {
	t.Helper()
	s, err := New(Rules{}).ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// Each feature of mia-sub on hand-made positions, values worked out by
// hand in the comments.
func TestMiaSubFeaturesOnHandMadePositions(t *testing.T) {
	for _, tc := range []struct {
		name, position string
		p              games.Player
		want           Features
	}{
		// Black's start: centre of mass (3.5, 3.5) rounds to e5; the six
		// rank-1 pieces are 4 away, the six rank-8 pieces 3: 42, less
		// the least sum of twelve (8*1 + 3*2 = 14), over 12. All on the
		// edge; two groups. Mobility: b1-b3 1, b1-h1 0.5, b1-d3 1; c1-c3
		// 1, c1-e3 1, c1xa3 2*0.5; d1-d3, d1-f3, d1-b3 1 each; e1, f1, g1
		// mirror d1, c1, b1: 17 on rank 1, 17 on rank 8.
		{"start", Start, games.First, Features{Conc: 28.0 / 12, Centre: 0, Groups: 1, Mobility: 34}},
		// A 2x2 block on d4-e5 between White a1 and h8: as concentrated
		// as four pieces can be, all on the central ring, one group.
		// Mobility: d5 and e4 eight moves of 1 each; d4 seven (its
		// diagonal holds four pieces: d4xh8 is a capture onto the edge,
		// 2*0.5, and nothing lands four squares south-west), e5 likewise.
		{"central block", "7w/8/8/3bb3/3bb3/8/8/w7 b", games.First, Features{Conc: 0, Centre: 3, Groups: 0, Mobility: 30}},
		// a1, d4, h8 against White h1: centre d4 (files 10/3, ranks
		// 10/3), distances 3, 0, 4: 7 less 2, over 3; rings 0, 3, 0;
		// three groups. Mobility: a1-a2 0.5, a1-c1 0.5 (a1-d4 lands on
		// its own piece); d4's seven moves of 1 (d4xa1 lands on its own);
		// h8-h6 0.5, h8-g8 0.5, h8-e5 1.
		{"three apart", "7b/8/8/8/3b4/8/8/b6w b", games.First, Features{Conc: 5.0 / 3, Centre: 1, Groups: 2, Mobility: 10}},
		// Eight pieces around an empty e5: centre e5, each piece 1 away:
		// 8 less 7, over 8; rings 2+2+2+3+2+3+3+2 over 8; one group with
		// a hole, Euler number 0, counted as no extra group.
		{"ring with a hole", "w7/8/3bbb2/3b1b2/3bbb2/8/8/7w b", games.First, Features{Conc: 1.0 / 8, Centre: 19.0 / 8, Groups: 0, Mobility: 41.5}},
		// White b2 alone next to Black a1: b3 1, b1 0.5, a2 0.5, c2 1,
		// d4 1, a3 0.5, c1 0.5 (the move onto a1 is blocked: the
		// diagonal holds two pieces).
		{"mobility, edges", "8/8/8/8/8/8/1w6/b6b w", games.Second, Features{Conc: 0, Centre: 1, Groups: 0, Mobility: 5}},
		// Black a1 and h1: centre e1, distances 4 and 3, less 1, over 2.
		// a1xa3 (two pieces on the a-file) is a capture onto the edge,
		// 2*0.5; a1-c1 0.5, a1-b2 1, h1-h2 0.5, h1-f1 0.5, h1-g2 1.
		{"mobility, capture", "8/8/8/8/8/w7/8/b6b b", games.First, Features{Conc: 3, Centre: 0, Groups: 1, Mobility: 4.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.position)
			got := FeaturesOf(s, tc.p)
			const eps = 1e-12
			if math.Abs(got.Conc-tc.want.Conc) > eps || got.Centre != tc.want.Centre || got.Groups != tc.want.Groups || got.Mobility != tc.want.Mobility {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// weightedMoves is the mobility of the player to move by its move list:
// 1 a move, 0.5 onto the edge, doubled for a capture.
func weightedMoves(s *State) float64 {
	total := 0.0
	for _, m := range s.Legal(nil) {
		if m == Pass {
			continue
		}
		_, to := s.MoveCells(m)
		w := 1.0
		if uint64(edges)>>uint(to)&1 != 0 {
			w = 0.5
		}
		if s.BB[s.Side^1]>>uint(to)&1 != 0 {
			w *= 2
		}
		total += w
	}
	return total
}

// groupsAndHoles counts the 8-connected groups of b and its holes, the
// 4-connected empty regions that do not reach the edge, by flooding.
func groupsAndHoles(b uint64) (groups, holes int) {
	for rest := b; rest != 0; groups++ {
		rest &^= flood(rest&-rest, b)
	}
	empty := ^b
	for rest := empty; rest != 0; {
		g := flood4(rest&-rest, empty)
		if g&edges == 0 {
			holes++
		}
		rest &^= g
	}
	return groups, holes
}

func flood4(seed, within uint64) uint64 {
	for {
		next := (seed | seed<<8 | seed>>8 | (seed&^fileH)<<1 | (seed&^fileA)>>1) & within
		if next == seed {
			return seed
		}
		seed = next
	}
}

// Over positions of random games, mobility is the weighted move list,
// Euler's number is groups less holes by flooding, and concentration (the
// distance sum to the rounded centre of mass) and centralisation are
// computed cell by cell.
func TestMiaSubFeaturesMatchReferences(t *testing.T) {
	g := New(Rules{})
	r := rng.New(7)
	checked := 0
	for game := range 30 {
		s := g.NewState().(*State)
		for ply := 0; !s.Terminal(); ply++ {
			p := s.Side
			if got, want := FeaturesOf(s, p).Mobility, weightedMoves(s); got != want {
				t.Fatalf("game %d ply %d %q: mobility %v, move list %v", game, ply, s.String(), got, want)
			}
			for q := range 2 {
				b := s.BB[q]
				groups, holes := groupsAndHoles(b)
				if got := euler(b); got != groups-holes {
					t.Fatalf("%q player %d: Euler number %d, %d groups less %d holes", s.String(), q, got, groups, holes)
				}
				n := bits.OnesCount64(b)
				sf, sr := 0, 0
				for x := b; x != 0; x &= x - 1 {
					c := bits.TrailingZeros64(x)
					sf, sr = sf+c%8, sr+c/8
				}
				cf := int(math.Floor(float64(sf)/float64(n) + 0.5))
				cr := int(math.Floor(float64(sr)/float64(n) + 0.5))
				sum := 0
				for x := b; x != 0; x &= x - 1 {
					c := bits.TrailingZeros64(x)
					sum += max(abs(c%8-cf), abs(c/8-cr))
				}
				if got, want := concentration(b), float64(sum-leastSum[n])/float64(n); math.Abs(got-want) > 1e-12 || got < 0 {
					t.Fatalf("%q player %d: concentration %v, want %v", s.String(), q, got, want)
				}
				rings := 0
				for x := b; x != 0; x &= x - 1 {
					c := bits.TrailingZeros64(x)
					rings += min(c%8, 7-c%8, c/8, 7-c/8)
				}
				if got, want := centralisation(b), float64(rings)/float64(n); got != want {
					t.Fatalf("%q player %d: centralisation %v, want %v", s.String(), q, got, want)
				}
			}
			checked++
			ms := s.Legal(nil)
			s.Play(ms[r.Intn(len(ms))])
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestLeastSums(t *testing.T) {
	want := [maxPieces + 1]int{0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14}
	if leastSum != want {
		t.Errorf("got %v, want %v", leastSum, want)
	}
}
