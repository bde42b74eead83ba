// Package rng is the deterministic random source of playouts and searches.
//
// Rand is xoshiro256++ (Blackman and Vigna) seeded through splitmix64. It is a
// plain value of four words: copying a Rand saves its state, so a search can be
// replayed from any point, and no method allocates. The same seed gives the same
// sequence on every machine.
package rng

import "math/bits"

// Rand is a xoshiro256++ generator. The zero value is not a valid generator; use
// New or Seed.
type Rand struct {
	s0, s1, s2, s3 uint64
}

// New returns a generator seeded with seed.
func New(seed uint64) Rand {
	var r Rand
	r.Seed(seed)
	return r
}

// SplitMix64 advances *x and returns the next value of the splitmix64 sequence.
// It seeds generators and derives independent seeds from one master seed.
func SplitMix64(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Seed resets r to the sequence determined by seed.
func (r *Rand) Seed(seed uint64) {
	x := seed
	r.s0 = SplitMix64(&x)
	r.s1 = SplitMix64(&x)
	r.s2 = SplitMix64(&x)
	r.s3 = SplitMix64(&x)
}

// Uint64 returns 64 uniformly random bits.
func (r *Rand) Uint64() uint64 {
	res := bits.RotateLeft64(r.s0+r.s3, 23) + r.s0
	t := r.s1 << 17
	r.s2 ^= r.s0
	r.s3 ^= r.s1
	r.s1 ^= r.s2
	r.s0 ^= r.s3
	r.s2 ^= t
	r.s3 = bits.RotateLeft64(r.s3, 45)
	return res
}

// Intn returns a uniformly random integer in [0, n). It panics if n <= 0.
// It uses Lemire's multiply-and-reject method, so the result is exactly
// uniform and usually costs one multiplication.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn argument must be positive")
	}
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniformly random float64 in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) * (1.0 / (1 << 53))
}
