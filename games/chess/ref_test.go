package chess_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"mcarena/games"
)

// ref is a second, deliberately plain chess: a mailbox of letters, moves
// tried one direction step at a time, legality by making the move and
// looking for an attack on the king, repetition by counting the keys of every
// position of the game. It shares no code with the package.
type ref struct {
	b      [64]byte // piece letters as in FEN, 0 for empty
	white  bool     // White to move
	castle string   // subset of "KQkq", in that order
	ep     int      // the square a double step just passed, or -1
	half   int
	full   int
	keys   []string // the repetition keys of every position so far
}

func newRef(fen string) *ref {
	f := strings.Fields(fen)
	r := &ref{ep: -1}
	rank, file := 7, 0
	for _, c := range f[0] {
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			r.b[rank*8+file] = byte(c)
			file++
		}
	}
	r.white = f[1] == "w"
	if f[2] != "-" {
		r.castle = f[2]
	}
	if f[3] != "-" {
		r.ep = int(f[3][1]-'1')*8 + int(f[3][0]-'a')
	}
	r.half, r.full = 0, 1
	if len(f) == 6 {
		r.half, _ = strconv.Atoi(f[4])
		r.full, _ = strconv.Atoi(f[5])
	}
	r.keys = append(r.keys, r.key())
	return r
}

func isWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func upper(c byte) byte {
	if c >= 'a' {
		return c - 32
	}
	return c
}

func (r *ref) own(sq int) bool { return r.b[sq] != 0 && isWhite(r.b[sq]) == r.white }

func sqName(sq int) string { return fmt.Sprintf("%c%d", 'a'+sq%8, sq/8+1) }

// attacked reports whether a piece of the side white attacks sq.
func (r *ref) attacked(sq int, white bool) bool {
	f, k := sq%8, sq/8
	at := func(df, dk int) byte {
		if f+df < 0 || f+df > 7 || k+dk < 0 || k+dk > 7 {
			return 0
		}
		c := r.b[(k+dk)*8+f+df]
		if c == 0 || isWhite(c) != white {
			return 0
		}
		return upper(c)
	}
	pd := -1 // a white pawn attacks upwards, so it stands below
	if !white {
		pd = 1
	}
	if at(-1, pd) == 'P' || at(1, pd) == 'P' {
		return true
	}
	for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if at(d[0], d[1]) == 'N' {
			return true
		}
	}
	for df := -1; df <= 1; df++ {
		for dk := -1; dk <= 1; dk++ {
			if (df != 0 || dk != 0) && at(df, dk) == 'K' {
				return true
			}
		}
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		for i := 1; ; i++ {
			nf, nk := f+i*d[0], k+i*d[1]
			if nf < 0 || nf > 7 || nk < 0 || nk > 7 {
				break
			}
			c := r.b[nk*8+nf]
			if c == 0 {
				continue
			}
			if isWhite(c) == white {
				u := upper(c)
				if u == 'Q' || (u == 'R' && (d[0] == 0 || d[1] == 0)) || (u == 'B' && d[0] != 0 && d[1] != 0) {
					return true
				}
			}
			break
		}
	}
	return false
}

func (r *ref) kingSquare(white bool) int {
	for sq, c := range r.b {
		if c == 'K' && white || c == 'k' && !white {
			return sq
		}
	}
	return -1
}

func (r *ref) inCheck() bool { return r.attacked(r.kingSquare(r.white), !r.white) }

// pseudo lists the moves of the side to move as UCI strings, before the
// test that the king is safe.
func (r *ref) pseudo() []string {
	var out []string
	add := func(from, to int) {
		if upper(r.b[from]) == 'P' && (to/8 == 0 || to/8 == 7) {
			for _, p := range "qrbn" {
				out = append(out, sqName(from)+sqName(to)+string(p))
			}
			return
		}
		out = append(out, sqName(from)+sqName(to))
	}
	for from, c := range r.b {
		if !r.own(from) {
			continue
		}
		f, k := from%8, from/8
		on := func(df, dk int) (int, bool) {
			if f+df < 0 || f+df > 7 || k+dk < 0 || k+dk > 7 {
				return 0, false
			}
			return (k+dk)*8 + f + df, true
		}
		switch upper(c) {
		case 'P':
			dir, start := 1, 1
			if !r.white {
				dir, start = -1, 6
			}
			if to, ok := on(0, dir); ok && r.b[to] == 0 {
				add(from, to)
				if to2, ok := on(0, 2*dir); ok && k == start && r.b[to2] == 0 {
					add(from, to2)
				}
			}
			for _, df := range []int{-1, 1} {
				if to, ok := on(df, dir); ok && ((r.b[to] != 0 && !r.own(to)) || to == r.ep) {
					add(from, to)
				}
			}
		case 'N', 'K':
			ds := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
			if upper(c) == 'K' {
				ds = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
			}
			for _, d := range ds {
				if to, ok := on(d[0], d[1]); ok && !r.own(to) {
					add(from, to)
				}
			}
		default:
			var ds [][2]int
			if upper(c) != 'B' {
				ds = append(ds, [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}...)
			}
			if upper(c) != 'R' {
				ds = append(ds, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}...)
			}
			for _, d := range ds {
				for i := 1; ; i++ {
					to, ok := on(i*d[0], i*d[1])
					if !ok || r.own(to) {
						break
					}
					add(from, to)
					if r.b[to] != 0 {
						break
					}
				}
			}
		}
	}
	// Castling: rights, empty squares between king and rook, and the king
	// not in check and not passing an attacked square (the landing square is
	// tested with every other move).
	type castling struct {
		right                string
		king, pass, to, rook int
		empty                []int
	}
	for _, cs := range []castling{
		{"K", 4, 5, 6, 7, []int{5, 6}}, {"Q", 4, 3, 2, 0, []int{1, 2, 3}},
		{"k", 60, 61, 62, 63, []int{61, 62}}, {"q", 60, 59, 58, 56, []int{57, 58, 59}},
	} {
		if !strings.Contains(r.castle, cs.right) || isWhite(cs.right[0]) != r.white {
			continue
		}
		ok := !r.attacked(cs.king, !r.white) && !r.attacked(cs.pass, !r.white)
		for _, sq := range cs.empty {
			ok = ok && r.b[sq] == 0
		}
		if ok {
			out = append(out, sqName(cs.king)+sqName(cs.to))
		}
	}
	return out
}

