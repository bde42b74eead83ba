// Package alphabeta implements a negamax alpha-beta search with iterative
// deepening and a transposition table. Turns need not alternate: the sign
// flips only when the player to move changes.
//
// Values are integers for the player to move. A win is worth Mate minus its
// distance in plies (with Config.FlatMates, Mate at any distance), a loss
// the negative, a draw 0; a value beyond ±(Mate-MaxDepth) is proven, so the
// search solves small boards. Without a
// heuristic (Config.Heuristic empty, the default) the horizon is worth 0 and
// the search is valued by outcomes only. With one, the horizon is worth
// EvalScale times the heuristic's value in [-1, 1] for the player to move,
// rounded: far inside the mate range, so proofs still show.
//
// That is the alpha-beta player of the implicit-minimax paper (Lanctot et
// al. 2014, Table IV), which plays Breakthrough with efMS or efLH, iterative
// deepening and static move ordering: decisive and anti-decisive moves, then
// captures of undefended pieces, then other captures, then quiet moves.
// Config.Order sorts moves so, after the transposition table's move, which
// is searched before the others are classified (a cut-off on it costs no
// classification). It sorts at the root and at nodes whose children are
// searched on: with two plies or more left, or one with quiescence. At the
// frontier without quiescence, where children are only evaluated, sorting
// cost more than the cut-offs it bought (Breakthrough 8x8 with efMS, depth 6
// from 12 midgame positions: 20% fewer nodes in twice the time). The
// classes come from the game's move
// classifiers (package knowledge): "decisive" (every game has it),
// "antidecisive", "undefended_capture" and "capture"; a class the game lacks
// is skipped. The sort is stable, so moves of one class keep the game's
// order (at the root, the seed's shuffle).
//
// Config.Quiescence extends the horizon by captures (the game's "capture"
// classifier): the player to move may stand pat on the heuristic or capture,
// undefended pieces first, for at most QuiescenceDepth plies. It is off by
// default. It helps where a capture can be answered by a recapture, as in
// Breakthrough, whose efMS counts material: a fixed-depth search that stops
// right after a capture takes a defended piece as if it were free.
// Quiescence sees the recapture. It costs nodes where exchanges are long.
// Quiescence nodes count as states and are shown as the figure qnodes.
// Where the game's positions tell whether their player to move is in
// check (chess), a player in check may not stand pat: quiescence searches
// every legal move there, so that a mate it reports is a mate.
//
// Keyed ordering, for chess and other games whose captures have values,
// adds three options to the static classes, each off by default, with the
// static classes' ordering untouched while all three are off:
// Config.Captures scores captures by the game's move score (package
// knowledge; chess has "mvvlva" and "see"), Config.Killers keeps two killer
// moves per ply, Config.History weights quiet moves by the cut-offs they
// caused. A move's key is a band and a value within it: decisive, then
// anti-decisive moves (with static ordering), captures scored 0 or more
// (highest first; without a score, all captures, undefended pieces first),
// the killers (newer first), quiet moves by history, then captures scored
// below 0. Moves are picked one at a time, the highest key next, so that a
// cut-off saves the rest of the sort. Quiescence orders its captures by the
// same score and with Config.QPrune leaves out those below 0 (losing
// exchanges by SEE), except in check. Config.RootCut searches root moves
// after the first with a null window (their scores are then bounds), which
// took a sixth of the nodes on the chess test suite; without it every root
// move's score is exact. These make the alpha-beta competitor for chess
// (config.toml's ab-chess, "Alpha-beta for chess" in docs/chess.md).
package alphabeta

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// Values of positions for the player to move.
const (
	Mate     = 30000
	MaxDepth = 512
	// EvalScale turns a heuristic's value in [-1, 1] into a score.
	EvalScale = 1000
	// QuiescenceDepth caps the plies of captures beyond the horizon.
	QuiescenceDepth = 32
)

