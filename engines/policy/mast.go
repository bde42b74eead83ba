package policy

import (
	"fmt"
	"slices"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// MAST is Move-Average Sampling (Finnsson and Björnsson 2008): each
// player's moves keep the mean outcome of the iterations they were played
// in, and a playout step plays the move of the best mean with probability
// 1 - Epsilon, else the default step.
//
// It is here as the implicit-minimax paper's co-authors' framework played
// it in Breakthrough while most of that paper's games were played (January
// and February 2014): every player with the framework's informed move
// lists but no epsilon-greedy playout ran MAST with its Breakthrough
// default of epsilon 0.7, a reset before every search, and unvisited moves
// at a mean of 0. The paper does not mention it; engines that use it model
// that reading and say so.
const MAST Kind = "mast"

// TreeCredit says how MAST credits the moves of an iteration that lie in
// the tree.
type TreeCredit uint8

// The tree credits.
const (
	// TreeOn credits a tree move with the iteration's result for its mover,
	// as playout moves are.
	TreeOn TreeCredit = iota
	// TreeOff learns from playout moves only.
	TreeOff
	// TreeInverted credits a tree move with the result for its mover's
	// opponent: the framework's code, whose tree update negates a value
	// already in the mover's view.
	TreeInverted
)

// TreeCredits names the tree credits, in the order of their constants.
var TreeCredits = []string{"on", "off", "inverted"}

// ParseTreeCredit returns the tree credit named s, one of TreeCredits.
func ParseTreeCredit(s string) (TreeCredit, error) {
	return parseNamed[TreeCredit](TreeCredits, s, "MAST tree credit")
}

// CutOff says what MAST does with the moves of a playout that stops
// before the end of the game (an early termination, a cut-off).
type CutOff uint8

// The cut-off rules.
const (
	// CutOffSkip credits a cut-off playout's moves with nothing.
	CutOffSkip CutOff = iota
	// CutOffCarry keeps a cut-off playout's moves, and the next playout of
	// the game to reach the end credits them with its own: its result, the
	// movers by alternation back from its last move. The framework's code
	// did so: one stack of playout moves, emptied only by a playout that
	// ends the game (never one from a leaf that is a finished game), and
	// not at a new search. The list belongs to a search object, through
	// the searches of one game; an engine that plays both seats of a game
	// carries one list for both.
	CutOffCarry
	// CutOffShared is CutOffCarry with one list for both players of a
	// game (the request's engines.Scope), as the framework's stack was a
	// static field of a process that played both sides: what one player's
	// cut-off playouts leave, the other's next playout to reach the end
	// credits in its own tables. Without a Scope it is CutOffCarry.
	CutOffShared
)

// CutOffs names the cut-off rules, in the order of their constants.
var CutOffs = []string{"skip", "carry", "shared"}

// carriedKey is the Scope key of the moves CutOffShared carries.
const carriedKey = "policy.mast.carried"

// carriedMoves is a list of carried moves, an engine's own or a game's.
type carriedMoves struct{ moves []games.Move }

// ParseCutOff returns the cut-off rule named s, one of CutOffs.
func ParseCutOff(s string) (CutOff, error) {
	return parseNamed[CutOff](CutOffs, s, "MAST cut-off rule")
}

// parseNamed returns the value of T named s in names, which name T's
// values from 0 in order, or an error naming what and the valid names.
func parseNamed[T ~uint8](names []string, s, what string) (T, error) {
	if i := slices.Index(names, s); i >= 0 {
		return T(i), nil
	}
	return 0, fmt.Errorf("unknown %s %q: valid ones are %v", what, s, names)
}

// mast is the MAST playout. Its tables live for one search; the moves a
// cut-off rule carries live for a game.
type mast struct {
	eps  float64
	tree TreeCredit
	base knowledge.Informed // nil: uniform default steps
	// mean[p][m] is the mean result for player p of the iterations that
	// played m, count[p][m] their number.
	mean, count       [2][]float64
	buf, forced, best []games.Move
	// running says a playout of the current iteration has started, at
	// trace entry playStart; ended that the last one reached the end of
	// the game.
	running   bool
	playStart int
	ended     bool
	// cutoff is the cut-off rule; carried the moves it carries, in the
	// order played: own, for the game that game follows, or the game's
	// Scope's.
	cutoff  CutOff
	carried *carriedMoves
	own     carriedMoves
	game    gameTrack
}

func newMAST(cfg Config, s games.State) (*mast, error) {
	if cfg.Learn.Epsilon < 0 || cfg.Learn.Epsilon > 1 {
		return nil, fmt.Errorf("playout mast: epsilon %g: want 0..1", cfg.Learn.Epsilon)
	}
	sp, max := s.Game().MoveSpace(), s.Game().MaxMoves()
	p := &mast{eps: cfg.Learn.Epsilon, tree: cfg.Learn.Tree, cutoff: cfg.Learn.CutOff,
		buf: make([]games.Move, 0, max), forced: make([]games.Move, 0, max), best: make([]games.Move, 0, max)}
	p.carried = &p.own
	for i := range p.mean {
		p.mean[i], p.count[i] = make([]float64, sp), make([]float64, sp)
	}
	if cfg.Name != "" {
		in, err := informedBase(s, "mast", cfg.Name)
		if err != nil {
			return nil, err
		}
		p.base = in
	}
	return p, nil
}

// Run implements Policy. A step the base forces (a decisive win, a block
// of an immediate loss) chooses among the forced moves only; otherwise
// among the legal moves. With probability 1 - eps it plays the move of the
// best mean for the mover, ties drawn uniformly; else a forced move
// uniformly, or the base's draw (a uniform move without a base).
func (p *mast) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	if trace != nil && !p.running {
		p.running, p.playStart = true, len(trace.Moves)
	}
	var states int64
	n := 0
	p.ended = false
loop:
	for n < limit && !stop.Stopped() {
		mover := s.ToMove()
		var cands []games.Move
		if p.base != nil {
			if p.forced = p.base.Forced(s, p.forced); len(p.forced) > 0 {
				cands = p.forced
			}
		}
		greedy := r.Float64() >= p.eps
		var m games.Move
		switch {
		case cands != nil && greedy:
			m = p.argmax(mover, cands, r)
		case cands != nil:
			m = cands[r.Intn(len(cands))]
		case greedy || p.base == nil:
			moves := s.Legal(p.buf)
			switch {
			case len(moves) == 0:
				p.ended = true
				break loop
			case greedy:
				m = p.argmax(mover, moves, r)
			default:
				m = moves[r.Intn(len(moves))]
			}
		default:
			if s.Terminal() {
				p.ended = true
				break loop
			}
			m = p.base.Draw(s, r)
		}
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		states++
		n++
	}
	if n == limit && !p.ended {
		// The last move may have ended the game; a stopped playout did not.
		p.ended = s.Terminal()
	}
	return n, states
}

