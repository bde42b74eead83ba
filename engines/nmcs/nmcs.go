// Package nmcs implements two-player Nested Monte Carlo Search as Algorithm 1
// of Cazenave, Saffidine, Schofield and Thielscher, "Nested Monte Carlo Search
// for Two-player Games" (AAAI 2016), with discounting, Cut on Win (COW) and
// Prune on Depth (POD), each pruning rule with a level bound.
//
// nested(n, s, d, λ) plays from s to the end of the game. At each state it
// evaluates every successor, in a random order, by a nested(n-1) playout, and
// moves to the best one for the player to move; nested(0) is a uniform random
// playout. Values are seen from the first player (max). A terminal state at
// depth d is worth its outcome v in {-1, 0, 1}, or v/d with discounting, so
// that short wins and long losses are preferred. The first successor in the
// random order is the default choice, and a successor replaces the current
// best only when strictly better, so ties go to the earlier one.
//
// Depth: the policy Π(V(NMC(n))) at a root position is the first step of
// nested(n+1, root, 0, -): each root move is evaluated by nested(n, child, 1,
// l*), so a playout ending t plies after the root move is worth v/(t+1), the
// paper's V_D(P, s) = v(s_t)/(t+1). (The paper's Table 1 prints 1/2 and 1/4
// for playouts this counting values 1/3 and 1/5; the order of values, and so
// every choice, is the same.)
//
// Cut on Win, COW(<= i): in the choice loops of nesting levels 1..i (the root
// choice of the policy is level n+1), the loop stops at the first successor
// whose value is a win for the player to move.
//
// Prune on Depth, POD(<= i): a choice loop at a level in 1..i passes its
// current best value l* as the bound λ to its successors' playouts; such a
// playout returns λ at once when it reaches a state of the same player at a
// depth d where that player's best imaginable value, ±1/d, is no better than
// λ (Algorithm 1, line 5: τ(s){-l*, λ} = λ). The parent then keeps its
// choice, since a returned λ is not strictly better. The check is made only
// at states whose player is the one who owns the bound: read literally at
// every state, line 5 would compare the parent's bound with the opponent's
// imaginable values and cut every first successor at once (its λ is the
// parent's initial ∓1/d), which is not the rule the paper describes ("in max
// (resp. min) states we prune states deeper than the shallowest win (resp.
// loss)"). POD is meant for discounted search and only prunes once a win
// is known.
//
// Order: by default (Order Shuffled) successors are evaluated in a random
// order, drawn afresh at every step, and the first of it is the default
// choice. With Order Legal they are evaluated in the order the game's Legal
// lists them, at every level and at the root, as a GGP engine presents
// δ(s) in its fixed sequence: the default choice s* is drawn uniformly before
// any successor is evaluated (line 3), the loop of line 7 walks the moves in
// order, a successor replaces s* only when strictly better (line 9), so among
// equal values the first in the game's order is kept, and Cut on Win stops
// at the first win in that order (line 10). At the root, whose l* is the
// worst value, the first successor evaluated always replaces the default.
//
// Randomness: each nested call draws from its own generator, seeded from its
// parent's per-step seed and the move that led to it. A pruned or cut
// evaluation therefore changes no other evaluation's random choices, which is
// the assumption of the paper's Propositions 3 and 4 ("successor states are
// presented in the same order"), and makes runs reproducible from one seed.
//
// States visited counts one state per move played into a successor or a
// playout (the move to the chosen successor revisits a known state and is not
// counted).
package nmcs

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// Config selects the algorithm's options.
type Config struct {
	// Level is the nesting n of the policy's evaluations, Π(V(NMC(n))).
	Level int
	// Discount divides a playout's outcome by its depth.
	Discount bool
	// COW is the highest level whose choice loops cut on win (0: off).
	COW int
	// POD is the highest level whose choice loops prune their successors'
	// playouts on depth (0: off).
	POD int
	// Order is the order in which successors are evaluated.
	Order Order
}

// Order is the order in which a choice loop evaluates the successors.
type Order uint8