// Config selects the search's options.
type Config struct {
	// MaxDepth caps iterative deepening (plies).
	MaxDepth int
	// TTBits sets the transposition table to 1<<TTBits entries.
	TTBits int
	// NoTable searches without a transposition table (TTBits is then
	// unused): no position's value or move is kept, as the implicit-minimax
	// co-authors' framework's alpha-beta ran by default.
	NoTable bool
	// Heuristic names the game's heuristic that values the horizon; empty
	// values it 0.
	Heuristic string
	// Order sorts moves by the static classes of the package comment.
	Order bool
	// Quiescence searches captures beyond the horizon; it needs Heuristic
	// and the game's capture classifier.
	Quiescence bool
	// Captures names the game's move score (knowledge.MoveScore) that
	// orders captures, in the search and in quiescence: those it scores 0
	// or more first, highest first, those below 0 after the quiet moves.
	// Empty leaves captures in their static classes.
	Captures string
	// Killers puts the two quiet moves that last caused a cut-off at the
	// same distance from the root after the captures scored 0 or more.
	Killers bool
	// History orders quiet moves by the cut-offs they caused anywhere in
	// the search, weighted by the square of the depth left.
	History bool
	// QPrune leaves captures that the Captures score values below 0 out of
	// the quiescence search, except in check.
	QPrune bool
	// RootCut searches each root move after the first with a null window
	// on the best value so far, and again with a full one when it beats
	// it; the other moves' scores are then upper bounds. Without it every
	// root move is searched with a full window and its score is exact.
	RootCut bool
	// RootWindow searches the root as plain alpha-beta does: each move
	// after the first with the window of the best value so far, so a move
	// that cannot beat it fails low and its score is an upper bound. The
	// move played and the root's value are those of the full-window search
	// (RootCut takes precedence).
	RootWindow bool
	// Moves names the game's move score (knowledge.MoveScore) that orders
	// every move at every node with children, highest first, equal scores
	// in the game's order, in place of the static classes (after the
	// table's move, with a table; quiescence keeps its own capture order);
	// it excludes Captures, Killers and History. The implicit-minimax co-authors'
	// framework ordered its Breakthrough player's moves so (Breakthrough's
	// move score gameframe).
	Moves string
	// TiesFirst keeps the root moves in the game's order (sorted, stably,
	// by the ordering) at every depth instead of shuffling them by the seed
	// and searching the last depth's best first, so that of equal moves the
	// first is played, as the framework's player played them. The search is
	// then the same for every seed.
	TiesFirst bool
	// FlatMates values every win Mate and every loss -Mate, whatever their
	// distance (the framework's ±1.1), so that of several wins the first
	// in the order is played, not the shortest; iterative deepening then
	// runs to the budget or MaxDepth, as the framework's did, rather than
	// stopping at a proven root.
	FlatMates bool
}

// keyed reports whether moves are ordered by keys (scored captures,
// killers, history) rather than by the static classes alone.
func (c *Config) keyed() bool { return c.Captures != "" || c.Killers || c.History || c.Moves != "" }

// mateStep is what a ply takes off a win: 1, or 0 with FlatMates.
func (c *Config) mateStep() int {
	if c.FlatMates {
		return 0
	}
	return 1
}

// The bands of keyed ordering: a move's key is its band plus a value within
// it (a capture's score, a quiet move's history), and higher keys are
// searched first.
const (
	bandLosing   = 1 << 24 // captures scored below 0, plus the score
	bandQuiet    = 2 << 24 // plus the history
	bandKiller   = 3 << 24 // plus 1 for the newer killer
	bandCapture  = 4 << 24 // plus the score, or 1 undefended without one
	bandAnti     = 5 << 24
	bandDecisive = 6 << 24
	// scoreCap bounds a capture's score within its band.
	scoreCap = 1 << 20
	// historyCap is where the history table is halved.
	historyCap = 1 << 20
)

// checker is a position that tells whether its player to move is in check
// (chess's State). Quiescence does not let that player stand pat: it
// answers with every legal move.
type checker interface{ InCheck() bool }

// The ranks of static ordering, best first.
const (
	rankDecisive = iota
	rankAntidecisive
	rankUndefended
	rankCapture
	rankQuiet
)

type bound uint8

const (
	exact bound = iota + 1
	lower
	upper
)

type entry struct {
	key   uint64
	value int16
	depth int16
	flag  bound
	best  games.Move
}

// Engine is a configured alpha-beta player. It keeps the transposition
// tables and position stacks of finished searches for the next ones (a game's
// moves, or concurrent games), so that a table is allocated once rather than
// once a move; each search clears the table it takes, so that a search never
// depends on earlier ones and results stay reproducible.
type Engine struct {
	cfg  Config
	spec string
	mu   sync.Mutex
	free []*searcher
}

// New returns alpha-beta with cfg.
func New(cfg Config, spec string) *Engine { return &Engine{cfg: cfg, spec: spec} }

// Spec implements engines.Engine.
func (e *Engine) Spec() string { return e.spec }

// CheckGame implements engines.GameChecker: the heuristic must be the
// game's, and quiescence needs its capture classifier.
func (e *Engine) CheckGame(g games.Game) error {
	_, err := e.knowledge(g)
	return err
}

// know is the game knowledge one search uses; nil fields are absent or
// unused.
type know struct {
	h                                      knowledge.Heuristic
	decisive, antidecisive, undef, capture knowledge.Classifier
	score                                  knowledge.MoveScore
	// moves orders every move (Config.Moves).
	moves knowledge.MoveScore
	// check tells that the game's positions are checkers.
	check bool
}

