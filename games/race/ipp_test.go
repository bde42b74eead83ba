package race_test

import (
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/knowledge"
	"mcarena/games/race"
	"mcarena/games/rng"
)

// plainIPP restates the informed playout's rule on the game's interface and
// a plain board (rows of cells read from Board), for one move: it returns
// the move the rule draws from r.
func plainIPP(s games.State, r *rng.Rand) games.Move {
	decisive, stops, undefended, other := plainIPPClasses(s)
	switch {
	case len(decisive) > 0:
		return decisive[r.Intn(len(decisive))]
	case len(stops) > 0:
		return stops[r.Intn(len(stops))]
	}
	return plainWeighted(undefended, other, r)
}

// plainWeighted draws an undefended capture four times as likely as any
// other move.
func plainWeighted(undefended, other []games.Move, r *rng.Rand) games.Move {
	j := r.Intn(4*len(undefended) + len(other))
	if j < 4*len(undefended) {
		return undefended[j/4]
	}
	return other[j-4*len(undefended)]
}

// plainIPPClasses sorts s's legal moves, in Legal's order, by the rule's
// steps: the decisive moves, the moves that stop the opponent's threat to
// win at once (none when it has none), and the undefended captures and
// the other moves of the weighted draw.
func plainIPPClasses(s games.State) (decisive, stops, undefended, other []games.Move) {
	b := s.Board()
	rows, cols := b.Rows, b.Cols
	me, foe := byte('w'), byte('b')
	dir, goal := 1, rows-1 // White moves up, towards the last rank
	if s.ToMove() == games.Second {
		me, foe, dir, goal = 'b', 'w', -1, 0
	}
	at := func(r, f int) byte {
		if r < 0 || r >= rows || f < 0 || f >= cols {
			return 0
		}
		return b.Cells[r*cols+f].Piece
	}
	foes := 0
	for _, c := range b.Cells {
		if c.Piece == foe {
			foes++
		}
	}
	// threat: a foe piece one rank from its goal (my home rank side) that
	// can step onto it, on board cells after a move from (fr,ff) to (tr,tf)
	threat := func(fr, ff, tr, tf int) bool {
		cell := func(r, f int) byte {
			switch {
			case r == tr && f == tf:
				return me
			case r == fr && f == ff:
				return 0
			}
			return at(r, f)
		}
		foeGoal := rows - 1 - goal
		r := foeGoal + dir // the foe's last rank before its goal
		for f := range cols {
			if cell(r, f) != foe {
				continue
			}
			if cell(foeGoal, f) == 0 {
				return true
			}
			for _, df := range []int{-1, 1} {
				if f+df >= 0 && f+df < cols && cell(foeGoal, f+df) != foe {
					return true
				}
			}
		}
		return false
	}
	for _, m := range s.Legal(nil) {
		from, to := s.MoveCells(m)
		fr, ff, tr, tf := from/cols, from%cols, to/cols, to%cols
		capture := at(tr, tf) == foe
		if tr == goal || (capture && foes == 1) {
			decisive = append(decisive, m)
		}
		if !threat(-1, -1, -1, -1) || threat(fr, ff, tr, tf) {
		} else {
			stops = append(stops, m)
		}
		// defended: a foe piece one rank further on, a file aside, could
		// take back on the target
		if capture && at(tr+dir, tf-1) != foe && at(tr+dir, tf+1) != foe {
			undefended = append(undefended, m)
		} else {
			other = append(other, m)
		}
	}
	return decisive, stops, undefended, other
}

// The informed playout draws, move by move and draw by draw, what its rule
// restated on a plain board draws, over random games on 5x5 and 8x8.
func TestIPPFollowsItsRule(t *testing.T) {
	for _, spec := range []string{"breakthrough", "breakthrough:size=8x8", "breakthrough:size=6x7,home=1"} {
		g := mustGame(t, spec)
		p, err := knowledge.NewPlayout(g, "ipp")
		if err != nil {
			t.Fatal(err)
		}
		moves := 0
		for seed := range uint64(60) {
			r := rng.New(seed + 1)
			s := g.NewState()
			for !s.Terminal() {
				ref, want := r, s.Clone()
				if n := p.Run(s, &r, 1, nil); n != 1 {
					t.Fatalf("%s: played %d moves, want 1", want, n)
				}
				want.Play(plainIPP(want, &ref))
				if s.String() != want.String() || r != ref {
					t.Fatalf("%s from %s: ipp reached %s, the rule %s", spec, want, s, want)
				}
				moves++
			}
		}
		t.Logf("%s: %d moves", spec, moves)
	}
}

