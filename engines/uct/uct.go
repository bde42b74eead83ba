// Package uct implements UCT, the "standard optimised MCTS" the NMCS paper
// plays against: UCB1 selection with a tunable constant, one node added to the
// tree per iteration, uniform random playouts, MCTS-Solver, and the final move
// by visits with proven values overriding.
//
// Rewards are 1 for a win, 1/2 for a draw and 0 for a loss, kept in each node
// for the player who made the move into it, so turns need not alternate. UCB1
// picks the child maximising mean + C*sqrt(ln(parent visits)/child visits)
// after trying every child once, in an order shuffled when the node is first
// expanded.
//
// MCTS-Solver (Winands, Björnsson and Saito 2008): a terminal node is proven
// by its outcome; a node is a proven win for its player to move as soon as one
// child is a proven win for that player, and a proven loss once every child is
// expanded and a proven loss for that player. Selection takes a proven winning
// child at once and never enters a proven losing one unless all are; the
// final move is a proven win if there is one, else the most visited move not
// proven lost. Proven draws are not tracked: a drawn terminal scores 1/2.
//
// Memory: nodes live in one pool (40 bytes a node). A node's children get
// contiguous slots when it is first expanded, and one slot becomes a node per
// iteration. When the pool reaches its cap the tree stops growing and the
// search goes on sampling from its leaves.
package uct

import (
	"context"
	"math"
	"sync"
	"time"

	"mcarena/engines"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/rng"
)

// Config selects UCT's options.
type Config struct {
	// C is the exploration constant of UCB1.
	C float64
	// Solver enables MCTS-Solver.
	Solver bool
	// MaxNodes caps the tree.
	MaxNodes int
	// Reuse keeps the tree of the last search and, when the next position
	// is one to three plies below its root, searches on from that subtree.
	// The next search then depends on the earlier one; reuse is off for
	// reproducible experiments.
	Reuse bool
	// Playout is the policy run from each new leaf (default: uniform
	// random). With nested playouts the discounted values steer only the
	// nested choices; the tree receives the playout's win, draw or loss.
	Playout policy.Config
}

// node is one tree node; see the package comment.
type node struct {
	wins    float64 // sum of rewards for mover
	mean    float32 // wins/visits, kept for selection
	rs      float32 // 1/sqrt(visits), kept for selection
	visits  int32
	move    games.Move
	first   int32 // first child slot, -1 before expansion
	nChild  int16 // legal moves (child slots)
	nExp    int16 // slots that are nodes
	mover   games.Player
	proof   engines.Proof // for mover
	term    bool
	outcome games.Outcome // when term
}

// Engine is a configured UCT player. Searches may run concurrently; each
// takes a node pool from a free list so that trees are not reallocated
// (the garbage collector would otherwise clear a tree of tens of megabytes
// after every search).
type Engine struct {
	cfg  Config
	spec string
	mu   sync.Mutex
	free []*search // trees of finished searches, kept for reuse
}

// New returns UCT with cfg.
func New(cfg Config, spec string) *Engine { return &Engine{cfg: cfg, spec: spec} }

// Spec implements engines.Engine.
func (e *Engine) Spec() string { return e.spec }

// search is the state of one Search call.
type search struct {
	cfg    Config
	nodes  []node
	r      rng.Rand
	state  games.State
	root   games.State // the search's own copy of the root position
	moves  []games.Move
	path   []int32
	states int64
	full   bool
	pol    policy.Policy
	// rootIdx is the root's node: 0, or deeper in a tree kept from an
	// earlier search when the tree is reused.
	rootIdx int32
	scratch []games.State // for finding a reused root
}

// Search implements engines.Engine. An iteration is one selection, expansion,
// playout and backup. With no budget at all it stops after 10000 iterations.
func (e *Engine) Search(ctx context.Context, s games.State, b engines.Budget, seed uint64, report engines.Reporter) (engines.Result, error) {
	if s.Terminal() {
		return engines.Result{Move: games.NoMove}, engines.ErrNoMoves
	}
	start := time.Now()
	if b.Time == 0 && b.Iterations == 0 && b.States == 0 {
		b.Iterations = 10000
	}
	var deadline time.Time
	if b.Time > 0 {
		deadline = start.Add(b.Time)
	}
	sr, err := e.take(s)
	if err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	defer e.put(sr)
	sr.r.Seed(seed)
	if sr.rootIdx == 0 {
		sr.nodes = append(sr.nodes[:0], node{first: -1, mover: s.ToMove().Other()})
	}
	last := start
	var it int64
	for {
		if b.Iterations > 0 && it >= b.Iterations || b.States > 0 && sr.states >= b.States {
			break
		}
		if it&255 == 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && !time.Now().Before(deadline)) {
				break
			}
			if report != nil && time.Since(last) >= engines.ReportEvery {
				last = time.Now()
				report(sr.stats(it, time.Since(start), false))
			}
		}
		sr.iterate()
		it++
		if e.cfg.Solver && sr.nodes[sr.rootIdx].proof != engines.Unproven {
			break
		}
	}
	st := sr.stats(it, time.Since(start), true)
	if report != nil {
		report(st)
	}
	return engines.Result{Move: sr.bestMove(), Stats: st}, nil
}