// knowledge builds, for g, the knowledge the options ask for. A heuristic
// the game lacks, or quiescence without its capture classifier, is an error
// naming the engine, the option and what the game has; an ordering class the
// game lacks is skipped.
func (e *Engine) knowledge(g games.Game) (know, error) {
	var k know
	if e.cfg.Heuristic != "" {
		h, err := knowledge.NewHeuristic(g, e.cfg.Heuristic)
		if err != nil {
			return k, fmt.Errorf("engine %q, option heuristic: %w", e.spec, err)
		}
		k.h = h
	}
	if e.cfg.Quiescence {
		c, err := knowledge.NewClassifier(g, "capture")
		if err != nil {
			return k, fmt.Errorf("engine %q, option quiescence: %w", e.spec, err)
		}
		k.capture = c
	}
	if e.cfg.Order || e.cfg.Quiescence {
		k.capture, _ = knowledge.NewClassifier(g, "capture")
		k.undef, _ = knowledge.NewClassifier(g, "undefended_capture")
	}
	if e.cfg.Order {
		k.decisive, _ = knowledge.NewClassifier(g, "decisive")
		k.antidecisive, _ = knowledge.NewClassifier(g, "antidecisive")
	}
	if e.cfg.keyed() && k.capture == nil {
		k.capture, _ = knowledge.NewClassifier(g, "capture")
	}
	if e.cfg.Captures != "" {
		sc, err := knowledge.NewMoveScore(g, e.cfg.Captures)
		if err != nil {
			return k, fmt.Errorf("engine %q, option captures: %w", e.spec, err)
		}
		if k.capture == nil {
			_, err := knowledge.NewClassifier(g, "capture")
			return k, fmt.Errorf("engine %q, option captures: %w", e.spec, err)
		}
		k.score = sc
	}
	if e.cfg.Moves != "" {
		sc, err := knowledge.NewMoveScore(g, e.cfg.Moves)
		if err != nil {
			return k, fmt.Errorf("engine %q, option moves: %w", e.spec, err)
		}
		k.moves = sc
	}
	if e.cfg.Quiescence {
		_, k.check = g.NewState().(checker)
	}
	return k, nil
}

type searcher struct {
	cfg     Config
	game    games.Game // the game of states and know
	know    know
	tt      []entry
	mask    uint64
	states  []games.State
	moves   [][]games.Move
	class   [][]uint8      // static order: each move's rank, per depth
	sorted  [][]games.Move // static order: the sorted moves, per depth
	qstates []games.State  // quiescence, per ply beyond the horizon
	qmoves  [][]games.Move
	keys    [][]int32 // keyed order: each move's key, per depth
	qkeys   [][]int32 // quiescence's capture scores, per ply beyond the horizon
	killers [MaxDepth + 1][2]games.Move
	// history holds the history heuristic's weights, indexed by player
	// times the game's move space plus the move.
	history   []int32
	moveSpace int
	// orderDepth is the least depth left at which moves are sorted.
	orderDepth int
	// mateStep is Config.mateStep.
	mateStep int
	// best is the index of the root move played, after a completed depth.
	best     int
	nodes    int64
	qnodes   int64
	maxNodes int64
	stop     *engines.Stop
	stopped  bool
}

// take returns a searcher for positions of s's game with a cleared table
// and at least depth+2 stack levels, reusing a kept one when it can.
func (e *Engine) take(s games.State, depth int) (*searcher, error) {
	e.mu.Lock()
	var sr *searcher
	if n := len(e.free); n > 0 {
		sr, e.free = e.free[n-1], e.free[:n-1]
	}
	e.mu.Unlock()
	if sr == nil {
		sr = &searcher{cfg: e.cfg}
		if !e.cfg.NoTable {
			sr.tt, sr.mask = make([]entry, 1<<e.cfg.TTBits), 1<<e.cfg.TTBits-1
		}
	} else {
		clear(sr.tt)
	}
	g := s.Game()
	if sr.game != g {
		k, err := e.knowledge(g)
		if err != nil {
			e.put(sr)
			return nil, err
		}
		sr.game, sr.know = g, k
		sr.states, sr.moves, sr.class, sr.sorted = sr.states[:0], sr.moves[:0], sr.class[:0], sr.sorted[:0]
		sr.qstates, sr.qmoves = sr.qstates[:0], sr.qmoves[:0]
		sr.keys, sr.qkeys = sr.keys[:0], sr.qkeys[:0]
		sr.moveSpace = g.MoveSpace()
		sr.history = nil
		if e.cfg.History {
			sr.history = make([]int32, 2*sr.moveSpace)
		}
	}
	clear(sr.history)
	if e.cfg.Killers {
		for i := range sr.killers {
			sr.killers[i] = [2]games.Move{games.NoMove, games.NoMove}
		}
	}
	mm := g.MaxMoves()
	for len(sr.states) < depth+2 {
		sr.states = append(sr.states, s.Clone())
		sr.moves = append(sr.moves, make([]games.Move, 0, mm))
		if e.cfg.Order {
			sr.class = append(sr.class, make([]uint8, mm))
			sr.sorted = append(sr.sorted, make([]games.Move, mm))
		}
		if e.cfg.keyed() {
			sr.keys = append(sr.keys, make([]int32, mm))
		}
	}
	for e.cfg.Quiescence && len(sr.qstates) < QuiescenceDepth {
		sr.qstates = append(sr.qstates, s.Clone())
		sr.qmoves = append(sr.qmoves, make([]games.Move, 0, mm))
		sr.qkeys = append(sr.qkeys, make([]int32, mm))
	}
	switch {
	case !e.cfg.Order && !e.cfg.keyed():
		sr.orderDepth = math.MaxInt
	case e.cfg.Quiescence, e.cfg.Moves != "":
		sr.orderDepth = 1
	default:
		sr.orderDepth = 2
	}
	sr.nodes, sr.qnodes, sr.stopped, sr.best = 0, 0, false, 0
	sr.mateStep = e.cfg.mateStep()
	return sr, nil
}

