package loa

import (
	"math/bits"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// target returns where the piece of p on from lands in direction d, or -1
// when that move is illegal: the rules read one move at a time, the plain
// reference the line tables (genInto, hasMove, mobilities) are checked
// against.
func (s *State) target(p games.Player, from, d int) int {
	occ := s.BB[0] | s.BB[1]
	n := bits.OnesCount64(occ & lines[from][d&3])
	if n > int(reach[from][d]) {
		return -1
	}
	to := from + n*int(delta[d])
	if s.BB[p]&(1<<uint(to)) != 0 {
		return -1
	}
	if s.BB[p^1]&(rays[from][d]^rays[to][d]^1<<uint(to)) != 0 {
		return -1
	}
	return to
}

// randomBoard fills s with one to twelve pieces a side on random cells.
func randomBoard(s *State, r *rng.Rand) {
	s.BB = [2]uint64{}
	for p := range 2 {
		for k := 1 + r.Intn(maxPieces); k > 0; {
			c := uint64(1) << uint(r.Intn(64))
			if (s.BB[0]|s.BB[1])&c == 0 {
				s.BB[p] |= c
				k--
			}
		}
	}
}

// The directions read from a piece's four lines are those in which target
// finds a landing cell, and hasMove says whether there is one, for both
// sides, on hand-made positions (among them sides without a move) and on
// random boards.
func TestLineDirsMatchTargets(t *testing.T) {
	check := func(t *testing.T, s *State) {
		t.Helper()
		for p := range games.Player(2) {
			own, opp := s.BB[p], s.BB[p^1]
			any := false
			for c := range 64 {
				if own>>uint(c)&1 == 0 {
					continue
				}
				pl := &pieceLines[c]
				got := pl[0].dirs(own, opp) | pl[1].dirs(own, opp)<<1 | pl[2].dirs(own, opp)<<2 | pl[3].dirs(own, opp)<<3
				var want uint
				for d := range 8 {
					if s.target(p, c, d) >= 0 {
						want |= 1 << uint(d)
					}
				}
				if got != want {
					t.Fatalf("%s: player %d on %d: directions %08b, want %08b", s.String(), p, c, got, want)
				}
				any = any || want != 0
			}
			if s.hasMove(p) != any {
				t.Fatalf("%s: player %d: hasMove %v, want %v", s.String(), p, !any, any)
			}
		}
	}
	for _, position := range []string{
		Start,
		"b6w/8/8/8/8/8/8/w6b b",           // the corners: diagonals of one cell
		"7w/6b1/5w2/4b3/3w4/2b5/1w6/b7 b", // a full diagonal
		"b7/1w6/2b5/3w4/4b3/5w2/6b1/7w b", // a full anti-diagonal
		"8/8/8/8/8/8/8/bwbwbwbw b",        // a full rank
		"6wb/6ww/8/8/8/8/ww6/bw6 b",       // Black without a move
		"6bw/6bb/8/8/8/8/bb6/wb6 w",       // White without a move
	} {
		check(t, mustParse(t, position))
	}
	r := rng.New(12)
	s := mustParse(t, Start)
	for range 20000 {
		randomBoard(s, &r)
		check(t, s)
	}
}

// Every cell lies on four lines, at its place in each.
func TestPieceLines(t *testing.T) {
	for c := range 64 {
		for a := range 4 {
			l := pieceLines[c][a]
			if l.mask != lines[c][a] {
				t.Fatalf("cell %d axis %d: mask %#x, want %#x", c, a, l.mask, lines[c][a])
			}
			if got := (uint64(1) << uint(c) & l.mask) * l.mul >> (l.shift & 63); got != 1<<uint(l.at/2) {
				t.Fatalf("cell %d axis %d: pattern %08b, want place %d", c, a, got, l.at/2)
			}
		}
	}
}
