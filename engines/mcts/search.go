package mcts

import (
	"context"
	"sync"
	"time"
	"unsafe"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// Config selects the engine's components and coefficients.
type Config struct {
	// C is the exploration constant of UCB1 (rewards in [0, 1]).
	C float64
	// Solver enables MCTS-Solver.
	Solver bool
	// MateDistance, with Solver, keeps each proven node's distance in
	// plies (see the package comment): the final move is the shortest
	// proven win, or the longest loss when every move loses, and a search
	// whose root is proven goes on until the root's distance is exact.
	MateDistance bool
	// MaxNodes caps the tree.
	MaxNodes int
	// Reuse keeps the tree of the last search and, when the next position
	// is below its root, searches on from that subtree. The next search then
	// depends on the earlier one; reuse is off for reproducible experiments.
	Reuse bool
	// Children is the order of a node's children: shuffled, which breaks
	// selection's ties at random, or the game's move order, where ties go
	// to the earliest move; see ChildOrder.
	Children ChildOrder
	// Losses is how selection treats a child proven lost for its mover
	// (with Solver): see LossRule.
	Losses LossRule
	// Playout is the policy of the default leaf evaluation.
	Playout policy.Config
	// Leaf makes a search's leaf evaluator; nil is PlayoutLeaf(Playout).
	Leaf func(games.State) (Evaluator, error)
	// Prior makes a search's expansion hook; nil gives no priors.
	Prior func(games.State) (Prior, error)
	// Static, when set, makes the heuristic whose value of each root
	// move's position the statistics show (column static); estimator=cb,
	// which keeps that value, shows it without.
	Static func(games.State) (knowledge.Heuristic, error)
	// Alpha weighs the implicit minimax value against the mean in
	// selection (Lanctot et al. 2014): (1-Alpha)*mean + Alpha*minimax.
	// It needs a Prior whose values seed the minimax leaves.
	Alpha float64
	// Estimator says which value Alpha blends in: the implicit minimax
	// value (the paper's Q_IM, the default), the child's static value
	// never backed up (Q_CB), or the minimax value fading with the child's
	// visits (Q_PB).
	Estimator Estimator
	// Bias is the progressive-bias coefficient: a child's score gains
	// Bias * prior bias / (visits + 1), or / visits by BiasDivisor. It
	// needs a Prior.
	Bias float64
	// BiasDivisor is what the progressive-bias term is divided by: the
	// child's visits plus one (the default), or its visits, as the chess
	// thesis' Formula 4 writes it.
	BiasDivisor BiasDivisor
	// MaxBackprop is the threshold T of maximum backpropagation (0: off):
	// a node whose visits before an iteration's update are at least T,
	// and that has children, adds its best child's mean, from its own
	// mover's view, as that iteration's result instead of the leaf value
	// (the rule of the implicit-minimax paper's Table III, as its
	// co-authors' framework applies it); the leaf value still goes on to
	// the nodes above, each applying the rule for itself.
	MaxBackprop int32
	// PriorVisitsInParent counts the virtual visits that a Prior gives a
	// node's children in the node's visits N of the exploration term
	// C*sqrt(ln N / n), as the implicit-minimax paper's framework counts a
	// parent's visits by its children's (the node's own mean is
	// unchanged).
	PriorVisitsInParent bool
	// PriorCounts says that the Prior gives children visits (node
	// priors). Selection scores a child with visits from its creation,
	// by its virtual mean and visits, whether it has been tried or not,
	// and tries first only the children with none (with or without this
	// field). Under FrameworkChildren it also keeps the slots in the
	// game's move order from the start: the framework scored such a
	// child as a visited one, so its children were never tried in a
	// random order first.
	PriorCounts bool
	// Rave is the RAVE constant R (0: off): the mean is blended with the
	// child's AMAF mean by beta = R/(R + visits), and selection looks at
	// every child, tried or not (see the package comment).
	Rave float64
}

// ChildOrder is the order of a node's child slots, which is the order in
// which they are tried once each and the order in which selection's ties
// are broken (the first of the best scores wins).
//
//	ShuffledChildren  shuffled when the node is expanded: tried and tied
//	                  at random (mcarena's default).
//	OrderedChildren   in the game's move order (Legal's): tried in that
//	                  order, ties to the earliest move (a child a
//	                  reading proves won is put first, under every
//	                  order).
//	FrameworkChildren tried in random order, then, from the moment the
//	                  last is tried, kept in the game's move order: ties
//	                  to the earliest move. This is what the
//	                  implicit-minimax co-authors' framework did
//	                  (tpepels/mcts_gameframe, TreeNode, January 2014): it
//	                  made every child at once, in the order its game
//	                  generated them, and scored an unvisited child
//	                  infinity plus a random number, a visited one by its
//	                  selection value, the first of equal values winning.
//	                  With node priors every child is a visited one from
//	                  its creation, so under Config.PriorCounts the slots
//	                  keep the move order from the start (a child the
//	                  prior gives no visits is then tried first in move
//	                  order, not at random; before the last child is
//	                  tried, a tie between two tried children falls to
//	                  the one tried first).
//	                  Not with RAVE, which chooses untried children
//	                  itself: the engine family refuses the pair, and a
//	                  Config that has both leaves the slots shuffled.
//	OrderedLastChildren tried in the game's move order, then, from the
//	                  moment the last is tried, kept in the reverse of
//	                  it: ties to the latest move. This is the Monte
//	                  Carlo chess thesis' MCC (Arenz 2012, Algorithms 7.2
//	                  and 7.3): it expanded one child an iteration "in
//	                  the same order as they are generated", selected
//	                  only among the children of a fully expanded node,
//	                  and kept the last child whose value was at least
//	                  the best so far (uctVal >= bestVal). Not with RAVE:
//	                  the engine family refuses the pair, and a Config
//	                  that has both leaves the slots in move order.
type ChildOrder uint8

// The child orders.
const (
	ShuffledChildren ChildOrder = iota
	OrderedChildren
	FrameworkChildren
	OrderedLastChildren
)

// LossRule is how selection treats a child proven lost for its mover.
//
//	SkipLosses       MCTS-Solver's rule: a proven loss is never taken
//	                 while another child is not.
//	FrameworkLosses  what the implicit-minimax co-authors' framework did
//	                 (tpepels/mcts_gameframe, TreeNode, January-July 2014).
//
// The framework marked a child lost when its parent was expanded if the
// move ended the game and the player then to move had won; such a child
// never gained a visit, and its selection rule took unvisited children
// first, so from then on it was taken ahead of every other child, each
// iteration that took it backing its loss up from the parent without
// going into it. Here a child that ended the game lost for its mover, the
// turn passing (Kalah's last seed in the mover's store keeps the turn, and
// the framework did not mark that loss), is taken so once its parent's
// children have each been tried. A child proven lost later had visits, and
// the framework's (1-alpha) times its finite infinity (999999) kept it out
// of selection, except at alpha 1, where the product is 0 and the child
// competed by its minimax value and exploration term (its visits frozen).
// Taking a proven loss ends the iteration at its parent with that loss.
// The final move is the most visited child not proven lost under both.
type LossRule uint8

// The loss rules.
const (
	SkipLosses LossRule = iota
	FrameworkLosses
)

// Estimator is the value that Config.Alpha blends with a child's mean in
// selection, the three estimators the implicit-minimax paper compares (its
// Equation 2 and the two baselines of its Breakthrough experiments). With v
// and the mean in the mover's view, on the [-1, 1] reward scale:
//
//	ImplicitMinimax  (1-alpha) Q + alpha v           v backed up by negamax (Q_IM)
//	ConstantBias     (1-alpha) Q + alpha v0          v0 the static value, never backed up (Q_CB)
//	ProgressiveBias  (1-alpha) Q + alpha v / (n+1)   v backed up, n the child's visits (Q_PB)
//
// The search keeps means on [0, 1], so it blends (x+1)/2 for each x above,
// the same formula on the other scale.
type Estimator uint8

// The estimators.
const (
	ImplicitMinimax Estimator = iota
	ConstantBias
	ProgressiveBias
)

// BiasDivisor is the count that divides the progressive-bias term of a
// child in selection:
//
//	VisitsPlusOne  Bias * b / (n + 1)   the term of earlier versions
//	Visits         Bias * b / n         the chess thesis' Formula 4 (section 2.2.3)
//
// with n the child's visits (virtual ones included). Selection scores only
// children tried at least once, so n >= 1 there; a child not tried yet that
// RAVE scores counts one visit under Visits.
type BiasDivisor uint8

// The divisors.
const (
	VisitsPlusOne BiasDivisor = iota
	Visits
)

// Engine is a configured MCTS player. Searches may run concurrently; each
// takes a tree from a free list, so that the chunks of earlier trees are
// reused rather than allocated again (the garbage collector would otherwise
// clear a tree of tens of megabytes after every search).
type Engine struct {
	cfg  Config
	spec string
	mu   sync.Mutex
	free []*search // trees of finished searches, kept for reuse
}

// New returns the engine with cfg; spec is the canonical spec it reports.
func New(cfg Config, spec string) *Engine { return &Engine{cfg: cfg, spec: spec} }

// Spec implements engines.Engine.
func (e *Engine) Spec() string { return e.spec }

// search is the state of one Search call.
type search struct {
	cfg   Config
	pool  pool
	r     rng.Rand
	state games.State
	root  games.State // the search's own copy of the root position
	moves []games.Move
	// order is the game's moves at the node whose children
	// FrameworkChildren (OrderedLastChildren) puts in move order (its
	// reverse) at the end of the iteration.
	order []games.Move
	path  []int32
	line  line // the positions along the last iteration's path
	// states counts the states visited; full says the pool is full.
	states int64
	full   bool
	leaf   Evaluator
	prior  Prior
	priors []ChildPrior
	// Side tables, allocated only for the features that need them: bias
	// holds each node's progressive-bias term. (Implicit minimax values
	// live beside the selection statistics, in a valued pool.)
	bias side[float64]
	// virt holds the virtual visits of each node's children, and prior
	// each node's prior value (2*wins/visits - 1 of its virtual results),
	// with PriorVisitsInParent.
	virt       side[int32]
	priorValue side[float32]
	// amaf holds each node's all-moves-as-first statistics when RAVE is
	// on; seen marks, per player and move, the moves of the iteration's
	// game from the current depth on (stamped, so it is never cleared).
	amaf  side[amafStat]
	seen  [2][]uint32
	stamp uint32
	// beta holds RAVE's beta by visits, when RAVE is on.
	beta *betaTable
	// biasAdd is what the progressive-bias term adds to a child's visits
	// before dividing by them: 1, or 0 under the Visits divisor.
	biasAdd int32
	// rule is the selection rule that the features on call for.
	rule selectRule
	stop *engines.Stop
	cols []engines.Column // the declared columns, built once
	// static values the root's children for the statistics (Config.Static),
	// on child, a scratch position.
	static knowledge.Heuristic
	child  games.State
	// learner is the playout policy that learns from finished playouts,
	// if any; trace then records each iteration's moves, the tree's
	// first, for it.
	learner policy.Learner
	trace   *policy.Trace
	// rootIdx is the root's node: 0, or deeper in a tree kept from an
	// earlier search when the tree is reused. rootHash is the root
	// position's hash, for finding it again.
	rootIdx  int32
	rootHash uint64
	scratch  []games.State // for finding a reused root without history
	// explore holds the exploration factors of UCB1 by parent visits.
	explore exploreTable
}

// Search implements engines.Engine. An iteration is one selection,
// expansion, leaf evaluation and backup. With no budget at all it stops
// after 10000 iterations. Counted budgets are checked before each
// iteration; a time budget and the context stop the search through a
// signal that the loop and the playouts watch, and an iteration cut short
// by it is dropped.
func (e *Engine) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	s, b := req.Position, req.MoveBudget()
	if err := b.Check(); err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	if s.Terminal() {
		return engines.Result{Move: games.NoMove}, engines.ErrNoMoves
	}
	start := time.Now()
	if b.Time == 0 && b.Iterations == 0 && b.States == 0 {
		b.Iterations = 10000
	}
	stop := engines.NewStop(ctx, b.Time)
	defer stop.Release()
	sr, err := e.take(req)
	if err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	defer e.put(sr)
	if ro, ok := sr.leaf.(Rooted); ok {
		ro.SetRoot(req.Position)
	}
	if st, ok := sr.learner.(policy.SearchStarter); ok {
		st.StartSearch(req)
	}
	sr.stop = stop
	sr.r.Seed(req.Seed)
	sr.line.forget() // a new root, or a tree started afresh
	if sr.rootIdx == 0 {
		sr.pool.reset()
		first, _ := sr.pool.alloc(1)
		*sr.pool.at(first) = node{first: -1, mover: s.ToMove().Other()}
		*sr.pool.stat(first) = stat{}
		sr.grow()
	}
	sr.rootHash = s.Hash()
	report := req.Report
	last := start
	var it int64
	for !stop.Stopped() {
		if b.Iterations > 0 && it >= b.Iterations || b.States > 0 && sr.states >= b.States {
			break
		}
		if report != nil && (it < 256 || it&255 == 0) && time.Since(last) >= engines.ReportEvery {
			last = time.Now()
			report(sr.stats(it, time.Since(start), false))
		}
		if !sr.iterate() {
			break
		}
		it++
		if root := sr.pool.at(sr.rootIdx); e.cfg.Solver && root.proof != engines.Unproven && (!e.cfg.MateDistance || root.exact) {
			break
		}
	}
	st := sr.stats(it, time.Since(start), true)
	if report != nil {
		report(st)
	}
	return engines.Result{Move: sr.bestMove(), Stats: st}, nil
}

