// Package atarigo implements AtariGo (first-capture Go).
//
// Rules: an N x N board (default 5x5, sizes 2 to 8), empty at the start or, with
// the crosscut option, with the central crosscut; Black moves first; players
// alternate placing a stone on an empty point. The first player to capture (to
// leave an enemy group without liberties) wins at once. A suicide is a move
// that leaves the mover's own group without liberties; the suicide option
// says what it does:
//
//   - suicide=illegal (the default): a suicide is illegal unless the move
//     captures. The player to move with no legal move loses.
//   - suicide=loses (the rule of the public General Game Playing sheets, as
//     this option models it): every empty point is a legal move. A move that captures wins at once, even
//     if it leaves the mover's own group without liberties too (a suicide
//     that captures counts as a capture). A suicide that captures nothing
//     loses at once for the player who made it. A player to move always has
//     a move: the move that fills the board's last empty point leaves a group
//     without liberties, so it captures or is suicide, and the game ends.
//
// Crosscut: two black and two white stones on the diagonals of the central 2x2
// square, whose lower-left cell is (k, k) with k = (N-1)/2 rounded down: Black
// on (k, k) and (k+1, k+1), White on (k, k+1) and (k+1, k). On 5x5 that is
// Black c3 and d4, White d3 and c4; on an even board the exact centre.
//
// Board, moves, notation and position text are those of package stone. A
// captured group stays on the board (the game is over), so a position records
// its result: the side to move has a group without liberties exactly when the
// game ended by capture, and the side not to move won. When only the side not
// to move has such a group, that side made a suicide: under suicide=loses the
// game ended and the side to move won; under suicide=illegal such a position
// is refused.
//
// Playout draws each move uniformly over legal moves: with
// stone.Position.SampleLegal under suicide=illegal, and as
// grid.Select(empty, r.Intn(number of empty points)) under suicide=loses,
// where every empty point is legal (the draws stonetest.ReferencePlayout
// makes when its first candidate is always legal).
package atarigo

import (
	"fmt"
	"math/bits"
	"strconv"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
	"mcarena/games/stone"
)

func init() {
	games.Register(games.Entry{
		Name: "atarigo",
		Doc:  "AtariGo: the first capture wins; suicide is illegal unless it captures (or, with suicide=loses, loses)",
		Options: []games.Option{
			{Name: "size", Kind: games.Int, Default: "5", Min: 2, Max: 8, Doc: "board side N (N x N)"},
			{Name: "crosscut", Kind: games.Bool, Default: "false", Doc: "start from the central crosscut"},
			{Name: "suicide", Kind: games.Choice, Default: "illegal", Choices: []string{"illegal", "loses"},
				Doc: "a suicide that captures nothing is illegal, or legal and loses at once (GGP sheets); a capture always wins"},
			grid.OrderOption,
		},
		Build: func(o games.Options) (games.Game, error) {
			return NewVariant(Variant{Size: o.Int("size"), Crosscut: o.Bool("crosscut"),
				SuicideLoses: o.String("suicide") == "loses", Order: o.String("order")}), nil
		},
	})
}

// Variant is an AtariGo board, start, suicide rule and order of Legal.
type Variant struct {
	Size     int
	Crosscut bool
	// SuicideLoses makes every empty point legal and a suicide that captures
	// nothing lose (suicide=loses).
	SuicideLoses bool
	// Order is the grid.OrderOption value ("" is native).
	Order string
}

// Game is AtariGo on one board size and start.
type Game struct {
	stone.Meta
	crosscut     bool
	suicideLoses bool
}

// New returns AtariGo on an n x n board.
func New(n int, crosscut bool) *Game { return NewOrdered(n, crosscut, "native") }

// NewOrdered returns the game whose Legal lists moves in the order named by a
// grid.OrderOption value.
func NewOrdered(n int, crosscut bool, order string) *Game {
	return NewVariant(Variant{Size: n, Crosscut: crosscut, Order: order})
}

