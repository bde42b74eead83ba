package havannah

import (
	"math/bits"
	"slices"

	"mcarena/games"
)

// StructureCells returns the cells of the structures that last, the move that
// ended the game, formed, for a board view to highlight them: for a ring, a
// loop of stones through last that surrounds a cell (the six petals of a
// flower); for a bridge, shortest chains of stones from last to two corners;
// for a fork, shortest chains from last to three sides. The cells are in
// ascending order, without repeats. It returns nil when the game was not won
// or last is not a stone of the winner.
//
// It searches the board (a few breadth-first walks over the winner's
// stones), so it is for showing a finished game, not for playouts.
func (s *State) StructureCells(last games.Move) []int {
	g := s.g
	c := int(last)
	if s.won == 0 || c < 0 || c >= g.cells || s.cells[c].color != uint8(s.side.Other())+1 {
		return nil
	}
	col := s.cells[c].color
	on := make([]bool, g.cells)
	if s.won&ringBit != 0 {
		for _, r := range s.ringThrough(c, col) {
			on[r] = true
		}
	}
	if s.won&(bridgeBit|forkBit) != 0 {
		from, dist := s.walk(c, -1, col)
		// reach marks the chain from last to the nearest cell of each of the
		// want nearest corners or sides in mask (shifted by shift).
		reach := func(mask uint16, shift, want int) {
			best := map[int]int{} // corner or side -> its nearest cell
			for x := range g.cells {
				m := (g.touch[x] & mask) >> shift
				if dist[x] < 0 || m == 0 {
					continue
				}
				k := bits.TrailingZeros16(m)
				if b, ok := best[k]; !ok || dist[x] < dist[b] {
					best[k] = x
				}
			}
			ends := make([]int, 0, len(best))
			for _, x := range best {
				ends = append(ends, x)
			}
			slices.SortFunc(ends, func(a, b int) int { return dist[a]*maxCells + a - dist[b]*maxCells - b })
			for _, x := range ends[:min(want, len(ends))] {
				for ; x >= 0; x = from[x] {
					on[x] = true
				}
			}
		}
		if s.won&bridgeBit != 0 {
			reach(cornerBits, 0, 2)
		}
		if s.won&forkBit != 0 {
			reach(^uint16(cornerBits), sideShift, 3)
		}
	}
	var out []int
	for x, ok := range on {
		if ok {
			out = append(out, x)
		}
	}
	return out
}

// ringThrough returns a ring of colour col through the stone on c, as the
// ring test of link found it: a shortest chain, avoiding c, between the
// first stones of two different arcs of c's own neighbours, closed through
// c; or, where the ring is a flower, the six neighbours of its middle.
func (s *State) ringThrough(c int, col uint8) []int {
	g := s.g
	nb := &g.nbr[c]
	pat := 0
	for d := range 6 {
		if s.cells[nb[d]].color == col {
			pat |= 1 << d
		}
	}
	a := &arcs[pat]
	for i := range int(a.n) {
		from, dist := s.walk(int(nb[a.first[i]]), c, col)
		for j := i + 1; j < int(a.n); j++ {
			if b := int(nb[a.first[j]]); dist[b] >= 0 {
				ring := []int{c}
				for x := b; x >= 0; x = from[x] {
					ring = append(ring, x)
				}
				return ring
			}
		}
	}
	for dirs := a.flower; dirs != 0; dirs &= dirs - 1 {
		x := int(nb[bits.TrailingZeros8(dirs)])
		if !g.inner[x] {
			continue
		}
		petals := make([]int, 0, 6)
		for _, n := range g.nbr[x] {
			if s.cells[n].color == col {
				petals = append(petals, int(n))
			}
		}
		if len(petals) == 6 {
			return petals
		}
	}
	return nil
}

// walk searches breadth first from the stone on start over the stones of
// colour col, never entering avoid (-1 for none), and returns each cell's
// predecessor on a shortest chain from start (-1 at start and for cells not
// reached) and its distance (-1 when not reached).
func (s *State) walk(start, avoid int, col uint8) (from, dist []int) {
	g := s.g
	from, dist = make([]int, g.cells), make([]int, g.cells)
	for i := range dist {
		from[i], dist[i] = -1, -1
	}
	dist[start] = 0
	queue := []int{start}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range g.nbr[x] {
			y := int(n)
			if y == offBoard || y == avoid || dist[y] >= 0 || s.cells[y].color != col {
				continue
			}
			dist[y], from[y] = dist[x]+1, x
			queue = append(queue, y)
		}
	}
	return from, dist
}
