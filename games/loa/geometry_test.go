package loa

import "testing"

// Two pieces are connected exactly when they touch along a side or a corner;
// in particular no pair across the a and h files is (cells h3 and a4 are
// consecutive numbers).
func TestConnectedPairs(t *testing.T) {
	for i := range 64 {
		for j := range 64 {
			if i == j {
				continue
			}
			df, dr := i%8-j%8, i/8-j/8
			want := max(df, -df) <= 1 && max(dr, -dr) <= 1
			if got := connected(1<<uint(i) | 1<<uint(j)); got != want {
				t.Errorf("cells %d and %d: connected %v, want %v", i, j, got, want)
			}
		}
	}
}

func TestRaysAndLines(t *testing.T) {
	// d4 = 27: the NE ray is e5 f6 g7 h8; the file is all of file d.
	if got, want := rays[27][1], uint64(1)<<36|1<<45|1<<54|1<<63; got != want {
		t.Errorf("NE ray of d4 %#x, want %#x", got, want)
	}
	if got, want := lines[27][0], uint64(0x0808080808080808); got != want {
		t.Errorf("file of d4 %#x, want %#x", got, want)
	}
	if reach[7][2] != 0 || reach[7][6] != 7 || reach[0][1] != 7 {
		t.Errorf("reach: h1 east %d, h1 west %d, a1 north-east %d", reach[7][2], reach[7][6], reach[0][1])
	}
}
