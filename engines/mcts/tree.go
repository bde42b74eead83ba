package mcts

import (
	"math"
	"slices"

	"mcarena/engines"
	"mcarena/games"
)

// node is one tree node: 32 bytes, and 8 more of selection statistics in
// the pool's parallel array (stat; 16 with its minimax value, valuedStat). Statistics are kept for the player who
// made the move into the node (mover), so turns need not alternate.
type node struct {
	wins    float64 // sum of rewards in [0, 1] for mover
	visits  int32
	move    games.Move
	first   int32 // first child slot, -1 before expansion
	nChild  int16 // legal moves (child slots)
	nExp    int16 // slots that are nodes
	mover   games.Player
	proof   engines.Proof // for mover
	term    bool
	outcome games.Outcome // when term
	// With Config.MateDistance, a proven node's distance: the plies from
	// its parent's position to the end of the game along the proof, the
	// move into the node included (a terminal node 1, 0 unknown), and
	// whether that distance is exact (shortest win, longest loss) or a
	// bound that further search may improve. They fill the node's padding.
	dist  int16
	exact bool
	// handed says, for a terminal node under FrameworkLosses (the only
	// rule that reads it), that the game's last move passed the turn (the
	// player to move after it is not the mover).
	handed bool
}

// nodeBytes, statBytes and valuedStatBytes are the sizes of a node, of
// its selection statistics and of those with its minimax value.
const (
	nodeBytes       = 32
	statBytes       = 8
	valuedStatBytes = 16
)

// iterate runs one iteration from the root. It returns false when the stop
// signal cut the leaf evaluation short; the iteration is then dropped.
func (sr *search) iterate() bool {
	st := sr.state
	sr.path = append(sr.path[:0], sr.rootIdx)
	sr.line.follow = true // st is set when the path leaves the last one
	if sr.trace != nil {
		sr.trace.Reset()
	}
	cur := sr.rootIdx
	expandedAt := int32(-1)
	completed := false // the iteration tries expandedAt's last untried child
	forced := false    // selection took a proven loss (FrameworkLosses)
	var loser games.Player
	for {
		n := sr.pool.at(cur)
		if n.term || (sr.cfg.Solver && n.proof != engines.Unproven && (!sr.cfg.MateDistance || n.exact)) {
			break
		}
		if n.first < 0 {
			sr.catchUp(st, len(sr.path)-1)
			if !sr.reserve(cur, st) {
				break // the pool is full: sample from here
			}
		}
		n = sr.pool.at(cur)
		next := n.first + int32(n.nExp) // the first untried slot
		// Without RAVE the next untried slot is tried first, one new node
		// per iteration, unless a prior gave it visits: selection then
		// scores the untried children as tried ones, and one without
		// visits still comes first.
		inTurn := n.nExp < n.nChild && !sr.amaf.on && sr.pool.at(next).visits == 0
		var c int32
		switch {
		case inTurn:
			c = next
		case sr.cfg.MateDistance && n.proof != engines.Unproven:
			c = sr.selectRefine(cur)
		case n.nExp < n.nChild && !sr.amaf.on:
			c = sr.selectGeneral(cur)
		default:
			switch sr.rule {
			case ucbRule:
				c = sr.selectUCB(cur)
			case minimaxRule:
				c = sr.selectMinimax(cur)
			case raveRule:
				c = sr.selectRave(cur)
			default:
				c = sr.selectGeneral(cur)
			}
		}
		if !inTurn && sr.cfg.Losses == FrameworkLosses {
			if ch := sr.pool.at(c); ch.proof == engines.ProvenLoss {
				forced, loser = true, ch.mover
				break
			}
		}
		if c >= next {
			// A child not tried yet, in turn or picked by RAVE or a
			// prior's visits: it takes the next slot and becomes this
			// iteration's new node. In a kept order the untried slots
			// move up one instead, so that they stay in it.
			if sr.amaf.on || sr.cfg.Children == ShuffledChildren {
				sr.swapSlots(c, next)
			} else {
				for j := c; j > next; j-- {
					sr.swapSlots(j, j-1)
				}
			}
			c = next
			n.nExp++
			expandedAt = cur
			sr.catchUp(st, len(sr.path)-1)
			if !sr.amaf.on {
				completed = sr.completes(n, st, !inTurn)
			}
			sr.pool.at(c).mover = st.ToMove()
			sr.step(st, c)
			cur = c
			break
		}
		sr.step(st, c)
		cur = c
	}
	sr.catchUp(st, len(sr.path)-1)
	sr.keepLine()
	if sr.trace != nil {
		sr.traceTree()
	}
	leaf := sr.pool.at(cur)
	var value float64 // first player's view
	switch {
	case forced:
		value = float64(games.WinFor(loser.Other()))
	case leaf.term:
		value = float64(leaf.outcome)
	case sr.cfg.Solver && leaf.proof == engines.ProvenWin:
		value = float64(games.WinFor(leaf.mover))
	case sr.cfg.Solver && leaf.proof == engines.ProvenLoss:
		value = float64(games.WinFor(leaf.mover.Other()))
	default:
		// Asked before the evaluation, which may play on from st.
		handed := sr.cfg.Losses == FrameworkLosses && st.ToMove() != leaf.mover
		ev := sr.leaf.Evaluate(st, &sr.r, sr.stop, sr.trace)
		sr.states += ev.States
		if sr.stop.Stopped() {
			if expandedAt >= 0 {
				sr.pool.at(expandedAt).nExp--
			}
			sr.line.forget()
			return false
		}
		value = ev.Value
		if ev.Terminal {
			leaf.handed = handed
		}
		if ev.Terminal || ev.Proven {
			// An oracle's proof counts the move into the leaf and the
			// oracle's plies from it, or is of unknown distance (0).
			leaf.dist, leaf.exact = 0, true
			if ev.Plies > 0 {
				leaf.dist = int16(min(ev.Plies, math.MaxInt16-2) + 1)
			}
			if ev.Terminal {
				leaf.term, leaf.outcome = true, games.Outcome(value)
				leaf.dist = 1
			}
			switch {
			case value == 1 && leaf.mover == games.First, value == -1 && leaf.mover == games.Second:
				leaf.proof = engines.ProvenWin
			case value == -1 && leaf.mover == games.First, value == 1 && leaf.mover == games.Second:
				leaf.proof = engines.ProvenLoss
			}
		}
	}
	sr.backup(value, forced)
	if sr.trace != nil {
		if sr.amaf.on {
			sr.amafUpdate(value)
		}
		if sr.learner != nil {
			sr.observe(value)
		}
	}
	if completed {
		sr.inMoveOrder(expandedAt)
	}
	return true
}

