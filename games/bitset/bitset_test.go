package bitset

import (
	"fmt"
	"slices"
	"testing"

	"mcarena/games/rng"
)

// ref is the plain model a Set is checked against: one bool a cell.
type ref [Cells]bool

func (r *ref) cells() []int {
	var out []int
	for i, b := range r {
		if b {
			out = append(out, i)
		}
	}
	return out
}

func randomPair(r *rng.Rand) (Set, ref) {
	var s Set
	var m ref
	density := 1 + r.Intn(8) // 1 cell in 1 to 8
	for i := range Cells {
		if r.Intn(density) == 0 {
			s.Add(i)
			m[i] = true
		}
	}
	return s, m
}

// TestAgainstBools checks every operation on random sets of every density
// against the same operation on arrays of bools.
func TestAgainstBools(t *testing.T) {
	r := rng.New(7)
	for range 2000 {
		a, ma := randomPair(&r)
		b, mb := randomPair(&r)
		if got, want := a.Cells(nil), ma.cells(); !slices.Equal(got, want) {
			t.Fatalf("Cells %v, want %v", got, want)
		}
		if a.Count() != len(ma.cells()) || a.Empty() != (len(ma.cells()) == 0) {
			t.Fatalf("%v: Count %d Empty %v", a, a.Count(), a.Empty())
		}
		var and, or, andNot, xor ref
		shared := false
		for i := range Cells {
			and[i], or[i], andNot[i], xor[i] = ma[i] && mb[i], ma[i] || mb[i], ma[i] && !mb[i], ma[i] != mb[i]
			shared = shared || and[i]
		}
		for _, tt := range []struct {
			name string
			got  Set
			want ref
		}{{"And", a.And(b), and}, {"Or", a.Or(b), or}, {"AndNot", a.AndNot(b), andNot}, {"Xor", a.Xor(b), xor}} {
			if !slices.Equal(tt.got.Cells(nil), tt.want.cells()) {
				t.Fatalf("%s: %v, want %v", tt.name, tt.got, tt.want.cells())
			}
		}
		if a.Intersects(b) != shared {
			t.Fatalf("Intersects %v, want %v", a.Intersects(b), shared)
		}
		n := uint(r.Intn(64))
		var up, down ref
		for i := range Cells {
			if ma[i] && i+int(n) < Cells {
				up[i+int(n)] = true
			}
			if ma[i] && i-int(n) >= 0 {
				down[i-int(n)] = true
			}
		}
		if got := a.Up(n); !slices.Equal(got.Cells(nil), up.cells()) {
			t.Fatalf("Up(%d) of %v: %v", n, a, got)
		}
		if got := a.Down(n); !slices.Equal(got.Cells(nil), down.cells()) {
			t.Fatalf("Down(%d) of %v: %v", n, a, got)
		}
		cells := ma.cells()
		for k, c := range cells {
			if got := a.Select(k); got != c {
				t.Fatalf("Select(%d) = %d, want %d", k, got, c)
			}
		}
		i := r.Intn(Cells + 10)
		want := -1
		for _, c := range cells {
			if c >= i {
				want = c
				break
			}
		}
		if got := a.Next(i); got != want {
			t.Fatalf("Next(%d) = %d, want %d", i, got, want)
		}
		first := -1
		if len(cells) > 0 {
			first = cells[0]
		}
		if a.First() != first {
			t.Fatalf("First %d, want %d", a.First(), first)
		}
	}
}

func TestAddRemoveHas(t *testing.T) {
	var s Set
	for _, c := range []int{0, 63, 64, 127, 200, 270, Cells - 1} {
		if s.Has(c) {
			t.Fatalf("empty set has %d", c)
		}
		s.Add(c)
		if !s.Has(c) {
			t.Fatalf("Add(%d) then Has false", c)
		}
	}
	if s != Of(0, 63, 64, 127, 200, 270, Cells-1) {
		t.Fatalf("Of differs: %v", s)
	}
	s.Remove(64)
	if s.Has(64) || !s.Has(63) || !s.Has(127) || s.Count() != 6 {
		t.Fatalf("Remove(64): %v", s)
	}
	if got := s.String(); got != "{0 63 127 200 270 319}" {
		t.Fatalf("String %q", got)
	}
}

func TestBelow(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 128, 271, Cells} {
		s := Below(n)
		if s.Count() != n || (n > 0 && (!s.Has(n-1) || s.First() != 0)) || s.Next(n) != -1 {
			t.Errorf("Below(%d) = %v", n, s)
		}
	}
}

// ExampleSet_Up grows a set by its neighbours on a board of rows 19 cells
// wide (Havannah of base 10 laid out in a 19 x 19 square): one cell's
// neighbours left, right, up and down are shifts by 1 and 19.
func ExampleSet_Up() {
	const width = 19
	s := Of(5*width + 7)
	grown := s.Or(s.Up(1)).Or(s.Down(1)).Or(s.Up(width)).Or(s.Down(width))
	fmt.Println(grown.Count(), grown.String())
	// Output: 5 {83 101 102 103 121}
}

var sink int

func BenchmarkSelect(b *testing.B) {
	r := rng.New(1)
	s, _ := randomPair(&r)
	n := s.Count()
	for b.Loop() {
		sink += s.Select(r.Intn(n))
	}
}

func BenchmarkNext(b *testing.B) {
	r := rng.New(1)
	s, _ := randomPair(&r)
	for b.Loop() {
		for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
			sink += c
		}
	}
}