// put keeps a finished searcher for the next search, at most a few.
func (e *Engine) put(sr *searcher) {
	sr.stop = nil
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.free) < 2 {
		e.free = append(e.free, sr)
	}
}

// Search implements engines.Engine: iterative deepening from depth 1 until the
// root is proven (not with FlatMates), MaxDepth is reached or the budget runs out (Time, States
// counted as nodes, Iterations as completed depths). The move of the last
// completed depth is played; among equal moves the seed breaks ties by
// shuffling the root moves (then sorting them by class, with static
// ordering), or with TiesFirst the first in the order is played.
func (e *Engine) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	s, b, seed, report := req.Position, req.MoveBudget(), req.Seed, req.Report
	if err := b.Check(); err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	if s.Terminal() {
		return engines.Result{Move: games.NoMove}, engines.ErrNoMoves
	}
	start := time.Now()
	maxDepth := e.cfg.MaxDepth
	if b.Iterations > 0 && int(b.Iterations) < maxDepth {
		maxDepth = int(b.Iterations)
	}
	// The clock starts before the table is cleared, which is part of the
	// move's cost.
	stop := engines.NewStop(ctx, b.Time)
	defer stop.Release()
	sr, err := e.take(s, maxDepth)
	if err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	defer e.put(sr)
	sr.maxNodes, sr.stop = b.States, stop
	root := s.Legal(nil)
	if !e.cfg.TiesFirst {
		r := rng.New(seed)
		for i := len(root) - 1; i > 0; i-- {
			j := r.Intn(i + 1)
			root[i], root[j] = root[j], root[i]
		}
	}
	switch {
	case e.cfg.keyed():
		sr.sortKeyed(s, root, 0)
	case e.cfg.Order:
		sr.order(s, root, make([]uint8, len(root)), make([]games.Move, len(root)))
	}
	values := make([]int, len(root))
	nodes := make([]int64, len(root)) // per root move, at the last completed depth
	bounds := make([]bool, len(root)) // values that are only upper bounds
	best, bestValue := root[0], 0
	var st engines.Stats
	depth := 0
	for d := 1; d <= maxDepth; d++ {
		alpha := -Mate - 1
		order := append([]games.Move(nil), root...)
		dv := make([]int, len(root))
		dn := make([]int64, len(root))
		db := make([]bool, len(root))
		for i, m := range order {
			before := sr.nodes
			a0 := alpha
			c := sr.states[d]
			c.CopyFrom(s)
			c.Play(m)
			sr.nodes++
			var v int
			switch {
			case e.cfg.RootCut && i > 0:
				v = sr.child(s, c, d-1, alpha, alpha+1)
				if v > alpha && !sr.stopped {
					v = sr.child(s, c, d-1, alpha, Mate+1)
				}
			case e.cfg.RootWindow:
				v = sr.child(s, c, d-1, alpha, Mate+1)
			default:
				v = sr.child(s, c, d-1, -Mate-1, Mate+1)
			}
			dv[i], dn[i] = v, sr.nodes-before
			db[i] = (e.cfg.RootCut || e.cfg.RootWindow) && i > 0 && v <= a0
			if v > alpha {
				alpha = v
			}
			if sr.stopped {
				break
			}
		}
		if sr.stopped {
			break
		}
		depth = d
		copy(values, dv)
		copy(nodes, dn)
		copy(bounds, db)
		bi := 0
		for i := range dv {
			if dv[i] > dv[bi] {
				bi = i
			}
		}
		best, bestValue, sr.best = root[bi], dv[bi], bi
		if !e.cfg.TiesFirst {
			// Search the best move first next time.
			root[0], root[bi] = root[bi], root[0]
			values[0], values[bi] = values[bi], values[0]
			nodes[0], nodes[bi] = nodes[bi], nodes[0]
			bounds[0], bounds[bi] = bounds[bi], bounds[0]
			sr.best = 0
		}
		st = sr.stats(root, values, nodes, bounds, depth, time.Since(start))
		if report != nil {
			report(st)
		}
		if !e.cfg.FlatMates && (bestValue >= Mate-MaxDepth || allLost(values)) {
			break
		}
	}
	st = sr.stats(root, values, nodes, bounds, depth, time.Since(start))
	st.Done = true
	if report != nil {
		report(st)
	}
	return engines.Result{Move: best, Stats: st}, nil
}

