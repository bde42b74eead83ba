package mcts

import "math"

// ln returns the natural logarithm of n >= 1 using only IEEE-exact steps
// (frexp, +, -, *, / with every product rounded on its own), so that UCB1
// scores, and so the search, are the same bit for bit on every architecture:
// math.Log has assembly versions that may differ in the last place, and a
// compiler may fuse a multiply and an add where the Go spec allows it.
// Small arguments, the common case, come from a table built the same way.
func ln(n int32) float64 {
	if n < int32(len(lnTable)) {
		return lnTable[n]
	}
	return lnSeries(n)
}

var lnTable = func() (t [1 << 12]float64) {
	for i := 1; i < len(t); i++ {
		t[i] = lnSeries(int32(i))
	}
	return t
}()

// oddInverse[i] is 1/(2i+3), the coefficients of the atanh series after z.
var oddInverse = func() (t [11]float64) {
	for i := range t {
		t[i] = 1 / float64(2*i+3)
	}
	return t
}()

func lnSeries(n int32) float64 {
	m, e := math.Frexp(float64(n)) // n = m * 2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// ln m = 2 atanh(z) with z = (m-1)/(m+1), |z| <= 0.172; the terms after
	// z^23/23 are below 1e-19 of the sum.
	z := (m - 1) / (m + 1)
	z2 := float64(z * z)
	term, sum := z, z
	for _, inv := range oddInverse {
		term = float64(term * z2)
		sum += float64(term * inv)
	}
	return float64(2*sum) + float64(float64(e)*math.Ln2)
}
