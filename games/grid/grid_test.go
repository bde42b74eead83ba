package grid

import (
	"math/bits"
	"testing"

	"mcarena/games/rng"
)

func TestSelect(t *testing.T) {
	r := rng.New(5)
	for range 20000 {
		a, b := r.Uint64(), r.Uint64()
		x := a & b // sparser words, about 16 bits set
		if r.Intn(4) == 0 {
			x = r.Uint64()
		}
		if x == 0 {
			continue
		}
		k := r.Intn(bits.OnesCount64(x))
		// The k-th set bit by clearing the k lowest.
		y := x
		for range k {
			y &= y - 1
		}
		want := bits.TrailingZeros64(y)
		if got := Select(x, k); got != want {
			t.Fatalf("Select(%#x, %d) = %d, want %d", x, k, got, want)
		}
		// Both ways, whichever this processor takes.
		if got := selectBroadword(x, k); got != want {
			t.Fatalf("selectBroadword(%#x, %d) = %d, want %d", x, k, got, want)
		}
		if fastPDEP {
			if got := selectPDEP(x, k); got != want {
				t.Fatalf("selectPDEP(%#x, %d) = %d, want %d", x, k, got, want)
			}
		}
	}
	if got := Select(1<<63, 0); got != 63 {
		t.Fatalf("Select(1<<63, 0) = %d", got)
	}
	if got := Select(^uint64(0), 63); got != 63 {
		t.Fatalf("Select(all, 63) = %d", got)
	}
}

func TestGeometryShifts(t *testing.T) {
	g := New(5, 6)
	a1, f1, a5, f5 := uint64(1), uint64(1)<<5, uint64(1)<<24, uint64(1)<<29
	tests := []struct {
		name      string
		got, want uint64
	}{
		{"west of a1 falls off", g.West(a1), 0},
		{"east of f1 falls off", g.East(f1), 0},
		{"north of a5 falls off", g.North(a5), 0},
		{"south of a1 falls off", g.South(a1), 0},
		{"east of a1", g.East(a1), 2},
		{"north of f1", g.North(f1), 1 << 11},
		{"neighbours of f5", g.Neighbors[29], 1<<28 | 1<<23},
		{"flood stops at gaps", g.Flood(a1, a1|2|1<<6|1<<3), a1 | 2 | 1<<6},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %#x, want %#x", tt.name, tt.got, tt.want)
		}
	}
	_ = f5
}

func TestCellNames(t *testing.T) {
	g := New(8, 8)
	for i := range 64 {
		c, err := g.ParseCell(g.CellName(i))
		if err != nil || c != i {
			t.Fatalf("cell %d: %q -> %d, %v", i, g.CellName(i), c, err)
		}
	}
	// A file letter may be typed in capitals, as Havannah's cells may.
	for in, want := range map[string]int{"A1": 0, "H8": 63, "c2": 10} {
		if c, err := g.ParseCell(in); err != nil || c != want {
			t.Errorf("ParseCell(%q) = %d, %v; want %d", in, c, err, want)
		}
	}
	for _, bad := range []string{"", "a", "a0", "i1", "I1", "a9", "@1", "a10"} {
		if _, err := g.ParseCell(bad); err == nil {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
}

func BenchmarkSelect(b *testing.B) {
	r := rng.New(1)
	xs := make([]uint64, 1024)
	ks := make([]int, 1024)
	for i := range xs {
		xs[i] = r.Uint64() & 0x1ffffff
		ks[i] = r.Intn(bits.OnesCount64(xs[i]))
	}
	s := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s += Select(xs[i&1023], ks[i&1023])
	}
	_ = s
}

// A character that is not a piece is named as typed, even when it takes
// several bytes.
func TestParsePositionNamesCharacterAsTyped(t *testing.T) {
	g := New(5, 5)
	for _, tc := range []struct{ text, want string }{
		{"bbbbé/bbbbb/5/wwwww/wwwww w", `position "bbbbé/bbbbb/5/wwwww/wwwww w": rank 5: 'é' is not a piece (w or b) or a digit`},
		{"bbbbx/bbbbb/5/wwwww/wwwww w", `position "bbbbx/bbbbb/5/wwwww/wwwww w": rank 5: 'x' is not a piece (w or b) or a digit`},
		{"bbbb♞/bbbbb/5/wwwww/wwwww w", `position "bbbb♞/bbbbb/5/wwwww/wwwww w": rank 5: '♞' is not a piece (w or b) or a digit`},
	} {
		_, _, err := g.ParsePosition(tc.text, "wb", "wb")
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}
