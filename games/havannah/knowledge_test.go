package havannah

import (
	"slices"
	"sort"
	"testing"

	"mcarena/games"
	"mcarena/games/bitset"
	"mcarena/games/rng"
)

// pos parses a position of base 4 (the diagram of the package comment).
func pos(t *testing.T, text string) *State {
	t.Helper()
	s, err := New(4, false).ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// cellOf returns the number of the cell named name.
func cellOf(t *testing.T, s *State, name string) int {
	t.Helper()
	c, err := s.g.parseCell(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// readNames runs the mate reading on every legal move of s and returns the
// moves it proves won and lost, by name, sorted.
func readNames(s *State) (won, lost []string) {
	moves := s.Legal(nil)
	out := make([]int8, len(moves))
	(&mateReading{}).Read(s, moves, out)
	for i, m := range moves {
		switch out[i] {
		case 1:
			won = append(won, s.MoveString(m))
		case -1:
			lost = append(lost, s.MoveString(m))
		}
	}
	sort.Strings(won)
	sort.Strings(lost)
	return won, lost
}

// Hand-made positions of base 4 (rows a to g):
//
//	oneMove: White a1 a2 a3, a4 makes the bridge a1-a4.
//	double:  White a1 a2 (corner a1) and c5 c6 d7 (corner d7); a3 leaves
//	         a4 (corner) and b4 (joins both groups) as winning cells, two
//	         cells that one black stone cannot both fill; b3 leaves b4 and
//	         c4, b4 leaves a3, a4 and b3, the corner a4 leaves a3 and b4.
//	single:  White a1 a2 and d7 alone: a3 leaves only a4 (a bridge made
//	         by a corner), which one black stone fills.
//	counter: the double position with Black threatening a bridge of its own
//	         at g7 (g4 g5 g6): White must block there, and no double threat
//	         is a mate, since Black's block of one cell would win itself.
const (
	oneMove = "www./...../....../...bb../...b../...../.... w"
	double  = "ww../.b.../....ww/..b...w/...b../...b./.b.. w"
	single  = "ww../.b.../....../..b...w/...b../...../.... w"
	counter = "ww../...../....ww/......w/...b../.b.../bbb. w"
)

func TestMateReading(t *testing.T) {
	for _, tc := range []struct {
		name, position string
		won            []string
		lost           int // moves proven lost
	}{
		{"a one-move win is won", oneMove, []string{"a4"}, 0},
		{"a double threat that cannot be stopped is mate", double, []string{"a3", "a4", "b3", "b4"}, 0},
		{"a single threat is no mate", single, nil, 0},
		{"a double threat is no mate while the opponent threatens to win", counter, nil, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := pos(t, tc.position)
			won, lost := readNames(s)
			if !slices.Equal(won, tc.won) {
				t.Errorf("won %v, want %v", won, tc.won)
			}
			if tc.lost >= 0 && len(lost) != tc.lost {
				t.Errorf("lost %v, want %d moves", lost, tc.lost)
			}
			if before := s.String(); before != tc.position {
				t.Errorf("the reading changed the position: %q", before)
			}
		})
	}
}

// TestMateReadingAllButBlockLose: Black threatens g7; every White move but
// g7 is lost, g7 is left to the search.
func TestMateReadingAllButBlockLose(t *testing.T) {
	s := pos(t, counter)
	moves := s.Legal(nil)
	out := make([]int8, len(moves))
	(&mateReading{}).Read(s, moves, out)
	for i, m := range moves {
		want := int8(-1)
		if s.MoveString(m) == "g7" {
			want = 0
		}
		if out[i] != want {
			t.Errorf("%s: read %d, want %d", s.MoveString(m), out[i], want)
		}
	}
}

// TestDoubleThreatOneCellIsNoMate: after a3 in single, White's threats are
// all on a4 (a bridge by the corner), so one black stone stops them.
func TestDoubleThreatOneCellIsNoMate(t *testing.T) {
	s := pos(t, single)
	c := &mateClass{}
	a3 := games.Move(cellOf(t, s, "a3"))
	if c.Is(s, a3) {
		t.Error("a3 classified as mate")
	}
	s.Play(a3)
	if got := s.WinningCells(games.First); got.Count() != 1 || !got.Has(cellOf(t, s, "a4")) {
		t.Errorf("White's winning cells after a3: %v, want a4 only", got.String())
	}
}

// bruteRead restates the mate reading by playing moves on copies: +1 for a
// move that wins at once, or (when none does) one after which the opponent
// cannot win at once and every reply leaves a win at once; -1 for a move
// (when none wins at once) after which the opponent wins at once on
// another cell than the moves onto the opponent's winning cells.
func bruteRead(s *State, moves []games.Move) []int8 {
	me := s.ToMove()
	winsNow := func(x *State) []int {
		var w []int
		for _, m := range x.Legal(nil) {
			if x.cells[m].color != 0 {
				continue
			}
			c := *x
			c.Play(m)
			if c.Terminal() && c.Outcome() == games.WinFor(x.ToMove()) {
				w = append(w, int(m))
			}
		}
		return w
	}
	out := make([]int8, len(moves))
	own := winsNow(s)
	if len(own) > 0 {
		for i, m := range moves {
			if slices.Contains(own, int(m)) {
				out[i] = 1
			}
		}
		return out
	}
	flipped := *s
	flipped.side ^= 1
	opp := winsNow(&flipped)
	for i, m := range moves {
		if s.cells[m].color != 0 {
			continue
		}
		after := *s
		after.Play(m)
		if len(winsNow(&after)) > 0 {
			if !slices.Contains(opp, int(m)) {
				out[i] = -1
			}
			continue
		}
		mate := true
		for _, r := range after.Legal(nil) {
			reply := after
			reply.Play(r)
			if len(winsNow(&reply)) == 0 {
				mate = false
				break
			}
		}
		if mate && !after.Terminal() && after.ToMove() != me {
			out[i] = 1
		}
	}
	return out
}

// TestMateReadingMatchesBruteForce compares the reading with bruteRead on
// positions of random games, the games grown in clusters so that threats
// are common.
func TestMateReadingMatchesBruteForce(t *testing.T) {
	g := New(4, false)
	r := rng.New(7)
	reader := &mateReading{}
	found := [3]int{}
	games_ := 60
	if testing.Short() {
		games_ = 20
	}
	for range games_ {
		s := g.newState()
		for !s.Terminal() {
			moves := s.Legal(nil)
			out := make([]int8, len(moves))
			reader.Read(s, moves, out)
			want := bruteRead(s, moves)
			for i, m := range moves {
				if out[i] != want[i] {
					t.Fatalf("%s: %s read %d, brute force %d", s, s.MoveString(m), out[i], want[i])
				}
				found[out[i]+1]++
			}
			s.Play(clusteredMove(s, &r))
		}
	}
	if found[0] == 0 || found[2] == 0 {
		t.Errorf("the games met too few proofs: %v lost, %v won", found[0], found[2])
	}
}

// playedWins returns the empty cells where p would win at once, found by
// playing p's stone on each of them on a copy and asking the rules, not
// by winAt, which the reading's double-threat test uses too.
func playedWins(s *State, p games.Player) bitset.Set {
	var out bitset.Set
	if s.Terminal() {
		return out
	}
	as := *s
	as.side = p
	for c := range s.g.cells {
		if s.cells[c].color != 0 {
			continue
		}
		x := as
		x.Play(games.Move(c))
		if x.Terminal() && x.Outcome() == games.WinFor(p) {
			out.Add(c)
		}
	}
	return out
}

// TestDoubleMatchesPlaying compares the reading's test for a double threat,
// which settles most cells from the joins of the two stones (pairWin) and
// places a stone only for rings, with the plain one: play the move on a copy,
// then each of the mover's stones on a copy of that, and ask the rules
// which win (playedWins). WinningCells itself is checked so at every ply. Each pair of
// cells is checked (pairWin's won is a win, and what it rules out is none),
// and so is the count. Positions come from clustered random games on
// several bases, at each ply where the mover has no winning cell (the
// test's condition).
func TestDoubleMatchesPlaying(t *testing.T) {
	for _, tc := range []struct {
		base, games int
		seed        uint64
	}{
		{4, 40, 1},
		{5, 30, 2},
		{6, 20, 3},
		{8, 6, 4},
	} {
		g := New(tc.base, false)
		r := rng.New(tc.seed)
		m := &mateReading{}
		var doubles, wins, rings int
		for range tc.games {
			s := g.newState()
			for !s.Terminal() {
				me := s.ToMove()
				if got, want := s.WinningCells(me), playedWins(s, me); got != want {
					t.Fatalf("base %d, %s: WinningCells %v, by playing %v", tc.base, s, got.Count(), want.Count())
				}
				if s.WinningCells(me).Empty() {
					col := uint8(me) + 1
					m.liberties(s, col)
					for c := range g.cells {
						if s.cells[c].color != 0 {
							continue
						}
						after := *s
						after.Play(games.Move(c))
						winning := playedWins(&after, me)
						jc := m.join(s, c, col)
						for w := range g.cells {
							if w == c || s.cells[w].color != 0 || after.pattern(w, col) == 0 || !nextTo(&after, w, c) {
								continue
							}
							won, maybeRing := pairWin(jc, m.join(s, w, col))
							if won && !winning.Has(w) || !won && !maybeRing && winning.Has(w) {
								t.Fatalf("base %d, %s: after %s, %s: pairWin %v %v, by playing %v",
									tc.base, s, g.CellName(c), g.CellName(w), won, maybeRing, winning.Has(w))
							}
							if winning.Has(w) && !won {
								rings++
							}
						}
						want := winning.Count() >= 2
						if got := m.double(s, c, col); got != want {
							t.Fatalf("base %d, %s: %s a double threat %v, by playing it %v", tc.base, s, g.CellName(c), got, want)
						}
						wins += winning.Count()
						if want {
							doubles++
						}
					}
				}
				s.Play(clusteredMove(s, &r))
			}
		}
		if doubles == 0 || wins == 0 || rings == 0 {
			t.Errorf("base %d: the games met %d double threats, %d winning cells, %d of them rings", tc.base, doubles, wins, rings)
		}
	}
}

// TestPairWin checks pairWin on hand-made pairs of base 4, White's moves
// alternating with Black's far from them, and each against playing the
// two stones: a ring of exactly six stones round d4, one that lacks a
// stone, and a bridge.
func TestPairWin(t *testing.T) {
	for _, tc := range []struct {
		name           string
		moves          []string
		c, w           string
		won, maybeRing bool
		wins           bool
	}{
		{"six stones round d4", []string{"c3", "a2", "c4", "a3", "d5", "g5", "e5", "g6"}, "e4", "d3", false, true, true},
		{"five stones round d4", []string{"c3", "a2", "c4", "a3", "d5", "g5"}, "e5", "e4", false, false, false},
		{"a bridge a1-a4", []string{"a1", "g5", "a2", "g6"}, "a3", "a4", true, false, true},
	} {
		s := New(4, false).newState()
		for _, mv := range tc.moves {
			s.Play(games.Move(cellOf(t, s, mv)))
		}
		c, w := cellOf(t, s, tc.c), cellOf(t, s, tc.w)
		m := &mateReading{}
		m.liberties(s, 1)
		won, maybeRing := pairWin(m.join(s, c, 1), m.join(s, w, 1))
		if won != tc.won || maybeRing != tc.maybeRing {
			t.Errorf("%s: pairWin %v %v, want %v %v", tc.name, won, maybeRing, tc.won, tc.maybeRing)
		}
		after := *s
		after.Play(games.Move(c))
		if wc := after.WinningCells(games.First); wc.Has(w) != tc.wins {
			t.Errorf("%s: %s wins after %s: %v, want %v", tc.name, tc.w, tc.c, !tc.wins, tc.wins)
		}
	}
}

// nextTo reports whether the cell w is next to the group of the stone on c.
func nextTo(s *State, w, c int) bool {
	for _, n := range s.g.nbr[w] {
		if int(n) != offBoard && s.cells[n].color == s.cells[c].color && s.root(int(n)) == s.root(c) {
			return true
		}
	}
	return false
}

// clusteredMove plays, three times in four, next to an own stone.
func clusteredMove(s *State, r *rng.Rand) games.Move {
	col := uint8(s.side) + 1
	if r.Intn(4) > 0 {
		var near []games.Move
		for c := range s.g.cells {
			if s.cells[c].color == 0 && s.pattern(c, col) != 0 {
				near = append(near, games.Move(c))
			}
		}
		if len(near) > 0 {
			return near[r.Intn(len(near))]
		}
	}
	return games.Move(s.empty.Select(r.Intn(s.free)))
}

func TestDecisivePlayout(t *testing.T) {
	for _, tc := range []struct {
		name, position, want string
	}{
		{"plays a winning move when there is one", oneMove, "a4"},
		{"blocks the opponent's single winning cell", "www./...../....../...bb../....../...../.... b", "a4"},
		{"wins rather than blocks", "ww.w/...../..w.../....b../....../...../bbb. w", "a3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(20) {
				s := pos(t, tc.position)
				r := rng.New(seed)
				var tr games.Trace
				(&decisivePlayout{}).Run(s, &r, 1, &tr)
				if got := s.g.names[tr.Moves[0]]; got != tc.want {
					t.Fatalf("seed %d: played %s, want %s", seed, got, tc.want)
				}
			}
		})
	}
}