// The orders (see the package comment).
const (
	// Shuffled evaluates successors in a random order drawn at each step;
	// the first is the default choice.
	Shuffled Order = iota
	// Legal evaluates successors in the game's Legal order, after drawing
	// the default choice uniformly.
	Legal
)

// String returns the order's option value, "random" or "legal".
func (o Order) String() string {
	if o == Legal {
		return "legal"
	}
	return "random"
}

// eval is the result of one nested call.
type eval struct {
	value   float64 // compared value: outcome, outcome/depth, or the bound when pruned
	outcome int8    // outcome of the terminal reached, first player's view
	depth   int     // depth of the terminal reached, or where pruned
	pruned  bool
}

// frame is the working memory of the choice loop at one nesting level; calls
// at a level never overlap, since a call at level k only calls level k-1.
type frame struct {
	moves []games.Move
	child games.State
	seq   []games.Move // moves chosen by the current playout at this level
	// r is the generator of the call at this level. It lives here rather
	// than on the stack because playouts take it through an interface,
	// which would move a local to the heap on every call.
	r rng.Rand
}

// Searcher runs nested playouts for one game. It is not safe for concurrent
// use; give each goroutine its own.
type Searcher struct {
	cfg    Config
	frames []frame

	// Counters over the searcher's life; Reset clears them.
	States, COWCuts, PODCuts int64

	stop      *engines.Stop
	maxStates int64
	nextCheck int64
	aborted   bool
	// progress, if set, gets States every few thousand states, for a
	// reader in another goroutine (the tracer's States).
	progress *atomic.Int64
}

// checkInterval is how many states pass between two looks at the context.
const checkInterval = 1 << 14

// NewSearcher returns a searcher for positions like s.
func NewSearcher(cfg Config, s games.State) *Searcher {
	sv := &Searcher{cfg: cfg, frames: make([]frame, cfg.Level+2)}
	for i := range sv.frames {
		sv.frames[i] = frame{moves: make([]games.Move, 0, s.Game().MaxMoves()), child: s.Clone()}
	}
	return sv
}

// Reset clears the counters and any abort.
func (sv *Searcher) Reset() {
	sv.States, sv.COWCuts, sv.PODCuts = 0, 0, 0
	sv.stop, sv.maxStates, sv.nextCheck, sv.aborted = nil, 0, checkInterval, false
}

// Limit makes the searcher stop once stop is set (checked after every
// evaluated successor) or maxStates (if > 0) states have been visited
// (checked every few thousand states), and clears an earlier stop. A stopped
// searcher stays stopped until Reset or the next Limit.
func (sv *Searcher) Limit(stop *engines.Stop, maxStates int64) {
	sv.stop, sv.maxStates, sv.aborted = stop, maxStates, false
	sv.nextCheck = sv.States + checkInterval
	if maxStates > 0 && maxStates < sv.nextCheck {
		sv.nextCheck = maxStates
	}
}

func (sv *Searcher) check() {
	if sv.stop.Stopped() {
		sv.aborted = true
	}
	if sv.States < sv.nextCheck {
		return
	}
	sv.nextCheck = sv.States + checkInterval
	if sv.progress != nil {
		sv.progress.Store(sv.States)
	}
	if sv.maxStates > 0 {
		if sv.States >= sv.maxStates {
			sv.aborted = true
		} else if sv.maxStates < sv.nextCheck {
			sv.nextCheck = sv.maxStates
		}
	}
}

// Aborted reports whether the searcher was stopped by its limits; the
// playout it was playing is then unfinished.
func (sv *Searcher) Aborted() bool { return sv.aborted }

// Playout plays s to the end with an NMC(Level) playout (no bound) and
// returns the outcome, the playout's length in plies, and the value the
// comparisons used (the outcome, discounted by length+1 if Discount is on).
func (sv *Searcher) Playout(s games.State, seed uint64) (outcome games.Outcome, length int, value float64) {
	e := sv.nested(sv.cfg.Level, s, 1, 0, games.First, false, seed)
	return games.Outcome(e.outcome), e.depth - 1, e.value
}

