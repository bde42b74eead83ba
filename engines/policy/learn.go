package policy

import (
	"errors"
	"fmt"
	"slices"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// The learning kinds.
const (
	// LGR is Last-Good-Reply, Learning.LGR its variant.
	LGR Kind = "lgr"
	// NGram is the N-gram playout, Learning.N its context.
	NGram Kind = "ngram"
	// LGRNGram plays the last good reply, else an N-gram move.
	LGRNGram Kind = "lgrngram"
)

// Learns reports whether playouts of kind k learn from finished games only,
// so that a leaf that stops playouts early cannot serve them (MAST learns
// from the tree's moves as well, and is not among them).
func Learns(k Kind) bool { return k == LGR || k == NGram || k == LGRNGram }

// LGRKind is a Last-Good-Reply variant.
type LGRKind uint8

// The Last-Good-Reply variants: replies to the previous move, or to the
// previous two moves falling back to the previous one, with forgetting
// (the F variants) or without.
const (
	NoLGR LGRKind = iota
	LGR1
	LGR2
	LGRF1
	LGRF2
)

// LGRKinds names the variants, in the order of their constants from LGR1.
var LGRKinds = []string{"lgr1", "lgr2", "lgrf1", "lgrf2"}

// ParseLGR returns the variant named s, one of LGRKinds.
func ParseLGR(s string) (LGRKind, error) {
	if i := slices.Index(LGRKinds, s); i >= 0 {
		return LGRKind(i + 1), nil
	}
	return NoLGR, fmt.Errorf("unknown Last-Good-Reply variant %q: valid ones are %v", s, LGRKinds)
}

func (k LGRKind) String() string {
	if k == NoLGR || int(k) > len(LGRKinds) {
		return "none"
	}
	return LGRKinds[k-1]
}

// two reports whether the variant replies to pairs of moves.
func (k LGRKind) two() bool { return k == LGR2 || k == LGRF2 }

// forgets reports whether the variant deletes the loser's replies.
func (k LGRKind) forgets() bool { return k == LGRF1 || k == LGRF2 }

// Learning configures the learning playouts (kinds LGR, NGram, LGRNGram).
// Kind LGR reads LGR and Reset, NGram the N-gram fields, LGRNGram both.
type Learning struct {
	// LGR is the Last-Good-Reply variant; Reset clears its tables before
	// every search.
	LGR   LGRKind
	Reset bool
	// N is the N-grams' context: the previous move (1) or two moves (2).
	N int
	// Epsilon is the probability that the default policy moves instead of
	// the N-grams (the paper's 0.1).
	Epsilon float64
	// Gamma multiplies the N-gram statistics before each search after the
	// first of a game (0 clears them, 1 keeps them).
	Gamma float64
	// Threshold is the visits an n-gram needs to be considered.
	Threshold float64
	// Average values a move by the mean of its N-gram1 and N-gram2
	// ratios when both qualify (needs N = 2).
	Average bool
	// Unseen values a legal move whose n-gram was never played (its
	// N-gram1 with N = 2) when Threshold is 0: left out, or a won or a
	// lost game; a threshold always leaves it out.
	Unseen Unseen
	// PlayoutOnly learns from the playout's moves only, not the tree's.
	PlayoutOnly bool
	// ContextInPlayout, with PlayoutOnly, learns a move only as a reply to
	// (or an N-gram after) moves of the playout too, never to the tree's
	// or the game's moves before it.
	ContextInPlayout bool
	// Fallback is the policy of the steps the learning leaves open: Random
	// (or "") or Decisive.
	Fallback Kind
	// Tree is how MAST credits the tree's moves, CutOff what it does with
	// a cut-off playout's moves. MAST reads Epsilon too, as the
	// probability of the default step.
	Tree   TreeCredit
	CutOff CutOff
}

// DefaultNGramEpsilon is the paper's epsilon of N-gram playouts.
const DefaultNGramEpsilon = 0.1

// MaxTableBytes caps the tables of one learning policy: 384 MiB admits
// N-gram2 up to 202 distinct moves (Breakthrough 8x8's 192, Havannah to
// base 8) at 24 bytes an n-gram and mover, as 256 MiB did at 16 bytes
// before each n-gram's ratio was kept, and every policy 256 MiB admitted.
// Each search object of an engine has its own.
const MaxTableBytes = 384 << 20

// TableBytes returns the bytes of the tables that a learning policy of cfg
// needs for a game of space distinct moves, 0 for other policies.
func TableBytes(cfg Config, space int) int64 {
	s := int64(space)
	var b int64
	if cfg.Kind == LGR || cfg.Kind == LGRNGram {
		b += 2 * s * 4
		if cfg.Learn.LGR.two() {
			b += 2 * s * s * 4
		}
	}
	if cfg.Kind == MAST {
		b += 2 * s * statSize
	}
	if cfg.Kind == NGram || cfg.Kind == LGRNGram {
		b += 2 * s * s * ngramEntrySize
		if cfg.Learn.N == 2 {
			b += 2 * s * s * s * ngramEntrySize
		}
	}
	return b
}

// CheckTables refuses a learning policy whose tables for g would exceed
// MaxTableBytes or the machine's memory.
func CheckTables(cfg Config, g games.Game) error {
	b := TableBytes(cfg, g.MoveSpace())
	if b > MaxTableBytes {
		return fmt.Errorf("playout %s: its tables for %s (%d distinct moves) take %.0f MiB, more than the %d MiB allowed", cfg.Kind, g.Spec(), g.MoveSpace(), float64(b)/(1<<20), MaxTableBytes>>20)
	}
	return engines.CheckMemory("playout "+string(cfg.Kind), b)
}

// SearchStarter is a Learner whose tables outlive a search: a search calls
// StartSearch with its request before its first iteration.
type SearchStarter interface {
	StartSearch(req engines.Request)
}

// picker is one step of a default policy.
type picker interface {
	pick(s games.State, moves []games.Move, r *rng.Rand) (games.Move, int64)
}

// uniform is the uniform default step: Legal()[r.Intn(n)].
type uniform struct{}

func (uniform) pick(_ games.State, moves []games.Move, r *rng.Rand) (games.Move, int64) {
	return moves[r.Intn(len(moves))], 0
}

// learner is the LGR, N-gram and combined playout.
type learner struct {
	cfg   Learning
	lgr   LGRKind // NoLGR without LGR
	n     int     // N-gram context, 0 without N-grams
	space int
	// reply1[p*S+j] is player p's reply to move j, reply2[(p*S+k)*S+j]
	// its reply to k then j; each holds move+1, 0 for none.
	reply1, reply2 []int32
	// g1[(p*S+j)*S+i] is the N-gram1 of p playing i after j, and
	// g2[((p*S+k)*S+j)*S+i] the N-gram2 of i after k, j.
	g1, g2 []stat
	// r1 and r2 hold each entry's ratio w/n where its n-gram qualifies
	// (visits above 0 and at least the threshold), else noRatio: the step
	// reads one number a legal move, not two and a division.
	r1, r2 []ratio
	// unseenValue is the value of a move whose n-grams do not qualify:
	// Unseen's where it applies (not skip, threshold 0: such a move's
	// N-gram1 was never played), else noRatio.
	unseenValue ratio
	// vals are the values of the moves of an N-gram step.
	vals []ratio
	def  picker
	buf  []games.Move
	best []games.Move
	// scratch records the game's own steps when Run has no trace.
	scratch Trace
	// pre are the moves before the search's root: pre[0] the last.
	pre [2]games.Move
	// running says a playout of the current iteration has started, at
	// trace entry playStart.
	running   bool
	playStart int
	// game follows the searches through a game.
	game gameTrack
}

func newLearner(cfg Config, s games.State) (*learner, error) {
	l := cfg.Learn
	p := &learner{cfg: l, space: s.Game().MoveSpace(), pre: [2]games.Move{games.NoMove, games.NoMove}}
	if cfg.Kind == LGR || cfg.Kind == LGRNGram {
		if l.LGR == NoLGR || int(l.LGR) > len(LGRKinds) {
			return nil, fmt.Errorf("playout %s: want a Last-Good-Reply variant, one of %v", cfg.Kind, LGRKinds)
		}
		p.lgr = l.LGR
	}
	if cfg.Kind == NGram || cfg.Kind == LGRNGram {
		switch {
		case l.N != 1 && l.N != 2:
			return nil, fmt.Errorf("playout %s: n-gram context %d: want 1 or 2", cfg.Kind, l.N)
		case l.Epsilon < 0 || l.Epsilon > 1:
			return nil, fmt.Errorf("playout %s: epsilon %g: want 0..1", cfg.Kind, l.Epsilon)
		case l.Gamma < 0 || l.Gamma > 1:
			return nil, fmt.Errorf("playout %s: gamma %g: want 0..1", cfg.Kind, l.Gamma)
		case l.Threshold < 0:
			return nil, fmt.Errorf("playout %s: threshold %g: want >= 0", cfg.Kind, l.Threshold)
		case l.Average && l.N != 2:
			return nil, errors.New("playout " + string(cfg.Kind) + ": average needs n=2 (it averages N-gram1 and N-gram2)")
		}
		p.n = l.N
	}
	switch l.Fallback {
	case Random, "":
		p.def = uniform{}
	case Decisive:
		p.def = newShallow(s, 2, false)
	default:
		return nil, fmt.Errorf("playout %s: fallback policy %q: want random or decisive", cfg.Kind, l.Fallback)
	}
	if err := CheckTables(cfg, s.Game()); err != nil {
		return nil, err
	}
	sp := p.space
	if p.lgr != NoLGR {
		p.reply1 = make([]int32, 2*sp)
		if p.lgr.two() {
			p.reply2 = make([]int32, 2*sp*sp)
		}
	}
	if p.n > 0 {
		p.g1, p.r1 = make([]stat, 2*sp*sp), make([]ratio, 2*sp*sp)
		if p.n == 2 {
			p.g2, p.r2 = make([]stat, 2*sp*sp*sp), make([]ratio, 2*sp*sp*sp)
		}
		fill(p.r1, noRatio)
		fill(p.r2, noRatio)
		p.unseenValue = noRatio
		if l.Unseen != UnseenSkip && l.Threshold == 0 {
			p.unseenValue = ratioOf(l.Unseen.value())
		}
	}
	max := s.Game().MaxMoves()
	p.buf, p.best = make([]games.Move, 0, max), make([]games.Move, 0, max)
	if p.n > 0 {
		p.vals = make([]ratio, max)
	}
	return p, nil
}

// Run implements Policy. With a trace, the moves before the playout's
// first are the trace's last ones, then the moves before the search's
// root.
//
// A step lists the legal moves only when it needs them: to check a stored
// reply, to find the N-gram move, or for the decisive fallback. A uniform
// fallback step with no list is the game's own playout step
// (RecordPlayout of one move), which in games such as NoGo, whose legality
// costs liberty checks, samples a legal move far faster than Legal lists
// them all; both are uniform.
func (p *learner) Run(s games.State, r *rng.Rand, limit int, stop *engines.Stop, trace *Trace) (int, int64) {
	prev1, prev2 := p.pre[0], p.pre[1]
	if trace != nil {
		n := len(trace.Moves)
		if !p.running {
			p.running, p.playStart = true, n
		}
		prev1, prev2 = p.before(trace, n, 1), p.before(trace, n, 2)
	}
	_, uniformFallback := p.def.(uniform)
	checker, _ := s.(games.MoveChecker)
	var states int64
	n := 0
	for n < limit && !stop.Stopped() {
		mover := s.ToMove()
		var moves []games.Move
		m := games.NoMove
		if r2, r1 := p.replies(mover, prev1, prev2); r2 != games.NoMove || r1 != games.NoMove {
			if checker != nil {
				// A legal reply is played without listing the moves; else
				// the list is made, as below, for what follows.
				switch {
				case r2 != games.NoMove && checker.IsLegal(r2):
					m = r2
				case r1 != games.NoMove && checker.IsLegal(r1):
					m = r1
				}
			}
			if m == games.NoMove {
				moves = s.Legal(p.buf)
				if len(moves) == 0 {
					break
				}
				if checker == nil {
					switch {
					case r2 != games.NoMove && slices.Contains(moves, r2):
						m = r2
					case r1 != games.NoMove && slices.Contains(moves, r1):
						m = r1
					}
				}
			}
		}
		if m == games.NoMove && p.n > 0 && prev1 != games.NoMove && (p.cfg.Epsilon == 0 || r.Float64() >= p.cfg.Epsilon) {
			if moves == nil {
				moves = s.Legal(p.buf)
				if len(moves) == 0 {
					break
				}
			}
			m = p.ngram(mover, prev1, prev2, moves, r)
		}
		if m == games.NoMove && moves == nil && uniformFallback {
			// The game's own uniform step.
			t := trace
			if t == nil {
				t = &p.scratch
				t.Reset()
			}
			if s.RecordPlayout(r, 1, t) == 0 {
				break
			}
			states++
			n++
			prev2, prev1 = prev1, t.Moves[len(t.Moves)-1]
			continue
		}
		if m == games.NoMove {
			if moves == nil {
				moves = s.Legal(p.buf)
				if len(moves) == 0 {
					break
				}
			}
			var k int64
			m, k = p.def.pick(s, moves, r)
			states += k
		}
		if trace != nil {
			trace.Add(m, mover)
		}
		s.Play(m)
		states++
		n++
		prev2, prev1 = prev1, m
	}
	return n, states
}

// before returns the move k plies before trace entry i, reaching into the
// moves before the root, or NoMove.
func (p *learner) before(t *Trace, i, k int) games.Move {
	switch j := i - k; {
	case j >= 0:
		return t.Moves[j]
	case j >= -2:
		return p.pre[-j-1]
	}
	return games.NoMove
}

// replies returns mover's stored replies to prev2, prev1 (LGR-2) and to
// prev1 (LGR-1), NoMove where there is none.
func (p *learner) replies(mover games.Player, prev1, prev2 games.Move) (r2, r1 games.Move) {
	if p.lgr == NoLGR || prev1 == games.NoMove {
		return games.NoMove, games.NoMove
	}
	sp := p.space
	r2 = games.NoMove
	if p.reply2 != nil && prev2 != games.NoMove {
		r2 = games.Move(p.reply2[(int(mover)*sp+int(prev2))*sp+int(prev1)] - 1)
	}
	return r2, games.Move(p.reply1[int(mover)*sp+int(prev1)] - 1)
}

// Observe implements Learner: it learns from the game in t, which ended
// with outcome.
func (p *learner) Observe(t *Trace, outcome games.Outcome) {
	from := 0
	if p.cfg.PlayoutOnly {
		from = len(t.Moves)
		if p.running {
			from = p.playStart
		}
	}
	p.running = false
	if p.lgr != NoLGR && outcome != games.Draw {
		p.learnReplies(t, from, outcome)
	}
	if p.n > 0 {
		p.learnNGrams(t, from, outcome)
	}
}

// context returns the move k plies before trace entry i as a context of
// learning from entry from on: NoMove where ContextInPlayout keeps it out.
func (p *learner) context(t *Trace, from, i, k int) games.Move {
	if p.cfg.ContextInPlayout && i-k < from {
		return games.NoMove
	}
	return p.before(t, i, k)
}

func (p *learner) learnReplies(t *Trace, from int, outcome games.Outcome) {
	sp := p.space
	winner := games.First
	if outcome == games.SecondWins {
		winner = games.Second
	}
	forget := p.lgr.forgets()
	for i := from; i < len(t.Moves); i++ {
		prev1 := p.context(t, from, i, 1)
		if prev1 == games.NoMove {
			continue
		}
		m, mover := t.Moves[i], t.Movers[i]
		if mover != winner && !forget {
			continue
		}
		i1 := int(mover)*sp + int(prev1)
		i2 := -1
		if prev2 := p.context(t, from, i, 2); p.reply2 != nil && prev2 != games.NoMove {
			i2 = (int(mover)*sp+int(prev2))*sp + int(prev1)
		}
		if mover == winner {
			p.reply1[i1] = int32(m) + 1
			if i2 >= 0 {
				p.reply2[i2] = int32(m) + 1
			}
			continue
		}
		if p.reply1[i1] == int32(m)+1 {
			p.reply1[i1] = 0
		}
		if i2 >= 0 && p.reply2[i2] == int32(m)+1 {
			p.reply2[i2] = 0
		}
	}
}

// StartSearch implements SearchStarter: it clears the tables for a new
// game, and otherwise applies Reset and Gamma; the moves before the root
// become the context of the first.
func (p *learner) StartSearch(req engines.Request) {
	p.running = false
	if !p.game.next(req) {
		p.clear(true, true)
	} else {
		p.clear(p.cfg.Reset, false)
		p.decay()
	}
	p.pre = [2]games.Move{games.NoMove, games.NoMove}
	for k := range p.pre {
		if i := len(req.History) - 1 - k; i >= 0 {
			p.pre[k] = req.History[i]
		}
	}
}

// clear empties the LGR tables (lgr) and the N-gram statistics (ngrams).
func (p *learner) clear(lgr, ngrams bool) {
	if lgr {
		clear(p.reply1)
		clear(p.reply2)
	}
	if ngrams {
		clear(p.g1)
		clear(p.g2)
		fill(p.r1, noRatio)
		fill(p.r2, noRatio)
	}
}