// child returns the value for s's player to move of c, the position after
// one of s's moves, searched depth plies deep within (alpha, beta) of that
// player's view.
func (sr *searcher) child(s, c games.State, depth, alpha, beta int) int {
	if c.ToMove() == s.ToMove() {
		return sr.search(c, depth, 1, alpha, beta)
	}
	return -sr.search(c, depth, 1, -beta, -alpha)
}

func allLost(values []int) bool {
	for _, v := range values {
		if v > -Mate+MaxDepth {
			return false
		}
	}
	return true
}

// The per-move columns alpha-beta declares, valued by outcomes only or with
// a heuristic at the horizon.
var (
	columns = []engines.Column{
		{Key: "score", Title: "score", Kind: engines.Score, View: engines.MoverView, Mate: Mate,
			Doc: "value at the last completed depth: Mate minus the plies to a win, its negative for a loss, 0 for a draw or the horizon; with root=cut or root=window, an upper bound for a move after the first that did not beat the best before it"},
		{Key: "nodes", Title: "nodes", Kind: engines.Count, Doc: "nodes the move's subtree took at the last completed depth"},
	}
	heuristicColumns = []engines.Column{
		{Key: "score", Title: "score", Kind: engines.Score, View: engines.MoverView, Unit: EvalScale, Mate: Mate,
			Doc: "value at the last completed depth: Mate minus the plies to a win, its negative for a loss, 0 for a draw, 1000 times the heuristic at the horizon; with root=cut or root=window, an upper bound for a move after the first that did not beat the best before it"},
		columns[1],
	}
	// With FlatMates a win has no distance: its score is Mate itself.
	flatColumns = []engines.Column{
		{Key: "score", Title: "score", Kind: engines.Score, View: engines.MoverView,
			Doc: "value at the last completed depth: 30000 for a win and -30000 for a loss at any distance (mates=flat), 0 for a draw or the horizon; with root=cut or root=window, an upper bound for a move after the first that did not beat the best before it"},
		columns[1],
	}
	flatHeuristicColumns = []engines.Column{
		{Key: "score", Title: "score", Kind: engines.Score, View: engines.MoverView, Unit: EvalScale,
			Doc: "value at the last completed depth: 30000 for a win and -30000 for a loss at any distance (mates=flat), 0 for a draw, 1000 times the heuristic at the horizon; with root=cut or root=window, an upper bound for a move after the first that did not beat the best before it"},
		columns[1],
	}
)

// stats is the snapshot after a completed depth: each root move's score and
// nodes, proofs where a score is a forced result, and the depth (and the
// quiescence nodes, with quiescence).
func (sr *searcher) stats(root []games.Move, values []int, nodes []int64, bounds []bool, depth int, elapsed time.Duration) engines.Stats {
	var cols []engines.Column
	switch {
	case sr.cfg.FlatMates && sr.know.h != nil:
		cols = flatHeuristicColumns
	case sr.cfg.FlatMates:
		cols = flatColumns
	case sr.know.h != nil:
		cols = heuristicColumns
	default:
		cols = columns
	}
	st := engines.Stats{Iterations: int64(depth), States: sr.nodes, Elapsed: elapsed, Columns: cols, Rank: 0,
		Figures: []engines.Figure{{Key: "depth", Title: "depth", Kind: engines.Count, Value: float64(depth)}}}
	if sr.cfg.Quiescence {
		st.Figures = append(st.Figures, engines.Figure{Key: "qnodes", Title: "quiescence nodes", Kind: engines.Count, Value: float64(sr.qnodes)})
	}
	cells := make([]float64, len(cols)*len(root))
	for i, m := range root {
		c := cells[2*i : 2*i+2 : 2*i+2]
		c[0], c[1] = math.NaN(), math.NaN()
		ms := engines.MoveStats{Move: m, Cells: c}
		if depth > 0 {
			v := values[i]
			c[0], c[1] = float64(v), float64(nodes[i])
			switch {
			case v >= Mate-MaxDepth && !bounds[i]:
				ms.Proven = engines.ProvenWin
			case v <= -Mate+MaxDepth:
				ms.Proven = engines.ProvenLoss
			}
		}
		st.Moves = append(st.Moves, ms)
	}
	if len(root) > 0 {
		st.PV = []games.Move{root[sr.best]}
	}
	return st
}

