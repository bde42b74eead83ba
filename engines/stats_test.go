package engines

import (
	"math"
	"testing"
)

// Each kind of number reads as its column says: counts whole, values signed
// to three decimals, labels by name, measures to a width that suits their
// size, scores in full, and no number as nothing; a negative zero reads as
// zero.
func TestFormatByKind(t *testing.T) {
	labels := []string{"exact", "lower"}
	tests := []struct {
		kind Kind
		v    float64
		want string
	}{
		{Count, 1234, "1234"},
		{Value, 0.25, "+0.250"},
		{Value, -1, "-1.000"},
		{Value, math.Copysign(0, -1), "+0.000"},
		{Value, -0.0004, "-0.000"},
		{Measure, math.Copysign(0, -1), "0.00"},
		{Score, math.Copysign(0, -1), "0"},
		{Label, 1, "lower"},
		{Label, 7, "7"},
		{Measure, 2.5078125, "2.51"},
		{Measure, 0.0413, "0.04"},
		{Measure, 37.26, "37.3"},
		{Measure, 1234.5, "1234"},
		{Measure, 9.996, "10.0"},
		{Measure, 99.96, "100"},
		{Score, 2.5078125, "2.50781"},
		{Score, -35, "-35"},
		{Measure, math.NaN(), ""},
	}
	for _, tt := range tests {
		if got := (Column{Kind: tt.kind, Labels: labels}).Format(tt.v); got != tt.want {
			t.Errorf("kind %d, %v: got %q, want %q", tt.kind, tt.v, got, tt.want)
		}
	}
}

// A score column with a Mate writes forced results by their plies, the
// rest as numbers (alpha-beta's Mate 30000: a win in 1 ply scores 29999).
func TestFormatMateScores(t *testing.T) {
	c := Column{Kind: Score, Mate: 30000}
	for v, want := range map[float64]string{29999: "win 1", -29996: "loss 4", 1000: "1000", -14999: "-14999", 0: "0"} {
		if got := c.Format(v); got != want {
			t.Errorf("%v: got %q, want %q", v, got, want)
		}
	}
	if got := (Column{Kind: Score}).Format(29999); got != "29999" {
		t.Errorf("no Mate: got %q, want 29999", got)
	}
}
