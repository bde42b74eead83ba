package loa

import (
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

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
// finds a landing cell, for both sides, on hand-made positions and on
// random boards.
func TestLineDirsMatchTargets(t *testing.T) {
	check := func(t *testing.T, s *State) {
		t.Helper()
		for p := range games.Player(2) {
			own, opp := s.BB[p], s.BB[p^1]
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
			}
		}
	}
	for _, position := range []string{
		Start,
		"b6w/8/8/8/8/8/8/w6b b",           // the corners: diagonals of one cell
		"7w/6b1/5w2/4b3/3w4/2b5/1w6/b7 b", // a full diagonal
		"b7/1w6/2b5/3w4/4b3/5w2/6b1/7w b", // a full anti-diagonal
		"8/8/8/8/8/8/8/bwbwbwbw b",        // a full rank
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
