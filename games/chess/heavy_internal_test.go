package chess

import (
	"math"
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// eachRandomPosition calls visit with every position of the seeded random
// games 0 to seeds-1 of g, before its move, and with the position's legal
// moves (visit may reorder them: the game's move is drawn from a list of
// its own).
func eachRandomPosition(g *Game, seeds uint64, visit func(st *State, moves []games.Move)) {
	for seed := range seeds {
		r := rng.New(seed)
		st := g.NewState().(*State)
		for !st.Terminal() {
			visit(st, st.Legal(nil))
			moves := st.Legal(nil)
			st.Play(moves[r.Intn(len(moves))])
		}
	}
}

// TestGivesCheckAgreesWithPlaying compares the check test of decisive
// moves with playing every move of the positions of seeded random games.
func TestGivesCheckAgreesWithPlaying(t *testing.T) {
	g := New(0)
	var scratch, child pos
	checks := 0
	eachRandomPosition(g, 40, func(st *State, moves []games.Move) {
		ci := st.checks()
		for _, m := range moves {
			child = st.pos
			child.play(m)
			want := child.inCheck()
			if got := st.givesCheck(&ci, m, &scratch); got != want {
				t.Fatalf("%s, %s: givesCheck %v, want %v", st, st.MoveString(m), got, want)
			}
			if want {
				checks++
			}
		}
	})
	if checks < 1000 {
		t.Errorf("only %d checking moves seen", checks)
	}
}

// TestGreedyExchangeChoiceIsTheFullScans checks the greedy step by
// exchange value against the plain rule it shortens, the first of the
// legal moves worth the most, on every position of seeded random games in
// both move orders, and the -last- playouts' step against the last of
// them; and its premise, that a move which neither captures
// nor promotes is worth 0 at most by either exchange evaluation.
func TestGreedyExchangeChoiceIsTheFullScans(t *testing.T) {
	seen := map[string]int{}
	for _, g := range []*Game{New(0), NewStockfishOrder(0)} {
		for _, by := range []int{hpSEE, hpSFSEE} {
			see := (*pos).see
			if by == hpSFSEE {
				see = (*pos).seeStockfish
			}
			h, hl := &heavy{by: by}, &heavy{by: by, ties: tiesLast}
			eachRandomPosition(g, 30, func(st *State, moves []games.Move) {
				want, wantV := moves[0], see(&st.pos, moves[0])
				last := want
				for _, m := range moves {
					v := see(&st.pos, m)
					if v > wantV {
						want, wantV = m, v
					}
					if v >= wantV {
						last = m
					}
					if !st.mayGain(m) && v > 0 {
						t.Fatalf("%s, %s: a quiet move worth %d", st, st.MoveString(m), v)
					}
				}
				if got := h.greedy(&st.pos, moves); got != want {
					t.Fatalf("%s (by %d): greedy %s, the full scan %s (worth %d)", st, by, st.MoveString(got), st.MoveString(want), wantV)
				}
				if got := hl.choose(&st.pos, slices.Clone(moves), nil); got != last {
					t.Fatalf("%s (by %d): the last-of-equals step %s, the full scan's last best %s (worth %d)", st, by, st.MoveString(got), st.MoveString(last), wantV)
				}
				if last != want {
					seen["last differs"]++
				}
				switch {
				case wantV > 0:
					seen["gain"]++
				case wantV == 0:
					seen["even"]++
				default:
					seen["loss"]++
				}
			})
		}
	}
	// Every branch of the shortened rule was taken: a best move that
	// gains, one worth 0, and (rarely: a king that cannot step aside
	// safely, every other move losing material) one that loses.
	for k, least := range map[string]int{"gain": 1000, "even": 1000, "loss": 1, "last differs": 1000} {
		if seen[k] < least {
			t.Errorf("only %d positions whose best move is a %s: %v", seen[k], k, seen)
		}
	}
}

// TestGreedyEvaluationChoiceIsTheFullScans checks the greedy step by
// PeSTO's evaluation, under both readings of ties, against a plain scan of
// every legal move's evaluation after it is played, on the positions of
// seeded random games in both move orders. The evaluation is tapered
// from two piece-square sums, so equal best moves are rarer than by
// exchange value (about one position in forty: mirror-image moves, a
// piece's two equal squares); the readings must differ in some hundred
// positions for the test to say anything about the last-of-equals step.
func TestGreedyEvaluationChoiceIsTheFullScans(t *testing.T) {
	differ, positions := 0, 0
	for _, g := range []*Game{New(0), NewStockfishOrder(0)} {
		h, hl := &heavy{by: hpEval}, &heavy{by: hpEval, ties: tiesLast}
		eachRandomPosition(g, 20, func(st *State, moves []games.Move) {
			sign := 1
			if st.pos.side != White {
				sign = -1
			}
			var first, last, best int
			for i, m := range moves {
				child := st.pos
				child.play(m)
				v := sign * int(child.sums().cp())
				if i == 0 || v > best {
					first, best = i, v
				}
				if v == best {
					last = i
				}
			}
			if got := h.choose(&st.pos, slices.Clone(moves), nil); got != moves[first] {
				t.Fatalf("%s: the greedy step %s, the full scan's first best %s (worth %d)", st, st.MoveString(got), st.MoveString(moves[first]), best)
			}
			if got := hl.choose(&st.pos, slices.Clone(moves), nil); got != moves[last] {
				t.Fatalf("%s: the last-of-equals step %s, the full scan's last best %s (worth %d)", st, st.MoveString(got), st.MoveString(moves[last]), best)
			}
			positions++
			if first != last {
				differ++
			}
		})
	}
	if differ < 100 {
		t.Errorf("the readings differ in only %d of %d positions", differ, positions)
	}
}

// TestGreedyDrawAmongEqualsIsUniformOverTheBest checks the -rand-
// playouts' greedy step against a plain scan of every legal move's value,
// by both exchange evaluations and by the evaluation, on the positions of
// seeded random games: every move it draws is one of the best, and in
// positions with several best moves each of them is drawn about as often
// (a chi-square test over 64 draws each, pooled), where the first and last
// of equals always play one.
func TestGreedyDrawAmongEqualsIsUniformOverTheBest(t *testing.T) {
	g := New(0)
	for _, by := range []int{hpSEE, hpSFSEE, hpEval} {
		value := func(p *pos, m games.Move) int {
			switch by {
			case hpSEE:
				return p.see(m)
			case hpSFSEE:
				return p.seeStockfish(m)
			}
			child := *p
			child.play(m)
			v := int(child.sums().cp())
			if p.side != White {
				v = -v
			}
			return v
		}
		h := &heavy{by: by, ties: tiesRandom}
		r := rng.New(uint64(by))
		chi, freedom, several := 0.0, 0, 0
		eachRandomPosition(g, 12, func(st *State, moves []games.Move) {
			bestV, best := 0, map[games.Move]int{}
			for i, m := range moves {
				v := value(&st.pos, m)
				if i == 0 || v > bestV {
					bestV = v
					clear(best)
				}
				if v == bestV {
					best[m] = 0
				}
			}
			draws := 1
			if len(best) > 1 {
				draws = 64
				several++
			}
			for range draws {
				m := h.choose(&st.pos, slices.Clone(moves), &r)
				if _, ok := best[m]; !ok {
					t.Fatalf("%s (by %d): drew %s (worth %d), not one of the %d best (worth %d)", st, by, st.MoveString(m), value(&st.pos, m), len(best), bestV)
				}
				best[m]++
			}
			if len(best) > 1 {
				want := float64(draws) / float64(len(best))
				for _, n := range best {
					chi += (float64(n) - want) * (float64(n) - want) / want
				}
				freedom += len(best) - 1
			}
		})
		if several < 50 {
			t.Fatalf("by %d: only %d positions with several best moves", by, several)
		}
		// The pooled statistic has mean freedom and standard deviation
		// sqrt(2 freedom); a draw that favoured some of the equals (the
		// first of them, say) would put it far above.
		if z := (chi - float64(freedom)) / math.Sqrt(2*float64(freedom)); math.Abs(z) > 5 {
			t.Errorf("by %d: chi-square %.0f on %d degrees of freedom (z %.1f) over %d positions: the draw among equals is not uniform", by, chi, freedom, z, several)
		}
	}
}

// The greedy step's draw among equals allocates nothing.
func TestGreedyDrawAllocatesNothing(t *testing.T) {
	st := New(0).NewState().(*State)
	moves := st.Legal(nil)
	r := rng.New(1)
	for _, by := range []int{hpSEE, hpSFSEE, hpEval} {
		h := &heavy{by: by, ties: tiesRandom}
		if n := testing.AllocsPerRun(100, func() { h.choose(&st.pos, moves, &r) }); n != 0 {
			t.Errorf("by %d: %g allocations a step", by, n)
		}
	}
}