// plainDecisive restates the decisive playout by playing moves on copies,
// drawing from r exactly where the playout does.
func plainDecisive(s *State, r *rng.Rand, limit int) int {
	n := 0
	for ; n < limit && !s.Terminal(); n++ {
		moves := s.Legal(nil)
		var wins, blocks []games.Move
		flipped := *s
		flipped.side ^= 1
		for _, m := range moves {
			if s.cells[m].color != 0 {
				continue
			}
			c := *s
			c.Play(m)
			if c.won != 0 {
				wins = append(wins, m)
			}
			o := flipped
			o.Play(m)
			if o.won != 0 {
				blocks = append(blocks, m)
			}
		}
		m := games.NoMove
		switch {
		case len(wins) > 0:
			m = wins[r.Intn(len(wins))]
		case len(blocks) == 1:
			m = blocks[0]
		default:
			m = moves[r.Intn(len(moves))]
		}
		s.Play(m)
	}
	return n
}

func TestDecisivePlayoutMatchesPlainRestatement(t *testing.T) {
	for _, g := range []*Game{New(4, false), New(5, true), New(6, false)} {
		for seed := range uint64(40) {
			r := rng.New(seed)
			start := g.newState()
			start.playout(&r, int(seed)%g.cells, nil)
			if start.Terminal() {
				continue
			}
			a, b := *start, *start
			ra, rb := rng.New(seed+100), rng.New(seed+100)
			na := (&decisivePlayout{}).Run(&a, &ra, games.NoLimit, nil)
			nb := plainDecisive(&b, &rb, games.NoLimit)
			if na != nb || a.String() != b.String() || ra.Uint64() != rb.Uint64() {
				t.Fatalf("%s seed %d from %q: %d plies to %q, plain %d to %q", g.Spec(), seed, start, na, &a, nb, &b)
			}
		}
	}
}

