package chess_test

import (
	"hash/fnv"
	"testing"

	"mcarena/games"
	_ "mcarena/games/chess"
	"mcarena/games/rng"
)

// playoutDigest plays n seeded uniform random games from the start (seeds
// 1..n) and returns a digest of each game's length, final position and end.
func playoutDigest(spec string, n int) uint64 {
	g, err := games.New(spec)
	if err != nil {
		panic(err)
	}
	start := g.NewState()
	s := start.Clone()
	d := fnv.New64a()
	for seed := uint64(1); seed <= uint64(n); seed++ {
		r := rng.New(seed)
		s.CopyFrom(start)
		plies := s.Playout(&r, games.NoLimit)
		d.Write([]byte(s.String() + " " + games.EndReason(s) + " "))
		d.Write([]byte{byte(plies), byte(plies >> 8)})
	}
	return d.Sum64()
}

// TestPlayoutsArePinned checks that seeded random games are the same games
// as when the digests were recorded: the order of Legal, which Playout
// draws from, and the rules are part of what a seed reproduces. A change
// that means to change either must record new digests and say so.
func TestPlayoutsArePinned(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 50
	}
	want := map[string]map[int]uint64{
		"chess":              {50: 0x6487a07cbe87042, 400: 0x577bef45cd0ec899},
		"chess:maxplies=500": {50: 0xae7eda08515186ad, 400: 0xeced883017d9880b},
	}
	for spec, w := range want {
		if got := playoutDigest(spec, n); got != w[n] {
			t.Errorf("%s: %d seeded random games digest to %#x, recorded %#x", spec, n, got, w[n])
		}
	}
}