// The informed playout's single steps (knowledge.Informed), which the
// epsilon-greedy players build on, follow its rule restated on a plain
// board: Forced gives the decisive moves, else the moves that stop the
// opponent's threat, in Legal's order; a free step's Draw draws what the
// rule's weighted draw does, draw for draw.
func TestIPPStepsFollowItsRule(t *testing.T) {
	for _, spec := range []string{"breakthrough", "breakthrough:size=8x8", "breakthrough:size=6x7,home=1", "breakthrough:size=8x5,home=3"} {
		g := mustGame(t, spec)
		p, err := knowledge.NewPlayout(g, "ipp")
		if err != nil {
			t.Fatal(err)
		}
		in := p.(knowledge.Informed)
		var buf []games.Move
		forced, free := 0, 0
		for seed := range uint64(60) {
			r := rng.New(seed + 1)
			s := g.NewState()
			for !s.Terminal() {
				decisive, stops, undefended, other := plainIPPClasses(s)
				want := decisive
				if len(want) == 0 {
					want = stops
				}
				buf = in.Forced(s, buf)
				if !slices.Equal(buf, want) {
					t.Fatalf("%s %s: Forced %v, the rule %v", spec, s, buf, want)
				}
				if len(want) > 0 {
					forced++
				} else {
					ra, rb := r, r
					if got, want := in.Draw(s, &ra), plainWeighted(undefended, other, &rb); got != want || ra != rb {
						t.Fatalf("%s %s: Draw %v, the rule %v", spec, s, got, want)
					}
					free++
				}
				// Half the games follow ipp, so that its threats and
				// blocks come up; the others move at random.
				if seed%2 == 0 {
					p.Run(s, &r, 1, nil)
				} else {
					moves := s.Legal(nil)
					s.Play(moves[r.Intn(len(moves))])
				}
			}
		}
		if forced == 0 || free == 0 {
			t.Fatalf("%s: %d forced and %d free steps", spec, forced, free)
		}
		t.Logf("%s: %d forced and %d free steps", spec, forced, free)
	}
}

// plainFramework restates the co-authors' framework's informed move list
// (its Board.getPlayoutMoves with heuristics) on a plain board: the moves
// onto the far rank if any, else the captures made from the mover's home
// rank if any (forced), else the moves of the weighted draw: undefended
// captures (no piece of either colour where a recapture would come from),
// the other captures and the quiet moves, each in Legal's order.
func plainFramework(s games.State) (forced, undefended, captures, quiet []games.Move) {
	b := s.Board()
	rows, cols := b.Rows, b.Cols
	foe, dir, home, goal := byte('b'), 1, 0, rows-1
	if s.ToMove() == games.Second {
		foe, dir, home, goal = 'w', -1, rows-1, 0
	}
	at := func(r, f int) byte {
		if r < 0 || r >= rows || f < 0 || f >= cols {
			return 0
		}
		return b.Cells[r*cols+f].Piece
	}
	var decisive, homeCaps []games.Move
	for _, m := range s.Legal(nil) {
		from, to := s.MoveCells(m)
		fr, tr, tf := from/cols, to/cols, to%cols
		capture := at(tr, tf) == foe
		switch {
		case tr == goal:
			decisive = append(decisive, m)
		case capture && fr == home:
			homeCaps = append(homeCaps, m)
		}
		switch {
		case capture && at(tr+dir, tf-1) == 0 && at(tr+dir, tf+1) == 0:
			undefended = append(undefended, m)
		case capture:
			captures = append(captures, m)
		default:
			quiet = append(quiet, m)
		}
	}
	forced = decisive
	if len(forced) == 0 {
		forced = homeCaps
	}
	return forced, undefended, captures, quiet
}

