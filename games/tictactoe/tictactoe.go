// Package tictactoe implements TicTacToe (noughts and crosses).
//
// Rules: X moves first; players alternate placing their mark on an empty cell;
// three in a row, column or diagonal wins; a full board without a line is a
// draw, scored 0.
//
// Board and moves: cells are a1..c3 as in package grid (a1 = 0 bottom-left, c3 =
// 8 top-right); a move is the cell index, written as its name ("b2").
//
// Position text: ranks 3 to 1 separated by '/', 'x', 'o' or a digit for a run of
// empty cells, then the side to move: "1x1/1o1/xo1 x". A position with a line,
// or with counts that no game reaches (X has as many marks as O or one more),
// is refused.
package tictactoe

import (
	"fmt"
	"math/bits"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
)

func init() {
	games.Register(games.Entry{
		Name:  "tictactoe",
		Doc:   "TicTacToe on 3x3: X first, three in a row wins, a full board draws",
		Build: func(games.Options) (games.Game, error) { return theGame, nil },
	})
}

// Game is TicTacToe; it has no options.
type Game struct {
	geo  grid.Geometry
	keys [2 * 9]uint64
	side uint64
}

var theGame = newGame()

func newGame() *Game {
	g := &Game{geo: grid.New(3, 3)}
	k := games.ZobristKeys(19, 0x7ac7ac70e)
	copy(g.keys[:], k)
	g.side = k[18]
	return g
}

// New returns the TicTacToe game.
func New() *Game { return theGame }

// lines are the eight winning lines as cell masks.
var lines = [8]uint16{
	0007, 0070, 0700, // ranks
	0111, 0222, 0444, // files
	0421, 0124, // diagonals
}

const full = 0777

// Name implements games.Game.
func (g *Game) Name() string { return "tictactoe" }

// Spec implements games.Game.
func (g *Game) Spec() string { return "tictactoe" }

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"X", "O"} }

// MaxMoves implements games.Game.
func (g *Game) MaxMoves() int { return 9 }

// MoveSpace implements games.Game.
func (g *Game) MoveSpace() int { return 9 }

// MaxLength implements games.Game.
func (g *Game) MaxLength() int { return 9 }

// NewState implements games.Game.
func (g *Game) NewState() games.State { return &State{g: g} }

// ParsePosition implements games.Game.
func (g *Game) ParsePosition(text string) (games.State, error) {
	cells, side, err := g.geo.ParsePosition(text, "xo", "xo")
	if err != nil {
		return nil, err
	}
	s := &State{g: g, side: games.Player(side)}
	for i, p := range cells {
		if p >= 0 {
			s.marks[p] |= 1 << uint(i)
		}
	}
	nx, no := bits.OnesCount16(s.marks[0]), bits.OnesCount16(s.marks[1])
	wantSide := games.First
	if nx == no+1 {
		wantSide = games.Second
	} else if nx != no {
		return nil, fmt.Errorf("position %q: %d x and %d o cannot happen (x moves first)", text, nx, no)
	}
	if s.side != wantSide {
		return nil, fmt.Errorf("position %q: with %d x and %d o it is %c's turn", text, nx, no, "xo"[wantSide])
	}
	if hasLine(s.marks[0]) && hasLine(s.marks[1]) {
		return nil, fmt.Errorf("position %q: both sides have a line", text)
	}
	if hasLine(s.marks[wantSide]) {
		return nil, fmt.Errorf("position %q: %c has a line but it is its turn", text, "xo"[wantSide])
	}
	s.hash = s.RecomputeHash()
	return s, nil
}

// State is a TicTacToe position.
type State struct {
	g     *Game
	marks [2]uint16
	side  games.Player
	hash  uint64
}

func hasLine(m uint16) bool {
	for _, l := range lines {
		if m&l == l {
			return true
		}
	}
	return false
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// ToMove implements games.State.
func (s *State) ToMove() games.Player { return s.side }

// Terminal implements games.State.
func (s *State) Terminal() bool {
	return s.marks[0]|s.marks[1] == full || hasLine(s.marks[s.side^1])
}

// Outcome implements games.State.
func (s *State) Outcome() games.Outcome {
	if hasLine(s.marks[s.side^1]) {
		return games.WinFor(s.side.Other())
	}
	return games.Draw
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: "three in a row" or "full board".
func (s *State) EndReason() string {
	switch {
	case hasLine(s.marks[s.side^1]):
		return "three in a row"
	case s.marks[0]|s.marks[1] == full:
		return "full board"
	}
	return ""
}

// Legal implements games.State: empty cells in ascending order.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.Terminal() {
		return buf
	}
	for e := uint16(full) &^ (s.marks[0] | s.marks[1]); e != 0; e &= e - 1 {
		buf = append(buf, games.Move(bits.TrailingZeros16(e)))
	}
	return buf
}

// Play implements games.State.
func (s *State) Play(m games.Move) {
	s.marks[s.side] |= 1 << uint(m)
	s.hash ^= s.g.keys[int(s.side)*9+int(m)] ^ s.g.side
	s.side ^= 1
}

// Playout implements games.State by the reference rule.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording into t.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	n := 0
	for n < limit && !s.Terminal() {
		e := uint64(full &^ (s.marks[0] | s.marks[1]))
		m := games.Move(grid.Select(e, r.Intn(bits.OnesCount64(e))))
		if t != nil {
			t.Add(m, s.side)
		}
		s.Play(m)
		n++
	}
	return n
}

// Hash implements games.State.
func (s *State) Hash() uint64 { return s.hash }

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	var h uint64
	for p := range 2 {
		for m := s.marks[p]; m != 0; m &= m - 1 {
			h ^= s.g.keys[p*9+bits.TrailingZeros16(m)]
		}
	}
	if s.side == games.Second {
		h ^= s.g.side
	}
	return h
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) { *s = *src.(*State) }

// MoveString implements games.State.
func (s *State) MoveString(m games.Move) string { return s.g.geo.CellName(int(m)) }

// ParseMove implements games.State.
func (s *State) ParseMove(text string) (games.Move, error) {
	c, err := s.g.geo.ParseCell(text)
	if err != nil {
		return games.NoMove, err
	}
	if s.Terminal() {
		return games.NoMove, fmt.Errorf("%s: the game is over", text)
	}
	if (s.marks[0]|s.marks[1])&(1<<uint(c)) != 0 {
		return games.NoMove, fmt.Errorf("%s: the cell is taken", text)
	}
	return games.Move(c), nil
}

// MoveCells implements games.State.
func (s *State) MoveCells(m games.Move) (from, to int) { return int(m), -1 }

func (s *State) piece(i int) byte {
	switch {
	case s.marks[0]&(1<<uint(i)) != 0:
		return 'x'
	case s.marks[1]&(1<<uint(i)) != 0:
		return 'o'
	}
	return 0
}

// String implements games.State.
func (s *State) String() string { return s.g.geo.FormatPosition(s.piece, "xo"[s.side]) }

// Board implements games.State.
func (s *State) Board() games.Board { return games.SquareBoard(3, 3, s.piece, "xo") }
