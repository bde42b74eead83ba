package policy

import (
	"math"
	"slices"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// mastFor returns a MAST playout for spec with the given epsilon, base and
// tree credit, its tables cleared.
func mastFor(t *testing.T, spec string, eps float64, base string, tree TreeCredit) *mast {
	t.Helper()
	p := mustPolicy(t, Config{Kind: MAST, Name: base, Learn: Learning{Epsilon: eps, Tree: tree}}, pos(t, spec, "")).(*mast)
	p.StartSearch(engines.Request{})
	return p
}

// checkMASTTables fails unless p's tables of TicTacToe's nine moves hold,
// for each player and move, the mean sum/n over n results.
func checkMASTTables(t *testing.T, what string, p *mast, sum, n *[2][9]float64) {
	t.Helper()
	for pl := range 2 {
		for m := range 9 {
			want := 0.0
			if n[pl][m] > 0 {
				want = sum[pl][m] / n[pl][m]
			}
			if got := p.mean[pl][m]; math.Abs(got-want) > 1e-12 || p.count[pl][m] != n[pl][m] {
				t.Fatalf("%s, player %d, move %d: mean %v over %v, want %v over %v", what, pl, m, got, p.count[pl][m], want, n[pl][m])
			}
		}
	}
}

// MAST keeps, for each player and move, the mean result of the iterations
// that played it: tree moves by the tree credit, playout moves only when
// the playout reached the end, a draw counting 0; a new search starts
// from empty tables.
func TestMASTMeans(t *testing.T) {
	const spec = "tictactoe"
	// Two tree moves, then a playout from the position they reach.
	iteration := func(p *mast, tree string, limit int, seed uint64) (*Trace, games.Outcome) {
		tr, s := record(t, spec, tree)
		r := rng.New(seed)
		p.Run(s, &r, limit, nil, tr)
		o := s.Outcome()
		if !s.Terminal() {
			o = games.FirstWins // as a cut-off leaf's estimate may say
		}
		p.Observe(tr, o)
		return tr, o
	}
	for _, tc := range []struct {
		credit TreeCredit
		sign   float64
	}{{TreeOn, 1}, {TreeOff, 0}, {TreeInverted, -1}} {
		p := mastFor(t, spec, 0.5, "", tc.credit)
		// Recount the tables by hand from the iterations.
		var sum, n [2][9]float64
		for seed := range uint64(200) {
			limit := games.NoLimit
			if seed%3 == 0 {
				limit = 2 // cut off: its playout moves are not learned
			}
			tr, o := iteration(p, "b2 a1", limit, seed)
			for i, m := range tr.Moves {
				mover := tr.Movers[i]
				v := float64(o.Value(mover))
				switch {
				case i < 2 && tc.credit == TreeOff:
					continue
				case i < 2:
					v *= tc.sign
				case limit != games.NoLimit:
					continue
				}
				sum[mover][m] += v
				n[mover][m]++
			}
		}
		checkMASTTables(t, "tree "+TreeCredits[tc.credit], p, &sum, &n)
		if tc.credit != TreeOff && p.count[0][4] != 200 {
			t.Errorf("tree %s: b2 counted %v times, want 200", TreeCredits[tc.credit], p.count[0][4])
		}
		p.StartSearch(engines.Request{})
		for pl := range 2 {
			if slices.ContainsFunc(p.count[pl], func(c float64) bool { return c != 0 }) {
				t.Fatal("a new search kept the tables")
			}
		}
	}
}

// With epsilon 0 every step plays the move of the best mean for its mover,
// ties drawn uniformly; with epsilon 1 every step is the default one.
func TestMASTSteps(t *testing.T) {
	const spec = "tictactoe"
	start := pos(t, spec, "")
	p := mastFor(t, spec, 0, "", TreeOn)
	c3, a1 := mustMove(t, start, "c3"), mustMove(t, start, "a1")
	p.update(games.First, c3, 1)
	p.update(games.First, a1, 0.5)
	p.update(games.Second, a1, 1)
	step := func(p *mast, r *rng.Rand) string {
		var tr Trace
		p.Run(start.Clone(), r, 1, nil, &tr)
		p.running = false
		return start.MoveString(tr.Moves[0])
	}
	r := rng.New(3)
	for range 50 {
		if m := step(p, &r); m != "c3" {
			t.Fatalf("greedy step played %s, want c3 (mean 1)", m)
		}
	}
	// For the second player every move but a1 is at 0 below a1's 1; after
	// a1 is played the best are tied at 0.
	s := start.Clone()
	s.Play(c3)
	var tr Trace
	p.Run(s, &r, 1, nil, &tr)
	if got := s.MoveString(tr.Moves[0]); got != "a1" {
		t.Errorf("second player's greedy step played %s, want a1", got)
	}
	ties := map[string]int{}
	p.StartSearch(engines.Request{})
	p.update(games.First, c3, -1) // below the 7 unplayed moves at 0
	p.update(games.First, a1, -0.5)
	for range 7000 {
		ties[step(p, &r)]++
	}
	if len(ties) != 7 || ties["c3"] > 0 || ties["a1"] > 0 {
		t.Fatalf("tied steps: %v, want the 7 moves at mean 0", ties)
	}
	for m, k := range ties {
		if math.Abs(float64(k)-1000) > 4*math.Sqrt(1000*6.0/7) {
			t.Errorf("tie %s drawn %d times of 7000, want about 1000", m, k)
		}
	}
	uniform := mastFor(t, spec, 1, "", TreeOn)
	uniform.update(games.First, c3, 1)
	counts := map[string]int{}
	for range 9000 {
		counts[step(uniform, &r)]++
	}
	if len(counts) != 9 || math.Abs(float64(counts["c3"])-1000) > 4*math.Sqrt(1000*8.0/9) {
		t.Errorf("epsilon 1: %v, want the 9 moves uniformly", counts)
	}
}

// On ipp, a step ipp forces chooses among its forced moves whatever MAST
// prefers, and a default step is ipp's weighted draw.
func TestMASTOnAnInformedBase(t *testing.T) {
	const spec = "breakthrough"
	for _, tc := range []struct {
		name, position string
		want           []string
	}{
		{"decisive", "bbb2/1w3/5/5/2www w", []string{"b4-a5", "b4-c5"}},
		{"anti-decisive", "bbbbb/5/5/1b3/ww1ww w", []string{"a1-b2"}},
	} {
		start := pos(t, spec, tc.position)
		for _, eps := range []float64{0, 0.7, 1} {
			p := mastFor(t, spec, eps, "ipp", TreeOn)
			for _, m := range start.Legal(nil) {
				if !slices.Contains(tc.want, start.MoveString(m)) {
					p.update(start.ToMove(), m, 1) // MAST would rather play these
				}
			}
			r := rng.New(2)
			for range 100 {
				var tr Trace
				p.Run(start.Clone(), &r, 1, nil, &tr)
				p.running = false
				if m := start.MoveString(tr.Moves[0]); !slices.Contains(tc.want, m) {
					t.Fatalf("%s, epsilon %g: played %s, want one of %v", tc.name, eps, m, tc.want)
				}
			}
		}
	}
	// a2-b3 takes an undefended piece: ipp's draw gives it 4 of 10.
	start := pos(t, spec, "b1bbb/5/1b3/w4/1w1w1 w")
	p := mastFor(t, spec, 1, "ipp", TreeOn)
	r := rng.New(8)
	const n = 20000
	takes := 0
	for range n {
		var tr Trace
		p.Run(start.Clone(), &r, 1, nil, &tr)
		p.running = false
		if start.MoveString(tr.Moves[0]) == "a2-b3" {
			takes++
		}
	}
	if q, se := float64(takes)/n, math.Sqrt(0.4*0.6/n); math.Abs(q-0.4) > 4*se {
		t.Errorf("the default step took the undefended piece %.4f of the time, want 0.4", q)
	}
	if _, err := New(Config{Kind: MAST, Name: "nope", Learn: Learning{Epsilon: 0.7}}, start); err == nil {
		t.Error("an unknown base was accepted")
	}
	if _, err := ParseTreeCredit("sideways"); err == nil {
		t.Error("an unknown tree credit was accepted")
	}
}

// A threshold leaf plays one iteration's playout in several runs: the tree
// moves are those before the first run, and the playout's moves count once
// the last run reached the end of the game, not when a run stopped short.
func TestMASTAcrossRuns(t *testing.T) {
	const spec = "tictactoe"
	for _, finish := range []bool{true, false} {
		p := mastFor(t, spec, 0.5, "", TreeOff)
		tr, s := record(t, spec, "b2 a1")
		r := rng.New(4)
		runs := 0
		for !s.Terminal() && (finish || runs < 2) {
			p.Run(s, &r, 1, nil, tr)
			runs++
		}
		o := s.Outcome()
		if !finish {
			o = games.SecondWins // the sign of a leaf's estimate
		}
		p.Observe(tr, o)
		var counted float64
		for pl := range 2 {
			for _, c := range p.count[pl] {
				counted += c
			}
		}
		want := float64(len(tr.Moves) - 2)
		if !finish {
			want = 0
		}
		if counted != want || p.running {
			t.Errorf("finish %v: %v moves learned after %d runs, want %v (the playout's %d)", finish, counted, runs, want, len(tr.Moves)-2)
		}
	}
}

// Under cutoff=carry a cut-off playout's moves wait for the next playout
// that reaches the end, which credits them with its own result, the movers
// taken by alternation back from its last move (so a carried move of odd
// distance goes to its last mover's opponent, whoever played it); carried
// moves outlive a search within a game and are dropped at a new game.
// Recounted by hand against a plain list of the moves in play order.
func TestMASTCarriesCutOffMoves(t *testing.T) {
	const spec = "tictactoe"
	p := mustPolicy(t, Config{Kind: MAST, Learn: Learning{Epsilon: 0.5, Tree: TreeOff, CutOff: CutOffCarry}}, pos(t, spec, "")).(*mast)
	p.StartSearch(engines.Request{})
	var sum, n [2][9]float64
	var pending []games.Move
	misplaced := 0 // carried moves credited to the other player than their own
	var pendingMovers []games.Player
	for seed := range uint64(300) {
		tr, s := record(t, spec, "b2 a1")
		r := rng.New(seed)
		limit := games.NoLimit
		if seed%3 != 0 {
			limit = 1 + int(seed%2) // cut off after one or two moves
		}
		p.Run(s, &r, limit, nil, tr)
		o := s.Outcome()
		if !s.Terminal() {
			o = games.SecondWins
			pending = append(pending, tr.Moves[2:]...)
			pendingMovers = append(pendingMovers, tr.Movers[2:]...)
			p.Observe(tr, o)
			continue
		}
		p.Observe(tr, o)
		all := append(slices.Clone(pending), tr.Moves[2:]...)
		own := append(slices.Clone(pendingMovers), tr.Movers[2:]...)
		last := tr.Movers[len(tr.Movers)-1]
		for d := range len(all) {
			i := len(all) - 1 - d
			mover := last
			if d%2 == 1 {
				mover = last.Other()
			}
			if mover != own[i] {
				misplaced++
			}
			sum[mover][all[i]] += float64(o.Value(mover))
			n[mover][all[i]]++
		}
		pending, pendingMovers = pending[:0], pendingMovers[:0]
	}
	if misplaced == 0 {
		t.Fatal("no carried move went to the other player: the test does not tell alternation from the true movers")
	}
	checkMASTTables(t, "carry", p, &sum, &n)
	if !slices.Equal(p.carried.moves, pending) {
		t.Fatalf("carried %v, want %v", p.carried.moves, pending)
	}
	if len(pending) == 0 {
		t.Fatal("the last iteration reached the end: nothing carried to test across searches")
	}
	// The next search of the same game keeps them; a new game drops them.
	p.StartSearch(engines.Request{})
	if !slices.Equal(p.carried.moves, pending) {
		t.Errorf("the next search of the game carried %v, want %v", p.carried.moves, pending)
	}
	// A leaf that is a finished game (X has won) is not a playout that
	// reached the end: it credits no carried moves.
	tr, s := record(t, spec, "a1 b1 a2 b2 a3")
	r := rng.New(1)
	p.Run(s, &r, games.NoLimit, nil, tr)
	p.Observe(tr, s.Outcome())
	if !slices.Equal(p.carried.moves, pending) {
		t.Errorf("a finished leaf credited the carried moves: %v left, want %v", p.carried.moves, pending)
	}
	start := pos(t, spec, "")
	p.StartSearch(engines.Request{Position: start, Start: start})
	if len(p.carried.moves) != 0 {
		t.Errorf("a new game carried %v", p.carried.moves)
	}
	if _, err := ParseCutOff("keep"); err == nil {
		t.Error("an unknown cut-off rule was accepted")
	}
}

// Under cutoff=shared the two players of a game carry one list, their
// game's Scope: what one player's cut-off playouts leave, the other's next
// playout to reach the end credits in its own tables; a new game's Scope
// starts empty, and without a Scope each player carries its own.
func TestMASTSharesCarriedMovesInAGame(t *testing.T) {
	const spec = "tictactoe"
	newMAST := func() *mast {
		return mustPolicy(t, Config{Kind: MAST, Learn: Learning{Epsilon: 0.5, Tree: TreeOff, CutOff: CutOffShared}}, pos(t, spec, "")).(*mast)
	}
	// playout plays one iteration from two tree moves: cut off after two
	// playout moves, or to the end of the game.
	playout := func(p *mast, seed uint64, cut bool) int {
		tr, s := record(t, spec, "b2 a1")
		r := rng.New(seed)
		limit := games.NoLimit
		if cut {
			limit = 2
		}
		p.Run(s, &r, limit, nil, tr)
		if cut == s.Terminal() {
			t.Fatalf("seed %d: the playout did not end as asked (cut %v)", seed, cut)
		}
		p.Observe(tr, games.FirstWins)
		return len(tr.Moves) - 2
	}
	counted := func(p *mast) (n float64) {
		for pl := range 2 {
			for _, c := range p.count[pl] {
				n += c
			}
		}
		return n
	}
	for _, scoped := range []bool{true, false} {
		a, b := newMAST(), newMAST()
		start := pos(t, spec, "")
		req := engines.Request{Position: start, Start: start}
		if scoped {
			req.Scope = engines.NewScope()
		}
		a.StartSearch(req)
		b.StartSearch(req)
		playout(a, 1, true)
		playout(a, 2, true)
		if len(a.carried.moves) != 4 {
			t.Fatalf("scoped %v: a carries %d moves after two cut-off playouts, want 4", scoped, len(a.carried.moves))
		}
		k := playout(b, 3, false)
		if len(a.carried.moves) != map[bool]int{true: 0, false: 4}[scoped] || len(b.carried.moves) != 0 {
			t.Errorf("scoped %v: after b's playout to the end a carries %d, b %d", scoped, len(a.carried.moves), len(b.carried.moves))
		}
		if want := float64(k + map[bool]int{true: 4, false: 0}[scoped]); counted(b) != want || counted(a) != 0 {
			t.Errorf("scoped %v: b credited %v moves, want %v (its playout's %d and what it shares); a %v", scoped, counted(b), want, k, counted(a))
		}
		if scoped {
			// The next game's Scope carries nothing of this one's.
			playout(a, 4, true)
			next := engines.Request{Position: start, Start: start, Scope: engines.NewScope()}
			a.StartSearch(next)
			if len(a.carried.moves) != 0 {
				t.Errorf("a new game's scope carried %v", a.carried.moves)
			}
		}
	}
}
