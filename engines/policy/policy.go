// Package policy holds the playout policies that MCTS engines run from their
// leaves: uniform random moves, decisive and anti-decisive moves, shallow
// minimax at every step (MCTS-MR), and nested Monte Carlo playouts.
//
// MR(k) (Baier and Winands 2013, as LITERATURE.md states it): at every step,
// a depth-k minimax on terminal values for the player to move; if it finds a
// forced win, a winning move is played; otherwise a uniformly random move
// among those not proven to lose within depth k, or any move if all lose.
// With k = 1 that is "play a move that wins at once, never one that loses at
// once"; k = 2 also avoids moves after which the opponent wins at once, and
// plays moves that leave the opponent only losing replies.
//
// Decisive (Teytaud and Teytaud 2010): play a move that wins at once if
// there is one; otherwise a random move among those after which the opponent
// cannot win at once (anti-decisive), or any move if there is none. It is
// MR(2) without the search for wins in two.
//
// Epsilon-greedy (Lanctot et al. 2014, "ege"): at every step, with
// probability epsilon a uniformly random move; otherwise the move whose
// successor a heuristic values best for the mover, ties drawn uniformly. A
// heuristic that scores moves without playing them (knowledge.Scorer) is
// asked so; the choices are the same. With a base (the paper's players
// build on its informed playout ipp), a step the base forces chooses among
// its forced moves only, and the random move is the base's draw.
//
// Alpha-beta (kind "ab"; Winands and Björnsson 2011, the "alpha-beta-based
// play-outs" of MC-LOA): at every step, with probability epsilon a
// uniformly random move (DefaultABEpsilon, mcarena's choice); otherwise a
// depth-d negamax alpha-beta search (d = 1 to MaxABDepth, 2 in MC-LOA) with
// the heuristic at its leaves, and the move of the best value, ties drawn
// uniformly. A finished game in the search scores its outcome beyond any
// heuristic value (2 less a hundredth a ply for a win), so a win in reach
// is taken and a loss in reach avoided. Captures are searched first where
// the game has a "capture" classifier, for the cut-offs they bring. It is
// generic: any game with a heuristic; MC-LOA's own playouts search with
// MIA's evaluation, which mcarena replaces by LOA's mia-sub.
//
// Where several moves win, one is drawn uniformly. States visited count every
// position generated, the minimax's and epsilon-greedy's included.
//
// Game playouts are the game's own, from the knowledge registry (the
// informed Breakthrough playout "ipp" of Lanctot et al. 2014).
//
// The learning playouts of "Monte-Carlo Tree Search Enhancements for Havannah"
// (Stankiewicz, Winands and Uiterwijk), its section 3.2 "Enhancing the
// Play-out Step in MCTS", for any game whose moves are below its
// MoveSpace(): Last-Good-Reply (kind "lgr"), N-grams ("ngram") and the two
// combined ("lgrngram"). Each learns from the games the search shows it
// (Learner) and keeps its tables from one search to the next
// (SearchStarter).
//
// Last-Good-Reply (Drake 2009; Baier and Drake 2010). After every playout
// each move of the winner is stored, in the winner's table, as the reply to
// the move before it (LGR-1), and with LGR-2 also to the two moves before
// it (LGR-2 keeps the LGR-1 table too). In a playout the stored reply to
// the previous two moves (LGR-2) is played if it is legal, else the reply
// to the previous move if it is legal, else the default policy. With
// forgetting (LGRF-1, LGRF-2) every move of the loser that is its stored
// reply to the moves before it is deleted from its tables, in both tables
// for LGRF-2. The game is walked in order, so a later reply overwrites an
// earlier one. A drawn game stores and forgets nothing: it has no winner.
//
// N-grams (Tak, Winands and Björnsson 2012, as the Havannah paper applies
// them). Each player has statistics w/p of each move i played after move j
// (N-gram1, the paper's name for "based on only the previous move", a
// bigram in Shannon's counting) and, with n = 2, after the moves k, j
// (N-gram2, "based on the previous two moves"): p counts the times the
// player played it, w the times that game was won for the player, a draw
// counting one half. In a playout, with probability epsilon the default
// policy moves; otherwise the legal move of the best ratio w/p is played,
// ties drawn uniformly, among the moves whose n-gram has p >= threshold
// (section 3.2 leaves out those "played fewer than T times"; section 4.3
// says "more than T times", one count apart) and p > 0 (a ratio needs a
// visit). Section 3.2's words leave no move out at T = 0, so a move never
// played needs a value the paper does not give: with unseen=win
// (Learning.Unseen) it is 1, a won game, as Ludii's NST (Soemers)
// values a move without statistics; with unseen=loss it is 0, as w/p
// computes with p taken as 1, so that it ties with the moves that never
// won; by default it is left out. With n = 2
// a move whose N-gram2 falls short is valued by its N-gram1 (the paper's
// section 4.3), and with average by the mean of the two ratios when both
// qualify. When no legal move qualifies, the default policy moves.
//
// LGR with N-grams ("lgrngram", the paper's section 4.3 "N-grams Combined
// With LGR"): the last good reply if there is a legal one, else an N-gram
// move with probability 1-epsilon, else the default policy. The default
// policy (the paper's "default simulation strategy", uniform random there)
// is uniform random or Decisive, by Learning.Fallback.
//
// What the tables learn from. The paper stores "each of the winner's moves
// made during the play-out step" and does not say which moves update the
// N-grams; Last-Good-Reply in Go programs and N-grams in general game
// playing are usually described as learning from the whole simulated game
// (not confirmed here from Drake's, Baier and Drake's or Tak et al.'s
// text). Learn.PlayoutOnly chooses: by default every move of the search's
// game from its root (the tree's moves, then the playout's), each with the
// moves before it as context, reaching back before the root into the game's
// history; with PlayoutOnly the moves the playout played (the context of
// the first may still be tree or history moves); with ContextInPlayout as
// well, only those whose context is the playout's own moves too: the first
// playout move replies to nothing, and under LGR-2 and N-gram2 the second
// has only the first as context (the paper's Figure 2 can be read so: its
// play-out's first move is the last good reply to none).
//
// When tables persist. A policy lives in one search object of an MCTS
// engine, which the engine keeps for its next search; an engine that
// searches one position at a time (a player in a game, a tournament seat)
// so keeps one policy for all its searches. Its tables then carry from one
// search to the next of the same game (the paper's "contents of the LGR
// tables of the previous turn were used as the initial LGR tables"), and
// are cleared when a search's request does not continue that game: another
// start position, or a history that does not extend the last one (a
// request without a history is taken to continue). With Reset the LGR
// tables are cleared before every search. The N-gram statistics are
// multiplied by Gamma before every search after the first of a game: the
// paper's decay "after every move played in the game", read as once per
// turn of the engine, as its section 4.3 puts gamma = 0: "the N-gram tables
// are completely reset for each turn" (the opponent's moves between two
// searches add no further decay). Gamma = 0 (the paper's best) clears them
// for each turn, Gamma = 1 keeps them whole. Concurrent searches of one engine each
// have their own search object and tables, and an engine that plays both
// seats of a game shares its tables between them (they are indexed by the
// player who moves).
//
// Cost. A step lists the legal moves when it must check a stored reply or
// rank the N-grams (a scan of the list checks a reply; an N-gram step reads
// one or two statistics per legal move, contiguous in memory); a uniform
// fallback step that needs no list is the game's own playout step. In
// NoGo, whose list costs liberty checks at every empty point, that makes
// the learning playouts several times slower than uniform ones (README.md
// gives the measured ratios). Nothing allocates after the tables are
// made. Tables (S = MoveSpace(), two players): LGR-1 8S bytes, LGR-2 8S^2
// more; N-gram1 48S^2 bytes, N-gram2 48S^3 more (visits, wins and ratio,
// 8 bytes each, an n-gram and mover). Havannah of base 10 (271 cells):
// LGR-2 0.6 MB, N-gram1 3.5 MB, N-gram2 955 MB, which is refused
// (MaxTableBytes); base 5 (61 cells) needs 10.9 MB for N-gram2.
//
// Every policy but the uniform one and the games' own stops early once the search's stop
// signal is set (MR, epsilon-greedy, alpha-beta, learning and nested playouts look at it
// at every step; a uniform playout is short and runs to its end), and records the moves it plays
// into a Trace when asked (for AMAF and for policies that learn from
// playouts). A recorded uniform playout is the game's own RecordPlayout: the
// same game, draw for draw, as the unrecorded one.
package policy

