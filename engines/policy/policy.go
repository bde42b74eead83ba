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
// Epsilon-greedy (Lanctot et al. 2014, "ege"): at every step, with
// probability epsilon a uniformly random move; otherwise the move whose
// successor a heuristic values best for the mover, ties drawn uniformly. A
// heuristic that scores moves without playing them (knowledge.Scorer) is
// asked so; the choices are the same.
//
// Alpha-beta (kind "ab"; Winands and Björnsson 2011, the "alpha-beta-based
// play-outs" of MC-LOA): at every step, with probability epsilon a
// uniformly random move (DefaultABEpsilon, mcarena's choice); otherwise a
// depth-d negamax alpha-beta search (d = 1 to MaxABDepth, 2 in MC-LOA) with
// the heuristic at its leaves, and the move of the best value, ties drawn
// uniformly. A finished game in the search scores its outcome beyond any
// heuristic value (2 less a hundredth a ply for a win), so a win in reach
// is taken and a loss in reach avoided. Captures are searched first where
// the game has a "capture" classifier, for the cut-offs they bring. It is
// generic: any game with a heuristic; MC-LOA's own playouts search with
// MIA's evaluation, which mcarena replaces by LOA's mia-sub.
//
// Where several moves win, one is drawn uniformly. States visited count every
// position generated, the minimax's and epsilon-greedy's included.
//
// Game playouts are the game's own, from the knowledge registry (the
// informed Breakthrough playout "ipp" of Lanctot et al. 2014).
//
// Every policy but the uniform one and the games' own stops early once the search's stop
// signal is set (MR, epsilon-greedy, alpha-beta and nested playouts look at it at every
// step; a uniform playout is short and runs to its end), and records the moves it plays
// into a Trace when asked (for AMAF and for policies that learn from
// playouts). A recorded uniform playout is the game's own RecordPlayout: the
// same game, draw for draw, as the unrecorded one.
package policy

import (
	"fmt"
	"math"

	"mcarena/engines"
	"mcarena/engines/nmcs"
	"mcarena/games"
	"mcarena/games/knowledge"
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
	EGreedy  Kind = "egreedy"
	// AB is the alpha-beta playout: a Depth-ply search by the heuristic at
	// every step, a random move with probability Epsilon.
	AB Kind = "ab"
	// Game is a playout the game provides (package knowledge), named by
	// Config.Name: the informed Breakthrough playout "ipp", for one.
	Game Kind = "game"
)

// Kinds lists the policies, for options and messages.
var Kinds = []string{string(Random), string(Decisive), string(MR), string(Nested), string(EGreedy), string(AB), string(Game)}

// Config selects a policy and its parameters.
type Config struct {
	Kind Kind
	// Depth is MR's minimax depth (1 to 3) and AB's search depth (1 to
	// MaxABDepth).
	Depth int
	// Nested is the NMC configuration of Nested playouts; its Level is the
	// nesting n of each playout, NMC(n).
	Nested nmcs.Config
	// Epsilon is EGreedy's and AB's probability of a random move, and
	// Heuristic the name of the game's heuristic (package knowledge) they
	// follow.
	Epsilon   float64
	Heuristic string
	// Name is the game's playout that Game runs (knowledge.NewPlayout).
	Name string
}

// Policy plays positions to the end. It keeps buffers, so each goroutine
// needs its own.
type Policy interface {
	// Run plays s until the game ends or limit moves are played (a
	// nested playout always plays to the end: see Limited), drawing from
	// r, and returns the moves played on s and the states visited. Once
	// stop is set it may return early with s unfinished: the caller checks
	// stop. With a trace, it appends each move played on s and its mover.
	Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (moves int, states int64)
}

// Trace is the record of a playout (package games).
type Trace = games.Trace

// Learner is a policy that learns from finished playouts (Last-Good-Reply,
// N-grams): the search shows it each playout's trace, the tree's moves
// first, and the outcome.
type Learner interface {
	Observe(t *Trace, outcome games.Outcome)
}

