// Package grid holds what the square-board games share: a bitboard geometry for
// boards of up to 64 cells, chess-like cell names, and the FEN-like position
// text.
//
// Cells are numbered row by row from the first player's side, a1 = 0:
//
//	rank R  (R-1)*C ... R*C-1
//	 ...
//	rank 2  C     C+1  ...  2C-1
//	rank 1  0     1    ...   C-1
//	        a     b    ...
//
// Bit i of a bitboard is cell i, so moving a piece one rank up is a shift left
// by C, one file right a shift left by 1 (masked so that nothing wraps from the
// last file to the first).
package grid

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"mcarena/games"
)

// Geometry is a Rows x Cols board with the masks the shift operations need.
type Geometry struct {
	Rows, Cols int
	// Cells is Rows*Cols.
	Cells int
	// All has one bit per cell.
	All uint64
	// NotFirstFile clears file a; NotLastFile clears the last file.
	NotFirstFile, NotLastFile uint64
	// NotFirst2Files clears files a and b; NotLast2Files the two last files.
	NotFirst2Files, NotLast2Files uint64
	// Rank[r] has the cells of rank r+1.
	Rank [8]uint64
	// Neighbors[i] has the up to four orthogonal neighbours of cell i.
	Neighbors [64]uint64
}

// New returns the geometry of a rows x cols board. rows*cols must be at most 64.
func New(rows, cols int) Geometry {
	if rows < 1 || cols < 1 || rows > 8 || cols > 8 {
		panic(fmt.Sprintf("grid: unsupported size %dx%d", rows, cols))
	}
	g := Geometry{Rows: rows, Cols: cols, Cells: rows * cols}
	if g.Cells == 64 {
		g.All = ^uint64(0)
	} else {
		g.All = 1<<uint(g.Cells) - 1
	}
	var fileA, fileB, fileL, fileL2 uint64
	for r := range rows {
		fileA |= 1 << uint(r*cols)
		fileL |= 1 << uint(r*cols+cols-1)
		if cols > 1 {
			fileB |= 1 << uint(r*cols+1)
			fileL2 |= 1 << uint(r*cols+cols-2)
		}
		for c := range cols {
			g.Rank[r] |= 1 << uint(r*cols+c)
		}
	}
	g.NotFirstFile = g.All &^ fileA
	g.NotLastFile = g.All &^ fileL
	g.NotFirst2Files = g.All &^ (fileA | fileB)
	g.NotLast2Files = g.All &^ (fileL | fileL2)
	for i := range g.Cells {
		g.Neighbors[i] = g.Dilate(1<<uint(i)) &^ (1 << uint(i))
	}
	return g
}

// North shifts every bit one rank up (towards the second player).
func (g *Geometry) North(b uint64) uint64 { return b << uint(g.Cols&63) & g.All }

// South shifts every bit one rank down.
func (g *Geometry) South(b uint64) uint64 { return b >> uint(g.Cols&63) }

// East shifts every bit one file right.
func (g *Geometry) East(b uint64) uint64 { return (b & g.NotLastFile) << 1 }

// West shifts every bit one file left.
func (g *Geometry) West(b uint64) uint64 { return (b & g.NotFirstFile) >> 1 }

// Dilate returns b together with its orthogonal neighbours.
func (g *Geometry) Dilate(b uint64) uint64 {
	return b | g.North(b) | g.South(b) | g.East(b) | g.West(b)
}

// Flood returns the orthogonally connected part of within that contains the
// bits of seed (seed must be a subset of within).
func (g *Geometry) Flood(seed, within uint64) uint64 {
	for {
		next := g.Dilate(seed) & within
		if next == seed {
			return seed
		}
		seed = next
	}
}

// Select returns the index of the k-th (from 0) set bit of x. k must be less
// than the number of set bits. Where the processor runs the BMI2 instruction
// PDEP fast, it deposits bit k alone and counts its place; elsewhere it is
// selectBroadword.
func Select(x uint64, k int) int {
	if fastPDEP {
		return selectPDEP(x, k)
	}
	return selectBroadword(x, k)
}

// selectBroadword is Select without PDEP, branch-free: byte popcounts and
// their prefix sums locate the byte (Vigna's broadword select), a table the
// bit.
func selectBroadword(x uint64, k int) int {
	const l8, h8 = 0x0101010101010101, 0x8080808080808080
	s := x - (x>>1)&0x5555555555555555
	s = s&0x3333333333333333 + (s>>2)&0x3333333333333333
	s = (s + s>>4) & 0x0f0f0f0f0f0f0f0f
	sums := s * l8 // byte i holds the popcount of bytes 0..i
	// Bytes whose prefix sum is <= k have their high bit set here.
	le := ((uint64(k)*l8 | h8) - sums) & h8
	// place is at most 56 since k is below the count; saying so spares
	// the shifts below a test for 64.
	place := uint(bits.OnesCount64(le)) * 8 & 63
	rank := k - int((sums<<8>>place)&0xff)
	return int(place) + int(selectInByte[(x>>place&0xff)|uint64(rank&7)<<8])
}

