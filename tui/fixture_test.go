package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
	"mcarena/games/rng"
)

// The board view's test positions: hex boards and chess, drawn from fixed
// positions until mcarena has games for them. A fixture is a game of one
// position whose moves are listed: on a hex board every empty cell, which
// takes a stone of the side to move; on a chess board the moves given,
// each from a cell to a cell (several moves may join the same two cells:
// promotions), which move the piece and may give check.
type fixture struct {
	name    string
	board   games.Board
	toMove  games.Player
	moves   []fixtureMove // chess: the moves and the ply they are legal at
	players [2]string
}

type fixtureMove struct {
	ply      int
	from, to int
	name     string
	promote  byte   // the piece a pawn becomes, or 0
	check    string // the king's cell in check after the move, or ""
}

// Hex test positions: a hexagon of base n with a few stones, Black (the
// first player) on the cells of black and White on white.
func hexFixture(n int, black, white []string) *fixture {
	b := games.HexBoard(n, func(x, y int) byte { return 0 }, "bw")
	b.Stones = true
	for i := range b.Cells {
		for o, cells := range [][]string{black, white} {
			for _, c := range cells {
				if b.Name(i) == c {
					b.Cells[i] = games.Cell{Owner: int8(o), Piece: "bw"[o]}
				}
			}
		}
	}
	return &fixture{name: fmt.Sprintf("hex:base=%d", n), board: b, players: [2]string{"Black", "White"}}
}

func hexBase4() *fixture { return hexFixture(4, []string{"d4", "c3", "e6"}, []string{"d5", "b2"}) }
func hexBase5() *fixture {
	return hexFixture(5, []string{"e5", "a1", "i9"}, []string{"e6", "a5", "i5"})
}
func hexBase10() *fixture {
	return hexFixture(10, []string{"j10", "a1", "s19", "j1"}, []string{"a10", "s10", "j19", "k10"})
}

// chessStart is the chess start position, White to move, with the moves
// of an open game listed: 1. e4 e5 2. Nf3.
func chessStart() *fixture {
	b, _ := games.ChessBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	return &fixture{name: "chess", board: b, players: [2]string{"White", "Black"},
		moves: []fixtureMove{{ply: 0, from: sq("e2"), to: sq("e4"), name: "e4"}, {ply: 1, from: sq("e7"), to: sq("e5"), name: "e5"},
			{ply: 2, from: sq("g1"), to: sq("f3"), name: "Nf3"}}}
}

// chessPromotion: Black gives check along the eighth rank with Rh1-h8+;
// White's pawn on e7 then blocks it by promoting on e8, to a queen, rook,
// bishop or knight, or the king steps aside.
func chessPromotion() *fixture {
	b, _ := games.ChessBoard("K7/4P3/6k1/8/8/8/8/7r")
	f := &fixture{name: "chess", board: b, toMove: games.Second, players: [2]string{"White", "Black"},
		moves: []fixtureMove{{ply: 0, from: sq("h1"), to: sq("h8"), name: "Rh8+", check: "a8"}}}
	for _, p := range "QRBN" {
		f.moves = append(f.moves, fixtureMove{ply: 1, from: sq("e7"), to: sq("e8"), name: "e8=" + string(p), promote: byte(p)})
	}
	f.moves = append(f.moves, fixtureMove{ply: 1, from: sq("a8"), to: sq("a7"), name: "Ka7"},
		fixtureMove{ply: 1, from: sq("a8"), to: sq("b7"), name: "Kb7"})
	return f
}

// sq is the cell of a chess square's name.
func sq(name string) int { return int(name[0]-'a') + 8*int(name[1]-'1') }

func (f *fixture) Name() string           { return strings.SplitN(f.name, ":", 2)[0] }
func (f *fixture) Spec() string           { return f.name }
func (f *fixture) PlayerNames() [2]string { return f.players }
func (f *fixture) NewState() games.State  { return &fixtureState{g: f} }
func (f *fixture) ParsePosition(string) (games.State, error) {
	return nil, fmt.Errorf("a fixture has one position")
}
func (f *fixture) MaxMoves() int  { return len(f.board.Cells) + len(f.moves) }
func (f *fixture) MoveSpace() int { return len(f.board.Cells) + len(f.moves) }
func (f *fixture) MaxLength() int { return 0 }