// Sequence returns the moves the last Playout played, when its level is at
// least 1 (a level-0 playout is the game's own uniform playout and keeps no
// record). The slice is the searcher's and changes with the next playout.
func (sv *Searcher) Sequence() []games.Move {
	if sv.cfg.Level == 0 {
		return nil
	}
	return sv.frames[sv.cfg.Level].seq
}

// shuffle puts moves in a uniformly random order (Fisher-Yates).
func shuffle(r *rng.Rand, moves []games.Move) {
	for i := len(moves) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		moves[i], moves[j] = moves[j], moves[i]
	}
}

// arrange puts moves in the order the loop evaluates them and returns the
// default choice s* (line 3): under Shuffled a random permutation and its
// first move, under Legal the game's order and a move drawn uniformly.
func (sv *Searcher) arrange(r *rng.Rand, moves []games.Move) games.Move {
	if sv.cfg.Order == Legal {
		return moves[r.Intn(len(moves))]
	}
	shuffle(r, moves)
	return moves[0]
}

func childSeed(base uint64, m games.Move) uint64 {
	x := base ^ uint64(m)*0x9e3779b97f4a7c15
	return rng.SplitMix64(&x)
}

// podPrunes is line 5 of Algorithm 1 at a state of the bound's owner: the
// owner's best imaginable value from depth d, 1/d for max, -1/d for min, is no
// better than the bound.
func podPrunes(owner games.Player, bound float64, d int) bool {
	if owner == games.First {
		return bound >= 1/float64(d)
	}
	return bound <= -1/float64(d)
}

func better(max bool, l, best float64) bool {
	if max {
		return l > best
	}
	return l < best
}

func isWin(max bool, l float64) bool {
	if max {
		return l > 0
	}
	return l < 0
}

// initial is line 4: the worst value for the player to move at depth d.
func initial(max bool, d int) float64 {
	if max {
		return -1 / float64(d)
	}
	return 1 / float64(d)
}

func (sv *Searcher) terminal(s games.State, d int) eval {
	o := s.Outcome()
	v := float64(o)
	if sv.cfg.Discount && o != games.Draw {
		v /= float64(d)
	}
	return eval{value: v, outcome: int8(o), depth: d}
}

// nested is Algorithm 1. s is the caller's scratch state, played to the end
// (or to where it was pruned). hasBound says whether λ (bound, owned by
// owner) may prune this playout.
func (sv *Searcher) nested(n int, s games.State, d int, bound float64, owner games.Player, hasBound bool, seed uint64) eval {
	f := &sv.frames[n]
	r := &f.r
	r.Seed(seed)
	if n == 0 {
		if !hasBound {
			k := s.Playout(r, games.NoLimit)
			sv.States += int64(k)
			return sv.terminal(s, d+k)
		}
		for {
			if s.ToMove() == owner && podPrunes(owner, bound, d) {
				if s.Terminal() {
					break
				}
				sv.PODCuts++
				return eval{value: bound, depth: d, pruned: true}
			}
			if s.Playout(r, 1) == 0 {
				break
			}
			sv.States++
			d++
		}
		return sv.terminal(s, d)
	}
	f.seq = f.seq[:0]
	cow := n <= sv.cfg.COW
	passBound := n <= sv.cfg.POD
	for !sv.aborted {
		moves := s.Legal(f.moves)
		if len(moves) == 0 {
			break
		}
		best := sv.arrange(r, moves)
		base := r.Uint64()
		p := s.ToMove()
		max := p == games.First
		lstar := initial(max, d)
		if hasBound && p == owner && podPrunes(owner, bound, d) {
			sv.PODCuts++
			return eval{value: bound, depth: d, pruned: true}
		}
		for i, m := range moves {
			f.child.CopyFrom(s)
			f.child.Play(m)
			sv.States++
			e := sv.nested(n-1, f.child, d+1, lstar, p, passBound, childSeed(base, m))
			if better(max, e.value, lstar) {
				best, lstar = m, e.value
			}
			if cow && isWin(max, e.value) {
				sv.COWCuts += int64(len(moves) - 1 - i)
				break
			}
			sv.check()
			if sv.aborted {
				break
			}
		}
		s.Play(best)
		f.seq = append(f.seq, best)
		d++
	}
	return sv.terminal(s, d)
}

