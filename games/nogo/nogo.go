// Package nogo implements NoGo, the capture-free opposite of Go.
//
// Rules: an N x N board (default 5x5, sizes 2 to 8), empty at the start; Black
// moves first; players alternate placing a stone of their colour on an empty
// point. A move that captures (leaves an enemy group without liberties) or is
// suicide (leaves its own group without liberties) is illegal; the player to
// move with no legal move loses. The misère variant swaps winner and loser.
//
// Board, moves, notation and position text are those of package stone: a move
// is a cell index written as its name ("c3"). Positions with a group that has
// no liberty are refused: no legal sequence reaches them.
//
// Playout draws each move with stone.Position.SampleLegal (uniform over legal
// moves, but not Legal()[r.Intn(n)]): it tries untried empty cells in a random
// order until one is legal, so it rarely tests every cell.
package nogo

import (
	"fmt"
	"strconv"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
	"mcarena/games/stone"
)

func init() {
	games.Register(games.Entry{
		Name: "nogo",
		Doc:  "NoGo: place stones; capturing and suicide are illegal; no legal move loses",
		Options: []games.Option{
			{Name: "size", Kind: games.Int, Default: "5", Min: 2, Max: 8, Doc: "board side N (N x N)"},
			{Name: "misere", Kind: games.Bool, Default: "false", Doc: "swap winner and loser"},
			grid.OrderOption,
		},
		Build: func(o games.Options) (games.Game, error) {
			return NewOrdered(o.Int("size"), o.Bool("misere"), o.String("order")), nil
		},
	})
}

// Game is NoGo on one board size.
type Game struct {
	stone.Meta
	misere bool
}

// New returns NoGo on an n x n board.
func New(n int, misere bool) *Game { return NewOrdered(n, misere, "native") }

// NewOrdered returns the game whose Legal lists moves in the order named by a
// grid.OrderOption value.
func NewOrdered(n int, misere bool, order string) *Game {
	return &Game{Meta: stone.NewMeta("nogo", n, order, map[string]string{"misere": strconv.FormatBool(misere)}), misere: misere}
}

// NewState implements games.Game.
func (g *Game) NewState() games.State {
	s := &State{g: g}
	s.B = g.Board
	s.ResetHash()
	return s
}

// ParsePosition implements games.Game.
func (g *Game) ParsePosition(text string) (games.State, error) {
	p, err := stone.ParsePosition(g.Board, text)
	if err != nil {
		return nil, err
	}
	if p.DeadGroup(stone.Black) || p.DeadGroup(stone.White) {
		return nil, fmt.Errorf("position %q: a group has no liberty, which NoGo never allows", text)
	}
	return &State{Position: p, g: g}, nil
}

// State is a NoGo position.
type State struct {
	stone.Position
	g *Game
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

func (s *State) legal(c int) bool { return s.Position.Legal(c, stone.NoCapture) }

// hasLegal reports whether the side to move has a legal move.
func (s *State) hasLegal() bool {
	if s.KnownNoMoves() {
		return false
	}
	for e := s.Empty(); e != 0; e &= e - 1 {
		if s.legal(stone.Trailing(e)) {
			return true
		}
	}
	return false
}

// Terminal implements games.State.
func (s *State) Terminal() bool { return !s.hasLegal() }

// Outcome implements games.State: the player to move with no legal move loses.
func (s *State) Outcome() games.Outcome {
	if s.hasLegal() {
		return games.Draw
	}
	o := games.WinFor(s.Side ^ 1)
	if s.g.misere {
		o = -o
	}
	return o
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: the player to move has "no move"
// (every empty point would capture or be suicide).
func (s *State) EndReason() string {
	if s.hasLegal() {
		return ""
	}
	return "no move"
}

// Legal implements games.State: legal cells in ascending order.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	for e := s.Empty(); e != 0; e &= e - 1 {
		if c := stone.Trailing(e); s.legal(c) {
			buf = append(buf, games.Move(c))
		}
	}
	if len(buf) == 0 {
		s.MarkNoMoves()
	}
	s.g.SortLegal(buf)
	return buf
}

// Play implements games.State.
func (s *State) Play(m games.Move) { s.Place(int(m)) }

// Playout implements games.State with stone.Position.SampleLegal.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording into t.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	n := 0
	for ; n < limit; n++ {
		c := s.SampleLegal(r, stone.NoCapture)
		if c < 0 {
			return n
		}
		if t != nil {
			t.Add(games.Move(c), s.Side)
		}
		s.Place(c)
	}
	return n
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) { *s = *src.(*State) }

// ParseMove implements games.State.
func (s *State) ParseMove(text string) (games.Move, error) {
	c, err := s.ParseCell(text)
	if err != nil {
		return games.NoMove, err
	}
	switch {
	case s.Captures(c):
		return games.NoMove, fmt.Errorf("%s: captures, which NoGo forbids", text)
	case s.Suicide(c):
		return games.NoMove, fmt.Errorf("%s: suicide, which NoGo forbids", text)
	}
	return games.Move(c), nil
}
