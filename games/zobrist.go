package games

import "mcarena/games/rng"

// ZobristKeys returns n pseudo-random 64-bit keys derived from seed. Games use
// a fixed seed per game so that hashes are the same in every run.
func ZobristKeys(n int, seed uint64) []uint64 {
	keys := make([]uint64, n)
	x := seed
	for i := range keys {
		keys[i] = rng.SplitMix64(&x)
	}
	return keys
}