import (
	"errors"
	"fmt"
	"math"

	"mcarena/engines"
	"mcarena/engines/nmcs"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// Kind names a playout policy.
type Kind string

// The playout policies.
const (
	Random   Kind = "random"
	Decisive Kind = "decisive"
	MR       Kind = "mr"
	Nested   Kind = "nested"
	EGreedy  Kind = "egreedy"
	// AB is the alpha-beta playout: a Depth-ply search by the heuristic at
	// every step, a random move with probability Epsilon.
	AB Kind = "ab"
	// Game is a playout the game provides (package knowledge), named by
	// Config.Name: the informed Breakthrough playout "ipp", for one.
	Game Kind = "game"
)

// Kinds lists the policies, for options and messages.
var Kinds = []string{string(Random), string(Decisive), string(MR), string(Nested), string(EGreedy), string(AB), string(Game),
	string(LGR), string(NGram), string(LGRNGram), string(MAST)}

// Config selects a policy and its parameters.
type Config struct {
	Kind Kind
	// Depth is MR's minimax depth (1 to 3) and AB's search depth (1 to
	// MaxABDepth).
	Depth int
	// Nested is the NMC configuration of Nested playouts; its Level is the
	// nesting n of each playout, NMC(n).
	Nested nmcs.Config
	// Epsilon is EGreedy's and AB's probability of a random move, and
	// Heuristic the name of the game's heuristic (package knowledge) they
	// follow.
	Epsilon   float64
	Heuristic string
	// Name is the game's playout that Game runs (knowledge.NewPlayout),
	// and EGreedy's base: the informed playout (knowledge.Informed) whose
	// forced moves and draws its steps build on; empty for uniform moves.
	Name string
	// BaseTies makes EGreedy draw among the best moves of a free step by
	// its base's weights (knowledge.Weighted) rather than uniformly, as
	// the implicit-minimax co-authors' framework drew from its weighted
	// move lists.
	BaseTies bool
	// Learn configures the learning playouts LGR, NGram, LGRNGram and
	// MAST.
	Learn Learning
}

// Policy plays positions to the end. It keeps buffers, so each goroutine
// needs its own.
type Policy interface {
	// Run plays s until the game ends or limit moves are played (a
	// nested playout always plays to the end: see Limited), drawing from
	// r, and returns the moves played on s and the states visited. Once
	// stop is set it may return early with s unfinished: the caller checks
	// stop. With a trace, it appends each move played on s and its mover.
	Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (moves int, states int64)
}

// Trace is the record of a playout (package games).
type Trace = games.Trace

// Learner is a policy that learns from finished playouts (Last-Good-Reply,
// N-grams): the search shows it each playout's trace, the tree's moves
// first, and the outcome.
type Learner interface {
	Observe(t *Trace, outcome games.Outcome)
}

// informedBase returns the game's playout name as the informed base of
// policy kind, refusing a playout that draws no single steps.
func informedBase(s games.State, kind, name string) (knowledge.Informed, error) {
	b, err := knowledge.NewPlayout(s.Game(), name)
	if err != nil {
		return nil, err
	}
	in, ok := b.(knowledge.Informed)
	if !ok {
		return nil, fmt.Errorf("%s base %s: the playout draws no single steps to build on", kind, name)
	}
	return in, nil
}

// Limited reports whether the policy can stop after a number of plies
// (every policy but nested playouts, which play to the end).
func Limited(k Kind) bool { return k != Nested }

// New returns the policy cfg describes for positions like s.
func New(cfg Config, s games.State) (Policy, error) {
	switch cfg.Kind {
	case Random, "":
		return random{}, nil
	case Decisive:
		return newShallow(s, 2, false), nil
	case MR:
		if cfg.Depth < 1 || cfg.Depth > 3 {
			return nil, fmt.Errorf("MR depth %d: want 1..3", cfg.Depth)
		}
		return newShallow(s, cfg.Depth, true), nil
	case Nested:
		return &nested{sv: nmcs.NewSearcher(cfg.Nested, s), replay: s.Clone()}, nil
	case EGreedy:
		if cfg.Epsilon < 0 || cfg.Epsilon > 1 {
			return nil, fmt.Errorf("epsilon %g: want 0..1", cfg.Epsilon)
		}
		h, err := knowledge.NewHeuristic(s.Game(), cfg.Heuristic)
		if err != nil {
			return nil, err
		}
		sc, _ := h.(knowledge.Scorer)
		gr, _ := h.(knowledge.Greedy)
		dr, _ := h.(knowledge.Drawer)
		p := &egreedy{eps: cfg.Epsilon, h: h, sc: sc, gr: gr, dr: dr, child: s.Clone(), buf: make([]games.Move, 0, s.Game().MaxMoves()),
			best: make([]games.Move, 0, s.Game().MaxMoves())}
		if cfg.Name != "" {
			in, err := informedBase(s, "egreedy", cfg.Name)
			if err != nil {
				return nil, err
			}
			p.base, p.forced = in, make([]games.Move, 0, s.Game().MaxMoves())
			if cfg.BaseTies {
				w, ok := in.(knowledge.Weighted)
				if !ok {
					return nil, fmt.Errorf("egreedy base %s: the playout does not weigh moves, so ties=base has nothing to draw by", cfg.Name)
				}
				p.ties = w
			}
		} else if cfg.BaseTies {
			return nil, errors.New("egreedy: ties=base draws by the base's weights and needs base=NAME")
		}
		return p, nil
	case AB:
		return newAlphaBeta(cfg, s)
	case LGR, NGram, LGRNGram:
		return newLearner(cfg, s)
	case MAST:
		return newMAST(cfg, s)
	case Game:
		p, err := knowledge.NewPlayout(s.Game(), cfg.Name)
		if err != nil {
			return nil, err
		}
		return known{p}, nil
	}
	return nil, fmt.Errorf("unknown playout policy %q: valid ones are %v", cfg.Kind, Kinds)
}

// random is the uniform policy: the game's own playout, recorded on the
// game's own fast path when a trace is asked for.
type random struct{}

func (random) Run(s games.State, r *rng.Rand, limit int, _ *engines.Stop, trace *Trace) (int, int64) {
	var n int
	if trace == nil {
		n = s.Playout(r, limit)
	} else {
		n = s.RecordPlayout(r, limit, trace)
	}
	return n, int64(n)
}

// nested runs an NMC(n) playout; see package nmcs.
type nested struct {
	sv     *nmcs.Searcher
	replay games.State // replays a recorded playout for its movers
}

func (p *nested) Run(s games.State, r *rng.Rand, _ int, stop *engines.Stop, trace *Trace) (int, int64) {
	before := p.sv.States
	p.sv.Limit(stop, 0)
	if trace != nil && p.sv.Sequence() == nil {
		// Level 0 is a uniform playout, which records in the loop of the
		// uniform policy.
		return random{}.Run(s, r, games.NoLimit, stop, trace)
	}
	if trace != nil {
		p.replay.CopyFrom(s)
	}
	_, length, _ := p.sv.Playout(s, r.Uint64())
	if trace != nil {
		for _, m := range p.sv.Sequence() {
			trace.Add(m, p.replay.ToMove())
			p.replay.Play(m)
		}
	}
	return length, p.sv.States - before
}

// known is a playout the game provides. Such playouts are a game's fast
// loops and, like the uniform one, run to their end (or limit) without
// looking at the stop signal; every move is one state.
type known struct{ p knowledge.Playout }

func (k known) Run(s games.State, r *rng.Rand, limit int, _ *engines.Stop, trace *Trace) (int, int64) {
	n := k.p.Run(s, r, limit, trace)
	return n, int64(n)
}

// shallow is MR(k) or, with wins2 off and k = 2, Decisive.
type shallow struct {
	k      int
	wins2  bool // play forced wins found deeper than one ply
	states []games.State
	moves  [][]games.Move
	wins   []games.Move
	safe   []games.Move
	count  int64
}

func newShallow(s games.State, k int, wins2 bool) *shallow {
	p := &shallow{k: k, wins2: wins2, states: make([]games.State, k+1), moves: make([][]games.Move, k+1)}
	for i := range p.states {
		p.states[i] = s.Clone()
		p.moves[i] = make([]games.Move, 0, s.Game().MaxMoves())
	}
	max := s.Game().MaxMoves()
	p.wins, p.safe = make([]games.Move, 0, max), make([]games.Move, 0, max)
	return p
}

func (p *shallow) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	p.count = 0
	n := 0
	for n < limit && !stop.Stopped() {
		moves := s.Legal(p.moves[p.k])
		if len(moves) == 0 {
			return n, p.count
		}
		mover := s.ToMove()
		m := p.choose(s, moves, r)
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		p.count++
		n++
	}
	return n, p.count
}

