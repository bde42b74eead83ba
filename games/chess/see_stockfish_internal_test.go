package chess

import (
	"testing"

	"mcarena/games"
)

// Hand-made exchanges under Stockfish 2.2.2's values and rules, each
// worked out from them: pawn 198, knight 817, bishop 836, rook 1270,
// queen 2521, promotions not understood.
func TestStockfishSEEHandMade(t *testing.T) {
	for _, tc := range []struct {
		name, fen, move string
		want            int
	}{
		{"pawn takes an undefended knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - -", "e4d5", 817},
		{"knight takes a pawn a pawn defends", "4k3/8/2p5/3p4/8/4N3/8/4K3 w - -", "e3d5", 198 - 817},
		{"bishop takes a knight a pawn defends", "4k3/8/2p5/3n4/8/8/6B1/4K3 w - -", "g2d5", 817 - 836},
		{"knight takes a bishop a pawn defends", "4k3/8/2p5/3b4/8/4N3/8/4K3 w - -", "e3d5", 836 - 817},
		{"a quiet move to a square a pawn attacks", "4k3/8/2p5/8/8/4N3/8/4K3 w - -", "e3d5", -817},
		{"a quiet move to a safe square", "4k3/7p/8/8/8/4N3/8/4K3 w - -", "e3d5", 0},
		{"a quiet promotion: no credit", "4k3/1P6/8/8/8/8/8/4K3 w - -", "b7b8q", 0},
		{"a promotion a rook takes: a pawn lost", "r3k3/1P6/8/8/8/8/8/4K3 w - -", "b7b8q", -198},
		{"a promotion that takes a rook, then taken", "1r1rk3/2P5/8/8/8/8/8/4K3 w - -", "c7b8q", 1270 - 198},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6", "e5d6", 198},
		// The pawn taken en passant leaves the file open for the rook
		// behind it, which retakes: a pawn for a pawn.
		{"en passant opens a line", "4k3/8/8/3pP3/8/8/3r4/7K w - d6", "e5d6", 0},
		{"en passant opens a line, Black", "7k/3R4/8/8/3Pp3/8/8/4K3 b - d3", "e4d3", 0},
		{"castling", "4k3/8/8/8/8/8/8/4K2R w K -", "e1g1", 0},
		{"the king takes an undefended pawn", "4k3/8/8/8/8/8/3p4/4K3 w - -", "e1d2", 198},
		// Rxd5: the queen behind the rook would retake, so Black's
		// recapture only trades rooks and Black stops; without the x-ray
		// it would be 198-1270.
		{"a rook takes a pawn, the queen behind it", "3rk3/8/8/3p4/8/8/3R4/3QK3 w - -", "d2d5", 198},
		// Qxd5 with a rook defending: the queen for a pawn.
		{"the queen takes a defended pawn", "3rk3/8/8/3p4/8/8/8/3QK3 w - -", "d1d5", 198 - 2521},
		// Nxe4, and the king may not retake while the rook on e8 guards
		// the square.
		{"a king may not take into an attack", "4r2k/8/5n2/8/4P3/3K4/8/8 b - -", "f6e4", 198},
	} {
		g := New(0)
		gs, err := g.ParsePosition(tc.fen + " 0 1")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s := gs.(*State)
		m, err := s.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.name, tc.move, err)
		}
		if got := s.seeStockfish(m); got != tc.want {
			t.Errorf("%s: %s %s: %d, want %d", tc.name, tc.fen, tc.move, got, tc.want)
		}
		if got := plainStockfishSEE(&s.pos, m); got != tc.want {
			t.Errorf("%s: the plain reference gives %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestStockfishSEEAgreesWithAPlainOne compares the SEE with a plain one,
// on every legal move of the positions of seeded random games: a board of
// 64 squares, attackers found by walking from the square, the exchange by
// recursion, each side free to stop; attacks are found by walking from
// each piece to the square.
func TestStockfishSEEAgreesWithAPlainOne(t *testing.T) {
	g := New(0)
	nonzero, kinds := 0, map[int]bool{}
	eachRandomPosition(g, 60, func(st *State, moves []games.Move) {
		for _, m := range moves {
			got, want := st.seeStockfish(m), plainStockfishSEE(&st.pos, m)
			if got != want {
				t.Fatalf("%s, %s: %d, want %d", st, st.MoveString(m), got, want)
			}
			if got != 0 {
				nonzero++
				kinds[got] = true
			}
		}
	})
	if nonzero < 10000 || len(kinds) < 30 {
		t.Errorf("%d moves with a nonzero SEE, %d distinct values: too few to test", nonzero, len(kinds))
	}
}

// plainStockfishSEE is Stockfish 2.2.2's SEE computed the plain way.
func plainStockfishSEE(p *pos, m games.Move) int {
	b := p.board
	from, to, _ := decode(m)
	mover := b[from]
	t := int(mover&7) - 1
	if t == king && (to-from == 2 || from-to == 2) {
		return 0
	}
	gain := 0
	if b[to] != 0 {
		gain = sfSEEValue[b[to]&7-1]
	} else if t == pawn && p.ep != 0 && to == int(p.ep) {
		gain = sfSEEValue[pawn]
		if p.side == White {
			b[to-8] = 0
		} else {
			b[to+8] = 0
		}
	}
	b[from], b[to] = 0, mover // a promoting pawn stays a pawn
	return gain - plainReply(&b, to, int(p.side)^1)
}

// plainReply is what side wins on sq by capturing there with its least
// valuable attacker (the lowest square of that kind) and going on, or 0
// when it does better to stop; a king does not capture while the other
// side still attacks the square.
func plainReply(b *[64]uint8, sq, side int) int {
	from, t := -1, 7
	for s := range 64 {
		if c := b[s]; c != 0 && int(c>>3) == side && int(c&7)-1 < t && plainAttacks(b, s, sq) {
			from, t = s, int(c&7)-1
		}
	}
	if from < 0 {
		return 0
	}
	prize, piece := b[sq], b[from]
	b[from], b[sq] = 0, piece
	defer func() { b[from], b[sq] = piece, prize }()
	if t == king {
		for s := range 64 {
			if c := b[s]; c != 0 && int(c>>3) != side && plainAttacks(b, s, sq) {
				return 0
			}
		}
	}
	return max(0, sfSEEValue[prize&7-1]-plainReply(b, sq, side^1))
}

// plainAttacks reports whether the piece on s attacks sq on board b.
func plainAttacks(b *[64]uint8, s, sq int) bool {
	c := b[s]
	t, colour := int(c&7)-1, int(c>>3)
	df, dr := sq%8-s%8, sq/8-s/8
	abs := func(x int) int { return max(x, -x) }
	switch t {
	case pawn:
		fwd := 1
		if colour == Black {
			fwd = -1
		}
		return dr == fwd && abs(df) == 1
	case knight:
		return abs(df)*abs(dr) == 2
	case king:
		return max(abs(df), abs(dr)) == 1
	}
	straight, diagonal := df == 0 || dr == 0, abs(df) == abs(dr)
	if df == 0 && dr == 0 || t == rook && !straight || t == bishop && !diagonal || t == queen && !straight && !diagonal {
		return false
	}
	sf, sr := df/max(abs(df), 1), dr/max(abs(dr), 1)
	for f, r := s%8+sf, s/8+sr; f != sq%8 || r != sq/8; f, r = f+sf, r+sr {
		if b[r*8+f] != 0 {
			return false
		}
	}
	return true
}
