package loa

import (
	"math"
	"math/bits"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// mobilityByTargets is twice Features.Mobility of p in s piece by piece:
// each legal target weighs 2, 1 on the edge, doubled for a capture.
func mobilityByTargets(s *State, p games.Player) int {
	n := 0
	for b := s.BB[p]; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		for d := range 8 {
			to := s.target(p, from, d)
			if to < 0 {
				continue
			}
			w := 2
			if uint64(edges)>>uint(to)&1 != 0 {
				w = 1
			}
			if s.BB[p^1]>>uint(to)&1 != 0 {
				w *= 2
			}
			n += w
		}
	}
	return n
}

// mobilities agrees with the moves one by one on hand-made positions that
// fill lines, corners and edges, and on random boards of one to twelve
// pieces a side.
func TestMobilitiesMatchTargets(t *testing.T) {
	for _, tc := range []struct {
		name, position string
		black, white   int
	}{
		// 34 moves a side (TestMiaSubFeaturesOnHandMadePositions).
		{"start", Start, 68, 68},
		// Nothing moves along the full rank. Black a1: a2 1, b2 2; c1 and
		// e1: three moves of 2; g1: g2 2, f2 2, h2 1. White mirrors it.
		{"full rank", "8/8/8/8/8/8/8/bwbwbwbw b", 20, 20},
		// Nothing moves along the full diagonal. Black a1: a2, b1 1 each;
		// c3 and e5: six moves of 2 each off the diagonal; g7: g8, h7, f8,
		// h6 1 each, g6, f7 2 each.
		{"full diagonal", "7w/6b1/5w2/4b3/3w4/2b5/1w6/b7 b", 34, 34},
		{"full anti-diagonal", "b7/1w6/2b5/3w4/4b3/5w2/6b1/7w b", 34, 34},
		// Every line holds two pieces: each corner moves two along its
		// rank and file onto the edge (1 each) and two along the
		// diagonal into the board (2).
		{"corners", "b6w/8/8/8/8/8/8/w6b b", 8, 8},
		// Black d4: two moves of 2 along its file, rank and diagonal;
		// along the anti-diagonal the line holds e3 too, so d4-b6 (2) but
		// not over e3 to f2. White e3 likewise, e3-g1 onto the edge (1).
		{"one each", "8/8/8/8/3b4/4w3/8/8 b", 14, 13},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.position)
			b, w := mobilities(s.BB[0], s.BB[1])
			if b != tc.black || w != tc.white {
				t.Errorf("got %d and %d, want %d and %d", b, w, tc.black, tc.white)
			}
			if rb, rw := mobilityByTargets(s, games.First), mobilityByTargets(s, games.Second); b != rb || w != rw {
				t.Errorf("got %d and %d, moves one by one %d and %d", b, w, rb, rw)
			}
		})
	}
	r := rng.New(11)
	s := mustParse(t, Start)
	for range 20000 {
		randomBoard(s, &r)
		b, w := mobilities(s.BB[0], s.BB[1])
		if rb, rw := mobilityByTargets(s, games.First), mobilityByTargets(s, games.Second); b != rb || w != rw {
			t.Fatalf("%s: got %d and %d, moves one by one %d and %d", s.String(), b, w, rb, rw)
		}
	}
}

// BenchmarkMobilities is both sides' mobility of positions 20 to 60 plies
// into random games (ns/op).
func BenchmarkMobilities(b *testing.B) {
	g := New(Rules{})
	r := rng.New(5)
	var ps [64][2]uint64
	for i := range ps {
		s := g.NewState().(*State)
		for range 20 + r.Intn(41) {
			if s.Terminal() {
				break
			}
			ms := s.Legal(nil)
			s.Play(ms[r.Intn(len(ms))])
		}
		ps[i] = s.BB
	}
	i, sum := 0, 0
	for b.Loop() {
		x, y := mobilities(ps[i&63][0], ps[i&63][1])
		sum += x - y
		i++
	}
	mobilitySink = sum
}

// mobilitySink keeps BenchmarkMobilities' sums alive.
var mobilitySink int

// The cache agrees with mobilities whatever it saw before: in the order of
// a depth-2 search from positions of random games (a few cells change from
// one position to the next), across random boards (many change), and in
// mia-sub's values, which a fresh heuristic gives bit for bit.
func TestMobilityCacheMatchesMobilities(t *testing.T) {
	var m mobilityCache
	warm, g := NewMiaSub(DefaultWeights()), New(Rules{})
	check := func(s *State) {
		t.Helper()
		b, w := m.mobilities(s.BB[0], s.BB[1])
		if rb, rw := mobilities(s.BB[0], s.BB[1]); b != rb || w != rw {
			t.Fatalf("%s: cache %d and %d, mobilities %d and %d", s.String(), b, w, rb, rw)
		}
		if got, want := warm.Value(s), NewMiaSub(DefaultWeights()).Value(s); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%s: value %v after others, %v fresh", s.String(), got, want)
		}
	}
	r := rng.New(13)
	for game := range 8 {
		s := g.NewState().(*State)
		for range 10 + 10*game {
			if ms := s.Legal(nil); len(ms) > 0 && !s.Terminal() {
				s.Play(ms[r.Intn(len(ms))])
			}
		}
		for _, m1 := range s.Legal(nil) {
			c1 := s.Clone().(*State)
			c1.Play(m1)
			check(c1)
			for _, m2 := range c1.Legal(nil) {
				c2 := c1.Clone().(*State)
				c2.Play(m2)
				check(c2)
			}
		}
	}
	s := mustParse(t, Start)
	for range 2000 {
		randomBoard(s, &r)
		check(s)
	}
}