// choose returns the move to play at s, whose legal moves are moves (not
// in the policy's own buffers), counting the states it visits.
func (p *shallow) choose(s games.State, moves []games.Move, r *rng.Rand) games.Move {
	mover := s.ToMove()
	p.wins, p.safe = p.wins[:0], p.safe[:0]
	child := p.states[p.k]
	for _, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		p.count++
		v := p.value(child, p.k-1, mover)
		switch {
		case v == 1 && (p.wins2 || child.Terminal()):
			p.wins = append(p.wins, m)
		case v != -1:
			p.safe = append(p.safe, m)
		}
	}
	switch {
	case len(p.wins) > 0:
		return p.wins[r.Intn(len(p.wins))]
	case len(p.safe) > 0:
		return p.safe[r.Intn(len(p.safe))]
	}
	return moves[r.Intn(len(moves))]
}

// pick implements picker: one step of the policy, the default of the
// learning playouts.
func (p *shallow) pick(s games.State, moves []games.Move, r *rng.Rand) (games.Move, int64) {
	before := p.count
	m := p.choose(s, moves, r)
	return m, p.count - before
}

// value is a depth-limited minimax of s on terminal values, for player p:
// 1 forced win, -1 forced loss within depth plies, 0 otherwise.
func (p *shallow) value(s games.State, depth int, pl games.Player) int {
	if s.Terminal() {
		return s.Outcome().Value(pl)
	}
	if depth == 0 {
		return 0
	}
	maximise := s.ToMove() == pl
	best := 1
	if maximise {
		best = -1
	}
	child := p.states[depth-1]
	for _, m := range s.Legal(p.moves[depth-1]) {
		child.CopyFrom(s)
		child.Play(m)
		p.count++
		v := p.value(child, depth-1, pl)
		if maximise && v > best {
			best = v
		} else if !maximise && v < best {
			best = v
		}
		if (maximise && best == 1) || (!maximise && best == -1) {
			break
		}
	}
	return best
}

