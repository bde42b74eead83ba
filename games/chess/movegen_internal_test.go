package chess

import (
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// TestMoveSetCounts checks genSets' count of moves against its sets and
// the written list, and pick against the list, along seeded random games
// from positions with castling, en passant, pins and promotions.
func TestMoveSetCounts(t *testing.T) {
	g := New(0)
	plies := 0
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	} {
		for seed := uint64(1); seed <= 40; seed++ {
			s, err := g.parse(fen)
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed)
			var sets [maxSets]moveSet
			var ml [maxMoves]games.Move
			for s.draw == drawNone {
				ns, k := s.genSets(&sets)
				sum := 0
				for i := range sets[:ns] {
					sum += sets[i].moves()
				}
				n := s.gen(&ml)
				if k != sum || k != n {
					t.Fatalf("%s: genSets counts %d moves, its sets hold %d, gen writes %d", s, k, sum, n)
				}
				if k == 0 {
					break
				}
				for i := range k {
					if m := pick(sets[:ns], i); m != ml[i] {
						t.Fatalf("%s: pick(%d) = %s, the list has %s", s, i, s.UCI(m), s.UCI(ml[i]))
					}
				}
				s.Play(ml[r.Intn(k)])
				plies++
			}
		}
	}
	t.Logf("%d plies", plies)
}
