// Package domineering implements Domineering.
//
// Rules: an R x C board (default 5x5, sides 1 to 8), empty at the start. The
// first player, Vertical, places dominoes covering two vertically adjacent
// empty cells; the second, Horizontal, covers two horizontally adjacent empty
// cells. Players alternate; the player to move with no legal move loses. The
// misère variant swaps winner and loser.
//
// Board: cells as in package grid (a1 = 0 bottom-left). A move is the index of
// the domino's lower cell (Vertical) or left cell (Horizontal), written as the
// two cells it covers ("b2-b3" for Vertical, "b2-c2" for Horizontal); the
// anchor cell alone ("b2") is read too. Legal lists anchors in ascending order
// and Playout draws from that order (Legal()[r.Intn(n)]).
//
// Position text: ranks from the top separated by '/', 'v' for a cell under a
// vertical domino, 'h' under a horizontal one, digits for empty runs, then the
// side to move 'v' or 'h' ("5/5/1v3/1v3/5 h"). Cells marked 'v' must split
// into vertical dominoes (each run in a file has even length) and 'h' cells
// into horizontal ones.
package domineering

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
)

func init() {
	games.Register(games.Entry{
		Name: "domineering",
		Doc:  "Domineering: Vertical and Horizontal place dominoes; no legal move loses",
		Options: []games.Option{
			{Name: "size", Kind: games.Size, Default: "5x5", Min: 1, Max: 8, Doc: "rows x columns"},
			{Name: "misere", Kind: games.Bool, Default: "false", Doc: "swap winner and loser"},
			grid.OrderOption,
		},
		Build: func(o games.Options) (games.Game, error) {
			r, c := o.Size("size")
			return NewOrdered(r, c, o.Bool("misere"), o.String("order")), nil
		},
	})
}

// Game is Domineering on one board.
type Game struct {
	geo    grid.Geometry
	misere bool
	spec   string
	keys   grid.Keys
	step   [2]int // anchor to second cell: Cols for Vertical, 1 for Horizontal
	order  grid.Order
}

// New returns Domineering on a rows x cols board.
func New(rows, cols int, misere bool) *Game { return NewOrdered(rows, cols, misere, "native") }

// NewOrdered returns Domineering whose Legal lists moves in the order named
// by a grid.OrderOption value, by anchor cell (the lower or left cell).
func NewOrdered(rows, cols int, misere bool, order string) *Game {
	spec := games.Canonical("domineering", map[string]string{"size": fmt.Sprintf("%dx%d", rows, cols),
		"misere": strconv.FormatBool(misere), "order": order})
	g := &Game{geo: grid.New(rows, cols), misere: misere, spec: spec, step: [2]int{cols, 1}, order: grid.NewOrder(order, rows, cols)}
	g.keys = grid.NewKeys(0xd0d0)
	return g
}

// Name implements games.Game.
func (g *Game) Name() string { return "domineering" }

// Spec implements games.Game.
func (g *Game) Spec() string { return g.spec }

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"Vertical", "Horizontal"} }

// MaxMoves implements games.Game.
func (g *Game) MaxMoves() int { return max((g.geo.Rows-1)*g.geo.Cols, g.geo.Rows*(g.geo.Cols-1), 1) }

// MoveSpace implements games.Game.
func (g *Game) MoveSpace() int { return g.geo.Cells }

// MaxLength implements games.Game.
func (g *Game) MaxLength() int { return g.geo.Cells / 2 }

// NewState implements games.Game.
func (g *Game) NewState() games.State { return &State{g: g} }

// ParsePosition implements games.Game.
func (g *Game) ParsePosition(text string) (games.State, error) {
	cells, side, err := g.geo.ParsePosition(text, "vh", "vh")
	if err != nil {
		return nil, err
	}
	s := &State{g: g}
	s.Side = games.Player(side)
	for i, p := range cells {
		if p >= 0 {
			s.BB[p] |= 1 << uint(i)
		}
	}
	// Each maximal run of 'v' in a file, and of 'h' in a rank, must have
	// even length to split into dominoes.
	for f := range g.geo.Cols {
		run := 0
		for r := 0; r <= g.geo.Rows; r++ {
			if r < g.geo.Rows && s.BB[0]&(1<<uint(r*g.geo.Cols+f)) != 0 {
				run++
				continue
			}
			if run%2 == 1 {
				return nil, fmt.Errorf("position %q: the v cells of file %c do not split into vertical dominoes", text, 'a'+f)
			}
			run = 0
		}
	}
	for r := range g.geo.Rows {
		run := 0
		for f := 0; f <= g.geo.Cols; f++ {
			if f < g.geo.Cols && s.BB[1]&(1<<uint(r*g.geo.Cols+f)) != 0 {
				run++
				continue
			}
			if run%2 == 1 {
				return nil, fmt.Errorf("position %q: the h cells of rank %d do not split into horizontal dominoes", text, r+1)
			}
			run = 0
		}
	}
	s.ResetHash(&s.g.keys)
	return s, nil
}

