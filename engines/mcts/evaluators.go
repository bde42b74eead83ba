package mcts

import (
	"fmt"
	"math"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// The leaf evaluations beside PlayoutLeaf, after Lanctot et al. (2014):
// fet k ("cut off after k plies"), det x ("cut off when the heuristic's
// magnitude reaches x") and a static heuristic. Each takes the name of a
// heuristic registered for the game (package knowledge), whose values are
// from the first player's view. A leaf that is, or whose playout reaches,
// a finished game scores the game's outcome, whatever the heuristic says
// of finished positions (Kalah's stores-fw values them by its formula:
// that applies to the implicit minimax values of the tree only).

// limitedPlayout builds the playout policy and heuristic of a leaf that
// stops playouts early (what names it in errors).
func limitedPlayout(what string, cfg policy.Config, heuristic string, s games.State) (policy.Policy, knowledge.Heuristic, error) {
	if !policy.Limited(cfg.Kind) {
		return nil, nil, fmt.Errorf("%s needs a playout that can stop early, not %s", what, cfg.Kind)
	}
	p, err := policy.New(cfg, s)
	if err != nil {
		return nil, nil, err
	}
	h, err := knowledge.NewHeuristic(s.Game(), heuristic)
	if err != nil {
		return nil, nil, err
	}
	return p, h, nil
}

// CutoffLeaf plays at most plies moves by the playout policy and returns
// the heuristic's value of where it stopped (fet k).
func CutoffLeaf(cfg policy.Config, heuristic string, plies int) func(games.State) (Evaluator, error) {
	return func(s games.State) (Evaluator, error) {
		p, h, err := limitedPlayout("a cut-off leaf", cfg, heuristic, s)
		if err != nil {
			return nil, err
		}
		return &cutoffEval{pol: p, h: h, plies: plies}, nil
	}
}

type cutoffEval struct {
	pol   policy.Policy
	h     knowledge.Heuristic
	plies int
}

func (e *cutoffEval) policy() policy.Policy { return e.pol }

func (e *cutoffEval) Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval {
	k, states := e.pol.Run(s, r, e.plies, stop, trace)
	// A run of fewer plies than asked for reached the end of the game,
	// which scores its outcome; one of no ply started there.
	if s.Terminal() {
		return Eval{Value: float64(s.Outcome()), Terminal: k == 0, States: states}
	}
	return Eval{Value: e.h.Value(s), States: states}
}

// Threshold configures a threshold leaf (det x).
type Threshold struct {
	// X is the magnitude of the heuristic that ends the playout.
	X float64
	// Every is the number of plies between two looks at the heuristic.
	Every int
	// Plies above 0 also stops the playout after that many plies and
	// looks there: a value past X still scores a win or a loss, another is
	// returned as it is, as the cut-off leaf does (fet k and det x
	// together: the paper's (fet20,det0.5)).
	Plies int
	// SkipLeaf makes the first look after Every plies rather than at the
	// leaf itself, as the implicit-minimax paper's co-authors' framework
	// looked.
	SkipLeaf bool
}

// ThresholdLeaf plays by the playout policy and looks at the heuristic at
// the leaf (unless t.SkipLeaf) and after every t.Every plies: once its
// value reaches t.X the first player is taken to have won (+1), once it
// reaches -t.X the second (-1); a playout that ends first returns its
// outcome (det x).
func ThresholdLeaf(cfg policy.Config, heuristic string, t Threshold) func(games.State) (Evaluator, error) {
	return func(s games.State) (Evaluator, error) {
		p, h, err := limitedPlayout("a threshold leaf", cfg, heuristic, s)
		if err != nil {
			return nil, err
		}
		return &thresholdEval{pol: p, h: h, t: t}, nil
	}
}

type thresholdEval struct {
	pol policy.Policy
	h   knowledge.Heuristic
	t   Threshold
}

func (e *thresholdEval) policy() policy.Policy { return e.pol }

func (e *thresholdEval) Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval {
	if s.Terminal() {
		return Eval{Value: float64(s.Outcome()), Terminal: true}
	}
	var states int64
	played := 0
	for {
		if s.Terminal() { // a run that ended the game on its last ply
			return Eval{Value: float64(s.Outcome()), States: states}
		}
		if played > 0 || !e.t.SkipLeaf {
			v := e.h.Value(s)
			switch {
			case v >= e.t.X:
				return Eval{Value: 1, States: states}
			case v <= -e.t.X:
				return Eval{Value: -1, States: states}
			case e.t.Plies > 0 && played == e.t.Plies:
				return Eval{Value: v, States: states}
			}
		}
		step := e.t.Every
		if e.t.Plies > 0 {
			step = min(step, e.t.Plies-played)
		}
		k, n := e.pol.Run(s, r, step, stop, trace)
		states += n
		played += k
		if k < step || stop.Stopped() {
			if stop.Stopped() {
				return Eval{States: states}
			}
			return Eval{Value: float64(s.Outcome()), States: states}
		}
	}
}

// HeuristicLeaf values a leaf by the heuristic alone, with no playout.
func HeuristicLeaf(heuristic string) func(games.State) (Evaluator, error) {
	return func(s games.State) (Evaluator, error) {
		h, err := knowledge.NewHeuristic(s.Game(), heuristic)
		if err != nil {
			return nil, err
		}
		return heuristicEval{h: h}, nil
	}
}

type heuristicEval struct{ h knowledge.Heuristic }

func (e heuristicEval) Evaluate(s games.State, _ *rng.Rand, _ *engines.Stop, _ *policy.Trace) Eval {
	if s.Terminal() {
		return Eval{Value: float64(s.Outcome()), Terminal: true}
	}
	return Eval{Value: e.h.Value(s)}
}

// HeuristicPrior gives each child the heuristic's value of its position,
// for the player who moves into it: the leaf values of implicit minimax
// and the progressive-bias term. It adds no virtual visits.
func HeuristicPrior(heuristic string) func(games.State) (Prior, error) {
	return func(s games.State) (Prior, error) {
		h, err := knowledge.NewHeuristic(s.Game(), heuristic)
		if err != nil {
			return nil, err
		}
		return &heuristicPrior{h: h, child: s.Clone()}, nil
	}
}

type heuristicPrior struct {
	h     knowledge.Heuristic
	child games.State
}

func (p *heuristicPrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	mover := s.ToMove()
	for i, m := range moves {
		p.child.CopyFrom(s)
		p.child.Play(m)
		v := p.h.Value(p.child)
		if mover == games.Second {
			v = -v
		}
		out[i].Value, out[i].Bias = v, v
	}
	return int64(len(moves))
}

// RawHeuristicPrior is HeuristicPrior with the progressive-bias term in
// the units of the heuristic's raw evaluation (knowledge.Raw) times scale,
// for the player who moves into each child: the H(n_i) of the chess thesis'
// Formula 4, an evaluation in an engine's units rather than a value in
// [-1, 1]. The leaf values of implicit minimax stay the heuristic's.
func RawHeuristicPrior(heuristic string, scale float64) func(games.State) (Prior, error) {
	return func(s games.State) (Prior, error) {
		h, err := knowledge.NewHeuristic(s.Game(), heuristic)
		if err != nil {
			return nil, err
		}
		raw, ok := h.(knowledge.Raw)
		if !ok {
			return nil, fmt.Errorf("heuristic %q of %q has no raw evaluation, only values in [-1, 1]", heuristic, s.Game().Spec())
		}
		return &rawPrior{h: h, raw: raw, scale: scale, child: s.Clone()}, nil
	}
}

type rawPrior struct {
	h     knowledge.Heuristic
	raw   knowledge.Raw
	scale float64
	child games.State
}

func (p *rawPrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	sign := 1.0
	if s.ToMove() == games.Second {
		sign = -1
	}
	for i, m := range moves {
		p.child.CopyFrom(s)
		p.child.Play(m)
		out[i].Value = sign * p.h.Value(p.child)
		out[i].Bias = sign * p.scale * p.raw.Raw(p.child)
	}
	return int64(len(moves))
}

// MovePriorPrior returns the expansion hook of node priors (Gelly and Silver
// 2007): each child starts with visits virtual visits, floor(rate*visits) of
// them wins, rate the game's move prior named name (package knowledge) for
// the move into it. Combine it with HeuristicPrior through Priors.
func MovePriorPrior(name string, visits int32) func(games.State) (Prior, error) {
	return func(s games.State) (Prior, error) {
		mp, err := knowledge.NewMovePrior(s.Game(), name)
		if err != nil {
			return nil, err
		}
		return &movePrior{mp: mp, n: visits}, nil
	}
}

type movePrior struct {
	mp knowledge.MovePrior
	n  int32
}

func (p *movePrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	for i, m := range moves {
		out[i].Visits = p.n
		out[i].Wins = math.Floor(p.mp.Prior(s, m) * float64(p.n))
	}
	return 0
}

// Priors returns the expansion hook that runs each of hooks in turn on the
// same children, so that each fills its own fields of ChildPrior (node
// priors their visits and wins, a heuristic its value and bias).
func Priors(hooks ...func(games.State) (Prior, error)) func(games.State) (Prior, error) {
	return func(s games.State) (Prior, error) {
		var all multiPrior
		for _, h := range hooks {
			p, err := h(s)
			if err != nil {
				return nil, err
			}
			all = append(all, p)
		}
		return all, nil
	}
}

type multiPrior []Prior

func (ps multiPrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	var states int64
	for _, p := range ps {
		states += p.Priors(s, moves, out)
	}
	return states
}

// VirtualPriorPrior returns the expansion hook of node priors that state
// their own counts: each child starts with the visits and wins that the
// game's move prior named name gives the move into it
// (knowledge.VirtualPrior: the Havannah paper's visit-and-win-count
// initialisations). The parent's visits are not changed.
func VirtualPriorPrior(name string) func(games.State) (Prior, error) {
	return func(s games.State) (Prior, error) {
		mp, err := knowledge.NewMovePrior(s.Game(), name)
		if err != nil {
			return nil, err
		}
		vp, ok := mp.(knowledge.VirtualPrior)
		if !ok {
			return nil, fmt.Errorf("move prior %q of %q gives a win rate only: it needs np=N visits", name, s.Game().Spec())
		}
		return virtualPrior{vp}, nil
	}
}

type virtualPrior struct{ vp knowledge.VirtualPrior }

func (p virtualPrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	for i, m := range moves {
		out[i].Visits, out[i].Wins = p.vp.Virtual(s, m)
	}
	return 0
}

// ReadingPrior returns the expansion hook that proves children by the
// game's reading named name (knowledge.Reading: Havannah-Mate): a move the
// reading finds won becomes a child proven won for its mover, one found
// lost a child proven lost. It needs the solver.
func ReadingPrior(name string) func(games.State) (Prior, error) {
	return func(s games.State) (Prior, error) {
		r, err := knowledge.NewReading(s.Game(), name)
		if err != nil {
			return nil, err
		}
		return &readingPrior{r: r, out: make([]int8, s.Game().MaxMoves())}, nil
	}
}

type readingPrior struct {
	r   knowledge.Reading
	out []int8
}

func (p *readingPrior) Priors(s games.State, moves []games.Move, out []ChildPrior) int64 {
	read := p.out[:len(moves)]
	p.r.Read(s, moves, read)
	for i, v := range read {
		switch v {
		case 1:
			out[i].Proven = engines.ProvenWin
		case -1:
			out[i].Proven = engines.ProvenLoss
		}
	}
	return 0
}

// MinOracleRoot is the number of pieces below which an oracle leaf is off
// unless asked for everywhere: the chess thesis ignored its tablebase
// cut-off when the root had fewer than eight pieces.
const MinOracleRoot = 8

// OracleLeaf plays the leaf by the playout policy one move at a time and
// probes the game's oracle named name (package knowledge, a tablebase) at
// the leaf and after every move: at the first position the oracle knows,
// the playout stops with the oracle's value. A hit at the leaf itself is
// proven when the oracle proves it (a tablebase's draw, or its mate where
// the fifty-move and repetition rules cannot draw the game first), and the
// solver backs it up as a proof; an unproven hit, a tablebase's mate too
// far off for the halfmove clock, is the leaf's value all the same (the
// thesis' cut-off took the table's result as it was), and the search goes
// on below the leaf as below any other. A playout that ends first returns its
// outcome. Unless everywhere, the leaf is an ordinary playout
// for a search whose root is small, fewer than MinOracleRoot pieces by the
// oracle's count (knowledge.Sizer; an oracle that does not count is always
// on).
func OracleLeaf(cfg policy.Config, name string, everywhere bool) func(games.State) (Evaluator, error) {
	return func(s games.State) (Evaluator, error) {
		if !policy.Limited(cfg.Kind) {
			return nil, fmt.Errorf("an oracle leaf needs a playout that can stop early, not %s", cfg.Kind)
		}
		p, err := policy.New(cfg, s)
		if err != nil {
			return nil, err
		}
		o, err := knowledge.NewOracle(s.Game(), name)
		if err != nil {
			return nil, err
		}
		e := &oracleEval{pol: p, o: o, everywhere: everywhere}
		e.SetRoot(s)
		return e, nil
	}
}

type oracleEval struct {
	pol        policy.Policy
	o          knowledge.Oracle
	everywhere bool
	on         bool // for the current root
}

func (e *oracleEval) policy() policy.Policy { return e.pol }

// SetRoot implements Rooted: the oracle is off for small roots unless
// everywhere.
func (e *oracleEval) SetRoot(root games.State) {
	e.on = true
	if sz, ok := e.o.(knowledge.Sizer); ok && !e.everywhere {
		e.on = sz.Pieces(root) >= MinOracleRoot
	}
}

func (e *oracleEval) Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval {
	if !e.on {
		k, states := e.pol.Run(s, r, games.NoLimit, stop, trace)
		return Eval{Value: float64(s.Outcome()), Terminal: k == 0, States: states}
	}
	// A finished game is scored by its rules (a draw by the fifty-move
	// rule, say, that an oracle of the moves alone would not see).
	if s.Terminal() {
		return Eval{Value: float64(s.Outcome()), Terminal: true}
	}
	if v, ok := e.o.Probe(s); ok {
		return Eval{Value: v.Value, Proven: v.Proven, Plies: v.Plies}
	}
	var states int64
	for {
		k, n := e.pol.Run(s, r, 1, stop, trace)
		states += n
		if k == 0 || stop.Stopped() {
			return Eval{Value: float64(s.Outcome()), States: states}
		}
		if v, ok := e.o.Probe(s); ok {
			return Eval{Value: v.Value, States: states}
		}
	}
}

// DrawTriesLeaf wraps a leaf evaluation whose values are outcomes (a
// playout, an oracle cut-off) in the chess thesis' re-simulation of draws
// (section 5.1.1, its test on Réti's study): an evaluation that ends in a
// draw is discarded and run again from the leaf, up to tries evaluations
// in all, and the draw (0) is returned only when none of them is decisive;
// the first decisive one is returned. A leaf that is itself finished, or
// whose value an oracle proves, is not run again (it would give the same
// value). The states of every evaluation are counted, and a trace keeps
// only the moves of the evaluation returned. The thesis used it to show
// how often random playouts end falsely in a draw, not to play better.
func DrawTriesLeaf(leaf func(games.State) (Evaluator, error), tries int) func(games.State) (Evaluator, error) {
	return func(s games.State) (Evaluator, error) {
		if tries < 1 {
			return nil, fmt.Errorf("draw tries %d: want 1 or more", tries)
		}
		inner, err := leaf(s)
		if err != nil {
			return nil, err
		}
		return &drawTries{inner: inner, tries: tries, leaf: s.Clone()}, nil
	}
}

type drawTries struct {
	inner Evaluator
	tries int
	leaf  games.State // the leaf, kept for the next try
}

// SetRoot implements Rooted for an inner evaluator that depends on the
// root.
func (e *drawTries) SetRoot(root games.State) {
	if ro, ok := e.inner.(Rooted); ok {
		ro.SetRoot(root)
	}
}

func (e *drawTries) Evaluate(s games.State, r *rng.Rand, stop *engines.Stop, trace *policy.Trace) Eval {
	mark := 0
	if trace != nil {
		mark = trace.Len()
	}
	var states int64
	for try := 1; ; try++ {
		last := try >= e.tries
		if !last {
			e.leaf.CopyFrom(s)
		}
		ev := e.inner.Evaluate(s, r, stop, trace)
		states += ev.States
		ev.States = states
		if last || ev.Value != 0 || ev.Terminal || ev.Proven || stop.Stopped() {
			return ev
		}
		s.CopyFrom(e.leaf)
		if trace != nil {
			trace.Moves, trace.Movers = trace.Moves[:mark], trace.Movers[:mark]
		}
	}
}
