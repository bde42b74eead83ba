package havannah_test

import (
	"fmt"
	"slices"
	"strings"

	"mcarena/games"
)

// ref is a deliberately plain second implementation of Havannah, written
// from the rules text on a 2D array: no cell numbering, no union-find, no
// bitsets. Every question (is the game won, and by what) is answered from
// scratch by breadth-first floods over the whole board.
//
// Its ring test, the one place that needs care: a player has a ring iff some
// cell is cut off from the outside of the board by the player's other
// stones. For a cell not of the player that means: a flood from the edge
// cells not of the player, through cells not of the player, misses it. For
// an own cell x the flood must be allowed through x itself; but once every
// cell not of the player is reached from the outside, x escapes exactly when
// it lies on the edge or has a neighbour not of the player. So: a ring
// exists iff the flood misses some cell not of the player, or some own cell
// off the edge has six own neighbours (the flower: six stones round a
// seventh of the same colour). TestRefRingByDefinition checks this reading
// against the definition, one cell at a time, on random boards.
type ref struct {
	*layout
	swap   bool
	cell   [][]int8 // [y][x]: -1 empty, 0 White, 1 Black
	side   int8
	done   bool
	result games.Outcome
	reason string
}

// layout is what the reference works out once per base, from the rules
// alone: the cells, their names and their neighbours.
type layout struct {
	base, diam int
	all        [][2]int          // the cells, row by row
	names      [][]string        // [y][x]
	at         map[string][2]int // cell by name
	nbrs       [][][][2]int      // [y][x]: the neighbours on the board
}

func newRef(base int, swap bool) *ref {
	l := &layout{base: base, diam: 2*base - 1, at: map[string][2]int{}}
	l.names = make([][]string, l.diam)
	l.nbrs = make([][][][2]int, l.diam)
	for y := range l.diam {
		l.names[y] = make([]string, l.diam)
		l.nbrs[y] = make([][][2]int, l.diam)
		for x := range l.diam {
			if l.onBoard(x, y) {
				l.all = append(l.all, [2]int{x, y})
				l.names[y][x] = fmt.Sprintf("%c%d", 'a'+y, x+1)
				l.at[l.names[y][x]] = [2]int{x, y}
				for _, s := range steps {
					if l.onBoard(x+s[0], y+s[1]) {
						l.nbrs[y][x] = append(l.nbrs[y][x], [2]int{x + s[0], y + s[1]})
					}
				}
			}
		}
	}
	r := &ref{layout: l, swap: swap}
	r.cell = make([][]int8, l.diam)
	for y := range r.cell {
		r.cell[y] = make([]int8, l.diam)
		for x := range r.cell[y] {
			r.cell[y][x] = -1
		}
	}
	return r
}

func (r *ref) clone() *ref {
	c := *r
	c.cell = make([][]int8, r.diam)
	for y := range r.cell {
		c.cell[y] = slices.Clone(r.cell[y])
	}
	return &c
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

func (r *layout) onBoard(x, y int) bool {
	return x >= 0 && y >= 0 && x < r.diam && y < r.diam && abs(x-y) <= r.base-1
}

// The neighbours of (x, y), from the rules: (x±1, y), (x, y±1), (x+1, y+1),
// (x-1, y-1).
var steps = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}

func (r *layout) neighbours(x, y int) [][2]int { return r.nbrs[y][x] }

func (r *layout) edge(x, y int) bool { return len(r.neighbours(x, y)) < 6 }

func (r *layout) name(x, y int) string { return r.names[y][x] }

// corner says whether (x, y) is one of the six corners: a1, aN, the ends of
// the middle row and of the last row.
func (r *layout) corner(x, y int) bool {
	m, e := r.base-1, r.diam-1
	for _, c := range [][2]int{{0, 0}, {m, 0}, {0, m}, {e, m}, {m, e}, {e, e}} {
		if c == [2]int{x, y} {
			return true
		}
	}
	return false
}

// sideOf returns which of the six sides (x, y) lies on, or -1 for a corner or
// a cell off the edge.
func (r *layout) sideOf(x, y int) int {
	if r.corner(x, y) || !r.edge(x, y) {
		return -1
	}
	m, e := r.base-1, r.diam-1
	for i, on := range []bool{y == 0, x-y == m, x == e, y == e, y-x == m, x == 0} {
		if on {
			return i
		}
	}
	panic("an edge cell on no side")
}

// cells lists the board's cells row by row.
func (r *layout) cells() [][2]int { return r.all }

