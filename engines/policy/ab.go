package policy

import (
	"fmt"
	"math"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// DefaultABEpsilon is the default probability of a random move of the ab
// policy: mcarena's choice, since Winands and Björnsson (2011) add variety
// to their alpha-beta playouts in ways the implicit-minimax paper does not
// state; a little randomness keeps playouts from the same leaf apart.
const DefaultABEpsilon = 0.05

// MaxABDepth is the deepest search the ab policy runs at a step.
const MaxABDepth = 4

// newAlphaBeta builds the ab policy for positions like s.
func newAlphaBeta(cfg Config, s games.State) (Policy, error) {
	if cfg.Depth < 1 || cfg.Depth > MaxABDepth {
		return nil, fmt.Errorf("ab depth %d: want 1..%d", cfg.Depth, MaxABDepth)
	}
	if cfg.Epsilon < 0 || cfg.Epsilon > 1 {
		return nil, fmt.Errorf("epsilon %g: want 0..1", cfg.Epsilon)
	}
	g := s.Game()
	h, err := knowledge.NewHeuristic(g, cfg.Heuristic)
	if err != nil {
		return nil, err
	}
	p := &alphaBeta{depth: cfg.Depth, eps: cfg.Epsilon, h: h, best: make([]games.Move, 0, g.MaxMoves()), bestAt: make([]int, 0, g.MaxMoves())}
	if c, err := knowledge.NewClassifier(g, "capture"); err == nil {
		p.capture = c
		p.partition, _ = c.(knowledge.Partitioner)
	}
	p.states, p.moves = make([]games.State, cfg.Depth), make([][]games.Move, cfg.Depth)
	p.killers = make([]games.Move, cfg.Depth)
	for i := range p.states {
		p.states[i] = s.Clone()
		p.moves[i] = make([]games.Move, 0, g.MaxMoves())
	}
	return p, nil
}

// alphaBeta is the ab policy: a shallow alpha-beta search at every step.
// states[i] is the scratch position of the children of a node i plies
// below the step's position, moves[i] that node's move list.
type alphaBeta struct {
	depth   int
	eps     float64
	h       knowledge.Heuristic
	capture knowledge.Classifier // nil when the game has no capture classifier
	// partition is capture when it partitions moves itself, else nil.
	partition knowledge.Partitioner
	states    []games.State
	moves     [][]games.Move
	best      []games.Move
	bestAt    []int // best's places in the step's order without the killer moved
	// killers[i] is the last move that cut off a search i plies below a
	// step's position, in this step or an earlier one, tried first where
	// it is legal (before the first cut-off: move 0, tried first where
	// legal, which is as harmless).
	killers []games.Move
	count   int64
}

// Run implements Policy.
func (p *alphaBeta) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	p.count = 0
	n := 0
	for n < limit && !stop.Stopped() {
		moves := s.Legal(p.moves[0])
		if len(moves) == 0 {
			break
		}
		mover := s.ToMove()
		var m games.Move
		if p.eps > 0 && r.Float64() < p.eps {
			m = moves[r.Intn(len(moves))]
		} else {
			m = p.choose(s, moves, r)
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

// choose returns a move of s whose depth-limited value is best for the
// player to move, drawn uniformly among the ties. Each root move is
// searched with a window just below the best value so far, so a tie is
// valued exactly while a worse move is cut off as soon as it is known to
// be worse.
func (p *alphaBeta) choose(s games.State, moves []games.Move, r *rng.Rand) games.Move {
	p.order(s, moves)
	// The last move that cut off a reply is most often the opponent's
	// threat, and so a good move for the player now to move: searched
	// first, it sets a high bar for the others. The draw among ties below
	// is made in the order without it: bestAt keeps each tied move's
	// place in that order.
	at := p.killerFirst(moves, 1)
	mover := s.ToMove()
	child := p.states[0]
	best := math.Inf(-1)
	p.best, p.bestAt = p.best[:0], p.bestAt[:0]
	for i, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		p.count++
		v := p.childValue(child, mover, 1, math.Nextafter(best, math.Inf(-1)), math.Inf(1))
		place := i
		switch {
		case at <= 0:
		case i == 0:
			place = at
		case i <= at:
			place = i - 1
		}
		switch {
		case v > best:
			best, p.best, p.bestAt = v, append(p.best[:0], m), append(p.bestAt[:0], place)
		case v == best:
			p.best, p.bestAt = append(p.best, m), append(p.bestAt, place)
		}
	}
	// Only the moved move can be out of place.
	for i := 1; i < len(p.best) && p.bestAt[i] < p.bestAt[i-1]; i++ {
		p.best[i], p.best[i-1] = p.best[i-1], p.best[i]
		p.bestAt[i], p.bestAt[i-1] = p.bestAt[i-1], p.bestAt[i]
	}
	return p.best[r.Intn(len(p.best))]
}

// childValue is the value for mover of c, a child ply plies below the
// step's position, within the window (alpha, beta) of mover's view: a
// negamax step that negates only when the turn passes, since turns need
// not alternate.
func (p *alphaBeta) childValue(c games.State, mover games.Player, ply int, alpha, beta float64) float64 {
	if c.ToMove() == mover {
		return p.search(c, ply, alpha, beta)
	}
	return -p.search(c, ply, -beta, -alpha)
}

// search is a fail-soft alpha-beta value of s for its player to move. A
// finished game scores its outcome beyond any heuristic value, 2 less a
// hundredth a ply for a win (so a sooner win is preferred and a loss put
// off), and the heuristic values the positions depth plies below the step.
func (p *alphaBeta) search(s games.State, ply int, alpha, beta float64) float64 {
	if s.Terminal() {
		return float64(s.Outcome().Value(s.ToMove())) * (2 - 0.01*float64(ply))
	}
	var moves []games.Move
	if ply < p.depth {
		moves = s.Legal(p.moves[ply])
	}
	if len(moves) == 0 {
		v := p.h.Value(s)
		if s.ToMove() == games.Second {
			v = -v
		}
		return v
	}
	p.order(s, moves)
	p.killerFirst(moves, ply)
	mover := s.ToMove()
	child := p.states[ply]
	best := math.Inf(-1)
	for _, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		p.count++
		v := p.childValue(child, mover, ply+1, alpha, beta)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					p.killers[ply] = m
					break
				}
			}
		}
	}
	return best
}

// killerFirst moves the killer of ply to the front of moves when it is
// among them, keeping the others' order, and returns the place it came
// from (0 when it was first already, -1 when it is not among them). Below
// the step's position the order of moves changes what is cut off but no
// value within the window, so the step's choice is the same either way.
func (p *alphaBeta) killerFirst(moves []games.Move, ply int) int {
	if ply >= len(p.killers) {
		return -1
	}
	k := p.killers[ply]
	for i, m := range moves {
		if m == k {
			copy(moves[1:i+1], moves[:i])
			moves[0] = k
			return i
		}
	}
	return -1
}

// order puts the captures of s first, when the game classifies them: they
// most often refute a move, which cuts the search short.
func (p *alphaBeta) order(s games.State, moves []games.Move) {
	switch {
	case p.partition != nil:
		p.partition.Partition(s, moves)
	case p.capture != nil:
		knowledge.PartitionByIs(p.capture, s, moves)
	}
}
