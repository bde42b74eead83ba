// Package alphabeta implements a negamax alpha-beta search with iterative
// deepening and a transposition table, valued by game outcomes only: a win is
// worth Mate minus its distance in plies, a loss the negative, a draw and the
// horizon 0. It solves small boards (a value beyond ±(Mate-MaxDepth) is
// proven) and serves as a baseline player. Turns need not alternate: the sign
// flips only when the player to move changes.
package alphabeta

import (
	"context"
	"math"
	"sync"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// Values of positions for the player to move.
const (
	Mate     = 30000
	MaxDepth = 512
)

// Config selects the search's options.
type Config struct {
	// MaxDepth caps iterative deepening (plies).
	MaxDepth int
	// TTBits sets the transposition table to 1<<TTBits entries.
	TTBits int
}

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

type searcher struct {
	tt       []entry
	mask     uint64
	states   []games.State
	moves    [][]games.Move
	nodes    int64
	maxNodes int64
	stop     *engines.Stop
	stopped  bool
}

// take returns a searcher for positions of s's game with a cleared table
// and at least depth+2 stack levels, reusing a kept one when it can.
func (e *Engine) take(s games.State, depth int) *searcher {
	e.mu.Lock()
	var sr *searcher
	if n := len(e.free); n > 0 {
		sr, e.free = e.free[n-1], e.free[:n-1]
	}
	e.mu.Unlock()
	if sr == nil {
		sr = &searcher{tt: make([]entry, 1<<e.cfg.TTBits), mask: 1<<e.cfg.TTBits - 1}
	} else {
		clear(sr.tt)
		if sr.states[0].Game() != s.Game() {
			sr.states, sr.moves = sr.states[:0], sr.moves[:0]
		}
	}
	for len(sr.states) < depth+2 {
		sr.states = append(sr.states, s.Clone())
		sr.moves = append(sr.moves, make([]games.Move, 0, s.Game().MaxMoves()))
	}
	sr.nodes, sr.stopped = 0, false
	return sr
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
// root is proven, MaxDepth is reached or the budget runs out (Time, States
// counted as nodes, Iterations as completed depths). The move of the last
// completed depth is played; among equal moves the seed breaks ties by
// shuffling the root moves.
func (e *Engine) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	s, b, seed, report := req.Position, req.Budget, req.Seed, req.Report
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
	sr := e.take(s, maxDepth)
	defer e.put(sr)
	sr.maxNodes, sr.stop = b.States, stop
	root := s.Legal(nil)
	r := rng.New(seed)
	for i := len(root) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		root[i], root[j] = root[j], root[i]
	}
	values := make([]int, len(root))
	nodes := make([]int64, len(root)) // per root move, at the last completed depth
	best, bestValue := root[0], 0
	var st engines.Stats
	depth := 0
	for d := 1; d <= maxDepth; d++ {
		alpha := -Mate - 1
		order := append([]games.Move(nil), root...)
		dv := make([]int, len(root))
		dn := make([]int64, len(root))
		for i, m := range order {
			before := sr.nodes
			c := sr.states[d]
			c.CopyFrom(s)
			c.Play(m)
			sr.nodes++
			v := sr.search(c, d-1, 1, -Mate-1, Mate+1)
			if c.ToMove() != s.ToMove() {
				v = -v
			}
			dv[i], dn[i] = v, sr.nodes-before
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
		bi := 0
		for i := range dv {
			if dv[i] > dv[bi] {
				bi = i
			}
		}
		best, bestValue = root[bi], dv[bi]
		// Search the best move first next time.
		root[0], root[bi] = root[bi], root[0]
		values[0], values[bi] = values[bi], values[0]
		nodes[0], nodes[bi] = nodes[bi], nodes[0]
		st = sr.stats(root, values, nodes, depth, time.Since(start))
		if report != nil {
			report(st)
		}
		if bestValue >= Mate-MaxDepth || allLost(values) {
			break
		}
	}
	st = sr.stats(root, values, nodes, depth, time.Since(start))
	st.Done = true
	if report != nil {
		report(st)
	}
	return engines.Result{Move: best, Stats: st}, nil
}

func allLost(values []int) bool {
	for _, v := range values {
		if v > -Mate+MaxDepth {
			return false
		}
	}
	return true
}

// The per-move columns alpha-beta declares.
var columns = []engines.Column{
	{Key: "score", Title: "score", Kind: engines.Score, View: engines.MoverView,
		Doc: "value at the last completed depth: Mate minus the plies to a win, its negative for a loss, 0 for a draw or the horizon"},
	{Key: "nodes", Title: "nodes", Kind: engines.Count, Doc: "nodes the move's subtree took at the last completed depth"},
}

// stats is the snapshot after a completed depth: each root move's score and
// nodes, proofs where a score is a forced result, and the depth.
func (sr *searcher) stats(root []games.Move, values []int, nodes []int64, depth int, elapsed time.Duration) engines.Stats {
	st := engines.Stats{Iterations: int64(depth), States: sr.nodes, Elapsed: elapsed, Columns: columns, Rank: 0,
		Figures: []engines.Figure{{Key: "depth", Title: "depth", Kind: engines.Count, Value: float64(depth)}}}
	cells := make([]float64, len(columns)*len(root))
	for i, m := range root {
		c := cells[2*i : 2*i+2 : 2*i+2]
		c[0], c[1] = math.NaN(), math.NaN()
		ms := engines.MoveStats{Move: m, Cells: c}
		if depth > 0 {
			v := values[i]
			c[0], c[1] = float64(v), float64(nodes[i])
			switch {
			case v >= Mate-MaxDepth:
				ms.Proven = engines.ProvenWin
			case v <= -Mate+MaxDepth:
				ms.Proven = engines.ProvenLoss
			}
		}
		st.Moves = append(st.Moves, ms)
	}
	if len(root) > 0 {
		st.PV = []games.Move{root[0]}
	}
	return st
}

// checkStop stops the search when its signal is set (time, context) or,
// looked at every 4096 nodes, when the node budget is spent.
func (sr *searcher) checkStop() {
	if sr.stop.Stopped() {
		sr.stopped = true
	}
	if sr.nodes&4095 != 0 {
		return
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
			return Mate - ply
		case -1:
			return -Mate + ply
		}
		return 0
	}
	if depth == 0 {
		return 0
	}
	e := &sr.tt[s.Hash()&sr.mask]
	var ttMove games.Move = games.NoMove
	if e.key == s.Hash() {
		ttMove = e.best
		if int(e.depth) >= depth {
			v := fromTT(int(e.value), ply)
			switch {
			case e.flag == exact,
				e.flag == lower && v >= beta,
				e.flag == upper && v <= alpha:
				return v
			}
		}
	}
	moves := s.Legal(sr.moves[depth])
	if ttMove != games.NoMove {
		for i, m := range moves {
			if m == ttMove {
				moves[0], moves[i] = moves[i], moves[0]
				break
			}
		}
	}
	a0 := alpha
	best, bestMove := -Mate-1, moves[0]
	c := sr.states[depth]
	for _, m := range moves {
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
	*e = entry{key: s.Hash(), value: int16(toTT(best, ply)), depth: int16(depth), flag: flag, best: bestMove}
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