// completes reports whether the iteration has just tried the last untried
// child of n, at st, under a child order that then puts the slots in move
// order (inMoveOrder), and leaves that order in sr.order. Under
// OrderedChildren the slots are in it already, unless a prior's visits
// chose the children out of it (picked).
func (sr *search) completes(n *node, st games.State, picked bool) bool {
	if n.nExp < n.nChild {
		return false
	}
	switch sr.cfg.Children {
	case OrderedChildren:
		if !picked {
			return false
		}
		sr.order = st.Legal(sr.order)
	case FrameworkChildren:
		sr.order = st.Legal(sr.order)
	case OrderedLastChildren:
		sr.order = st.Legal(sr.order)
		slices.Reverse(sr.order)
	default:
		return false
	}
	return true
}

// inMoveOrder puts the child slots of parent, all tried, in the order of
// sr.order, the game's moves at parent (FrameworkChildren) or their
// reverse (OrderedLastChildren), once the
// iteration that tried the last of them is over. That child ends the kept
// line, which follows it to its new slot. Slots move with their statistics
// and their subtrees (a node has no parent link), so every child keeps its
// move and its tree.
func (sr *search) inMoveOrder(parent int32) {
	n := sr.pool.at(parent)
	last := sr.path[len(sr.path)-1]
	end := n.first + int32(n.nChild)
	for i, m := range sr.order {
		want := n.first + int32(i)
		j := want
		for j < end && sr.pool.at(j).move != m {
			j++
		}
		if j == end || j == want {
			continue
		}
		sr.swapSlots(want, j)
		switch last {
		case want:
			last = j
		case j:
			last = want
		}
	}
	if l := &sr.line; len(l.path) == len(sr.path) {
		l.path[len(l.path)-1] = last
	}
}

