package loa_test

import (
	"fmt"
	"sort"

	"mcarena/games"
	"mcarena/games/loa"
)

// ref is a deliberately plain second implementation of the LOA rules on a 2D
// array, written from the rules text: lines are counted by walking the board,
// groups by a breadth-first search, and no table or bitboard of package loa
// is used. Tests check the bitboard code against it.
type ref struct {
	rules  loa.Rules
	cell   [8][8]int8 // [rank][file]: -1 empty, 0 Black, 1 White
	side   int8
	plies  int
	done   bool // decided by a connection
	result games.Outcome
	reason string
}

// newRef reads s through its public face: the board, the side to move, the
// plies and, for a finished game, how it ended.
func newRef(rules loa.Rules, s games.State) *ref {
	if rules.MaxPlies == 0 {
		rules.MaxPlies = loa.DefaultMaxPlies
	}
	r := &ref{rules: rules, side: int8(s.ToMove()), plies: s.(*loa.State).Plies()}
	for i, c := range s.Board().Cells {
		r.cell[i/8][i%8] = c.Owner
	}
	b, w := r.connected(0), r.connected(1)
	r.decide(1-r.side, b, w)
	return r
}

func onBoard(rank, file int) bool { return rank >= 0 && rank < 8 && file >= 0 && file < 8 }

func name(rank, file int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }

// The eight directions as (rank, file) steps.
var dirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// lineCount counts the pieces on the whole line through (rank, file) along
// the direction (dr, df), both ways, the piece itself included.
func (r *ref) lineCount(rank, file, dr, df int) int {
	n := 1
	for _, sign := range []int{1, -1} {
		for k := 1; ; k++ {
			rr, ff := rank+sign*k*dr, file+sign*k*df
			if !onBoard(rr, ff) {
				break
			}
			if r.cell[rr][ff] >= 0 {
				n++
			}
		}
	}
	return n
}

// pieceMoves lists the moves of side p, without the pass.
func (r *ref) pieceMoves(p int8) []string {
	var out []string
	for rank := range 8 {
		for file := range 8 {
			if r.cell[rank][file] != p {
				continue
			}
			for _, d := range dirs {
				n := r.lineCount(rank, file, d[0], d[1])
				tr, tf := rank+n*d[0], file+n*d[1]
				if !onBoard(tr, tf) || r.cell[tr][tf] == p {
					continue
				}
				blocked := false
				for k := 1; k < n; k++ {
					if c := r.cell[rank+k*d[0]][file+k*d[1]]; c >= 0 && c != p {
						blocked = true
					}
				}
				if blocked {
					continue
				}
				sep := "-"
				if r.cell[tr][tf] >= 0 {
					sep = "x"
				}
				out = append(out, name(rank, file)+sep+name(tr, tf))
			}
		}
	}
	return out
}

// over reports whether the game has ended and fills result and reason.
func (r *ref) over() bool {
	switch {
	case r.done:
		return true
	case r.plies >= r.rules.MaxPlies:
		r.result, r.reason = games.Draw, "ply limit"
		return true
	case len(r.pieceMoves(r.side)) > 0:
		return false
	case r.rules.NoMoveLoses:
		r.result, r.reason = games.WinFor(games.Player(1-r.side)), "no move"
		return true
	case len(r.pieceMoves(1-r.side)) == 0:
		r.result, r.reason = games.Draw, "no move"
		return true
	}
	return false
}

// moves lists the legal moves, sorted.
func (r *ref) moves() []string {
	if r.over() {
		return nil
	}
	out := r.pieceMoves(r.side)
	if len(out) == 0 {
		out = []string{"pass"}
	}
	sort.Strings(out)
	return out
}

// connected reports whether p's pieces form one group, by breadth-first
// search over the eight neighbours.
func (r *ref) connected(p int8) bool {
	var seen [8][8]bool
	var queue [][2]int
	total := 0
	for rank := range 8 {
		for file := range 8 {
			if r.cell[rank][file] == p {
				total++
				if len(queue) == 0 {
					queue = append(queue, [2]int{rank, file})
					seen[rank][file] = true
				}
			}
		}
	}
	if total == 0 {
		return false
	}
	reached := 0
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		reached++
		for dr := -1; dr <= 1; dr++ {
			for df := -1; df <= 1; df++ {
				rr, ff := c[0]+dr, c[1]+df
				if onBoard(rr, ff) && !seen[rr][ff] && r.cell[rr][ff] == p {
					seen[rr][ff] = true
					queue = append(queue, [2]int{rr, ff})
				}
			}
		}
	}
	return reached == total
}

func (r *ref) decide(mover int8, bConn, wConn bool) {
	mc, oc := bConn, wConn
	if mover == 1 {
		mc, oc = wConn, bConn
	}
	switch {
	case mc && oc:
		r.done, r.reason = true, "simultaneous connection"
		r.result = games.WinFor(games.Player(mover))
		if r.rules.SimultaneousDraw {
			r.result = games.Draw
		}
	case mc:
		r.done, r.reason, r.result = true, "connection", games.WinFor(games.Player(mover))
	case oc:
		r.done, r.reason, r.result = true, "connection", games.WinFor(games.Player(1-mover))
	}
}

// play makes a move from moves().
func (r *ref) play(m string) {
	mover := r.side
	r.side = 1 - r.side
	r.plies++
	if m == "pass" {
		return
	}
	fr, ff := int(m[1]-'1'), int(m[0]-'a')
	tr, tf := int(m[4]-'1'), int(m[3]-'a')
	r.cell[tr][tf] = r.cell[fr][ff]
	r.cell[fr][ff] = -1
	r.decide(mover, r.connected(0), r.connected(1))
}

func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.moves() {
		c := *r
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}