// NewVariant returns AtariGo with every option.
func NewVariant(v Variant) *Game {
	suicide := "illegal"
	if v.SuicideLoses {
		suicide = "loses"
	}
	values := map[string]string{"crosscut": strconv.FormatBool(v.Crosscut), "suicide": suicide}
	return &Game{Meta: stone.NewMeta("atarigo", v.Size, v.Order, values), crosscut: v.Crosscut, suicideLoses: v.SuicideLoses}
}

// NewState implements games.Game.
func (g *Game) NewState() games.State {
	s := &State{g: g}
	s.B = g.Board
	if g.crosscut {
		n := g.Board.Geo.Cols
		k := (n - 1) / 2
		at := func(r, c int) uint64 { return 1 << uint(r*n+c) }
		s.BB[stone.Black] = at(k, k) | at(k+1, k+1)
		s.BB[stone.White] = at(k, k+1) | at(k+1, k)
	}
	s.ResetHash()
	return s
}

// ParsePosition implements games.Game.
func (g *Game) ParsePosition(text string) (games.State, error) {
	p, err := stone.ParsePosition(g.Board, text)
	if err != nil {
		return nil, err
	}
	s := &State{Position: p, g: g}
	s.captured = p.DeadGroup(p.Side)
	if !s.captured && p.DeadGroup(p.Side^1) {
		if !g.suicideLoses {
			return nil, fmt.Errorf("position %q: %s has a group without liberties, which only a capture by %s can leave", text, g.PlayerNames()[p.Side^1], g.PlayerNames()[p.Side])
		}
		s.suicide = true
	}
	return s, nil
}

// State is an AtariGo position.
type State struct {
	stone.Position
	g *Game
	// captured is set when the last move captured: the game is over.
	captured bool
	// suicide is set when the last move was a suicide that captured
	// nothing (suicide=loses only): the game is over.
	suicide bool
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// over reports whether the last move ended the game.
func (s *State) over() bool { return s.captured || s.suicide }

func (s *State) legal(c int) bool {
	return s.g.suicideLoses || s.Position.Legal(c, stone.NoSuicide)
}

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
func (s *State) Terminal() bool { return s.over() || !s.hasLegal() }

// Outcome implements games.State: after a suicide the side to move has won;
// whether by capture or by lack of moves, it has lost.
func (s *State) Outcome() games.Outcome {
	if !s.Terminal() {
		return games.Draw
	}
	if s.suicide {
		return games.WinFor(s.Side)
	}
	return games.WinFor(s.Side ^ 1)
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: "capture", "suicide" or "no move".
func (s *State) EndReason() string {
	switch {
	case s.captured:
		return "capture"
	case s.suicide:
		return "suicide"
	case !s.hasLegal():
		return "no move"
	}
	return ""
}

// Legal implements games.State: legal cells in ascending order.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.over() {
		return buf
	}
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
func (s *State) Play(m games.Move) {
	s.captured = s.Captures(int(m))
	if s.g.suicideLoses && !s.captured {
		s.suicide = s.Suicide(int(m))
	}
	s.Place(int(m))
}

// Playout implements games.State with stone.Position.SampleLegal.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording into t.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	if s.g.suicideLoses {
		return s.playoutAny(r, limit, t)
	}
	n := 0
	for n < limit && !s.captured {
		c := s.SampleLegal(r, stone.NoSuicide)
		if c < 0 {
			break
		}
		if t != nil {
			t.Add(games.Move(c), s.Side)
		}
		s.Play(games.Move(c))
		n++
	}
	return n
}

// playoutAny is playout under suicide=loses, where every empty point is
// legal: the move is the r.Intn(count)-th empty point.
func (s *State) playoutAny(r *rng.Rand, limit int, t *games.Trace) int {
	n := 0
	for n < limit && !s.over() {
		e := s.Empty()
		if e == 0 {
			break
		}
		c := grid.Select(e, r.Intn(bits.OnesCount64(e)))
		if t != nil {
			t.Add(games.Move(c), s.Side)
		}
		s.Play(games.Move(c))
		n++
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
	if s.over() {
		return games.NoMove, fmt.Errorf("%s: the game is over", text)
	}
	if !s.legal(c) {
		return games.NoMove, fmt.Errorf("%s: suicide, which AtariGo forbids unless it captures", text)
	}
	return games.Move(c), nil
}