// RootEval is the evaluation of one root move by the policy.
type RootEval struct {
	Move games.Move
	// Value is what the choice compared, from the first player's view.
	Value   float64
	Outcome games.Outcome
	// Length is the playout's length in plies from the root, the root
	// move included.
	Length int
	States int64
	// Pruned says the evaluation returned the POD bound.
	Pruned bool
	// CutByCOW says COW stopped the loop before this move.
	CutByCOW bool
	// PV is the evaluation's playout after the root move, as far as the
	// top nesting level chose it (empty at level 0).
	PV []games.Move
}

// Choose is the policy Π(V(NMC(Level))) (Π(V_D(NMC_D(Level))) with
// discounting): it evaluates the root moves in a random order, each by one
// nested playout, and returns the index of the chosen one in evals. onEval,
// if not nil, is called after each evaluation with the evaluations so far and
// the index of the best.
func (sv *Searcher) Choose(root games.State, seed uint64, onEval func(evals []RootEval, best int)) (best int, evals []RootEval) {
	n := sv.cfg.Level
	top := &sv.frames[n+1]
	r := rng.New(seed)
	moves := root.Legal(top.moves)
	if len(moves) == 0 {
		return -1, nil
	}
	def := sv.arrange(&r, moves)
	base := r.Uint64()
	p := root.ToMove()
	max := p == games.First
	cow := n+1 <= sv.cfg.COW
	passBound := n+1 <= sv.cfg.POD
	lstar := math.Inf(-1)
	if !max {
		lstar = math.Inf(1)
	}
	best = slices.Index(moves, def)
	evals = make([]RootEval, len(moves))
	for i, m := range moves {
		evals[i].Move = m
	}
	for i, m := range moves {
		top.child.CopyFrom(root)
		top.child.Play(m)
		before := sv.States
		sv.States++
		e := sv.nested(n, top.child, 1, lstar, p, passBound, childSeed(base, m))
		ev := &evals[i]
		ev.Value, ev.Outcome, ev.Length, ev.States, ev.Pruned = e.value, games.Outcome(e.outcome), e.depth, sv.States-before, e.pruned
		if n > 0 {
			ev.PV = append([]games.Move(nil), sv.frames[n].seq...)
		}
		if better(max, e.value, lstar) {
			best, lstar = i, e.value
		}
		stop := false
		if cow && isWin(max, e.value) {
			sv.COWCuts += int64(len(moves) - 1 - i)
			for j := i + 1; j < len(moves); j++ {
				evals[j].CutByCOW = true
			}
			stop = true
		}
		if onEval != nil {
			onEval(evals[:i+1], best)
		}
		sv.check()
		if stop || sv.aborted {
			break
		}
	}
	return best, evals
}

// Engine is the NMCS policy player: each move is one Choose.
type Engine struct {
	cfg  Config
	spec string
}

// New returns the policy player with cfg.
func New(cfg Config, spec string) *Engine { return &Engine{cfg: cfg, spec: spec} }

// Spec implements engines.Engine.
func (e *Engine) Spec() string { return e.spec }

// Search implements engines.Engine. The policy is one fixed computation: a
// budget only cuts it short (Time or States, checked every few thousand
// states; Iterations caps the root moves evaluated), and the best move found
// so far is played.
func (e *Engine) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	start := time.Now()
	if err := req.Budget.Check(); err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	s, b, seed, report := req.Position, req.MoveBudget(), req.Seed, req.Report
	sv := NewSearcher(e.cfg, s)
	sv.Reset()
	stop := engines.NewStop(ctx, b.Time)
	defer stop.Release()
	sv.Limit(stop, b.States)
	last := start
	var iterations int64
	snapshot := func(evals []RootEval, best int, done bool) engines.Stats {
		return sv.stats(s, evals, best, iterations, time.Since(start), done)
	}
	best, evals := sv.Choose(s, seed, func(evals []RootEval, best int) {
		iterations = int64(len(evals))
		if b.Iterations > 0 && iterations >= b.Iterations {
			sv.aborted = true
		}
		if report != nil && time.Since(last) >= engines.ReportEvery {
			last = time.Now()
			report(snapshot(evals, best, false))
		}
	})
	if best < 0 {
		return engines.Result{Move: games.NoMove}, engines.ErrNoMoves
	}
	st := snapshot(evals, best, true)
	if report != nil {
		report(st)
	}
	return engines.Result{Move: evals[best].Move, Stats: st}, nil
}

