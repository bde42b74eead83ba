package chess

import (
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// TestPlayRulesAsDrawRule checks Play's shortcut reading of the draws
// against drawRule along seeded random games, with and without a ply cap,
// from the start and from endings where the draws come often.
func TestPlayRulesAsDrawRule(t *testing.T) {
	for _, g := range []*Game{New(0), New(120), NewRules(Rules{StockfishDraws: true}), NewRules(Rules{MaxPlies: 120, StockfishDraws: true})} {
		for _, fen := range []string{
			StartFEN,
			"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
			"8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
			"8/8/4k3/3bb3/3BB3/4K3/8/8 w - - 0 1",
			"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 1",
		} {
			for seed := uint64(1); seed <= 100; seed++ {
				s, err := g.parse(fen)
				if err != nil {
					t.Fatal(err)
				}
				r := rng.New(seed)
				var buf []games.Move
				for {
					if want := s.drawRule(); s.draw != want {
						t.Fatalf("%s (seed %d): Play ruled draw %d, drawRule %d", s, seed, s.draw, want)
					}
					buf = s.Legal(buf)
					if len(buf) == 0 {
						break
					}
					s.Play(buf[r.Intn(len(buf))])
				}
			}
		}
	}
}
