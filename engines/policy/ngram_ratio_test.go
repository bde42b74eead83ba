package policy

import (
	"fmt"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// ngramFromStatistics is the N-gram step read plainly from the statistics
// (w/n computed at each move, the threshold and Unseen tested there): the
// reference for the ratios that learner.ngram reads from r1 and r2.
func ngramFromStatistics(p *learner, mover games.Player, prev1, prev2 games.Move, moves []games.Move, r *rng.Rand) games.Move {
	if prev1 == games.NoMove {
		return games.NoMove
	}
	sp := p.space
	row1 := p.g1[(int(mover)*sp+int(prev1))*sp:][:sp]
	var row2 []stat
	if p.g2 != nil && prev2 != games.NoMove {
		row2 = p.g2[((int(mover)*sp+int(prev2))*sp+int(prev1))*sp:][:sp]
	}
	t := p.cfg.Threshold
	bestValue := -1.0
	var best []games.Move
	for _, m := range moves {
		e1 := row1[m]
		ok1 := e1.n > 0 && e1.n >= t
		var v float64
		switch {
		case row2 != nil && row2[m].n > 0 && row2[m].n >= t:
			v = row2[m].w / row2[m].n
			if p.cfg.Average && ok1 {
				v = (v + e1.w/e1.n) / 2
			}
		case ok1:
			v = e1.w / e1.n
		case p.cfg.Unseen != UnseenSkip && e1.n == 0 && t == 0:
			v = p.cfg.Unseen.value()
		default:
			continue
		}
		switch {
		case v > bestValue:
			bestValue, best = v, append(best[:0], m)
		case v == bestValue:
			best = append(best, m)
		}
	}
	switch len(best) {
	case 0:
		return games.NoMove
	case 1:
		return best[0]
	}
	return best[r.Intn(len(best))]
}

// The N-gram step reads each move's value from the ratios the learner
// keeps beside its statistics; on every reading of section 3.2 (context,
// averaging, threshold, unseen moves, decay between searches) it picks the
// move the statistics give, drawing ties with the same numbers, at every
// step of many playouts, and the kept ratios are the statistics' own.
func TestNGramRatiosAreTheStatistics(t *testing.T) {
	const spec = "nogo:size=5"
	start := pos(t, spec, "")
	for _, l := range []Learning{
		{N: 1},
		{N: 2},
		{N: 2, Average: true},
		{N: 1, Threshold: 3},
		{N: 2, Average: true, Threshold: 2},
		{N: 1, Unseen: UnseenWin},
		{N: 2, Unseen: UnseenLoss},
		{N: 2, Average: true, Unseen: UnseenWin},
		{N: 2, Unseen: UnseenWin, Threshold: 2},
		{N: 1, Gamma: 0.5},
		{N: 2, Average: true, Gamma: 0.3, Threshold: 1.5},
	} {
		t.Run(fmt.Sprintf("%+v", l), func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: NGram, Learn: l})
			r := rng.New(11)
			tr := &Trace{}
			var history []games.Move
			steps, picked := 0, 0
			for game := range 40 {
				// A search of the same game every ten playouts applies
				// Gamma to what the tables hold.
				if game%10 == 0 {
					p.StartSearch(engines.Request{Position: start, Start: start, History: history})
					history = append(history, games.Move(game))
				}
				for range 10 {
					s := start.Clone()
					tr.Reset()
					s.RecordPlayout(&r, games.NoLimit, tr)
					p.Observe(tr, s.Outcome())
				}
				// Every step of a fresh playout: both readings, from
				// the same random numbers.
				s := start.Clone()
				prev1, prev2 := games.NoMove, games.NoMove
				for !s.Terminal() {
					moves := s.Legal(nil)
					r1, r2 := r, r
					got := p.ngram(s.ToMove(), prev1, prev2, moves, &r1)
					want := ngramFromStatistics(p, s.ToMove(), prev1, prev2, moves, &r2)
					if got != want || r1 != r2 {
						t.Fatalf("game %d step %d: picked %v, the statistics give %v", game, steps, got, want)
					}
					steps++
					if got != games.NoMove {
						picked++
					}
					m := moves[r.Intn(len(moves))]
					s.Play(m)
					prev2, prev1 = prev1, m
				}
			}
			if picked < steps/4 {
				t.Errorf("the n-grams picked %d moves of %d steps: the check saw too little", picked, steps)
			}
			for _, tab := range []struct {
				stats  []stat
				ratios []ratio
			}{{p.g1, p.r1}, {p.g2, p.r2}} {
				for i, e := range tab.stats {
					qualifies := e.n > 0 && e.n >= l.Threshold
					got := tab.ratios[i]
					if qualifies != (got >= 0) || qualifies && got.float() != e.w/e.n {
						t.Fatalf("entry %d: ratio %v (%v), statistics %v/%v", i, got.float(), got, e.w, e.n)
					}
				}
			}
		})
	}
}
