package policy

import (
	"cmp"
	"fmt"
	"math"
	"slices"

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
	p.live, _ = h.(knowledge.Live)
	_, p.checkable = s.(games.MoveChecker)
	p.order32 = make([]int32, 0, g.MaxMoves())
	if cfg.Depth > 1 && g.MoveSpace() <= maxReplyOrderSpace {
		p.replyOrder = true
		p.placeOf, p.placeStamp = make([]int32, g.MoveSpace()), make([]uint32, g.MoveSpace())
		for _, r := range []*[]reply{&p.replies, &p.pvReplies, &p.pvNextReplies} {
			*r = make([]reply, 0, g.MaxMoves())
		}
	}
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
	live    knowledge.Live       // h when it values live positions apart, else nil
	capture knowledge.Classifier // nil when the game has no capture classifier
	// checkable is set when the game's states are MoveCheckers, which
	// lets a node try its killer before it lists its moves.
	checkable bool
	// partition is capture when it partitions moves itself, else nil.
	partition knowledge.Partitioner
	states    []games.State
	moves     [][]games.Move
	best      []games.Move
	bestAt    []int // best's places in the canonical order (choose)
	// killers[i] is the last move that cut off a search i plies below a
	// step's position, in this step or an earlier one, tried first where
	// it is legal (before the first cut-off: move 0, tried first where
	// legal, which is as harmless).
	killers []games.Move
	count   int64
	// unlisted counts the nodes the killer cut off before their moves
	// were listed.
	unlisted int64

	// The replies' order (rootOrder): replies holds each move searched
	// below the root move being searched and its value for the player to
	// move there (exact for the best, a fail-soft bound for the others); pvReplies those of the best root move so far, pvMove;
	// pvNextReplies, best first, those of the move just played, valid for
	// the position of hash pvHash when pvNext is set. placeOf[m] is m's
	// place in the root's moves where placeStamp[m] is stamp.
	replyOrder         bool
	replies, pvReplies []reply
	pvNextReplies      []reply
	pvMove             games.Move
	pvNext             bool
	pvHash             uint64
	placeOf            []int32
	placeStamp         []uint32
	stamp              uint32
	order32            []int32
}

// reply is a move one ply below the root and its value for its mover.
type reply struct {
	m games.Move
	v float64
}

// maxReplyOrderSpace is the largest move space for which the ab policy
// keeps move-indexed places to order the root by the last step's replies.
const maxReplyOrderSpace = 1 << 16

// Run implements Policy.
func (p *alphaBeta) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	p.count = 0
	p.pvNext = false
	n := 0
	for n < limit && !stop.Stopped() {
		moves := s.Legal(p.moves[0])
		if len(moves) == 0 {
			break
		}
		mover := s.ToMove()
		var m games.Move
		next := false
		if p.eps > 0 && r.Float64() < p.eps {
			m = moves[r.Intn(len(moves))]
		} else {
			m = p.choose(s, moves, r)
			next = p.replyOrder && m == p.pvMove && len(p.pvReplies) > 0
		}
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		if p.pvNext = next; next {
			p.keepReplies(s.Hash())
		}
		p.count++
		n++
	}
	return n, p.count
}

// choose returns a move of s whose depth-limited value is best for the
// player to move, drawn uniformly among the ties in the order p.order
// gives (the canonical order). Each root move is searched with a window
// just below the best value so far, so a tie is valued exactly while a
// worse move is cut off as soon as it is known to be worse; the order in
// which they are searched (rootOrder) therefore changes only how soon.
func (p *alphaBeta) choose(s games.State, moves []games.Move, r *rng.Rand) games.Move {
	p.order(s, moves)
	order := p.rootOrder(s, moves)
	mover := s.ToMove()
	child := p.states[0]
	best := math.Inf(-1)
	p.best, p.bestAt = p.best[:0], p.bestAt[:0]
	p.pvMove = games.NoMove
	for _, place := range order {
		m := moves[place]
		child.CopyFrom(s)
		child.Play(m)
		p.count++
		p.replies = p.replies[:0]
		v := p.childValue(child, mover, 1, math.Nextafter(best, math.Inf(-1)), math.Inf(1))
		switch {
		case v > best:
			best, p.best, p.bestAt = v, append(p.best[:0], m), append(p.bestAt[:0], int(place))
			// Below an improvement no reply was cut off: its replies'
			// values are the next step's order if it is played.
			p.replies, p.pvReplies = p.pvReplies, p.replies
			p.pvMove = m
		case v == best:
			p.best, p.bestAt = append(p.best, m), append(p.bestAt, int(place))
		}
	}
	// The ties in the canonical order, for the draw.
	for i := 1; i < len(p.best); i++ {
		for j := i; j > 0 && p.bestAt[j] < p.bestAt[j-1]; j-- {
			p.best[j], p.best[j-1] = p.best[j-1], p.best[j]
			p.bestAt[j], p.bestAt[j-1] = p.bestAt[j-1], p.bestAt[j]
		}
	}
	return p.best[r.Intn(len(p.best))]
}

