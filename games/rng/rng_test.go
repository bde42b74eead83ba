package rng

import (
	"math"
	"testing"
)

// The xoshiro256++ sequence for the state {1, 2, 3, 4}, computed by a separate
// Python transcription of the published algorithm.
func TestUint64Reference(t *testing.T) {
	r := Rand{1, 2, 3, 4}
	want := []uint64{41943041, 58720359, 3588806011781223, 3591011842654386}
	for i, w := range want {
		if got := r.Uint64(); got != w {
			t.Fatalf("output %d: got %d, want %d", i, got, w)
		}
	}
}

func TestSeedDeterministic(t *testing.T) {
	a, b := New(42), New(42)
	c := New(43)
	same := true
	for range 100 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		if x != y {
			t.Fatal("same seed gave different sequences")
		}
		if x != z {
			same = false
		}
	}
	if same {
		t.Fatal("seeds 42 and 43 gave the same sequence")
	}
}

func TestIntnUniform(t *testing.T) {
	r := New(7)
	for _, n := range []int{1, 2, 3, 7, 10} {
		const draws = 70000
		counts := make([]int, n)
		for range draws {
			v := r.Intn(n)
			if v < 0 || v >= n {
				t.Fatalf("Intn(%d) = %d out of range", n, v)
			}
			counts[v]++
		}
		// Chi-square against uniform; the 0.999 quantile for 9 degrees of
		// freedom is 27.9, so a correct generator fails this once in a thousand
		// seeds, and this seed is fixed.
		exp := float64(draws) / float64(n)
		chi := 0.0
		for _, c := range counts {
			d := float64(c) - exp
			chi += d * d / exp
		}
		if chi > 27.9 {
			t.Errorf("Intn(%d): chi-square %.1f, counts %v", n, chi, counts)
		}
	}
}

func TestIntnPanicsOnZero(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Intn(0) did not panic")
		}
	}()
	r := New(1)
	r.Intn(0)
}

func TestFloat64Range(t *testing.T) {
	r := New(3)
	sum := 0.0
	for range 10000 {
		f := r.Float64()
		if f < 0 || f >= 1 {
			t.Fatalf("Float64 = %v out of [0,1)", f)
		}
		sum += f
	}
	if mean := sum / 10000; math.Abs(mean-0.5) > 0.02 {
		t.Fatalf("mean %v far from 0.5", mean)
	}
}

func TestCopySavesState(t *testing.T) {
	r := New(9)
	r.Uint64()
	saved := r
	x := r.Uint64()
	if y := saved.Uint64(); x != y {
		t.Fatalf("copy diverged: %d vs %d", x, y)
	}
}

func BenchmarkIntn(b *testing.B) {
	r := New(1)
	s := 0
	b.ReportAllocs()
	for b.Loop() {
		s += r.Intn(17)
	}
	_ = s
}
