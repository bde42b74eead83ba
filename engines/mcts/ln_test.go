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