// ipp-fw's steps follow the framework's rule restated on a plain board:
// Forced gives its forced moves in Legal's order, and a free step draws
// undefended captures, other captures and quiet moves 5, 2 and 1, draw
// for draw; its playout plays the same, move for move.
func TestFrameworkIPPFollowsItsRule(t *testing.T) {
	for _, spec := range []string{"breakthrough:size=8x8", "breakthrough", "breakthrough:size=6x7,home=1"} {
		g := mustGame(t, spec)
		p, err := knowledge.NewPlayout(g, "ipp-fw")
		if err != nil {
			t.Fatal(err)
		}
		in := p.(knowledge.Informed)
		var buf []games.Move
		forced, free := 0, 0
		for seed := range uint64(60) {
			r := rng.New(seed + 1)
			s := g.NewState()
			for !s.Terminal() {
				want, undefended, captures, quiet := plainFramework(s)
				if buf = in.Forced(s, buf); !slices.Equal(buf, want) {
					t.Fatalf("%s %s: Forced %v, the rule %v", spec, s, buf, want)
				}
				ra, rb := r, r
				var plain games.Move
				if len(want) > 0 {
					plain = want[rb.Intn(len(want))]
					forced++
				} else {
					j := rb.Intn(5*len(undefended) + 2*len(captures) + len(quiet))
					switch {
					case j < 5*len(undefended):
						plain = undefended[j/5]
					case j < 5*len(undefended)+2*len(captures):
						plain = captures[(j-5*len(undefended))/2]
					default:
						plain = quiet[j-5*len(undefended)-2*len(captures)]
					}
					rc := ra
					if got := in.Draw(s, &rc); got != plain || rc != rb {
						t.Fatalf("%s %s: Draw %v, the rule %v", spec, s, got, plain)
					}
					free++
				}
				next := s.Clone()
				var tr games.Trace
				if n := p.Run(next, &ra, 1, &tr); n != 1 || tr.Moves[0] != plain || ra != rb {
					t.Fatalf("%s %s: the playout played %v, the rule %v", spec, s, tr.Moves, plain)
				}
				// Half the games follow the playout, so that its forced
				// steps come up; the others move at random.
				if seed%2 == 0 {
					s = next
					r = ra
				} else {
					moves := s.Legal(nil)
					s.Play(moves[r.Intn(len(moves))])
				}
			}
		}
		if forced == 0 || free == 0 {
			t.Fatalf("%s: %d forced and %d free steps", spec, forced, free)
		}
		t.Logf("%s: %d forced and %d free steps", spec, forced, free)
	}
	// Taking the last piece wins, but the framework's list forces only
	// moves onto the far rank; the paper's ipp forces it.
	g := mustGame(t, "breakthrough")
	s := gametest.MustPosition(t, "breakthrough", "5/5/2b2/1w3/5 w")
	for name, want := range map[string]int{"ipp": 1, "ipp-fw": 0} {
		p, _ := knowledge.NewPlayout(g, name)
		if got := p.(knowledge.Informed).Forced(s, nil); len(got) != want {
			t.Errorf("%s forces %d moves with the last piece capturable, want %d", name, len(got), want)
		}
	}
}

// The weights DrawAmong draws by (the epsilon-greedy players' ties under
// ties=base) are those of each rule restated on a plain board: 4 for an
// undefended capture and 1 for any other move under ipp; 5, 2 and 1 for
// undefended captures, other captures and quiet moves under ipp-fw. A draw
// among one move returns it.
func TestIPPWeightsFollowTheirRules(t *testing.T) {
	g := mustGame(t, "breakthrough:size=8x8")
	paper, _ := knowledge.NewPlayout(g, "ipp")
	fw, _ := knowledge.NewPlayout(g, "ipp-fw")
	checked := 0
	for seed := range uint64(30) {
		r := rng.New(seed + 1)
		s := g.NewState()
		for !s.Terminal() {
			_, _, undefended, _ := plainIPPClasses(s)
			_, fwUndefended, fwCaptures, _ := plainFramework(s)
			for _, m := range s.Legal(nil) {
				want, wantFW := 1, 1
				if slices.Contains(undefended, m) {
					want = 4
				}
				switch {
				case slices.Contains(fwUndefended, m):
					wantFW = 5
				case slices.Contains(fwCaptures, m):
					wantFW = 2
				}
				if got, gotFW := race.IPPWeight(paper, s, m), race.IPPWeight(fw, s, m); got != want || gotFW != wantFW {
					t.Fatalf("%s %s: weights %d and %d, the rules %d and %d", s, s.MoveString(m), got, gotFW, want, wantFW)
				}
				if got := fw.(knowledge.Weighted).DrawAmong(s, []games.Move{m}, &r); got != m {
					t.Fatalf("%s: a draw among %s alone gave %s", s, s.MoveString(m), s.MoveString(got))
				}
				checked++
			}
			moves := s.Legal(nil)
			s.Play(moves[r.Intn(len(moves))])
		}
	}
	t.Logf("%d moves", checked)
}