// swapSlots exchanges two child slots of one node, with their selection
// statistics and side-table entries (and their subtrees, which hang from
// the nodes' first slots).
func (sr *search) swapSlots(a, b int32) {
	if a == b {
		return
	}
	na, nb := sr.pool.at(a), sr.pool.at(b)
	*na, *nb = *nb, *na
	sr.pool.swapStats(a, b)
	sr.bias.swap(a, b)
	sr.amaf.swap(a, b)
	sr.virt.swap(a, b)
	sr.priorValue.swap(a, b)
}

// traceTree records the moves from the root through the tree, before the
// leaf evaluation appends the playout's, so that the trace holds the
// iteration's game from the root and a learning playout sees the moves that
// led to its first position.
func (sr *search) traceTree() {
	t := sr.trace
	for _, idx := range sr.path[1:] {
		n := sr.pool.at(idx)
		t.Add(n.move, n.mover)
	}
}

// observe shows a learning playout policy the iteration's game and its
// outcome.
func (sr *search) observe(value float64) {
	t := sr.trace
	o := games.Draw
	switch {
	case value > 0:
		o = games.FirstWins
	case value < 0:
		o = games.SecondWins
	}
	sr.learner.Observe(t, o)
	t.Reset()
}

// reserve gives node cur slots for all its children, in a random order,
// with their priors. It returns false when the pool has no room, or when
// the node turns out to be a finished game (it is then marked terminal).
func (sr *search) reserve(cur int32, st games.State) bool {
	moves := st.Legal(sr.moves)
	if len(moves) == 0 {
		// A finished game that its evaluation did not mark (a heuristic
		// leaf evaluator does not play on).
		n := sr.pool.at(cur)
		n.term, n.outcome = true, st.Outcome()
		n.dist, n.exact = 1, true
		n.handed = sr.cfg.Losses == FrameworkLosses && st.ToMove() != n.mover
		switch n.outcome.Value(n.mover) {
		case 1:
			n.proof = engines.ProvenWin
		case -1:
			n.proof = engines.ProvenLoss
		}
		return false
	}
	first, ok := sr.pool.alloc(len(moves))
	if !ok {
		sr.full = true
		return false
	}
	sr.grow()
	ordered := sr.cfg.Children == OrderedChildren || sr.cfg.Children == OrderedLastChildren ||
		sr.cfg.Children == FrameworkChildren && sr.cfg.PriorCounts && !sr.amaf.on
	for i := len(moves) - 1; i > 0 && !ordered; i-- {
		j := sr.r.Intn(i + 1)
		moves[i], moves[j] = moves[j], moves[i]
	}
	children := sr.pool.run(first, len(moves))
	for i, m := range moves {
		children[i] = node{move: m, first: -1}
	}
	sr.pool.clearStats(first, len(moves))
	if sr.amaf.on {
		// Slots are reused from earlier searches: their AMAF counts go.
		for i := range moves {
			*sr.amaf.at(first + int32(i)) = amafStat{}
		}
	}
	if sr.prior != nil {
		sr.applyPriors(st, cur, first, moves)
	}
	n := sr.pool.at(cur)
	n.first, n.nChild = first, int16(len(moves))
	return true
}

// applyPriors asks the Prior for the children's priors and stores them.
func (sr *search) applyPriors(st games.State, parent, first int32, moves []games.Move) {
	out := sr.priors[:len(moves)]
	clear(out)
	sr.states += sr.prior.Priors(st, moves, out)
	children := sr.pool.run(first, len(moves))
	var virtual int32
	won := -1 // the first child proven won
	for i, p := range out {
		virtual += p.Visits
		ch := &children[i]
		if p.Visits > 0 {
			ch.visits, ch.wins = p.Visits, p.Wins
			st := sr.pool.stat(first + int32(i))
			st.mean = float32(ch.wins / float64(ch.visits))
			st.rs = invSqrt(ch.visits)
		}
		if p.Proven != engines.Unproven {
			// A proven slot has its mover before it is tried, so that
			// prove can read it.
			ch.proof, ch.mover = p.Proven, st.ToMove()
			ch.dist, ch.exact = 0, true // a reading gives no distance
			sr.pool.stat(first + int32(i)).mean = float32(math.Inf(1))
			if p.Proven == engines.ProvenLoss {
				sr.pool.stat(first + int32(i)).mean = float32(math.Inf(-1))
			} else if won < 0 {
				won = i
			}
		}
		if sr.pool.valued {
			*sr.pool.value(first + int32(i)) = p.Value
		}
		if sr.bias.on {
			*sr.bias.at(first + int32(i)) = p.Bias
		}
		if sr.priorValue.on {
			v := float32(math.NaN())
			if p.Visits > 0 {
				v = float32(2*p.Wins/float64(p.Visits) - 1)
			}
			*sr.priorValue.at(first + int32(i)) = v
		}
	}
	if sr.virt.on {
		*sr.virt.at(parent) = virtual
	}
	if won > 0 {
		// Slots are tried in order without RAVE: a proven win goes first.
		sr.swapSlots(first, first+int32(won))
	}
}