// keepReplies keeps the replies of the move just played, best first (the
// searched order among equals), as the order of the next step's root, the
// position of hash h.
func (p *alphaBeta) keepReplies(h uint64) {
	next := append(p.pvNextReplies[:0], p.pvReplies...)
	slices.SortStableFunc(next, func(a, b reply) int { return cmp.Compare(b.v, a.v) })
	p.pvNextReplies, p.pvHash = next, h
}

// rootOrder returns the order in which choose searches the moves of s, as
// places in moves. After a step that played its best move, s is the node
// whose replies that step searched every one of, and they are searched
// best first by the values (or bounds) it gave them: the best root move first is what lets
// the others be cut off at once. Otherwise the killer of ply 1 (most often
// the opponent's threat, and so a good move for the player now to move)
// comes first, then the canonical order.
func (p *alphaBeta) rootOrder(s games.State, moves []games.Move) []int32 {
	order := p.order32[:0]
	if p.pvNext && s.Hash() == p.pvHash && len(p.pvNextReplies) == len(moves) {
		p.stamp++
		if p.stamp == 0 { // wrapped: every old stamp could match
			clear(p.placeStamp)
			p.stamp = 1
		}
		for i, m := range moves {
			if int(m) >= 0 && int(m) < len(p.placeOf) {
				p.placeOf[m], p.placeStamp[m] = int32(i), p.stamp
			}
		}
		for _, rp := range p.pvNextReplies {
			if int(rp.m) < 0 || int(rp.m) >= len(p.placeOf) || p.placeStamp[rp.m] != p.stamp {
				order = order[:0]
				break
			}
			order = append(order, p.placeOf[rp.m])
		}
		if len(order) == len(moves) {
			p.order32 = order
			return order
		}
	}
	order = order[:0]
	at := -1
	if p.depth > 1 {
		k := p.killers[1]
		at = slices.Index(moves, k)
	}
	if at >= 0 {
		order = append(order, int32(at))
	}
	for i := range moves {
		if i != at {
			order = append(order, int32(i))
		}
	}
	p.order32 = order
	return order
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
//
// Where the game can tell one move's legality, the killer is tried before
// the node's moves are listed and ordered, and a cut-off by it (most
// nodes' way to end) spares both. The moves are searched in the same order
// either way, the killer first, so the values, the cut-offs and the
// count of states are those of listing first.
func (p *alphaBeta) search(s games.State, ply int, alpha, beta float64) float64 {
	if s.Terminal() {
		return float64(s.Outcome().Value(s.ToMove())) * (2 - 0.01*float64(ply))
	}
	if ply >= p.depth {
		return p.leaf(s)
	}
	mover := s.ToMove()
	child := p.states[ply]
	best := math.Inf(-1)
	tried := games.NoMove
	if k := p.killers[ply]; p.checkable && s.(games.MoveChecker).IsLegal(k) {
		tried = k
		var cut bool
		if best, alpha, cut = p.try(s, child, k, mover, ply, best, alpha, beta); cut {
			p.unlisted++
			return best
		}
	}
	moves := s.Legal(p.moves[ply])
	if len(moves) == 0 {
		return p.leaf(s)
	}
	p.order(s, moves)
	if tried == games.NoMove {
		p.killerFirst(moves, ply)
	}
	for _, m := range moves {
		if m == tried {
			continue
		}
		var cut bool
		if best, alpha, cut = p.try(s, child, m, mover, ply, best, alpha, beta); cut {
			p.killers[ply] = m
			break
		}
	}
	return best
}

// try searches the child of s, a node ply plies below the step's
// position, by its move m (played on child), within the window (alpha,
// beta), keeps it as a reply at ply 1, and returns best and alpha raised
// by its value and whether it cuts the node off.
func (p *alphaBeta) try(s, child games.State, m games.Move, mover games.Player, ply int, best, alpha, beta float64) (float64, float64, bool) {
	child.CopyFrom(s)
	child.Play(m)
	p.count++
	v := p.childValue(child, mover, ply+1, alpha, beta)
	if ply == 1 && p.replyOrder {
		p.replies = append(p.replies, reply{m, v})
	}
	if v > best {
		best = v
		if v > alpha {
			alpha = v
			return best, alpha, alpha >= beta
		}
	}
	return best, alpha, false
}

// leaf is the heuristic value of s, a position that is not over, for its
// player to move.
func (p *alphaBeta) leaf(s games.State) float64 {
	var v float64
	if p.live != nil {
		v = p.live.LiveValue(s)
	} else {
		v = p.h.Value(s)
	}
	if s.ToMove() == games.Second {
		v = -v
	}
	return v
}

// killerFirst moves the killer of ply to the front of moves when it is
// among them, keeping the others' order. Below the step's position the
// order of moves changes what is cut off but no value within the window,
// so the step's choice is the same either way.
func (p *alphaBeta) killerFirst(moves []games.Move, ply int) {
	k := p.killers[ply]
	for i, m := range moves {
		if m == k {
			copy(moves[1:i+1], moves[:i])
			moves[0] = k
			return
		}
	}
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