// take returns a search for the request from the free list (with the
// request's subtree when reuse finds it), or a new one. A search is reused
// only for the same game, whose states it holds.
func (e *Engine) take(req engines.Request) (*search, error) {
	s := req.Position
	e.mu.Lock()
	var sr *search
	if e.cfg.Reuse {
		for i, old := range e.free {
			if old.root.Game() != s.Game() {
				continue
			}
			// The nodes outside the new root's subtree stay allocated: a
			// tree more than half full starts afresh instead, so that
			// reuse never leaves a search without room to grow.
			if old.pool.used > old.pool.max/2 {
				continue
			}
			if idx := old.find(req); idx > 0 {
				sr = old
				e.free = append(e.free[:i], e.free[i+1:]...)
				e.mu.Unlock()
				sr.root.CopyFrom(s)
				sr.states, sr.full, sr.rootIdx = 0, false, idx
				if n := sr.pool.at(idx); n.first < 0 {
					// An unexpanded root proven by an oracle must be
					// searched to find the move that proves it.
					n.proof = engines.Unproven
				}
				return sr, nil
			}
		}
	}
	if n := len(e.free); n > 0 {
		sr, e.free = e.free[n-1], e.free[:n-1]
	}
	e.mu.Unlock()
	if sr != nil && sr.root.Game() == s.Game() {
		sr.root.CopyFrom(s)
		sr.states, sr.full, sr.rootIdx = 0, false, 0
		return sr, nil
	}
	return e.newSearch(s)
}