// selectUCB applies UCB1 among the children of a fully expanded node, with
// the solver's rules for proven children. It is the rule when no extra term
// is on, kept as lean as the plain UCT it reproduces.
func (sr *search) selectUCB(cur int32) int32 {
	n := sr.pool.at(cur)
	// UCB1 is mean + C*sqrt(ln N)/sqrt(n); the node keeps its mean and
	// 1/sqrt(n), so a child costs a multiply and an add.
	k := sr.explore.at(n.visits)
	best, bestScore := n.first, float32(math.Inf(-1))
	// With the solver, a proven child's mean is +Inf or -Inf: the first
	// proven win scores +Inf and nothing beats it; a proven loss scores
	// -Inf and is never taken unless all are (then the first).
	for i, st := range sr.pool.stats(n.first, int(n.nChild)) {
		// The conversion rounds the product, so no machine fuses it
		// with the add.
		if score := st.mean + float32(k*st.rs); score > bestScore {
			best, bestScore = n.first+int32(i), score
		}
	}
	return best
}

// selectGeneral is selection with the optional terms: the mean blended
// with the AMAF mean by beta = Rave/(Rave + visits) and with the implicit
// minimax value by Alpha, the exploration term, and progressive bias
// weighted by Bias and fading with visits. It also scores the children not
// tried yet (slots from nExp on), which it is asked to do with RAVE on or
// when a prior gave them visits: one with a prior's virtual visits as a
// tried child (its virtual mean and visits: node priors, and Equation 1 of
// the Havannah paper); one without, with RAVE, by its AMAF mean, or 1 (try
// first) where it has none, with the exploration term of one visit, and
// without RAVE above every tried one (UCB's unbounded score), the first in
// slot order.
func (sr *search) selectGeneral(cur int32) int32 {
	n := sr.pool.at(cur)
	visits := n.visits
	if sr.virt.on {
		visits += *sr.virt.at(cur)
	}
	k := float64(sr.explore.at(visits))
	alpha, bias, rave := sr.cfg.Alpha, sr.cfg.Bias, sr.cfg.Rave
	best, bestScore := n.first, math.Inf(-1)
	children := sr.pool.run(n.first, int(n.nChild))
	for i := range children {
		ch := &children[i]
		idx := n.first + int32(i)
		if sr.cfg.Solver {
			switch ch.proof {
			case engines.ProvenWin:
				return idx
			case engines.ProvenLoss:
				if sr.cfg.Losses != FrameworkLosses {
					continue
				}
				if ch.term && ch.handed {
					return idx
				}
				if alpha != 1 || !sr.pool.valued {
					continue
				}
				// (1-alpha) times the framework's finite infinity is 0.
				v := *sr.pool.value(idx)
				if score := float64(alpha*(v+1)/2) + float64(float32(k)*sr.pool.stat(idx).rs); score > bestScore {
					best, bestScore = idx, score
				}
				continue
			}
		}
		var q, explore float64
		if int16(i) >= n.nExp && ch.visits == 0 {
			if !sr.amaf.on {
				// Without RAVE an untried child without a prior's visits
				// is tried first (UCB's unbounded score), the first in
				// slot order, as one without priors is.
				if bestScore < math.Inf(1) {
					best, bestScore = idx, math.Inf(1)
				}
				continue
			}
			q, explore = 1, k
			if a := sr.amaf.at(idx); a.n > 0 {
				q = a.w / float64(a.n)
			}
		} else {
			st := sr.pool.stat(idx)
			q, explore = float64(st.mean), float64(float32(k)*st.rs)
			if sr.amaf.on {
				if a := sr.amaf.at(idx); a.n > 0 {
					beta := rave / (rave + float64(ch.visits))
					// Each product rounded on its own, so that no machine
					// fuses it with the add and results stay the same
					// everywhere.
					q = float64((1-beta)*q) + float64(beta*a.w/float64(a.n))
				}
			}
		}
		if sr.pool.valued {
			v := *sr.pool.value(idx)
			if sr.cfg.Estimator == ProgressiveBias {
				v /= float64(ch.visits + 1)
			}
			q = float64((1-alpha)*q) + float64(alpha*(v+1)/2)
		}
		score := q + explore
		if sr.bias.on {
			// max: an untried child that RAVE scores counts one visit.
			score += float64(bias * *sr.bias.at(idx) / float64(max(ch.visits+sr.biasAdd, 1)))
		}
		if score > bestScore {
			best, bestScore = idx, score
		}
	}
	return best
}