// State is a Domineering position.
type State struct {
	g *Game
	// Pieces holds, in BB, the cells under each player's dominoes.
	grid.Pieces
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// anchors returns the cells where the side to move can anchor a domino.
func (s *State) anchors() uint64 {
	g := &s.g.geo
	empty := g.All &^ (s.BB[0] | s.BB[1])
	if s.Side == games.First {
		return empty & g.South(empty)
	}
	return empty & g.West(empty)
}

// Terminal implements games.State.
func (s *State) Terminal() bool { return s.anchors() == 0 }

// Outcome implements games.State: the player to move with no move loses.
func (s *State) Outcome() games.Outcome {
	if s.anchors() != 0 {
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

// EndReason implements games.Reasoner: the player to move has "no move".
func (s *State) EndReason() string {
	if s.anchors() != 0 {
		return ""
	}
	return "no move"
}

// Legal implements games.State.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	for a := s.anchors(); a != 0; a &= a - 1 {
		buf = append(buf, games.Move(bits.TrailingZeros64(a)))
	}
	if s.g.order.On() {
		grid.Sort(buf, func(m games.Move) int { return s.g.order.Rank(int(m)) })
	}
	return buf
}

// Play implements games.State.
func (s *State) Play(m games.Move) {
	p := s.Side
	a := int(m) & 63
	b := (a + s.g.step[p]) & 63
	s.BB[p] |= 1<<uint(a) | 1<<uint(b)
	s.XorHash(s.g.keys.Cell[p][a] ^ s.g.keys.Cell[p][b] ^ s.g.keys.Side)
	s.Side ^= 1
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
	for ; n < limit; n++ {
		a := s.anchors()
		if a == 0 {
			return n
		}
		m := games.Move(grid.Select(a, r.Intn(bits.OnesCount64(a))))
		if t != nil {
			t.Add(m, s.Side)
		}
		s.Play(m)
	}
	return n
}

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	return s.g.keys.Hash(s.BB, s.Side)
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) { *s = *src.(*State) }

// MoveCells implements games.State.
func (s *State) MoveCells(m games.Move) (from, to int) { return int(m), int(m) + s.g.step[s.Side] }

// MoveString implements games.State.
func (s *State) MoveString(m games.Move) string {
	a, b := s.MoveCells(m)
	return s.g.geo.CellName(a) + "-" + s.g.geo.CellName(b)
}

// ParseMove implements games.State.
func (s *State) ParseMove(text string) (games.Move, error) {
	first, second, two := strings.Cut(text, "-")
	a, err := s.g.geo.ParseCell(first)
	if err != nil {
		return games.NoMove, err
	}
	name := s.g.PlayerNames()[s.Side]
	if two {
		b, err := s.g.geo.ParseCell(second)
		if err != nil {
			return games.NoMove, err
		}
		if b < a {
			a, b = b, a
		}
		if b-a != s.g.step[s.Side] || (s.Side == games.Second && a/s.g.geo.Cols != b/s.g.geo.Cols) {
			return games.NoMove, fmt.Errorf("%s: %s places %s dominoes on two adjacent cells", text, name, strings.ToLower(name))
		}
	}
	if s.anchors()&(1<<uint(a)) == 0 {
		if s.Terminal() {
			return games.NoMove, fmt.Errorf("%s: the game is over", text)
		}
		return games.NoMove, fmt.Errorf("%s: a %s domino does not fit there", text, strings.ToLower(name))
	}
	return games.Move(a), nil
}

// String implements games.State.
func (s *State) String() string { return s.Text(&s.g.geo, "vh") }

// Board implements games.State. The two cells of each domino are joined
// (games.Join), so that a view draws dominoes side by side as separate
// pieces: a run of 'v' cells in a file splits into dominoes from its lower
// end, a run of 'h' cells in a rank from its left end (see the position
// text).
func (s *State) Board() games.Board {
	b := s.SquareBoard(&s.g.geo, "vh")
	for r := range b.Rows {
		for f := range b.Cols {
			i := r*b.Cols + f
			c := &b.Cells[i]
			if c.Piece == 'v' && c.Join == 0 && r+1 < b.Rows && b.Cells[i+b.Cols].Piece == 'v' {
				c.Join, b.Cells[i+b.Cols].Join = games.JoinUp, games.JoinDown
			}
			if c.Piece == 'h' && c.Join == 0 && f+1 < b.Cols && b.Cells[i+1].Piece == 'h' {
				c.Join, b.Cells[i+1].Join = games.JoinRight, games.JoinLeft
			}
		}
	}
	return b
}
