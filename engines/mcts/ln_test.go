package mcts

import (
	"math"
	"testing"
)

func TestLn(t *testing.T) {
	for _, n := range []int32{1, 2, 3, 7, 10, 100, 1000, 4095, 4096, 65535, 1 << 20, 123456789, math.MaxInt32} {
		got, want := ln(n), math.Log(float64(n))
		if math.Abs(got-want) > 4e-16*math.Max(1, math.Abs(want)) {
			t.Errorf("ln(%d) = %.17g, math.Log %.17g", n, got, want)
		}
	}
	if ln(1) != 0 {
		t.Errorf("ln(1) = %g", ln(1))
	}
}

// lnLoop is lnSeries as the loop it writes out.
func lnLoop(n int32) float64 {
	m, e := math.Frexp(float64(n))
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	z := (m - 1) / (m + 1)
	z2 := float64(z * z)
	term, sum := z, z
	for _, inv := range oddInverse {
		term = float64(term * z2)
		sum += float64(term * inv)
	}
	return float64(2*sum) + float64(float64(e)*math.Ln2)
}

// TestLnSameBits checks that the written-out series and the table give the
// loop's bits, so that UCB1 scores, and so every search, stay the same.
func TestLnSameBits(t *testing.T) {
	check := func(n int32) {
		if got, want := lnSeries(n), lnLoop(n); got != want {
			t.Fatalf("lnSeries(%d) = %.17g, the loop %.17g", n, got, want)
		}
		if got, want := sqrtLn(n), math.Sqrt(lnLoop(n)); got != want {
			t.Fatalf("sqrtLn(%d) = %.17g, want %.17g", n, got, want)
		}
	}
	for n := int32(1); n < 1<<17; n++ {
		check(n)
	}
	for n := int64(1 << 17); n < math.MaxInt32; n = n*37/36 + 1 {
		check(int32(n))
	}
	check(math.MaxInt32)
}