// The per-move columns NMCS declares, in order.
var columns = []engines.Column{
	{Key: "outcome", Title: "outcome", Kind: engines.Value, View: engines.MoverView,
		Doc: "outcome of the move's nested playout"},
	{Key: "discounted", Title: "discounted", Kind: engines.Value, View: engines.MoverView,
		Doc: "the outcome divided by the playout's length from the root, V_D"},
	{Key: "length", Title: "length", Kind: engines.Count,
		Doc: "plies from the root to the playout's end (or to where POD cut it), the move included"},
	{Key: "states", Title: "states", Kind: engines.Count, Doc: "states the move's evaluation visited"},
	{Key: "pruned", Title: "pruned", Kind: engines.Label, Labels: []string{"", "cow", "pod"},
		Doc: "cow: Cut on Win stopped the loop before the move; pod: Prune on Depth cut its playout"},
}

// Label values of the pruned column.
const (
	notPruned = iota
	prunedCOW
	prunedPOD
)

// stats is the snapshot of a Choose of root s: one row per root move in the
// order of evaluation (NaN where a move was not evaluated, or, for a POD
// cut, has no outcome), and the counts of evaluated moves and cuts.
func (sv *Searcher) stats(s games.State, evals []RootEval, best int, iterations int64, elapsed time.Duration, done bool) engines.Stats {
	st := engines.Stats{Iterations: iterations, States: sv.States, Elapsed: elapsed, Done: done, Columns: columns, Rank: -1}
	nan := math.NaN()
	cells := make([]float64, len(columns)*len(evals))
	evaluated := 0
	for i, ev := range evals {
		c := cells[i*len(columns) : (i+1)*len(columns) : (i+1)*len(columns)]
		c[0], c[1], c[2], c[3], c[4] = nan, nan, nan, nan, notPruned
		switch {
		case ev.CutByCOW:
			c[4] = prunedCOW
		case ev.Length == 0:
			// Not evaluated: the budget ended the search first.
		default:
			evaluated++
			c[2], c[3] = float64(ev.Length), float64(ev.States)
			if ev.Pruned {
				c[4] = prunedPOD
				break
			}
			o := float64(ev.Outcome.Value(s.ToMove()))
			c[0], c[1] = o, o/float64(ev.Length)
		}
		st.Moves = append(st.Moves, engines.MoveStats{Move: ev.Move, Cells: c})
		if i == best {
			st.PV = append([]games.Move{ev.Move}, ev.PV...)
		}
	}
	st.Figures = []engines.Figure{
		{Key: "evaluated", Title: "evaluated", Kind: engines.Count, Value: float64(evaluated)},
		{Key: "cow_cuts", Title: "cut by COW", Kind: engines.Count, Value: float64(sv.COWCuts)},
		{Key: "pod_cuts", Title: "cut by POD", Kind: engines.Count, Value: float64(sv.PODCuts)},
	}
	return st
}

// AnalysePlayout implements engines.PlayoutAnalyser: it plays the whole
// NMC(Level+1) playout whose first step is the policy's choice (the same
// move for the same seed) and returns that first move and the states the
// playout visited.
func (e *Engine) AnalysePlayout(ctx context.Context, s games.State, seed uint64) (games.Move, int64, error) {
	if s.Terminal() {
		return games.NoMove, 0, engines.ErrNoMoves
	}
	sv := NewSearcher(e.cfg, s)
	sv.Reset()
	stop := engines.NewStop(ctx, 0)
	defer stop.Release()
	sv.Limit(stop, 0)
	c := s.Clone()
	top := sv.cfg.Level + 1
	sv.nested(top, c, 0, 0, games.First, false, seed)
	if sv.aborted {
		return games.NoMove, sv.States, ctx.Err()
	}
	return sv.frames[top].seq[0], sv.States, nil
}