// take returns a search for s from the free list, or a new one. A search is
// reused only for the same game, whose states it holds.
func (e *Engine) take(s games.State) (*search, error) {
	e.mu.Lock()
	var sr *search
	if e.cfg.Reuse {
		for i, old := range e.free {
			if old.root.Game() != s.Game() {
				continue
			}
			if idx := old.find(s, 3); idx > 0 {
				sr = old
				e.free = append(e.free[:i], e.free[i+1:]...)
				sr.root.CopyFrom(s)
				sr.states, sr.full, sr.rootIdx = 0, false, idx
				e.mu.Unlock()
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
	pol, err := policy.New(e.cfg.Playout, s)
	if err != nil {
		return nil, err
	}
	return &search{cfg: e.cfg, state: s.Clone(), root: s.Clone(), pol: pol,
		moves: make([]games.Move, 0, s.Game().MaxMoves()), nodes: make([]node, 0, min(e.cfg.MaxNodes, 1<<16))}, nil
}

// find returns the node of the kept tree, one to depth plies below its root,
// whose position is s, or 0 if there is none.
func (sr *search) find(s games.State, depth int) int32 {
	for len(sr.scratch) < depth+1 {
		sr.scratch = append(sr.scratch, s.Clone())
	}
	sr.scratch[0].CopyFrom(sr.root)
	return sr.findFrom(sr.rootIdx, 0, depth, s)
}

func (sr *search) findFrom(idx int32, d, depth int, s games.State) int32 {
	n := &sr.nodes[idx]
	if d == depth || n.first < 0 {
		return 0
	}
	here, child := sr.scratch[d], sr.scratch[d+1]
	for c := n.first; c < n.first+int32(n.nExp); c++ {
		child.CopyFrom(here)
		child.Play(sr.nodes[c].move)
		if child.Hash() == s.Hash() && child.ToMove() == s.ToMove() && child.String() == s.String() {
			return c
		}
		if found := sr.findFrom(c, d+1, depth, s); found > 0 {
			return found
		}
	}
	return 0
}

// put keeps a finished search's tree for the next search, at most a few.
func (e *Engine) put(sr *search) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.free) < 4 {
		e.free = append(e.free, sr)
	}
}

// iterate runs one iteration from the root.
func (sr *search) iterate() {
	st := sr.state
	st.CopyFrom(sr.root)
	sr.path = append(sr.path[:0], sr.rootIdx)
	cur := sr.rootIdx
	for {
		n := &sr.nodes[cur]
		if n.term || (sr.cfg.Solver && n.proof != engines.Unproven) {
			break
		}
		if n.first < 0 && !sr.reserve(cur, st) {
			break // the pool is full: sample from here
		}
		n = &sr.nodes[cur]
		mover := st.ToMove()
		var c int32
		if n.nExp < n.nChild {
			// Expand the next child slot: one new node per iteration.
			c = n.first + int32(n.nExp)
			n.nExp++
			st.Play(sr.nodes[c].move)
			sr.states++
			sr.nodes[c].mover = mover
			sr.path = append(sr.path, c)
			cur = c
			break
		}
		c = sr.selectChild(cur)
		st.Play(sr.nodes[c].move)
		sr.states++
		sr.path = append(sr.path, c)
		cur = c
	}
	leaf := &sr.nodes[cur]
	var outcome games.Outcome
	switch {
	case leaf.term:
		outcome = leaf.outcome
	case sr.cfg.Solver && leaf.proof == engines.ProvenWin:
		outcome = games.WinFor(leaf.mover)
	case sr.cfg.Solver && leaf.proof == engines.ProvenLoss:
		outcome = games.WinFor(leaf.mover.Other())
	default:
		k, states := sr.pol.Run(st, &sr.r)
		sr.states += states
		outcome = st.Outcome()
		if k == 0 {
			// A playout that plays nothing started at the end of the
			// game: the leaf is terminal (found here rather than by
			// Terminal, which costs as much as a playout in some games).
			leaf.term, leaf.outcome = true, outcome
			switch outcome.Value(leaf.mover) {
			case 1:
				leaf.proof = engines.ProvenWin
			case -1:
				leaf.proof = engines.ProvenLoss
			}
		}
	}
	sr.backup(outcome)
}

// reserve gives node cur slots for all its children, in a random order. It
// returns false when the pool has no room.
func (sr *search) reserve(cur int32, st games.State) bool {
	moves := st.Legal(sr.moves)
	if len(sr.nodes)+len(moves) > sr.cfg.MaxNodes {
		sr.full = true
		return false
	}
	for i := len(moves) - 1; i > 0; i-- {
		j := sr.r.Intn(i + 1)
		moves[i], moves[j] = moves[j], moves[i]
	}
	first := int32(len(sr.nodes))
	for _, m := range moves {
		sr.nodes = append(sr.nodes, node{move: m, first: -1})
	}
	n := &sr.nodes[cur]
	n.first, n.nChild = first, int16(len(moves))
	return true
}

// selectChild applies UCB1 among the children of a fully expanded node, with
// the solver's rules for proven children.
func (sr *search) selectChild(cur int32) int32 {
	n := &sr.nodes[cur]
	// UCB1 is mean + C*sqrt(ln N)/sqrt(n); the node keeps its mean and
	// 1/sqrt(n), so a child costs a multiply and an add.
	k := float32(float64(sr.cfg.C * math.Sqrt(ln(n.visits))))
	best, bestScore := n.first, float32(math.Inf(-1))
	children := sr.nodes[n.first : n.first+int32(n.nChild)]
	for i := range children {
		ch := &children[i]
		if sr.cfg.Solver {
			switch ch.proof {
			case engines.ProvenWin:
				return n.first + int32(i)
			case engines.ProvenLoss:
				continue
			}
		}
		// The conversion rounds the product, so no machine fuses it
		// with the add.
		if score := ch.mean + float32(k*ch.rs); score > bestScore {
			best, bestScore = n.first+int32(i), score
		}
	}
	return best // all children proven lost: any will do
}

// backup adds the outcome to every node of the path, leaf first, and lets
// proofs rise.
func (sr *search) backup(outcome games.Outcome) {
	proved := false // the node below got a proof
	for i := len(sr.path) - 1; i >= 0; i-- {
		n := &sr.nodes[sr.path[i]]
		n.visits++
		n.wins += float64(outcome.Value(n.mover)+1) / 2
		n.mean = float32(n.wins / float64(n.visits))
		n.rs = float32(1 / math.Sqrt(float64(n.visits)))
		if sr.cfg.Solver {
			if proved && n.proof == engines.Unproven {
				sr.prove(sr.path[i])
			}
			proved = n.proof != engines.Unproven
		}
	}
}

// prove sets the proof of node cur from its children, if they settle it.
func (sr *search) prove(cur int32) {
	n := &sr.nodes[cur]
	if n.proof != engines.Unproven || n.first < 0 {
		return
	}
	// The children's mover is the player to move at n.
	allLost := n.nExp == n.nChild
	var toMove games.Player
	for c := n.first; c < n.first+int32(n.nExp); c++ {
		ch := &sr.nodes[c]
		toMove = ch.mover
		if ch.proof == engines.ProvenWin {
			n.proof = proofFor(n.mover, toMove, true)
			return
		}
		if ch.proof != engines.ProvenLoss {
			allLost = false
		}
	}
	if allLost && n.nExp > 0 {
		n.proof = proofFor(n.mover, toMove, false)
	}
}

// proofFor converts "the player to move at a node wins (or loses)" into a
// proof for the node's mover.
func proofFor(mover, toMove games.Player, toMoveWins bool) engines.Proof {
	if (mover == toMove) == toMoveWins {
		return engines.ProvenWin
	}
	return engines.ProvenLoss
}

// bestMove is a proven winning root move, else the most visited root move not
// proven lost, else the most visited.
func (sr *search) bestMove() games.Move {
	root := &sr.nodes[sr.rootIdx]
	if root.first < 0 {
		return sr.root.Legal(sr.moves)[0]
	}
	best := int32(-1)
	for c := root.first; c < root.first+int32(root.nExp); c++ {
		ch := &sr.nodes[c]
		if sr.cfg.Solver && ch.proof == engines.ProvenWin {
			return ch.move
		}
		if best < 0 || better(sr.cfg.Solver, ch, &sr.nodes[best]) {
			best = c
		}
	}
	return sr.nodes[best].move
}

// better orders root children for the final choice.
func better(solver bool, a, b *node) bool {
	if solver {
		al, bl := a.proof == engines.ProvenLoss, b.proof == engines.ProvenLoss
		if al != bl {
			return bl
		}
	}
	return a.visits > b.visits
}

// stats is the snapshot of the search.
func (sr *search) stats(it int64, elapsed time.Duration, done bool) engines.Stats {
	st := engines.Stats{Iterations: it, States: sr.states, Elapsed: elapsed, Done: done}
	root := &sr.nodes[sr.rootIdx]
	if root.first < 0 {
		return st
	}
	for c := root.first; c < root.first+int32(root.nChild); c++ {
		ch := &sr.nodes[c]
		ms := engines.MoveStats{Move: ch.move, Visits: int64(ch.visits), Proven: ch.proof}
		if ch.visits > 0 {
			ms.Value = 2*ch.wins/float64(ch.visits) - 1
		}
		st.Moves = append(st.Moves, ms)
	}
	// Principal variation: the most visited child at each level.
	for cur := sr.rootIdx; ; {
		n := &sr.nodes[cur]
		if n.first < 0 || n.nExp == 0 {
			break
		}
		best := n.first
		for c := n.first; c < n.first+int32(n.nExp); c++ {
			if better(sr.cfg.Solver, &sr.nodes[c], &sr.nodes[best]) {
				best = c
			}
		}
		st.PV = append(st.PV, sr.nodes[best].move)
		cur = best
	}
	if len(st.PV) > 0 {
		st.PV[0] = sr.bestMove()
	}
	return st
}