// selectMinimax is selectGeneral with only Alpha's term on, for the
// implicit minimax value or the static value (not ProgressiveBias, which
// reads the children's visits): UCB1 on (1-Alpha)*mean + Alpha*(v+1)/2 at
// a fully expanded node, the implicit-minimax paper's players. It computes
// what selectGeneral computes, in the same order, from the children's
// selection statistics and minimax values, one run; with the solver, a
// proven child's mean is infinite (as selectUCB relies on), so the nodes
// themselves are read only for such a child, to tell its proof.
func (sr *search) selectMinimax(cur int32) int32 {
	n := sr.pool.at(cur)
	k := sr.explore.at(n.visits)
	alpha, solver := sr.cfg.Alpha, sr.cfg.Solver
	best, bestScore := n.first, math.Inf(-1)
	for i, st := range sr.pool.valuedStats(n.first, int(n.nChild)) {
		if solver && (st.mean > math.MaxFloat32 || st.mean < -math.MaxFloat32) {
			switch sr.pool.at(n.first + int32(i)).proof {
			case engines.ProvenWin:
				return n.first + int32(i)
			case engines.ProvenLoss:
				continue
			}
		}
		v := st.value
		q := float64((1-alpha)*float64(st.mean)) + float64(alpha*(v+1)/2)
		if score := q + float64(k*st.rs); score > bestScore {
			best, bestScore = n.first+int32(i), score
		}
	}
	return best
}

// backup adds the leaf's value (first player's view) to every node of the
// path, leaf first, lets proofs rise and, when implicit minimax is on,
// recomputes the minimax values along the path as far as they change: a
// node's value is a function of its children's, and only the child on the
// path can have moved, so once a node's value comes out the same (bit for
// bit) the values above it stand. proved says that the path's last node
// has a proven child below it that the iteration took and did not enter
// (FrameworkLosses), so that its proof is looked at too.
func (sr *search) backup(value float64, proved bool) {
	// proved: the node below got a proof
	// moved says the minimax value of the node below changed (a leaf's
	// counts as changed), while implicit minimax values are backed up.
	moved := sr.pool.valued && sr.cfg.Estimator != ConstantBias
	for i := len(sr.path) - 1; i >= 0; i-- {
		idx := sr.path[i]
		n := sr.pool.at(idx)
		v := value
		if n.mover == games.Second {
			v = -v
		}
		r := (v + 1) / 2
		if t := sr.cfg.MaxBackprop; t > 0 && n.visits >= t && n.first >= 0 {
			r = sr.bestChildMean(n)
		}
		n.visits++
		n.wins += r
		st := sr.pool.stat(idx)
		st.mean = float32(n.wins / float64(n.visits))
		st.rs = invSqrt(n.visits)
		if moved && n.first >= 0 {
			moved = sr.minimaxUpdate(idx)
		}
		if sr.cfg.Solver {
			if proved && n.proof == engines.Unproven {
				sr.prove(idx)
			}
			proved = n.proof != engines.Unproven
			if proved && sr.cfg.MateDistance && !n.term && n.first >= 0 {
				sr.measure(idx)
			}
			switch n.proof {
			case engines.ProvenWin:
				st.mean = float32(math.Inf(1))
			case engines.ProvenLoss:
				st.mean = float32(math.Inf(-1))
			}
		}
	}
}