// selectInByte[b | r<<8] is the index of the r-th set bit of byte b.
var selectInByte = func() (t [256 * 8]uint8) {
	for b := range 256 {
		r := 0
		for i := range 8 {
			if b&(1<<i) != 0 {
				t[b|r<<8] = uint8(i)
				r++
			}
		}
	}
	return t
}()

// CellName returns the chess-like name of cell i: file letter, rank number.
func (g *Geometry) CellName(i int) string {
	return string([]byte{byte('a' + i%g.Cols), byte('1' + i/g.Cols)})
}

// ParseCell reads a cell name such as "c4" (or "C4").
func (g *Geometry) ParseCell(s string) (int, error) {
	if len(s) != 2 {
		return 0, games.Notation(fmt.Errorf("%q is not a cell name like a1", s))
	}
	file := s[0]
	if 'A' <= file && file <= 'Z' {
		file += 'a' - 'A'
	}
	f, r := int(file-'a'), int(s[1]-'1')
	if file < 'a' || s[1] < '1' || f >= g.Cols || r >= g.Rows {
		return 0, games.Notation(fmt.Errorf("%q is not a cell of the %dx%d board (a1..%s)", s, g.Rows, g.Cols, g.CellName(g.Cells-1)))
	}
	return r*g.Cols + f, nil
}

// ParsePosition reads the FEN-like position form: ranks from the top (rank
// Rows) down to rank 1 separated by '/', each cell a letter from pieces or a run
// of empty cells as a number, then one space and the letter of the side to move,
// one of sides. It returns, per cell, the index into pieces of its letter or -1
// for empty, and the index of the side-to-move letter.
func (g *Geometry) ParsePosition(s, pieces, sides string) (cells []int8, side int, err error) {
	board, stm, ok := strings.Cut(strings.TrimSpace(s), " ")
	if !ok {
		return nil, 0, fmt.Errorf("position %q: want ranks, a space and the side to move (%s)", s, orList(sides))
	}
	stm = strings.TrimSpace(stm)
	side = -1
	if len(stm) == 1 {
		side = strings.IndexByte(sides, stm[0])
	}
	if side < 0 {
		return nil, 0, fmt.Errorf("position %q: side to move %q is not %s", s, stm, orList(sides))
	}
	ranks := strings.Split(board, "/")
	if len(ranks) != g.Rows {
		return nil, 0, fmt.Errorf("position %q: %d ranks, want %d", s, len(ranks), g.Rows)
	}
	cells = make([]int8, g.Cells)
	for i, text := range ranks {
		r := g.Rows - 1 - i
		c := 0
		for j := 0; j < len(text); j++ {
			ch := text[j]
			if ch >= '0' && ch <= '9' {
				n := int(ch - '0')
				for j+1 < len(text) && text[j+1] >= '0' && text[j+1] <= '9' {
					j++
					n = n*10 + int(text[j]-'0')
				}
				if n == 0 {
					return nil, 0, fmt.Errorf("position %q: rank %d: a run of 0 empty cells", s, r+1)
				}
				for ; n > 0 && c < g.Cols; n-- {
					cells[r*g.Cols+c] = -1
					c++
				}
				if n > 0 {
					return nil, 0, fmt.Errorf("position %q: rank %d has more than %d cells", s, r+1, g.Cols)
				}
				continue
			}
			p := strings.IndexByte(pieces, ch)
			if p < 0 || ch >= utf8.RuneSelf {
				// Name the character as typed, even one of several bytes.
				typed, _ := utf8.DecodeRuneInString(text[j:])
				return nil, 0, fmt.Errorf("position %q: rank %d: %q is not a piece (%s) or a digit", s, r+1, typed, orList(pieces))
			}
			if c >= g.Cols {
				return nil, 0, fmt.Errorf("position %q: rank %d has more than %d cells", s, r+1, g.Cols)
			}
			cells[r*g.Cols+c] = int8(p)
			c++
		}
		if c != g.Cols {
			return nil, 0, fmt.Errorf("position %q: rank %d has %d cells, want %d", s, r+1, c, g.Cols)
		}
	}
	return cells, side, nil
}

// FormatPosition writes the form ParsePosition reads: piece(i) is the letter
// of cell i or 0 for empty.
func (g *Geometry) FormatPosition(piece func(i int) byte, side byte) string {
	var b strings.Builder
	for r := g.Rows - 1; r >= 0; r-- {
		empty := 0
		for c := range g.Cols {
			p := piece(r*g.Cols + c)
			if p == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprintf(&b, "%d", empty)
				empty = 0
			}
			b.WriteByte(p)
		}
		if empty > 0 {
			fmt.Fprintf(&b, "%d", empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(side)
	return b.String()
}

func orList(letters string) string {
	parts := make([]string, len(letters))
	for i := range letters {
		parts[i] = string(letters[i])
	}
	return strings.Join(parts, " or ")
}
