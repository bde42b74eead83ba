package mcts

import (
	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/rng"
)

// Eval is what a leaf evaluation returns.
type Eval struct {
	// Value is the leaf's value from the first player's view, in [-1, 1]:
	// a game's outcome, or an estimate.
	Value float64
	// Terminal says the leaf itself is a finished game and Value its
	// outcome: the search marks it and never evaluates it again.
	Terminal bool
	// Proven says Value is the leaf's game-theoretic value under the
	// game's rules (an oracle such as a tablebase proves it); with the
	// solver on it is backed up as a proof.
	Proven bool
	// Plies is a proven win's or loss's distance, the plies from the leaf
	// to the end of the game with best play (an oracle's distance to
	// mate); 0 where the evaluator does not know it. With mate distances
	// on, the leaf's proof takes it.
	Plies int
	// States is the number of states the evaluation visited.
	States int64
}

// Evaluator values the leaves of the tree: a playout by a policy, a
// heuristic, a playout cut short and scored by a heuristic, an oracle.
// Each search makes its own with the Config's Leaf, so an evaluator may
// keep buffers.
type Evaluator interface {
	// Evaluate values s, a scratch copy of the leaf that it may play on,
	// drawing from r. With a trace it appends the moves it played. Once
	// stop is set it may return early; the search then drops the
	// iteration.
	Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval
}

// Prior gives the children of a node their initial statistics when the node
// is first reached (node priors, progressive bias, the heuristic values of
// implicit minimax). Each search makes its own with the Config's Prior.
type Prior interface {
	// Priors fills out[i] for the child of s reached by moves[i] and
	// returns the states it visited doing so.
	Priors(s games.State, moves []games.Move, out []ChildPrior) (states int64)
}

// ChildPrior is what a Prior knows of one child before it is searched.
type ChildPrior struct {
	// Visits and Wins are virtual results added to the child's statistics
	// (counted for the player who moves into it; wins usually in [0,
	// Visits], but a prior may put a child first by a mean above 1, as the
	// Havannah paper's 1 visit and 1000 wins for bridges and forks do).
	Visits int32
	Wins   float64
	// Proven is a proof of the child for the player who moves into it,
	// from a reading (Havannah-Mate): with the solver on, a proven win is
	// taken at once and proves its parent, and a proven loss is never
	// selected while another child is not; Unproven leaves the child to
	// the search.
	Proven engines.Proof
	// Value is a heuristic value of the child for the player who moves
	// into it, in [-1, 1]: the leaf value of implicit minimax backups.
	Value float64
	// Bias is the child's progressive-bias term, added to its selection
	// score as Config.Bias * Bias / (visits + 1).
	Bias float64
}

// PlayoutLeaf returns the evaluator that plays a leaf to the end by a
// playout policy and scores the outcome: MCTS's usual evaluation.
func PlayoutLeaf(cfg policy.Config) func(games.State) (Evaluator, error) {
	return func(s games.State) (Evaluator, error) {
		p, err := policy.New(cfg, s)
		if err != nil {
			return nil, err
		}
		return &playoutEval{pol: p}, nil
	}
}

type playoutEval struct{ pol policy.Policy }

// playing is a leaf evaluation that plays by a playout policy: a policy
// that learns (policy.Learner) is shown each iteration's game.
type playing interface{ policy() policy.Policy }

func (e *playoutEval) policy() policy.Policy { return e.pol }

// Evaluate plays s to the end. A playout that plays nothing started at the
// end of the game: the leaf is terminal (found here rather than by
// Terminal, which costs as much as a playout in some games).
func (e *playoutEval) Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval {
	k, states := e.pol.Run(s, r, games.NoLimit, stop, trace)
	return Eval{Value: float64(s.Outcome()), Terminal: k == 0, States: states}
}

// Rooted is an Evaluator that depends on the search's root (the oracle
// leaf, off for small roots). An engine keeps its evaluators across its
// searches, and Config.Leaf sees only the first root: the search calls
// SetRoot with the root's position before each search.
type Rooted interface {
	SetRoot(root games.State)
}