// bestChildMean is maximum backpropagation's sample for node n: the best
// mean among its children, for the player to move at n, seen from n's
// mover. A child not visited counts as 1/2 (a mean of 0 on the [-1, 1]
// scale), a proven win 1 and a proven loss 0.
func (sr *search) bestChildMean(n *node) float64 {
	best := 0.0
	children := sr.pool.run(n.first, int(n.nChild))
	for i := range children {
		ch := &children[i]
		m := 0.5
		switch {
		case ch.proof == engines.ProvenWin:
			m = 1
		case ch.proof == engines.ProvenLoss:
			m = 0
		case ch.visits > 0:
			m = ch.wins / float64(ch.visits)
		}
		best = max(best, m)
	}
	// A tried child's mover is the player to move at n; with none tried
	// (a full pool), turns are taken to alternate.
	if n.nExp > 0 && children[0].mover == n.mover {
		return best
	}
	return 1 - best
}

// minimaxUpdate sets a node's implicit minimax value, for its mover, from
// its children's: the player to move there takes the best (negamax, with
// the sign kept by mover since turns need not alternate). It reports
// whether the value changed.
func (sr *search) minimaxUpdate(idx int32) bool {
	n := sr.pool.at(idx)
	best := math.Inf(-1)
	for _, st := range sr.pool.valuedStats(n.first, int(n.nChild)) {
		if st.value > best {
			best = st.value
		}
	}
	if n.nChild > 0 && sr.pool.at(n.first).mover != n.mover {
		best = -best
	}
	old := sr.pool.value(idx)
	moved := math.Float64bits(*old) != math.Float64bits(best)
	*old = best
	return moved
}