// newSearch builds a search's components for positions like s.
func (e *Engine) newSearch(s games.State) (*search, error) {
	sr := &search{cfg: e.cfg, state: s.Clone(), root: s.Clone(),
		moves: make([]games.Move, 0, s.Game().MaxMoves()), pool: pool{max: e.cfg.MaxNodes},
		explore: exploreTable{c: e.cfg.C}}
	if e.cfg.Children == FrameworkChildren || e.cfg.Children == OrderedLastChildren {
		sr.order = make([]games.Move, 0, s.Game().MaxMoves())
	}
	leaf := e.cfg.Leaf
	if leaf == nil {
		leaf = PlayoutLeaf(e.cfg.Playout)
	}
	var err error
	if sr.leaf, err = leaf(s); err != nil {
		return nil, err
	}
	if e.cfg.Prior != nil {
		if sr.prior, err = e.cfg.Prior(s); err != nil {
			return nil, err
		}
		sr.priors = make([]ChildPrior, s.Game().MaxMoves())
		if e.cfg.Alpha != 0 {
			sr.pool.valued = true
		}
		if e.cfg.Bias != 0 {
			sr.bias.on = true
		}
		sr.biasAdd = 1
		if e.cfg.BiasDivisor == Visits {
			sr.biasAdd = 0
		}
		sr.virt.on = e.cfg.PriorVisitsInParent
		sr.priorValue.on = e.cfg.PriorVisitsInParent
	}
	if e.cfg.Static != nil && !(sr.pool.valued && e.cfg.Estimator == ConstantBias) {
		if sr.static, err = e.cfg.Static(s); err != nil {
			return nil, err
		}
		sr.child = s.Clone()
	}
	if e.cfg.Rave > 0 {
		sr.amaf.on = true
		sr.beta = newBetaTable(e.cfg.Rave)
		sr.trace = &policy.Trace{}
		for p := range sr.seen {
			sr.seen[p] = make([]uint32, s.Game().MoveSpace())
		}
	}
	if pe, ok := sr.leaf.(playing); ok {
		if l, ok := pe.policy().(policy.Learner); ok {
			sr.learner, sr.trace = l, &policy.Trace{}
		}
	}
	switch {
	case e.cfg.Losses == FrameworkLosses:
		sr.rule = generalRule
	case sr.amaf.on && !sr.bias.on && !sr.virt.on && !sr.pool.valued:
		sr.rule = raveRule
	case sr.bias.on || sr.amaf.on || sr.virt.on || sr.pool.valued && e.cfg.Estimator == ProgressiveBias:
		sr.rule = generalRule
	case sr.pool.valued:
		sr.rule = minimaxRule
	}
	return sr, nil
}