func TestDecisivePlayoutAllocatesNothing(t *testing.T) {
	g := New(5, false)
	start := g.newState()
	s := g.newState()
	r := rng.New(1)
	p := &decisivePlayout{}
	if n := testing.AllocsPerRun(50, func() {
		s.CopyFrom(start)
		p.Run(s, &r, games.NoLimit, nil)
	}); n != 0 {
		t.Errorf("%v allocations a playout, want 0", n)
	}
}

func TestPriorCounts(t *testing.T) {
	const (
		// White c3, Black c4: neighbours, joint moves and their blocks.
		jointPos = "..../...../..wb../......./....../...../.... w"
		// White b2 c4 d3: c3 touches three runs of own stones.
		localPos = "..../.w.../...w../..w..../....../...b./.bb. w"
		// White a1 a2 a4: corners and sides; a3 makes a bridge.
		edgePos = "ww.w/...../....../...bb../...b../...../.... w"
	)
	for _, tc := range []struct {
		prior    priorKind
		position string
		cell     string
		visits   int32
		wins     float64
	}{
		{jointPrior, jointPos, "b2", 40, 40}, // next to c3
		{jointPrior, jointPos, "a2", 40, 30}, // across b2 and b3
		{jointPrior, jointPos, "e4", 40, 30}, // across d3 and d4
		{jointPrior, jointPos, "b4", 40, 5},  // across b3 and c4, which is Black's
		{jointPrior, jointPos, "a1", 40, 5},
		{localPrior, localPos, "c3", 30, 30}, // b2, c4 and d3 apart
		{localPrior, localPos, "b3", 30, 20}, // b2 and c4, apart round b3
		{localPrior, localPos, "a1", 30, 10},
		{localPrior, localPos, "e6", 30, 0},
		{edgePrior, edgePos, "a3", 1, 1000}, // a bridge
		{edgePrior, edgePos, "b1", 30, 30},  // corner a1, sides a and b1's
		{edgePrior, edgePos, "b3", 30, 20},  // corner a1, side a
		{edgePrior, edgePos, "b4", 30, 10},  // corner a4
		{edgePrior, edgePos, "c3", 30, 0},
		{combinedPrior, edgePos, "b1", 100, 40 + 10 + 30},
		{combinedPrior, edgePos, "a3", 1, 1000},
		{combinedPrior, edgePos, "c3", 100, 30}, // joint with a2 across b2 and b3
	} {
		s := pos(t, tc.position)
		v, w := patternPrior{tc.prior}.Virtual(s, games.Move(cellOf(t, s, tc.cell)))
		if v != tc.visits || w != tc.wins {
			t.Errorf("prior %d %q %s: %d visits %v wins, want %d and %v", tc.prior, tc.position, tc.cell, v, w, tc.visits, tc.wins)
		}
	}
}