// egreedy is the epsilon-greedy policy.
type egreedy struct {
	eps float64
	h   knowledge.Heuristic
	sc  knowledge.Scorer // h's own scores of moves, when it has them
	gr  knowledge.Greedy // h's own greedy choice, when it has one
	dr  knowledge.Drawer // h's own draw of a step's move, when it has one
	// base, when set, is the informed playout the steps build on: its
	// forced moves bound the step, and its draw is the random move.
	base knowledge.Informed
	// ties, when set, draws among a free greedy step's best moves by the
	// base's weights.
	ties   knowledge.Weighted
	forced []games.Move
	child  games.State
	buf    []games.Move
	best   []games.Move
}

func (p *egreedy) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	var states int64
	n := 0
	for n < limit && !stop.Stopped() {
		mover := s.ToMove()
		m, scored, ok := p.choose(s, r, mover)
		if !ok {
			break
		}
		states += scored
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		states++
		n++
	}
	return n, states
}

// choose draws a step's move: a random move with probability eps, else one
// of those the heuristic ranks highest for mover, chosen uniformly (by the
// base's weights under ties=base, on a free step). The random move is
// uniform, or the base playout's draw. With a base, a step
// it forces (a decisive win, a block of an immediate loss) chooses among
// the forced moves only, the random move then uniform among them. It also
// returns how many moves it scored, and false when s has no move. Every
// way of choosing the same moves makes the same draws.
func (p *egreedy) choose(s games.State, r *rng.Rand, mover games.Player) (games.Move, int64, bool) {
	if p.base != nil {
		if p.forced = p.base.Forced(s, p.forced); len(p.forced) > 0 {
			if r.Float64() < p.eps {
				return p.forced[r.Intn(len(p.forced))], 0, true
			}
			return p.greedy(s, p.forced, r, mover), int64(len(p.forced)), true
		}
	}
	if p.dr != nil && p.ties == nil {
		legal, best := p.dr.Count(s)
		switch {
		case legal == 0:
			return 0, 0, false
		case r.Float64() < p.eps:
			if p.base != nil {
				return p.base.Draw(s, r), 0, true
			}
			return p.dr.Nth(s, r.Intn(legal), false), 0, true
		}
		return p.dr.Nth(s, r.Intn(best), true), int64(legal), true
	}
	moves := s.Legal(p.buf)
	switch {
	case len(moves) == 0:
		return 0, 0, false
	case r.Float64() < p.eps:
		if p.base != nil {
			return p.base.Draw(s, r), 0, true
		}
		return moves[r.Intn(len(moves))], 0, true
	}
	if p.ties != nil {
		p.bestOf(s, moves, mover)
		return p.ties.DrawAmong(s, p.best, r), int64(len(moves)), true
	}
	return p.greedy(s, moves, r, mover), int64(len(moves)), true
}

// greedy returns one of the moves the heuristic ranks highest for mover,
// drawn uniformly.
func (p *egreedy) greedy(s games.State, moves []games.Move, r *rng.Rand, mover games.Player) games.Move {
	p.bestOf(s, moves, mover)
	return p.best[r.Intn(len(p.best))]
}

// bestOf puts in p.best the moves the heuristic ranks highest for mover.
func (p *egreedy) bestOf(s games.State, moves []games.Move, mover games.Player) {
	if p.gr != nil {
		p.best = p.gr.Best(s, moves, p.best)
		return
	}
	bestValue := math.Inf(-1)
	p.best = p.best[:0]
	for _, c := range moves {
		var v float64
		if p.sc != nil {
			v = p.sc.ScoreAfter(s, c)
		} else {
			p.child.CopyFrom(s)
			p.child.Play(c)
			v = p.h.Value(p.child)
		}
		if mover == games.Second {
			v = -v
		}
		switch {
		case v > bestValue:
			bestValue, p.best = v, append(p.best[:0], c)
		case v == bestValue:
			p.best = append(p.best, c)
		}
	}
}
