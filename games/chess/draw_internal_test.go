package chess

import (
	"fmt"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// TestPlayRulesAsDrawRule checks Play's shortcut reading of the draws
// against drawRule along seeded random games, with and without a ply cap,
// from the start and from endings where the draws come often.
func TestPlayRulesAsDrawRule(t *testing.T) {
	for _, g := range []*Game{New(0), New(120), NewRules(Rules{StockfishDraws: true}), NewRules(Rules{MaxPlies: 120, StockfishDraws: true})} {
		for _, fen := range []string{
			StartFEN,
			"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
			"8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
			"8/8/4k3/3bb3/3BB3/4K3/8/8 w - - 0 1",
			"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 1",
		} {
			for seed := uint64(1); seed <= 100; seed++ {
				s, err := g.parse(fen)
				if err != nil {
					t.Fatal(err)
				}
				r := rng.New(seed)
				var buf []games.Move
				for {
					if want := s.drawRule(); s.draw != want {
						t.Fatalf("%s (seed %d): Play ruled draw %d, drawRule %d", s, seed, s.draw, want)
					}
					buf = s.Legal(buf)
					if len(buf) == 0 {
						break
					}
					s.Play(buf[r.Intn(len(buf))])
				}
			}
		}
	}
}

// plainSF is Stockfish 2.2.2's Position::is_draw<false> written the plain
// way, for TestStockfishDrawsAsPlainIsDraw: every position's key kept from
// the start (the board, side, castling rights and Stockfish's en passant
// square, set after any double step next to an enemy pawn), rule50 reset
// by captures, pawn moves and castling, and the repetition test comparing
// the keys 4, 6, ... plies back within min(rule50, plies).
type plainSF struct {
	keys   []string
	rule50 int
}

func plainKey(s *State, ep int) string {
	return fmt.Sprint(s.board, s.side, s.castle, ep)
}

// drawn reports whether is_draw holds in s, whose moves number n.
func (p *plainSF) drawn(s *State, n int) bool {
	minors, heavy := 0, 0
	for _, pc := range s.board {
		switch int(pc&7) - 1 {
		case pawn, rook, queen:
			heavy++
		case knight, bishop:
			minors++
		}
	}
	if heavy == 0 && minors <= 1 {
		return true
	}
	if p.rule50 > 99 && (!s.inCheck() || n > 0) {
		return true
	}
	last := len(p.keys) - 1
	for i := 4; i <= min(p.rule50, last); i += 2 {
		if p.keys[last-i] == p.keys[last] {
			return true
		}
	}
	return false
}

// play records the move m of s before s plays it; after records the
// position it reached.
func (p *plainSF) play(s *State, m games.Move) (ep int) {
	from, to, _ := decode(m)
	mover, target := s.board[from], s.board[to]
	t := int(mover&7) - 1
	p.rule50++
	switch {
	case t == pawn, target != 0:
		p.rule50 = 0
	case t == king && (to-from == 2 || from-to == 2):
		p.rule50 = 0 // do_castle_move sets it to 0
	}
	ep = -1
	if t == pawn && (to-from == 16 || from-to == 16) {
		enemy := uint8((int(mover>>3)^1)*8 + pawn + 1)
		if f := to % 8; (f > 0 && s.board[to-1] == enemy) || (f < 7 && s.board[to+1] == enemy) {
			ep = (from + to) / 2
		}
	}
	return ep
}

// TestStockfishDrawsAsPlainIsDraw plays seeded random games under
// draws=stockfish and checks at every ply that the game ends by a draw
// rule exactly where the plain is_draw says, from positions where each
// rule comes often: castling near the fifty-move limit, en passant squares
// whose capture a pin forbids, bishops on one colour, knights.
func TestStockfishDrawsAsPlainIsDraw(t *testing.T) {
	g := NewRules(Rules{StockfishDraws: true})
	plies := 0
	for _, fen := range []string{
		StartFEN,
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 80 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 1",
		"8/8/8/8/k3p2R/8/3P4/4K3 w - - 0 1",
		"8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
		"8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1",
		"8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
		"8/8/4k3/3bb3/3BB3/4K3/8/8 w - - 0 1",
		"8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
		"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
	} {
		for seed := uint64(1); seed <= 150; seed++ {
			s, err := g.parse(fen)
			if err != nil {
				t.Fatal(err)
			}
			p := &plainSF{rule50: int(s.half)}
			ep := -1
			if e := strings.Fields(fen)[3]; e != "-" {
				sq, _ := parseSquare(e)
				ep = sq
			}
			p.keys = append(p.keys, plainKey(s, ep))
			r := rng.New(seed)
			var ml [maxMoves]games.Move
			for ply := 0; ; ply++ {
				n := s.genOrdered(&ml)
				if want, got := p.drawn(s, n), s.draw != drawNone; got != want {
					t.Fatalf("%s, seed %d, ply %d (%s): drawn %v (%s), the plain is_draw %v", fen, seed, ply, s, got, s.EndReason(), want)
				}
				if s.draw != drawNone || n == 0 {
					break
				}
				m := ml[r.Intn(n)]
				ep := p.play(s, m)
				s.Play(m)
				p.keys = append(p.keys, plainKey(s, ep))
				plies++
			}
		}
	}
	if plies < 10000 {
		t.Errorf("only %d plies played", plies)
	}
}
