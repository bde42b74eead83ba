package policy

import (
	"fmt"
	"math"
	"slices"

	"mcarena/games"
	"mcarena/games/rng"
)

// Unseen says how the N-gram playout values a legal move whose n-gram was
// never played, a case section 3.2 of the Havannah paper leaves open at
// threshold 0.
type Unseen int

const (
	// UnseenSkip leaves the move out, as if the threshold were 1.
	UnseenSkip Unseen = iota
	// UnseenWin values it 1, a won game, as Ludii's NST values a move
	// without statistics: every reply is tried before any is repeated.
	UnseenWin
	// UnseenLoss values it 0, a lost game, as w/p computes with p taken as 1
	// when it is 0: it ties with the moves that never won, so a reply that
	// only lost is no longer preferred to the untried ones.
	UnseenLoss
)

// Unseens are the values of Unseen by name, in order.
var Unseens = []string{"skip", "win", "loss"}

// ParseUnseen returns the Unseen of a name in Unseens.
func ParseUnseen(s string) (Unseen, error) {
	if i := slices.Index(Unseens, s); i >= 0 {
		return Unseen(i), nil
	}
	return UnseenSkip, fmt.Errorf("unknown value %q for a never played n-gram: valid ones are %v", s, Unseens)
}

// String returns u's name.
func (u Unseen) String() string {
	if u < 0 || int(u) >= len(Unseens) {
		return fmt.Sprintf("Unseen(%d)", int(u))
	}
	return Unseens[u]
}

// value is the ratio of a never played n-gram under u (not UnseenSkip).
func (u Unseen) value() float64 {
	if u == UnseenWin {
		return 1
	}
	return 0
}

// stat is the statistics of one n-gram: visits and wins for its mover.
type stat struct{ w, n float64 }

const statSize = 16

// ngramEntrySize is the bytes of an n-gram's entry: its statistics and
// its ratio.
const ngramEntrySize = statSize + 8

// ngram returns the legal move of the best ratio among those whose
// n-grams qualify (with Unseen, a never played one's ratio is 1 or 0), ties
// drawn uniformly, or NoMove.
//
// A move's value is its N-gram2 ratio where that qualifies (averaged with
// its N-gram1 ratio where Average asks and that qualifies too), else its
// N-gram1 ratio where that qualifies, else the unseen value where Unseen
// applies; a move with none is left out. The ratios are kept beside the
// statistics (learnNGrams, decay), so a move costs a load or two and no
// division; one pass values the moves and finds the best value without a
// branch on the data, a second gathers the moves that have it.
func (p *learner) ngram(mover games.Player, prev1, prev2 games.Move, moves []games.Move, r *rng.Rand) games.Move {
	if prev1 == games.NoMove {
		return games.NoMove
	}
	sp := p.space
	row1 := p.r1[(int(mover)*sp+int(prev1))*sp:][:sp]
	var row2 []ratio
	if p.r2 != nil && prev2 != games.NoMove {
		row2 = p.r2[((int(mover)*sp+int(prev2))*sp+int(prev1))*sp:][:sp]
	}
	if len(moves) > cap(p.vals) {
		p.vals = make([]ratio, len(moves))
	}
	vals := p.vals[:len(moves)]
	unseen := p.unseenValue // noRatio unless Unseen applies
	bestValue := noRatio
	switch {
	case row2 == nil:
		for i, m := range moves {
			v := row1[m]
			if v < 0 {
				v = unseen
			}
			vals[i] = v
			bestValue = max(bestValue, v)
		}
	case !p.cfg.Average:
		for i, m := range moves {
			v, v2 := row1[m], row2[m]
			if v2 >= 0 {
				v = v2
			}
			if v < 0 {
				v = unseen
			}
			vals[i] = v
			bestValue = max(bestValue, v)
		}
	default:
		for i, m := range moves {
			v, v2 := row1[m], row2[m]
			switch {
			case v2 >= 0 && v >= 0:
				v = ratioOf((v2.float() + v.float()) / 2)
			case v2 >= 0:
				v = v2
			case v < 0:
				v = unseen
			}
			vals[i] = v
			bestValue = max(bestValue, v)
		}
	}
	if bestValue < 0 {
		return games.NoMove
	}
	best := p.best[:0]
	for i, v := range vals {
		if v == bestValue {
			best = append(best, moves[i])
		}
	}
	p.best = best
	if len(best) == 1 {
		return best[0]
	}
	return best[r.Intn(len(best))]
}

// ratio is a ratio in [0, 1] as the bits of its float64, which order as
// the ratios do, or noRatio (below every ratio) for none.
type ratio int64

// noRatio marks an n-gram that does not qualify.
const noRatio ratio = -1

// ratioOf returns the ratio x in [0, 1].
func ratioOf(x float64) ratio { return ratio(math.Float64bits(x)) }

// float returns the ratio's value (not for noRatio).
func (v ratio) float() float64 { return math.Float64frombits(uint64(v)) }

// statRatio is the ratio that an n-gram's statistics e give in r1 and r2: w/n
// where it qualifies, else noRatio.
func (p *learner) statRatio(e stat) ratio {
	if e.n > 0 && e.n >= p.cfg.Threshold {
		return ratioOf(e.w / e.n)
	}
	return noRatio
}

// fill sets every element of t to v.
func fill(t []ratio, v ratio) {
	for i := range t {
		t[i] = v
	}
}

// learnNGrams counts each move of t from entry from on, a win, draw or
// loss for its mover by outcome, in its N-gram1 and N-gram2, and keeps
// their ratios.
func (p *learner) learnNGrams(t *Trace, from int, outcome games.Outcome) {
	sp := p.space
	for i := from; i < len(t.Moves); i++ {
		prev1 := p.context(t, from, i, 1)
		if prev1 == games.NoMove {
			continue
		}
		m, mover := int(t.Moves[i]), t.Movers[i]
		w := float64(outcome.Value(mover)+1) / 2
		x := (int(mover)*sp+int(prev1))*sp + m
		e := &p.g1[x]
		e.w += w
		e.n++
		p.r1[x] = p.statRatio(*e)
		if prev2 := p.context(t, from, i, 2); p.g2 != nil && prev2 != games.NoMove {
			x := ((int(mover)*sp+int(prev2))*sp+int(prev1))*sp + m
			e := &p.g2[x]
			e.w += w
			e.n++
			p.r2[x] = p.statRatio(*e)
		}
	}
}

// decay multiplies the N-gram statistics by Gamma.
func (p *learner) decay() {
	g := p.cfg.Gamma
	switch {
	case p.n == 0 || g == 1:
		return
	case g == 0:
		p.clear(false, true)
		return
	}
	p.decayTable(p.g1, p.r1, g)
	p.decayTable(p.g2, p.r2, g)
}

// decayTable multiplies the statistics t by g and keeps their ratios rt.
func (p *learner) decayTable(t []stat, rt []ratio, g float64) {
	for i := range t {
		t[i].w *= g
		t[i].n *= g
		rt[i] = p.statRatio(t[i])
	}
}