// argmax returns the move of moves with the best mean for mover, ties
// drawn uniformly.
func (p *mast) argmax(mover games.Player, moves []games.Move, r *rng.Rand) games.Move {
	row := p.mean[mover&1]
	best := row[moves[0]]
	p.best = append(p.best[:0], moves[0])
	for _, m := range moves[1:] {
		switch v := row[m]; {
		case v > best:
			best, p.best = v, append(p.best[:0], m)
		case v == best:
			p.best = append(p.best, m)
		}
	}
	if len(p.best) == 1 {
		return p.best[0]
	}
	return p.best[r.Intn(len(p.best))]
}

// Observe implements Learner: the iteration's tree moves are credited as
// the tree credit says, and its playout's moves with the outcome for their
// mover when the playout reached the end of the game; an early-terminated
// playout's moves are credited as the cut-off rule says. A draw counts 0.
func (p *mast) Observe(t *Trace, outcome games.Outcome) {
	from := len(t.Moves)
	if p.running {
		from = p.playStart
	}
	if p.tree != TreeOff {
		sign := 1.0
		if p.tree == TreeInverted {
			sign = -1
		}
		for i := range from {
			p.update(t.Movers[i], t.Moves[i], sign*float64(outcome.Value(t.Movers[i])))
		}
	}
	switch {
	case p.running && p.ended:
		for i := from; i < len(t.Moves); i++ {
			p.update(t.Movers[i], t.Moves[i], float64(outcome.Value(t.Movers[i])))
		}
		// A playout that ended with no move started from a finished game,
		// a leaf the framework never played out from: it credits no
		// carried moves.
		if len(p.carried.moves) > 0 && len(t.Moves) > from {
			p.creditCarried(t.Movers[len(t.Moves)-1], len(t.Moves)-from, outcome)
		}
	case p.running && p.cutoff != CutOffSkip:
		p.carried.moves = append(p.carried.moves, t.Moves[from:]...)
	}
	p.running, p.ended = false, false
}

// creditCarried credits the carried moves with outcome and empties them:
// they come before the k moves of the playout that reached the end, whose
// last mover was last, and each takes the mover that alternation back from
// that move gives it, whoever played it.
func (p *mast) creditCarried(last games.Player, k int, outcome games.Outcome) {
	v := [2]float64{float64(outcome.Value(last)), float64(outcome.Value(last.Other()))}
	c := p.carried.moves
	d := k // the distance of c[j] from the last move
	for j := len(c) - 1; j >= 0; j-- {
		p.update(last^games.Player(d&1), c[j], v[d&1])
		d++
	}
	p.carried.moves = c[:0]
}

func (p *mast) update(mover games.Player, m games.Move, v float64) {
	c := &p.count[mover&1][m]
	*c++
	mean := &p.mean[mover&1][m]
	*mean += (v - *mean) / *c
}

// StartSearch implements SearchStarter: every search starts from empty
// tables; an engine's own carried moves are dropped at a new game, and
// under CutOffShared a game's Scope holds them.
func (p *mast) StartSearch(req engines.Request) {
	if p.cutoff != CutOffSkip && !p.game.next(req) {
		p.own.moves = p.own.moves[:0]
	}
	p.carried = &p.own
	if p.cutoff == CutOffShared && req.Scope != nil {
		p.carried = req.Scope.Shared(carriedKey, func() any { return new(carriedMoves) }).(*carriedMoves)
	}
	for i := range p.mean {
		clear(p.mean[i])
		clear(p.count[i])
	}
	p.running, p.ended = false, false
}