// put keeps a finished search's tree for the next search, at most a few.
func (e *Engine) put(sr *search) {
	sr.stop = nil
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.free) < 4 {
		e.free = append(e.free, sr)
	}
}

// selectRule says which loop selection runs at a node that is not proven.
type selectRule uint8

// The selection rules: plain UCB1 (selectUCB), UCB1 on the mean blended
// with the implicit minimax value or the static value (selectMinimax), the
// mean blended with the AMAF mean alone (selectRave), and every term
// (selectGeneral).
const (
	ucbRule selectRule = iota
	minimaxRule
	raveRule
	generalRule
)

// nodeCost is the bytes one node takes under cfg: the node, its selection
// statistics (with its minimax value under implicit minimax) and the side
// tables of the features cfg turns on.
func (cfg Config) nodeCost() int64 {
	b := int64(nodeBytes + statBytes)
	if cfg.Alpha != 0 {
		b += valuedStatBytes - statBytes
	}
	if cfg.Bias != 0 {
		b += 8
	}
	if cfg.Rave != 0 {
		b += 16
	}
	if cfg.PriorVisitsInParent {
		b += 8
	}
	return b
}

// grow gives the side tables as many chunks as the pool has.
func (sr *search) grow() {
	n := len(sr.pool.chunks)
	sr.bias.grow(n)
	sr.amaf.grow(n)
	sr.virt.grow(n)
	sr.priorValue.grow(n)
}