// fixtureState is the fixture's position after some moves: on a hex board
// a move is a cell, on a chess board len(cells) + the index of a listed
// move.
type fixtureState struct {
	g      *fixture
	played []games.Move
}

func (s *fixtureState) Game() games.Game { return s.g }
func (s *fixtureState) ToMove() games.Player {
	return s.g.toMove ^ games.Player(len(s.played)&1)
}
func (s *fixtureState) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.g.board.Kind == games.HexGrid {
		b := s.Board()
		for i, c := range b.Cells {
			if c.Piece == 0 {
				buf = append(buf, games.Move(i))
			}
		}
		return buf
	}
	for i, m := range s.g.moves {
		if m.ply == len(s.played) {
			buf = append(buf, games.Move(len(s.g.board.Cells)+i))
		}
	}
	return buf
}
func (s *fixtureState) Play(m games.Move)      { s.played = append(s.played, m) }
func (s *fixtureState) Terminal() bool         { return len(s.Legal(nil)) == 0 }
func (s *fixtureState) Outcome() games.Outcome { return games.Draw }
func (s *fixtureState) Score() int             { return 0 }
func (s *fixtureState) Hash() uint64           { return uint64(len(s.played)) }
func (s *fixtureState) RecomputeHash() uint64  { return s.Hash() }
func (s *fixtureState) Clone() games.State {
	return &fixtureState{g: s.g, played: append([]games.Move(nil), s.played...)}
}
func (s *fixtureState) CopyFrom(src games.State)                       { *s = *src.Clone().(*fixtureState) }
func (s *fixtureState) Playout(*rng.Rand, int) int                     { return 0 }
func (s *fixtureState) RecordPlayout(*rng.Rand, int, *games.Trace) int { return 0 }
func (s *fixtureState) String() string {
	return fmt.Sprintf("%s after %d moves", s.g.name, len(s.played))
}

func (s *fixtureState) listed(m games.Move) (fixtureMove, bool) {
	i := int(m) - len(s.g.board.Cells)
	if i < 0 || i >= len(s.g.moves) {
		return fixtureMove{}, false
	}
	return s.g.moves[i], true
}

func (s *fixtureState) MoveString(m games.Move) string {
	if fm, ok := s.listed(m); ok {
		return fm.name
	}
	return s.g.board.Name(int(m))
}

func (s *fixtureState) ParseMove(text string) (games.Move, error) {
	for _, m := range s.Legal(nil) {
		if s.MoveString(m) == text {
			return m, nil
		}
	}
	return games.NoMove, fmt.Errorf("%s: not a listed move", text)
}

func (s *fixtureState) MoveCells(m games.Move) (from, to int) {
	if fm, ok := s.listed(m); ok {
		return fm.from, fm.to
	}
	return int(m), -1
}

func (s *fixtureState) Board() games.Board {
	b := s.g.board
	b.Cells = append([]games.Cell(nil), b.Cells...)
	who := s.g.toMove
	for _, m := range s.played {
		fm, ok := s.listed(m)
		if !ok {
			b.Cells[m] = games.Cell{Owner: int8(who), Piece: "bw"[who]}
			who ^= 1
			continue
		}
		for i := range b.Cells {
			b.Cells[i].Mark = 0
		}
		b.Cells[fm.to], b.Cells[fm.from] = b.Cells[fm.from], games.Cell{Owner: -1}
		if fm.promote != 0 {
			b.Cells[fm.to].Piece = fm.promote
		}
		if fm.check != "" {
			b.Cells[sq(fm.check)].Mark |= games.Check
		}
		who ^= 1
	}
	return b
}

// startFixture opens the play screen on a fixture at a terminal size,
// humans on both seats, without autosaves.
func startFixture(t *testing.T, f *fixture, w, h int) (Model, *play) {
	t.Helper()
	m := send(t, New(nil), tea.WindowSizeMsg{Width: w, Height: h})
	human, err := parsePlayer(nil, "human", f)
	if err != nil {
		t.Fatal(err)
	}
	p := newPlay(f, f.NewState(), [2]player{human, human})
	p.autosaving = false
	m.stack = append(m.stack, p)
	m.current = p
	return m, p
}