// moves returns the legal moves, sorted, the draw rules ignored.
func (r *ref) moves() []string {
	var out []string
	for _, m := range r.pseudo() {
		c := *r
		c.keys = nil
		c.make(m)
		if !c.attacked(c.kingSquare(r.white), c.white) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// make plays a UCI move without any test.
func (r *ref) make(m string) {
	from := int(m[1]-'1')*8 + int(m[0]-'a')
	to := int(m[3]-'1')*8 + int(m[2]-'a')
	c := r.b[from]
	capture := r.b[to] != 0
	if upper(c) == 'P' && to == r.ep {
		if r.white {
			r.b[to-8] = 0
		} else {
			r.b[to+8] = 0
		}
		capture = true
	}
	r.b[to], r.b[from] = c, 0
	if len(m) == 5 {
		p := m[4]
		if r.white {
			p = upper(p)
		}
		r.b[to] = p
	}
	if upper(c) == 'K' && (to-from == 2 || from-to == 2) {
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		r.b[rt], r.b[rf] = r.b[rf], 0
	}
	for sq, right := range map[int]string{4: "KQ", 7: "K", 0: "Q", 60: "kq", 63: "k", 56: "q"} {
		if from == sq || to == sq {
			for _, x := range right {
				r.castle = strings.ReplaceAll(r.castle, string(x), "")
			}
		}
	}
	r.ep = -1
	if upper(c) == 'P' && (to-from == 16 || from-to == 16) {
		r.ep = (from + to) / 2
	}
	r.half++
	if capture || upper(c) == 'P' {
		r.half = 0
	}
	if !r.white {
		r.full++
	}
	r.white = !r.white
}

// epText is the en passant field: the square only when a legal capture there
// exists.
func (r *ref) epText() string {
	if r.ep >= 0 {
		for _, m := range r.moves() {
			from := int(m[1]-'1')*8 + int(m[0]-'a')
			if m[2:4] == sqName(r.ep) && upper(r.b[from]) == 'P' {
				return sqName(r.ep)
			}
		}
	}
	return "-"
}

func (r *ref) placement() string {
	var b strings.Builder
	for k := 7; k >= 0; k-- {
		n := 0
		for f := range 8 {
			c := r.b[k*8+f]
			if c == 0 {
				n++
				continue
			}
			if n > 0 {
				fmt.Fprint(&b, n)
				n = 0
			}
			b.WriteByte(c)
		}
		if n > 0 {
			fmt.Fprint(&b, n)
		}
		if k > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

func (r *ref) key() string {
	castle := r.castle
	if castle == "" {
		castle = "-"
	}
	return fmt.Sprintf("%s %c %s %s", r.placement(), "bw"[btoi(r.white)], castle, r.epText())
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (r *ref) fen() string {
	return fmt.Sprintf("%s %d %d", r.key(), r.half, r.full)
}

// play plays a legal move and records the new position's key.
func (r *ref) play(m string) {
	r.make(m)
	r.keys = append(r.keys, r.key())
}

// end returns the result and reason of a finished game, or "" as the reason
// of a game in progress, by the package's precedence: checkmate and stalemate
// first, then dead material, repetition and the fifty-move rule.
func (r *ref) end() (games.Outcome, string) {
	if len(r.moves()) == 0 {
		if r.inCheck() {
			if r.white {
				return games.SecondWins, "checkmate"
			}
			return games.FirstWins, "checkmate"
		}
		return games.Draw, "stalemate"
	}
	var minors, knights int
	var bishopColours [2]bool
	dead := true
	for sq, c := range r.b {
		switch upper(c) {
		case 'P', 'R', 'Q':
			dead = false
		case 'N':
			minors++
			knights++
		case 'B':
			minors++
			bishopColours[(sq%8+sq/8)%2] = true
		}
	}
	if dead && (minors <= 1 || knights == 0 && !(bishopColours[0] && bishopColours[1])) {
		return games.Draw, "insufficient material"
	}
	n := 0
	for _, k := range r.keys {
		if k == r.keys[len(r.keys)-1] {
			n++
		}
	}
	if n >= 3 {
		return games.Draw, "threefold repetition"
	}
	if r.half >= 100 {
		return games.Draw, "fifty-move rule"
	}
	return games.Draw, ""
}