// side is a per-node table that only some features need, chunked like the
// pool and allocated only when its feature is on.
type side[T any] struct {
	on     bool
	chunks [][]T
}

func (t *side[T]) grow(n int) {
	for t.on && len(t.chunks) < n {
		t.chunks = append(t.chunks, make([]T, chunkSize))
	}
}

// bytes is the memory the table's chunks take.
func (t *side[T]) bytes() int {
	var v T
	return len(t.chunks) * chunkSize * int(unsafe.Sizeof(v))
}

func (t *side[T]) at(i int32) *T { return &t.chunks[i>>chunkBits][i&chunkMask] }

// run returns the entries of the k nodes from first, a run the pool's
// alloc gave (so within one chunk).
func (t *side[T]) run(first int32, k int) []T {
	c := t.chunks[first>>chunkBits]
	o := int(first & chunkMask)
	return c[o : o+k : o+k]
}

// swap exchanges the entries of nodes i and j, if the table is on.
func (t *side[T]) swap(i, j int32) {
	if t.on {
		a, b := t.at(i), t.at(j)
		*a, *b = *b, *a
	}
}

// amafStat is a node's AMAF statistics: the iterations whose game played
// the node's move, by its mover, after the node's parent, and the sum of
// their rewards for the mover.
type amafStat struct {
	n int32
	w float64
}

// ucbScale is C*sqrt(ln n), the exploration factor of a parent visited n
// times, rounded to float32 as the plain UCB1 rule uses it.
func ucbScale(c float64, n int32) float32 {
	return float32(float64(c * sqrtLn(n)))
}