// checkStop stops the search when its signal is set (time, context) or
// when the node budget is spent, so that a budget of N states spends N.
func (sr *searcher) checkStop() {
	if sr.stop.Stopped() {
		sr.stopped = true
	}
	if sr.maxNodes > 0 && sr.nodes >= sr.maxNodes {
		sr.stopped = true
	}
}

// search returns the value of s for its player to move, searched depth plies
// deep; ply is the distance from the root.
func (sr *searcher) search(s games.State, depth, ply int, alpha, beta int) int {
	sr.checkStop()
	if sr.stopped {
		return 0
	}
	if s.Terminal() {
		switch s.Outcome().Value(s.ToMove()) {
		case 1:
			return Mate - ply*sr.mateStep
		case -1:
			return -Mate + ply*sr.mateStep
		}
		return 0
	}
	if depth == 0 {
		switch {
		case sr.know.h == nil:
			return 0
		case sr.cfg.Quiescence:
			return sr.captures(s, 0, ply, alpha, beta)
		}
		return sr.eval(s)
	}
	var e *entry
	var ttMove games.Move = games.NoMove
	if sr.tt != nil {
		e = &sr.tt[s.Hash()&sr.mask]
	}
	if e != nil && e.key == s.Hash() {
		ttMove = e.best
		if int(e.depth) >= depth {
			v := fromTT(int(e.value), ply*sr.mateStep)
			switch {
			case e.flag == exact,
				e.flag == lower && v >= beta,
				e.flag == upper && v <= alpha:
				return v
			}
		}
	}
	moves := s.Legal(sr.moves[depth])
	first := 0 // moves before first need no ordering
	if ttMove != games.NoMove {
		for i, m := range moves {
			if m == ttMove {
				moves[0], moves[i] = moves[i], moves[0]
				first = 1
				break
			}
		}
	}
	a0 := alpha
	best, bestMove := -Mate-1, moves[0]
	c := sr.states[depth]
	keyed := sr.cfg.keyed() && depth >= sr.orderDepth
	var keys []int32
	for i := 0; i < len(moves); i++ {
		switch {
		case keyed && i == first:
			keys = sr.keys[depth][:len(moves)]
			for j := first; j < len(moves); j++ {
				keys[j] = sr.key(s, moves[j], ply)
			}
			fallthrough
		case keyed && i > first && sr.know.moves != nil:
			pickStable(moves[i:], keys[i:])
		case keyed && i > first:
			pick(moves[i:], keys[i:])
		case i == first && depth >= sr.orderDepth:
			sr.order(s, moves[first:], sr.class[depth], sr.sorted[depth])
		}
		m := moves[i]
		c.CopyFrom(s)
		c.Play(m)
		sr.nodes++
		var v int
		if c.ToMove() == s.ToMove() {
			v = sr.search(c, depth-1, ply+1, alpha, beta)
		} else {
			v = -sr.search(c, depth-1, ply+1, -beta, -alpha)
		}
		if sr.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
		}
		if best > alpha {
			alpha = best
		}
		if alpha >= beta {
			if sr.cfg.Killers || sr.cfg.History {
				sr.cutoff(s, m, depth, ply)
			}
			break
		}
	}
	flag := exact
	switch {
	case best <= a0:
		flag = upper
	case best >= beta:
		flag = lower
	}
	if e != nil {
		*e = entry{key: s.Hash(), value: int16(toTT(best, ply*sr.mateStep)), depth: int16(depth), flag: flag, best: bestMove}
	}
	return best
}

// order sorts moves, legal in s, by class (stable), with class and sorted
// as scratch of at least len(moves).
func (sr *searcher) order(s games.State, moves []games.Move, class []uint8, sorted []games.Move) {
	var start [rankQuiet + 2]int // start[r+1] counts, then starts, rank r
	for i, m := range moves {
		r := sr.know.rank(s, m)
		class[i] = uint8(r)
		start[r+1]++
	}
	for r := 1; r < len(start); r++ {
		start[r] += start[r-1]
	}
	for i, m := range moves {
		r := class[i]
		sorted[start[r]] = m
		start[r]++
	}
	copy(moves, sorted[:len(moves)])
}

