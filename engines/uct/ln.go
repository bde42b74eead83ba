package uct

import "math"

// ln returns the natural logarithm of n >= 1 using only IEEE-exact steps
// (frexp, +, -, *, / with every product rounded on its own), so that UCB1
// scores, and so the search, are the same bit for bit on every architecture:
// math.Log has assembly versions that may differ in the last place, and a
// compiler may fuse a multiply and an add where the Go spec allows it.
func ln(n int32) float64 {
	m, e := math.Frexp(float64(n)) // n = m * 2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// ln m = 2 atanh(z) with z = (m-1)/(m+1), |z| <= 0.172.
	z := (m - 1) / (m + 1)
	z2 := float64(z * z)
	term, sum := z, z
	for k := 3; k < 40; k += 2 {
		term = float64(term * z2)
		sum += float64(term / float64(k))
	}
	return float64(2*sum) + float64(float64(e)*math.Ln2)
}