// escapes floods from the edge cells not in wall through cells not in wall
// and returns the cells reached, as seen[y][x].
func (r *ref) escapes(wall func(x, y int) bool) [][]bool {
	seen := r.grid()
	var queue [][2]int
	for _, c := range r.cells() {
		if r.edge(c[0], c[1]) && !wall(c[0], c[1]) {
			seen[c[1]][c[0]] = true
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range r.neighbours(c[0], c[1]) {
			if !seen[n[1]][n[0]] && !wall(n[0], n[1]) {
				seen[n[1]][n[0]] = true
				queue = append(queue, n)
			}
		}
	}
	return seen
}

// grid returns a [y][x] array of false.
func (r *layout) grid() [][]bool {
	g := make([][]bool, r.diam)
	for y := range g {
		g[y] = make([]bool, r.diam)
	}
	return g
}

// ring reports whether p has a ring, and whether it is a flower only (no
// cell but own ones enclosed).
func (r *ref) ring(p int8) (ring, flowerOnly bool) {
	own := func(x, y int) bool { return r.cell[y][x] == p }
	out := r.escapes(own)
	for _, c := range r.cells() {
		if !own(c[0], c[1]) && !out[c[1]][c[0]] {
			return true, false
		}
	}
	for _, c := range r.cells() {
		if !own(c[0], c[1]) || r.edge(c[0], c[1]) {
			continue
		}
		all := true
		for _, n := range r.neighbours(c[0], c[1]) {
			all = all && own(n[0], n[1])
		}
		if all {
			return true, true
		}
	}
	return false, false
}

// chains reports whether some chain of p holds two corners, and whether
// some chain touches three sides.
func (r *ref) chains(p int8) (bridge, fork bool) {
	seen := r.grid()
	for _, start := range r.cells() {
		if r.cell[start[1]][start[0]] != p || seen[start[1]][start[0]] {
			continue
		}
		corners := 0
		sides := map[int]bool{}
		seen[start[1]][start[0]] = true
		queue := [][2]int{start}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			if r.corner(c[0], c[1]) {
				corners++
			}
			if s := r.sideOf(c[0], c[1]); s >= 0 {
				sides[s] = true
			}
			for _, n := range r.neighbours(c[0], c[1]) {
				if !seen[n[1]][n[0]] && r.cell[n[1]][n[0]] == p {
					seen[n[1]][n[0]] = true
					queue = append(queue, n)
				}
			}
		}
		bridge = bridge || corners >= 2
		fork = fork || len(sides) >= 3
	}
	return bridge, fork
}

// wins names the structures p has, "" for none.
func (r *ref) wins(p int8) string {
	var out []string
	if ring, _ := r.ring(p); ring {
		out = append(out, "ring")
	}
	bridge, fork := r.chains(p)
	if bridge {
		out = append(out, "bridge")
	}
	if fork {
		out = append(out, "fork")
	}
	return strings.Join(out, ", ")
}

func (r *ref) stones() int {
	n := 0
	for _, c := range r.cells() {
		if r.cell[c[1]][c[0]] >= 0 {
			n++
		}
	}
	return n
}

// moves lists the legal moves by name, row by row and in each row by x; a
// swap is in the place of the stone it takes over.
func (r *ref) moves() []string {
	if r.done {
		return nil
	}
	canSwap := r.swap && r.side == 1 && r.stones() == 1
	var out []string
	for _, c := range r.cells() {
		switch {
		case r.cell[c[1]][c[0]] < 0:
			out = append(out, r.name(c[0], c[1]))
		case canSwap:
			out = append(out, "swap")
		}
	}
	return out
}

// play makes a legal move given by name and decides the game.
func (r *ref) play(move string) {
	mover := r.side
	r.side = 1 - r.side
	if move == "swap" {
		for _, c := range r.cells() {
			if r.cell[c[1]][c[0]] == 0 {
				r.cell[c[1]][c[0]] = 1
			}
		}
		return
	}
	c, ok := r.at[move]
	x, y := c[0], c[1]
	if !ok || r.cell[y][x] >= 0 {
		panic("ref: " + move + " is not an empty cell")
	}
	r.cell[y][x] = mover
	if w := r.wins(mover); w != "" {
		r.done, r.result, r.reason = true, games.WinFor(games.Player(mover)), w
	} else if r.stones() == len(r.cells()) {
		r.done, r.result, r.reason = true, games.Draw, "full board"
	}
}

// String writes the position text: rows a, b, ... of '.', 'w', 'b'
// separated by '/', then the side to move.
func (r *ref) String() string {
	var rows []string
	for y := range r.diam {
		var b strings.Builder
		for x := range r.diam {
			if r.onBoard(x, y) {
				b.WriteByte(".wb"[r.cell[y][x]+1])
			}
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/") + " " + string("wb"[r.side])
}

// perft counts the move sequences of exactly depth plies.
func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.moves() {
		c := r.clone()
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}