// rank returns the static order's rank of m, legal in s. A move the capture
// classifier rejects is not asked whether it captures an undefended piece.
func (k *know) rank(s games.State, m games.Move) int {
	switch {
	case k.decisive != nil && k.decisive.Is(s, m):
		return rankDecisive
	case k.antidecisive != nil && k.antidecisive.Is(s, m):
		return rankAntidecisive
	case k.capture != nil && !k.capture.Is(s, m):
		return rankQuiet
	case k.undef != nil && k.undef.Is(s, m):
		return rankUndefended
	case k.capture != nil:
		return rankCapture
	}
	return rankQuiet
}

// eval is the heuristic's value of s scaled to a score for its player to
// move.
func (sr *searcher) eval(s games.State) int {
	v := int(math.Round(EvalScale * max(-1, min(1, sr.know.h.Value(s)))))
	if s.ToMove() == games.Second {
		return -v
	}
	return v
}

// quiesce returns the value of s for its player to move, who may stand pat
// on the heuristic or capture, q plies beyond the horizon.
func (sr *searcher) quiesce(s games.State, q, ply int, alpha, beta int) int {
	sr.checkStop()
	if sr.stopped {
		return 0
	}
	if s.Terminal() {
		switch s.Outcome().Value(s.ToMove()) {
		case 1:
			return Mate - ply*sr.mateStep
		case -1:
			return -Mate + ply*sr.mateStep
		}
		return 0
	}
	return sr.captures(s, q, ply, alpha, beta)
}

