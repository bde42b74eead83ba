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

// SplitMix64 from a state of 0 gives the published first output of
// Vigna's splitmix64.c, and New seeds the four words with its first four
// outputs from the seed.
func TestSplitMix64Reference(t *testing.T) {
	var x uint64
	if got := SplitMix64(&x); got != 0xe220a8397b1dcdaf {
		t.Fatalf("SplitMix64 from 0: %#x, want 0xe220a8397b1dcdaf", got)
	}
	seed := uint64(42)
	r := New(42)
	for i, w := range []uint64{r.s0, r.s1, r.s2, r.s3} {
		if want := SplitMix64(&seed); w != want {
			t.Fatalf("word %d of New(42): %#x, want SplitMix64's output %d, %#x", i, w, i+1, want)
		}
	}
}

// Intn is uniform: chi-square against uniform at the 0.999 quantile of
// its degrees of freedom (a correct generator fails once in a thousand
// seeds, and this seed is fixed).
func TestIntnUniform(t *testing.T) {
	r := New(7)
	quantile := map[int]float64{2: 10.83, 3: 13.82, 7: 22.46, 10: 27.88} // 0.999, n-1 degrees of freedom
	if v := r.Intn(1); v != 0 {
		t.Fatalf("Intn(1) = %d", v)
	}
	for _, n := range []int{2, 3, 7, 10} {
		const draws = 70000
		counts := make([]int, n)
		for range draws {
			v := r.Intn(n)
			if v < 0 || v >= n {
				t.Fatalf("Intn(%d) = %d out of range", n, v)
			}
			counts[v]++
		}
		if chi := chiSquare(counts, draws); chi > quantile[n] {
			t.Errorf("Intn(%d): chi-square %.1f, counts %v", n, chi, counts)
		}
	}
}

// chiSquare is the statistic of counts against a uniform spread of draws.
func chiSquare(counts []int, draws int) float64 {
	exp := float64(draws) / float64(len(counts))
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - exp
		chi += d * d / exp
	}
	return chi
}

// Intn's rejection step is what makes it exact where n is a large share
// of 2^64: for n = 3 * 2^61, multiplying without it would put the values
// into the three residues mod 3 as 3/8, 3/8 and 2/8; with it they are
// even (chi-square, 2 degrees of freedom, under the 0.999 quantile 13.82).
func TestIntnRejectsForExactness(t *testing.T) {
	r := New(11)
	const draws = 30000
	counts := make([]int, 3)
	for range draws {
		counts[r.Intn(3<<61)%3]++
	}
	if chi := chiSquare(counts, draws); chi > 13.82 {
		t.Errorf("Intn(3<<61) mod 3: chi-square %.1f, counts %v", chi, counts)
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