// A recorded informed playout replays to the same end, and a playout with
// a limit stops there.
func TestIPPRecordsAndStops(t *testing.T) {
	g := mustGame(t, "breakthrough:size=8x8")
	p, _ := knowledge.NewPlayout(g, "ipp")
	r := rng.New(9)
	s := g.NewState()
	var tr games.Trace
	n := p.Run(s, &r, games.NoLimit, &tr)
	if n != len(tr.Moves) || !s.Terminal() {
		t.Fatalf("%d moves, %d recorded, terminal %v", n, len(tr.Moves), s.Terminal())
	}
	replay := g.NewState()
	for i, m := range tr.Moves {
		if replay.ToMove() != tr.Movers[i] {
			t.Fatalf("move %d: mover %d recorded, %d to move", i, tr.Movers[i], replay.ToMove())
		}
		replay.Play(m)
	}
	if replay.String() != s.String() || replay.Hash() != s.Hash() {
		t.Fatalf("replay reached %s, the playout %s", replay, s)
	}
	c := g.NewState()
	if n := p.Run(c, &r, 5, nil); n != 5 || c.Terminal() {
		t.Fatalf("limit 5: played %d", n)
	}
}

func BenchmarkIPP(b *testing.B) {
	g := mustGame(b, "breakthrough:size=8x8")
	p, _ := knowledge.NewPlayout(g, "ipp")
	start := g.NewState()
	s := start.Clone()
	r := rng.New(1)
	var states int
	for b.Loop() {
		s.CopyFrom(start)
		states += p.Run(s, &r, games.NoLimit, nil)
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
}

// plainSafety restates the safety prior on a plain board.
func plainSafety(s games.State, m games.Move) float64 {
	b := s.Board()
	rows, cols := b.Rows, b.Cols
	me, foe, dir := byte('w'), byte('b'), 1
	if s.ToMove() == games.Second {
		me, foe, dir = 'b', 'w', -1
	}
	from, to := s.MoveCells(m)
	cells := make([]byte, len(b.Cells))
	for i, c := range b.Cells {
		cells[i] = c.Piece
	}
	capture := cells[to] == foe
	cells[from], cells[to] = 0, me
	at := func(r, f int) byte {
		if r < 0 || r >= rows || f < 0 || f >= cols {
			return 0
		}
		return cells[r*cols+f]
	}
	tr, tf := to/cols, to%cols
	attackers, defenders := 0, 0
	for _, df := range []int{-1, 1} {
		if at(tr+dir, tf+df) == foe {
			attackers++
		}
		if at(tr-dir, tf+df) == me {
			defenders++
		}
	}
	if attackers > defenders {
		if capture {
			return 0.6
		}
		return 0.3
	}
	dist := rows - 1 - tr
	if dir < 0 {
		dist = tr
	}
	return map[int]float64{0: 1, 1: 1, 2: 0.95, 3: 0.85, 4: 0.75, 5: 0.6}[dist] + map[bool]float64{true: 0.3}[dist > 5]
}

// The safety prior agrees with its rule restated on a plain board for every
// legal move of the positions of random games.
func TestSafetyPriorFollowsItsRule(t *testing.T) {
	for _, spec := range []string{"breakthrough:size=8x8", "breakthrough"} {
		g := mustGame(t, spec)
		p, err := knowledge.NewMovePrior(g, "safety")
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(2)
		seen := map[float64]int{}
		for range 40 {
			s := g.NewState()
			for !s.Terminal() {
				moves := s.Legal(nil)
				for _, m := range moves {
					got, want := p.Prior(s, m), plainSafety(s, m)
					if got != want {
						t.Fatalf("%s %s: prior %v, the rule %v", s, s.MoveString(m), got, want)
					}
					seen[got]++
				}
				s.Play(moves[r.Intn(len(moves))])
			}
		}
		t.Logf("%s: %v", spec, seen)
		// The rule's every value met on 8x8, each distance's and 0.3
		// beyond five rows (5x5 has no room for some).
		if spec == "breakthrough:size=8x8" {
			for _, v := range []float64{1, 0.95, 0.85, 0.75, 0.6, 0.3} {
				if seen[v] == 0 {
					t.Errorf("%s: no move of prior %v in %v", spec, v, seen)
				}
			}
		}
	}
}