// Limited reports whether the policy can stop after a number of plies
// (every policy but nested playouts, which play to the end).
func Limited(k Kind) bool { return k != Nested }

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
		return &nested{sv: nmcs.NewSearcher(cfg.Nested, s), replay: s.Clone()}, nil
	case EGreedy:
		if cfg.Epsilon < 0 || cfg.Epsilon > 1 {
			return nil, fmt.Errorf("epsilon %g: want 0..1", cfg.Epsilon)
		}
		h, err := knowledge.NewHeuristic(s.Game(), cfg.Heuristic)
		if err != nil {
			return nil, err
		}
		sc, _ := h.(knowledge.Scorer)
		return &egreedy{eps: cfg.Epsilon, h: h, sc: sc, child: s.Clone(), buf: make([]games.Move, 0, s.Game().MaxMoves()),
			best: make([]games.Move, 0, s.Game().MaxMoves())}, nil
	case AB:
		return newAlphaBeta(cfg, s)
	case Game:
		p, err := knowledge.NewPlayout(s.Game(), cfg.Name)
		if err != nil {
			return nil, err
		}
		return known{p}, nil
	}
	return nil, fmt.Errorf("unknown playout policy %q: valid ones are %v", cfg.Kind, Kinds)
}

// random is the uniform policy: the game's own playout, recorded on the
// game's own fast path when a trace is asked for.
type random struct{}

func (random) Run(s games.State, r *rng.Rand, limit int, _ *engines.Stop, trace *Trace) (int, int64) {
	var n int
	if trace == nil {
		n = s.Playout(r, limit)
	} else {
		n = s.RecordPlayout(r, limit, trace)
	}
	return n, int64(n)
}

// nested runs an NMC(n) playout; see package nmcs.
type nested struct {
	sv     *nmcs.Searcher
	replay games.State // replays a recorded playout for its movers
}

func (p *nested) Run(s games.State, r *rng.Rand, _ int, stop *engines.Stop, trace *Trace) (int, int64) {
	before := p.sv.States
	p.sv.Limit(stop, 0)
	if trace != nil && p.sv.Sequence() == nil {
		// Level 0 is a uniform playout, which records in the loop of the
		// uniform policy.
		return random{}.Run(s, r, games.NoLimit, stop, trace)
	}
	if trace != nil {
		p.replay.CopyFrom(s)
	}
	_, length, _ := p.sv.Playout(s, r.Uint64())
	if trace != nil {
		for _, m := range p.sv.Sequence() {
			trace.Add(m, p.replay.ToMove())
			p.replay.Play(m)
		}
	}
	return length, p.sv.States - before
}

// known is a playout the game provides. Such playouts are a game's fast
// loops and, like the uniform one, run to their end (or limit) without
// looking at the stop signal; every move is one state.
type known struct{ p knowledge.Playout }

func (k known) Run(s games.State, r *rng.Rand, limit int, _ *engines.Stop, trace *Trace) (int, int64) {
	n := k.p.Run(s, r, limit, trace)
	return n, int64(n)
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

func (p *shallow) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	p.count = 0
	n := 0
	for n < limit && !stop.Stopped() {
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
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		p.count++
		n++
	}
	return n, p.count
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

// egreedy is the epsilon-greedy policy.
type egreedy struct {
	eps   float64
	h     knowledge.Heuristic
	sc    knowledge.Scorer // h's own scores of moves, when it has them
	child games.State
	buf   []games.Move
	best  []games.Move
}

func (p *egreedy) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	var states int64
	n := 0
	for n < limit && !stop.Stopped() {
		moves := s.Legal(p.buf)
		if len(moves) == 0 {
			break
		}
		mover := s.ToMove()
		var m games.Move
		if r.Float64() < p.eps {
			m = moves[r.Intn(len(moves))]
		} else {
			bestValue := math.Inf(-1)
			p.best = p.best[:0]
			for _, c := range moves {
				states++
				var v float64
				if p.sc != nil {
					v = p.sc.ScoreAfter(s, c)
				} else {
					p.child.CopyFrom(s)
					p.child.Play(c)
					v = p.h.Value(p.child)
				}
				if mover == games.Second {
					v = -v
				}
				switch {
				case v > bestValue:
					bestValue, p.best = v, append(p.best[:0], c)
				case v == bestValue:
					p.best = append(p.best, c)
				}
			}
			m = p.best[r.Intn(len(p.best))]
		}
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		states++
		n++
	}
	return n, states
}