// captures is quiesce's search of a position that is not over.
func (sr *searcher) captures(s games.State, q, ply int, alpha, beta int) int {
	if sr.know.check && s.(checker).InCheck() && q < len(sr.qstates) && ply < MaxDepth {
		return sr.evasions(s, q, ply, alpha, beta)
	}
	if sr.know.score != nil {
		return sr.scoredCaptures(s, q, ply, alpha, beta)
	}
	best := sr.eval(s)
	if best >= beta || q >= len(sr.qstates) || ply >= MaxDepth {
		return best
	}
	if best > alpha {
		alpha = best
	}
	// The captures, undefended pieces first.
	moves := s.Legal(sr.qmoves[q])
	n, u := 0, 0
	for _, m := range moves {
		if !sr.know.capture.Is(s, m) {
			continue
		}
		moves[n] = m
		if sr.know.undef != nil && sr.know.undef.Is(s, m) {
			moves[u], moves[n] = moves[n], moves[u]
			u++
		}
		n++
	}
	for _, m := range moves[:n] {
		v := sr.qchild(s, m, q, ply, alpha, beta)
		if sr.stopped {
			return 0
		}
		if v > best {
			best = v
		}
		if best > alpha {
			alpha = best
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// Mate values are stored relative to the node, so that a position reached at
// another distance from the root reads the right distance.
func toTT(v, ply int) int {
	switch {
	case v >= Mate-MaxDepth:
		return v + ply
	case v <= -Mate+MaxDepth:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v >= Mate-MaxDepth:
		return v - ply
	case v <= -Mate+MaxDepth:
		return v + ply
	}
	return v
}

// key returns the keyed order's key of m, legal in s, ply plies from the
// root: decisive and anti-decisive moves first (with static ordering), then
// captures the move score values 0 or more, highest first (all captures,
// undefended pieces first, without a score), the killers, quiet moves by
// history, and last the captures scored below 0. With Config.Moves the key
// is that score alone.
func (sr *searcher) key(s games.State, m games.Move, ply int) int32 {
	k := &sr.know
	if k.moves != nil {
		return bandQuiet + int32(max(-scoreCap+1, min(scoreCap, k.moves.Score(s, m))))
	}
	if sr.cfg.Order {
		switch {
		case k.decisive != nil && k.decisive.Is(s, m):
			return bandDecisive
		case k.antidecisive != nil && k.antidecisive.Is(s, m):
			return bandAnti
		}
	}
	if k.capture != nil && k.capture.Is(s, m) {
		switch {
		case k.score != nil:
			v := int32(max(-scoreCap+1, min(scoreCap, k.score.Score(s, m))))
			if v < 0 {
				return bandLosing + v
			}
			return bandCapture + v
		case sr.cfg.Order && k.undef != nil && k.undef.Is(s, m):
			return bandCapture + 1
		}
		return bandCapture
	}
	if sr.cfg.Killers {
		switch m {
		case sr.killers[ply][0]:
			return bandKiller + 1
		case sr.killers[ply][1]:
			return bandKiller
		}
	}
	if sr.history != nil {
		return bandQuiet + sr.history[int(s.ToMove())*sr.moveSpace+int(m)]
	}
	return bandQuiet
}

// pick moves the move of the highest key to the front of moves, keys
// alongside; of equal keys, the first.
func pick(moves []games.Move, keys []int32) {
	b := 0
	for j := 1; j < len(keys); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	moves[0], moves[b] = moves[b], moves[0]
	keys[0], keys[b] = keys[b], keys[0]
}

// pickStable is pick that keeps the order of the others, so that the moves
// come out sorted by key with equal keys in their order, as Config.Moves
// promises.
func pickStable(moves []games.Move, keys []int32) {
	b := 0
	for j := 1; j < len(keys); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	m, k := moves[b], keys[b]
	copy(moves[1:b+1], moves[:b])
	copy(keys[1:b+1], keys[:b])
	moves[0], keys[0] = m, k
}

// sortKeyed sorts moves, legal in s, ply plies from the root, by key, best
// first, keeping the order of equal keys. It allocates: it is for the root.
func (sr *searcher) sortKeyed(s games.State, moves []games.Move, ply int) {
	keys := make([]int32, len(moves))
	for i, m := range moves {
		keys[i] = sr.key(s, m, ply)
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// cutoff records that m, legal in s, caused a cut-off with depth plies left,
// ply plies from the root: a quiet move becomes the newer killer of its ply
// and gains depth squared in the history table, which is halved when a
// weight passes historyCap.
func (sr *searcher) cutoff(s games.State, m games.Move, depth, ply int) {
	if sr.know.capture != nil && sr.know.capture.Is(s, m) {
		return
	}
	if sr.cfg.Killers {
		if k := &sr.killers[ply]; k[0] != m {
			k[1], k[0] = k[0], m
		}
	}
	if sr.history != nil {
		h := &sr.history[int(s.ToMove())*sr.moveSpace+int(m)]
		*h += int32(depth * depth)
		if *h > historyCap {
			for i := range sr.history {
				sr.history[i] /= 2
			}
		}
	}
}

// evasions is quiesce's search of a position whose player to move is in
// check: no standing pat, every legal move searched, captures first by the
// move score when there is one. The position is not over, so it has a move.
func (sr *searcher) evasions(s games.State, q, ply int, alpha, beta int) int {
	moves := s.Legal(sr.qmoves[q])
	keys := sr.qkeys[q][:len(moves)]
	for i, m := range moves {
		keys[i] = 0
		if sr.know.capture != nil && sr.know.capture.Is(s, m) {
			keys[i] = bandCapture
			if sr.know.score != nil {
				keys[i] += int32(max(-scoreCap+1, min(scoreCap, sr.know.score.Score(s, m))))
			}
		}
	}
	return sr.qsearch(s, moves, keys, -Mate-1, q, ply, alpha, beta)
}

// scoredCaptures is captures' search with a move score: stand pat, or
// capture, highest score first, leaving out those scored below 0 with
// QPrune.
func (sr *searcher) scoredCaptures(s games.State, q, ply int, alpha, beta int) int {
	best := sr.eval(s)
	if best >= beta || q >= len(sr.qstates) || ply >= MaxDepth {
		return best
	}
	if best > alpha {
		alpha = best
	}
	moves := s.Legal(sr.qmoves[q])
	keys := sr.qkeys[q]
	n := 0
	for _, m := range moves {
		if !sr.know.capture.Is(s, m) {
			continue
		}
		v := sr.know.score.Score(s, m)
		if v < 0 && sr.cfg.QPrune {
			continue
		}
		moves[n], keys[n] = m, int32(max(-scoreCap+1, min(scoreCap, v)))
		n++
	}
	return sr.qsearch(s, moves[:n], keys[:n], best, q, ply, alpha, beta)
}

// qchild plays m from s into the quiescence state of depth q and returns
// its value for s's player to move, counting it as a node.
func (sr *searcher) qchild(s games.State, m games.Move, q, ply, alpha, beta int) int {
	c := sr.qstates[q]
	c.CopyFrom(s)
	c.Play(m)
	sr.nodes++
	sr.qnodes++
	if c.ToMove() == s.ToMove() {
		return sr.quiesce(c, q+1, ply+1, alpha, beta)
	}
	return -sr.quiesce(c, q+1, ply+1, -beta, -alpha)
}

// qsearch searches moves of s in the order of their keys, from best, q
// plies beyond the horizon, and returns the best value.
func (sr *searcher) qsearch(s games.State, moves []games.Move, keys []int32, best, q, ply int, alpha, beta int) int {
	for i := range moves {
		pick(moves[i:], keys[i:])
		v := sr.qchild(s, moves[i], q, ply, alpha, beta)
		if sr.stopped {
			return 0
		}
		if v > best {
			best = v
		}
		if best > alpha {
			alpha = best
		}
		if alpha >= beta {
			break
		}
	}
	return best
}
