// Package policy holds the playout policies that MCTS engines run from their
// leaves: uniform random moves, decisive and anti-decisive moves, shallow
// minimax at every step (MCTS-MR), and nested Monte Carlo playouts.
//
// MR(k) (Baier and Winands 2013, as LITERATURE.md states it): at every step,
// a depth-k minimax on terminal values for the player to move; if it finds a
// forced win, a winning move is played; otherwise a uniformly random move
// among those not proven to lose within depth k, or any move if all lose.
// With k = 1 that is "play a move that wins at once, never one that loses at
// once"; k = 2 also avoids moves after which the opponent wins at once, and
// plays moves that leave the opponent only losing replies.
//
// Decisive (Teytaud and Teytaud 2010): play a move that wins at once if
// there is one; otherwise a random move among those after which the opponent
// cannot win at once (anti-decisive), or any move if there is none. It is
// MR(2) without the search for wins in two.
//
// Where several moves win, one is drawn uniformly. States visited count every
// position generated, the minimax's included.
package policy

import (
	"fmt"

	"mcarena/engines/nmcs"
	"mcarena/games"
	"mcarena/games/rng"
)

// Kind names a playout policy.
type Kind string

// The playout policies.
const (
	Random   Kind = "random"
	Decisive Kind = "decisive"
	MR       Kind = "mr"
	Nested   Kind = "nested"
)

// Kinds lists the policies, for options and messages.
var Kinds = []string{string(Random), string(Decisive), string(MR), string(Nested)}

// Config selects a policy and its parameters.
type Config struct {
	Kind Kind
	// Depth is MR's minimax depth (1 or 2).
	Depth int
	// Nested is the NMC configuration of Nested playouts; its Level is the
	// nesting n of each playout, NMC(n).
	Nested nmcs.Config
}

// Policy plays positions to the end. It keeps buffers, so each goroutine
// needs its own.
type Policy interface {
	// Run plays s to the end, drawing from r, and returns the moves played
	// on s and the states visited.
	Run(s games.State, r *rng.Rand) (moves int, states int64)
}

// New returns the policy cfg describes for positions like s.
func New(cfg Config, s games.State) (Policy, error) {
	switch cfg.Kind {
	case Random, "":
		return random{}, nil
	case Decisive:
		return newShallow(s, 2, false), nil
	case MR:
		if cfg.Depth < 1 || cfg.Depth > 3 {
			return nil, fmt.Errorf("MR depth %d: want 1..3", cfg.Depth)
		}
		return newShallow(s, cfg.Depth, true), nil
	case Nested:
		return &nested{sv: nmcs.NewSearcher(cfg.Nested, s)}, nil
	}
	return nil, fmt.Errorf("unknown playout policy %q: valid ones are %v", cfg.Kind, Kinds)
}

type random struct{}

func (random) Run(s games.State, r *rng.Rand) (int, int64) {
	n := s.Playout(r, games.NoLimit)
	return n, int64(n)
}

type nested struct{ sv *nmcs.Searcher }

func (p *nested) Run(s games.State, r *rng.Rand) (int, int64) {
	before := p.sv.States
	_, length, _ := p.sv.Playout(s, r.Uint64())
	return length, p.sv.States - before
}

// shallow is MR(k) or, with wins2 off and k = 2, Decisive.
type shallow struct {
	k      int
	wins2  bool // play forced wins found deeper than one ply
	states []games.State
	moves  [][]games.Move
	wins   []games.Move
	safe   []games.Move
	count  int64
}

func newShallow(s games.State, k int, wins2 bool) *shallow {
	p := &shallow{k: k, wins2: wins2, states: make([]games.State, k+1), moves: make([][]games.Move, k+1)}
	for i := range p.states {
		p.states[i] = s.Clone()
		p.moves[i] = make([]games.Move, 0, s.Game().MaxMoves())
	}
	max := s.Game().MaxMoves()
	p.wins, p.safe = make([]games.Move, 0, max), make([]games.Move, 0, max)
	return p
}

func (p *shallow) Run(s games.State, r *rng.Rand) (int, int64) {
	p.count = 0
	n := 0
	for {
		moves := s.Legal(p.moves[p.k])
		if len(moves) == 0 {
			return n, p.count
		}
		mover := s.ToMove()
		p.wins, p.safe = p.wins[:0], p.safe[:0]
		child := p.states[p.k]
		for _, m := range moves {
			child.CopyFrom(s)
			child.Play(m)
			p.count++
			v := p.value(child, p.k-1, mover)
			switch {
			case v == 1 && (p.wins2 || child.Terminal()):
				p.wins = append(p.wins, m)
			case v != -1:
				p.safe = append(p.safe, m)
			}
		}
		var m games.Move
		switch {
		case len(p.wins) > 0:
			m = p.wins[r.Intn(len(p.wins))]
		case len(p.safe) > 0:
			m = p.safe[r.Intn(len(p.safe))]
		default:
			m = moves[r.Intn(len(moves))]
		}
		s.Play(m)
		p.count++
		n++
	}
}

// value is a depth-limited minimax of s on terminal values, for player p:
// 1 forced win, -1 forced loss within depth plies, 0 otherwise.
func (p *shallow) value(s games.State, depth int, pl games.Player) int {
	if s.Terminal() {
		return s.Outcome().Value(pl)
	}
	if depth == 0 {
		return 0
	}
	maximise := s.ToMove() == pl
	best := 1
	if maximise {
		best = -1
	}
	child := p.states[depth-1]
	for _, m := range s.Legal(p.moves[depth-1]) {
		child.CopyFrom(s)
		child.Play(m)
		p.count++
		v := p.value(child, depth-1, pl)
		if maximise && v > best {
			best = v
		} else if !maximise && v < best {
			best = v
		}
		if (maximise && best == 1) || (!maximise && best == -1) {
			break
		}
	}
	return best
}
