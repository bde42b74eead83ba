// Package bitset holds Set, a bitboard for boards beyond 64 cells: five
// 64-bit words, 320 cells, enough for Havannah of base 10 (271 cells) and any
// smaller board. Bit i of the set is bit i%64 of word i/64.
//
// A Set is a value (40 bytes): the operations that combine sets take and
// return values, so they chain (s.Or(s.Up(1))), and allocate nothing; those
// that read cells one by one take a pointer, which spares the copy in a
// playout's loop. Boards copy with an assignment and compare with ==. Shifts move every bit to a higher or lower index across the word
// boundaries, which is what a flood fill over a board laid out row by row
// needs (a neighbour one row up is a shift by the row's width).
package bitset

import (
	"math/bits"
	"strconv"
	"strings"

	"mcarena/games/grid"
)

// Words is the number of 64-bit words in a Set; Cells the bits it holds.
const (
	Words = 5
	Cells = Words * 64
)

// Set is a set of cells 0 to Cells-1.
type Set [Words]uint64

// Of returns the set of the given cells.
func Of(cells ...int) Set {
	var s Set
	for _, c := range cells {
		s.Add(c)
	}
	return s
}

// Below returns the set of cells 0 to n-1 (n from 0 to Cells).
func Below(n int) Set {
	var s Set
	for w := range Words {
		switch lo := w * 64; {
		case n >= lo+64:
			s[w] = ^uint64(0)
		case n > lo:
			s[w] = 1<<uint(n-lo) - 1
		}
	}
	return s
}

// Has reports whether cell i is in the set.
func (s *Set) Has(i int) bool { return s[uint(i)/64%Words]&(1<<(uint(i)%64)) != 0 }

// Add puts cell i in the set.
func (s *Set) Add(i int) { s[uint(i)/64%Words] |= 1 << (uint(i) % 64) }

// Remove takes cell i out of the set.
func (s *Set) Remove(i int) { s[uint(i)/64%Words] &^= 1 << (uint(i) % 64) }

// Empty reports whether the set has no cell.
func (s Set) Empty() bool { return s[0]|s[1]|s[2]|s[3]|s[4] == 0 }

// Count returns the number of cells in the set.
func (s Set) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) +
		bits.OnesCount64(s[3]) + bits.OnesCount64(s[4])
}

// And returns the cells in both sets.
func (s Set) And(t Set) Set {
	return Set{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3], s[4] & t[4]}
}

// Or returns the cells in either set.
func (s Set) Or(t Set) Set {
	return Set{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3], s[4] | t[4]}
}

// AndNot returns the cells of s not in t.
func (s Set) AndNot(t Set) Set {
	return Set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3], s[4] &^ t[4]}
}

// Xor returns the cells in exactly one of the sets.
func (s Set) Xor(t Set) Set {
	return Set{s[0] ^ t[0], s[1] ^ t[1], s[2] ^ t[2], s[3] ^ t[3], s[4] ^ t[4]}
}

// Intersects reports whether the sets share a cell.
func (s Set) Intersects(t Set) bool {
	return s[0]&t[0]|s[1]&t[1]|s[2]&t[2]|s[3]&t[3]|s[4]&t[4] != 0
}

// Up returns the set with every cell i moved to i+n, for n from 0 to 63;
// cells beyond Cells-1 fall off.
func (s Set) Up(n uint) Set {
	n &= 63
	if n == 0 {
		return s
	}
	return Set{
		s[0] << n,
		s[1]<<n | s[0]>>(64-n),
		s[2]<<n | s[1]>>(64-n),
		s[3]<<n | s[2]>>(64-n),
		s[4]<<n | s[3]>>(64-n),
	}
}

// Down returns the set with every cell i moved to i-n, for n from 0 to 63;
// cells below 0 fall off.
func (s Set) Down(n uint) Set {
	n &= 63
	if n == 0 {
		return s
	}
	return Set{
		s[0]>>n | s[1]<<(64-n),
		s[1]>>n | s[2]<<(64-n),
		s[2]>>n | s[3]<<(64-n),
		s[3]>>n | s[4]<<(64-n),
		s[4] >> n,
	}
}

// First returns the lowest cell of the set, or -1 if it is empty.
func (s *Set) First() int {
	for w, x := range s {
		if x != 0 {
			return w*64 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

// Next returns the lowest cell of the set at or above i, or -1 if there is
// none. Iterate with for c := s.Next(0); c >= 0; c = s.Next(c + 1).
func (s *Set) Next(i int) int {
	if i < 0 {
		i = 0
	}
	w := i / 64
	if w >= Words {
		return -1
	}
	if x := s[w] >> (uint(i) % 64); x != 0 {
		return i + bits.TrailingZeros64(x)
	}
	for w++; w < Words; w++ {
		if s[w] != 0 {
			return w*64 + bits.TrailingZeros64(s[w])
		}
	}
	return -1
}

// Select returns the k-th cell of the set in increasing order, from k = 0;
// k must be below Count. A random move is s.Select(r.Intn(s.Count())).
func (s *Set) Select(k int) int {
	for w, x := range s {
		c := bits.OnesCount64(x)
		if k < c {
			return w*64 + grid.Select(x, k)
		}
		k -= c
	}
	panic("bitset: Select beyond the set's count")
}

// Cells returns the cells of the set in increasing order, appended to buf.
func (s *Set) Cells(buf []int) []int {
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			buf = append(buf, w*64+bits.TrailingZeros64(x))
		}
	}
	return buf
}

// String lists the cells, as {3 64 200}.
func (s *Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, c := range s.Cells(nil) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(c))
	}
	b.WriteByte('}')
	return b.String()
}
