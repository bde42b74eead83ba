package mcts

import "math"

// ln returns the natural logarithm of n >= 1 using only IEEE-exact steps
// (frexp, +, -, *, / with every product rounded on its own), so that UCB1
// scores, and so the search, are the same bit for bit on every architecture:
// math.Log has assembly versions that may differ in the last place, and a
// compiler may fuse a multiply and an add where the Go spec allows it.
func ln(n int32) float64 { return lnSeries(n) }

// sqrtLn returns math.Sqrt(ln(n)), the factor of UCB1's exploration term;
// math.Sqrt is correctly rounded everywhere, so this is exact as ln is.
// Small arguments, the common case, come from a table of the same values.
func sqrtLn(n int32) float64 {
	if n < int32(len(sqrtLnTable)) {
		return sqrtLnTable[n]
	}
	return math.Sqrt(lnSeries(n))
}

var sqrtLnTable = func() (t [1 << 12]float64) {
	for i := 1; i < len(t); i++ {
		t[i] = math.Sqrt(lnSeries(int32(i)))
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
	// The series written out: the same operations in the same order as a
	// loop over oddInverse, without the loop.
	o := &oddInverse
	t := float64(z * z2)
	sum := z + float64(t*o[0])
	t = float64(t * z2)
	sum += float64(t * o[1])
	t = float64(t * z2)
	sum += float64(t * o[2])
	t = float64(t * z2)
	sum += float64(t * o[3])
	t = float64(t * z2)
	sum += float64(t * o[4])
	t = float64(t * z2)
	sum += float64(t * o[5])
	t = float64(t * z2)
	sum += float64(t * o[6])
	t = float64(t * z2)
	sum += float64(t * o[7])
	t = float64(t * z2)
	sum += float64(t * o[8])
	t = float64(t * z2)
	sum += float64(t * o[9])
	t = float64(t * z2)
	sum += float64(t * o[10])
	return float64(2*sum) + float64(float64(e)*math.Ln2)
}