// prove sets the proof of node cur from its children, if they settle it.
func (sr *search) prove(cur int32) {
	n := sr.pool.at(cur)
	if n.proof != engines.Unproven || n.first < 0 {
		return
	}
	// The children's mover is the player to move at n. A slot not tried
	// yet counts only when a reading proved it (it then has its mover).
	allLost, seen := true, false
	var toMove games.Player
	for j, ch := range sr.pool.run(n.first, int(n.nChild)) {
		if int16(j) >= n.nExp && ch.proof == engines.Unproven {
			allLost = false
			continue
		}
		toMove, seen = ch.mover, true
		if ch.proof == engines.ProvenWin {
			n.proof = proofFor(n.mover, toMove, true)
			return
		}
		if ch.proof != engines.ProvenLoss {
			allLost = false
		}
	}
	if allLost && seen {
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

// bestMove is a proven winning root move, else the most visited root move
// not proven lost, else the most visited. With MateDistance it is the
// shortest proven win, and when every root move is proven lost, the
// longest loss.
func (sr *search) bestMove() games.Move {
	root := sr.pool.at(sr.rootIdx)
	if root.first < 0 || root.nExp == 0 {
		return sr.root.Legal(sr.moves)[0]
	}
	children := sr.pool.run(root.first, int(root.nExp))
	if sr.cfg.MateDistance {
		all := sr.pool.run(root.first, int(root.nChild))
		if i := mateChoice(all); i >= 0 {
			return all[i].move
		}
	}
	best := 0
	for i := range children {
		ch := &children[i]
		if sr.cfg.Solver && ch.proof == engines.ProvenWin {
			return ch.move
		}
		if better(sr.cfg.Solver, ch, &children[best]) {
			best = i
		}
	}
	return children[best].move
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

// measure sets the distance of proven node cur, and whether it is exact,
// from its children. A win takes its shortest winning child plus one ply; it
// is exact once no child that is not settled (a proven loss, a drawn end or
// an exact win) could win sooner by winBound. A loss takes its longest
// losing child plus one ply and is exact once every child is. A distance
// resting on a child of unknown distance (a reading's or an oracle's proof)
// is unknown, and counts as exact: searching on would not tell it.
func (sr *search) measure(cur int32) {
	n := sr.pool.at(cur)
	children := sr.pool.run(n.first, int(n.nChild))
	win, d, unknown := sr.childDistance(n)
	exact := true
	for j := range children {
		ch := &children[j]
		if win {
			if !settled(ch) && sr.winBound(ch, int16(j) < n.nExp) < d {
				exact = false
				break
			}
		} else if ch.proof != engines.ProvenLoss {
			return // not a proven loss after all: nothing to measure
		} else if !ch.exact {
			exact = false
		}
	}
	switch {
	case unknown:
		n.dist, n.exact = 0, true
	case d > 0:
		n.dist, n.exact = min(d, math.MaxInt16-1)+1, exact
		if !win && !exact && cur != sr.rootIdx && sr.winBound(n, true) >= n.dist {
			// A win for n's mover that no refutation could make
			// shorter: its bounds meet. Not at the root, whose
			// choice of the longest loss needs every child exact.
			n.exact = true
		}
	}
}

// childDistance says whether the player to move at n wins (a child is a
// proven win), and the shortest such win or, if not, the longest loss among
// n's children; unknown when a child that counts has no distance.
func (sr *search) childDistance(n *node) (win bool, d int16, unknown bool) {
	children := sr.pool.run(n.first, int(n.nChild))
	for i := range children {
		if children[i].proof == engines.ProvenWin {
			win = true
			break
		}
	}
	for i := range children {
		ch := &children[i]
		switch {
		case win && ch.proof != engines.ProvenWin, !win && ch.proof != engines.ProvenLoss:
			continue
		case ch.dist == 0:
			unknown = true
		case win && (d == 0 || ch.dist < d), !win && ch.dist > d:
			d = ch.dist
		}
	}
	return win, d, unknown
}

// settled says a child's result for its mover is known with its distance:
// a proven loss, an end of the game, an exact proof.
func settled(ch *node) bool {
	return ch.term || ch.proof == engines.ProvenLoss || ch.proof != engines.Unproven && ch.exact
}

// winBound is a lower bound on the distance of child c were it, or did it
// remain, a win for its mover: 1 for a slot not tried yet (it may end the
// game), 2 for a position that is not the end; and where turns alternate, 1
// more than the longest of the bounds of its children's losses (each child a
// loss for the opponent moving into it: its exact distance, 1 for a slot
// not tried, 2 otherwise), since every reply must lose. A child that does not
// lose, or a drawn end, makes it no win at all (MaxInt16).
func (sr *search) winBound(c *node, tried bool) int16 {
	switch {
	case !tried:
		return 1
	case c.first < 0 || c.nExp == 0:
		return 2
	}
	replies := sr.pool.run(c.first, int(c.nChild))
	if replies[0].mover == c.mover {
		return 2 // c's mover moves again
	}
	b := int16(1)
	for j := range replies {
		r := &replies[j]
		l := int16(2)
		switch {
		case r.proof == engines.ProvenLoss && r.exact:
			l = max(r.dist, 1)
		case r.proof == engines.ProvenWin || r.term:
			return math.MaxInt16
		case int16(j) >= c.nExp:
			l = 1
		}
		b = max(b, l)
	}
	return b + 1
}

// selectRefine picks, at a proven node whose distance is not exact yet, a
// child that could still change it (where the player to move wins, a child
// not settled that could win sooner; where every child loses, a loss not
// exact) by UCB1 on the child's own results, a child not tried first.
func (sr *search) selectRefine(cur int32) int32 {
	n := sr.pool.at(cur)
	children := sr.pool.run(n.first, int(n.nChild))
	win, d, _ := sr.childDistance(n)
	lnN := math.Log(float64(max(n.visits, 1)))
	best, bestScore := n.first, math.Inf(-1)
	for i := range children {
		ch := &children[i]
		if win && (settled(ch) || sr.winBound(ch, int16(i) < n.nExp) >= d) || !win && ch.exact {
			continue
		}
		score := math.Inf(1)
		if ch.visits > 0 {
			score = ch.wins/float64(ch.visits) + sr.cfg.C*math.Sqrt(lnN/float64(ch.visits))
		}
		if score > bestScore {
			best, bestScore = n.first+int32(i), score
		}
	}
	return best
}

// mateChoice is the index of the root child that MateDistance plays: the
// shortest proven win (a win of unknown distance after the known ones),
// else, when every child is a proven loss, the longest (one of unknown
// distance first, since it may be longer); -1 when neither applies.
func mateChoice(children []node) int {
	win, loss := -1, -1
	allLost := true
	for i := range children {
		ch := &children[i]
		switch {
		case ch.proof == engines.ProvenWin:
			if win < 0 || shorter(ch.dist, children[win].dist) {
				win = i
			}
		case ch.proof == engines.ProvenLoss:
			if loss < 0 || shorter(children[loss].dist, ch.dist) {
				loss = i
			}
		default:
			allLost = false
		}
	}
	if win >= 0 {
		return win
	}
	if win < 0 && allLost {
		return loss
	}
	return -1
}

// shorter orders distances, an unknown one (0) after every known one.
func shorter(a, b int16) bool {
	if a == 0 || b == 0 {
		return b == 0 && a != 0
	}
	return a < b
}
