// Package gametest is the conformance test that every game of mcarena passes,
// and helpers shared by the games' own tests (perft tables, exhaustive solving).
package gametest

import (
	"fmt"
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// Config tunes Conformance for one game.
type Config struct {
	// Games is the number of seeded random games to walk (default 200).
	Games int
	// Seed is the first seed (default 1).
	Seed uint64
	// ReferencePlayout, when set, is the documented playout rule that
	// State.Playout must reproduce move for move; nil means
	// games.LegalPlayout.
	ReferencePlayout func(s games.State, r *rng.Rand, limit int) int
	// Start returns the position each random game starts from; nil means
	// the game's start position.
	Start func(g games.Game) games.State
	// EndByHistory, when set, reports the positions whose end depends on
	// history that the position text leaves out, such as a chess position
	// drawn by threefold repetition (FEN holds no earlier positions). There
	// the text round trip checks the text, hash and player to move, not the
	// end, outcome or legal moves of the position read back.
	EndByHistory func(s games.State) bool
	// OrderByHistory says that the order of Legal's moves depends on the
	// moves that led to the position, which the position text leaves out
	// (chess under order=stockfish keeps Stockfish's piece lists): the text
	// round trip then compares the legal moves as sets.
	OrderByHistory bool
	// EndsAtStart says that the game is over at its start (a board on
	// which the first player has no move): without it, a run in which no
	// game plays a move fails, as a game whose Legal lists nothing would
	// otherwise pass every check.
	EndsAtStart bool
}

// Conformance walks many seeded random games of g and checks at every position:
// legal moves unique, in range and within MaxMoves, none exactly when terminal;
// the incremental hash equal to one computed from scratch; the position text
// (but see Config.EndByHistory) and every legal move's notation round-trip;
// playing a move on a copy leaves the original unchanged and CopyFrom
// restores it; terminal positions have a
// consistent outcome and score; a games.Reasoner gives an end reason exactly
// at terminal positions; the game ends within MaxLength; Playout follows its
// documented rule from every position; RecordPlayout plays Playout's game
// under several limits and records it truly (replaying the trace with Play
// reaches the same position, each mover was the player to move); and
// Playout, RecordPlayout (with room in its trace), Play, Legal and CopyFrom
// allocate nothing. A games.MoveChecker's IsLegal agrees with Legal on
// every move of a small move space (a sample of a large one). The games
// must play some move, unless Config.EndsAtStart.
func Conformance(t *testing.T, g games.Game, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 200
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	start := cfg.Start
	if start == nil {
		start = func(g games.Game) games.State { return g.NewState() }
	}
	ref := cfg.ReferencePlayout
	if ref == nil {
		buf := make([]games.Move, 0, g.MaxMoves())
		ref = func(s games.State, r *rng.Rand, limit int) int { return games.LegalPlayout(s, r, buf, limit) }
	}
	c := checker{t: t, g: g, buf: make([]games.Move, 0, g.MaxMoves()), buf2: make([]games.Move, 0, g.MaxMoves()), endByHistory: cfg.EndByHistory, orderByHistory: cfg.OrderByHistory}
	outcomes := map[games.Outcome]int{}
	plies := 0 // over every game: a game whose starts have no move checks nothing
	for i := range cfg.Games {
		seed := cfg.Seed + uint64(i)
		r := rng.New(seed)
		s := start(g)
		ply := 0
		for {
			if !c.position(s, seed, ply) {
				return
			}
			c.playoutRule(s, ref, r, seed, ply)
			c.recordRule(s, r, seed, ply)
			moves := s.Legal(c.buf)
			if len(moves) == 0 {
				break
			}
			s.Play(moves[r.Intn(len(moves))])
			ply++
			if max := g.MaxLength(); max > 0 && ply > max {
				t.Fatalf("seed %d: game longer than MaxLength %d", seed, max)
			}
		}
		outcomes[s.Outcome()]++
		plies += ply
	}
	t.Logf("%s: %d games, outcomes %v, %d plies", g.Spec(), cfg.Games, outcomes, plies)
	if plies == 0 && !cfg.EndsAtStart {
		t.Errorf("%s: no move was played in %d games (Config.EndsAtStart says when none can be)", g.Spec(), cfg.Games)
	}
	c.allocs(start(g))
}

type checker struct {
	t               *testing.T
	g               games.Game
	buf, buf2, buf3 []games.Move
	tr, tr2         games.Trace
	endByHistory    func(games.State) bool
	orderByHistory  bool
}

func (c *checker) fail(seed uint64, ply int, s games.State, format string, args ...any) bool {
	c.t.Helper()
	c.t.Errorf("%s seed %d ply %d position %q: %s", c.g.Spec(), seed, ply, s.String(), fmt.Sprintf(format, args...))
	return false
}

func (c *checker) position(s games.State, seed uint64, ply int) bool {
	c.t.Helper()
	if h, r := s.Hash(), s.RecomputeHash(); h != r {
		return c.fail(seed, ply, s, "incremental hash %#x, from scratch %#x", h, r)
	}
	moves := slices.Clone(s.Legal(c.buf))
	if len(moves) > c.g.MaxMoves() {
		return c.fail(seed, ply, s, "%d legal moves, MaxMoves %d", len(moves), c.g.MaxMoves())
	}
	if term := s.Terminal(); term != (len(moves) == 0) {
		return c.fail(seed, ply, s, "Terminal() = %v with %d legal moves", term, len(moves))
	}
	seen := map[games.Move]bool{}
	for _, m := range moves {
		if m < 0 || int(m) >= c.g.MoveSpace() {
			return c.fail(seed, ply, s, "move %d outside [0, %d)", m, c.g.MoveSpace())
		}
		if seen[m] {
			return c.fail(seed, ply, s, "move %d (%s) listed twice", m, s.MoveString(m))
		}
		seen[m] = true
	}
	// Position text round-trip.
	text := s.String()
	back, err := c.g.ParsePosition(text)
	if err != nil {
		return c.fail(seed, ply, s, "own position text refused: %v", err)
	}
	history := c.endByHistory != nil && c.endByHistory(s)
	if back.String() != text || back.Hash() != s.Hash() || back.ToMove() != s.ToMove() || (!history && back.Terminal() != s.Terminal()) {
		return c.fail(seed, ply, s, "position text round-trip differs: %q hash %#x", back.String(), back.Hash())
	}
	bm := back.Legal(c.buf2)
	if c.orderByHistory {
		// Sorted in place: bm is scratch, and moves is sorted on a copy.
		slices.Sort(bm)
		sorted := append(c.buf3[:0], moves...)
		slices.Sort(sorted)
		c.buf3 = sorted
		if !history && !slices.Equal(bm, sorted) {
			return c.fail(seed, ply, s, "legal moves after text round-trip %v, want %v (as sets)", bm, sorted)
		}
	} else if !history && !slices.Equal(bm, moves) {
		return c.fail(seed, ply, s, "legal moves after text round-trip %v, want %v", bm, moves)
	}
	if mc, ok := s.(games.MoveChecker); ok {
		// Every move of the space where it is small, else the listed ones
		// and as many others; and a move on either side of the space.
		check := func(m games.Move) bool {
			if mc.IsLegal(m) != seen[m] {
				return c.fail(seed, ply, s, "IsLegal(%d) = %v, Legal lists it: %v", m, mc.IsLegal(m), seen[m])
			}
			return true
		}
		space := c.g.MoveSpace()
		if !check(-1) || !check(games.Move(space)) {
			return false
		}
		if space <= 1<<12 {
			for m := range space {
				if !check(games.Move(m)) {
					return false
				}
			}
		} else {
			r := rng.New(seed<<20 ^ uint64(ply))
			for _, m := range moves {
				if !check(m) || !check(games.Move(r.Intn(space))) {
					return false
				}
			}
		}
	}
	if r, ok := s.(games.Reasoner); ok && (r.EndReason() == "") == s.Terminal() {
		return c.fail(seed, ply, s, "Terminal() = %v with end reason %q", s.Terminal(), r.EndReason())
	}
	if s.Terminal() {
		o := s.Outcome()
		if o < games.SecondWins || o > games.FirstWins {
			return c.fail(seed, ply, s, "outcome %d out of range", o)
		}
		if sc := s.Score(); sign(sc) != int(o) {
			return c.fail(seed, ply, s, "score %d disagrees with outcome %v", sc, o)
		}
		if !history && back.Outcome() != o {
			return c.fail(seed, ply, s, "outcome after text round-trip %v, want %v", back.Outcome(), o)
		}
		return true
	}
	// Every move: notation round-trip, play on a copy, copy restores.
	child := s.Clone()
	for _, m := range moves {
		name := s.MoveString(m)
		pm, err := s.ParseMove(name)
		if err != nil {
			return c.fail(seed, ply, s, "move %s refused: %v", name, err)
		}
		if pm != m {
			return c.fail(seed, ply, s, "move %s parses to %d, want %d", name, pm, m)
		}
		child.CopyFrom(s)
		child.Play(m)
		if h, r := child.Hash(), child.RecomputeHash(); h != r {
			return c.fail(seed, ply, s, "after %s: incremental hash %#x, from scratch %#x", name, h, r)
		}
		if child.Hash() == s.Hash() {
			return c.fail(seed, ply, s, "after %s: hash unchanged", name)
		}
		if s.String() != text {
			return c.fail(seed, ply, s, "playing %s on a copy changed the original", name)
		}
	}
	child.CopyFrom(s)
	if child.String() != text || child.Hash() != s.Hash() {
		return c.fail(seed, ply, s, "CopyFrom gave %q", child.String())
	}
	return true
}

// playoutRule checks that Playout from s reproduces the reference rule with the
// same generator state, and that a playout stopped at a limit and resumed is
// the same game (with the same generator state after), without touching s or
// r.
func (c *checker) playoutRule(s games.State, ref func(games.State, *rng.Rand, int) int, r rng.Rand, seed uint64, ply int) {
	c.t.Helper()
	a, b := s.Clone(), s.Clone()
	ra, rb := r, r
	na := a.Playout(&ra, games.NoLimit)
	nb := ref(b, &rb, games.NoLimit)
	if na != nb || a.String() != b.String() || ra != rb {
		c.fail(seed, ply, s, "Playout gave %d moves to %q, the reference rule %d moves to %q", na, a.String(), nb, b.String())
	}
	limit := 1 + ply%3
	split, rs := s.Clone(), r
	n1 := split.Playout(&rs, limit)
	if n1 > limit || (n1 < limit && !split.Terminal()) {
		c.fail(seed, ply, s, "Playout with limit %d played %d moves", limit, n1)
	}
	n2 := 0
	if n1 == limit { // a playout that stopped short ended the game
		n2 = split.Playout(&rs, games.NoLimit)
	}
	if n1+n2 != na || split.String() != a.String() || rs != ra {
		c.fail(seed, ply, s, "Playout stopped after %d and resumed gave %d moves to %q, in one call %d to %q", n1, n1+n2, split.String(), na, a.String())
	}
	if a.Hash() != a.RecomputeHash() {
		c.fail(seed, ply, s, "after Playout the incremental hash is stale")
	}
	if !a.Terminal() {
		c.fail(seed, ply, s, "Playout stopped in a non-terminal position %q", a.String())
	}
}

// recordRule checks, without touching s or r, that RecordPlayout from s
// plays the game of Playout with the same generator state under several
// limits (no limit, 0, and a few short ones), appends to its trace, and
// records it truly: replaying the recorded moves with Play from s, each
// recorded mover the player to move and each move legal, reaches the same
// position and hash.
func (c *checker) recordRule(s games.State, r rng.Rand, seed uint64, ply int) {
	c.t.Helper()
	for _, limit := range []int{games.NoLimit, 0, 1 + ply%3, 4 + ply%5} {
		a, b := s.Clone(), s.Clone()
		ra, rb := r, r
		na := a.Playout(&ra, limit)
		c.tr.Reset()
		nb := b.RecordPlayout(&rb, limit, &c.tr)
		if na != nb || a.String() != b.String() || a.Hash() != b.Hash() || ra != rb {
			c.fail(seed, ply, s, "limit %s: RecordPlayout gave %d moves to %q (hash %#x), Playout %d moves to %q (hash %#x), or left another generator state",
				limitName(limit), nb, b.String(), b.Hash(), na, a.String(), a.Hash())
			return
		}
		if b.Hash() != b.RecomputeHash() {
			c.fail(seed, ply, s, "limit %s: after RecordPlayout the incremental hash is stale", limitName(limit))
			return
		}
		if len(c.tr.Moves) != nb || len(c.tr.Movers) != nb {
			c.fail(seed, ply, s, "limit %s: RecordPlayout played %d moves but recorded %d moves and %d movers", limitName(limit), nb, len(c.tr.Moves), len(c.tr.Movers))
			return
		}
		rep := s.Clone()
		for i, m := range c.tr.Moves {
			if p := c.tr.Movers[i]; p != rep.ToMove() {
				c.fail(seed, ply, s, "limit %s: recorded move %d (%d) played by %d, but %d is to move in %q", limitName(limit), i, m, p, rep.ToMove(), rep.String())
				return
			}
			if !slices.Contains(rep.Legal(c.buf), m) {
				c.fail(seed, ply, s, "limit %s: recorded move %d (%d) is not legal in %q", limitName(limit), i, m, rep.String())
				return
			}
			rep.Play(m)
		}
		if rep.String() != b.String() || rep.Hash() != b.Hash() {
			c.fail(seed, ply, s, "limit %s: replaying the trace reached %q (hash %#x), RecordPlayout %q (hash %#x)", limitName(limit), rep.String(), rep.Hash(), b.String(), b.Hash())
			return
		}
		if limit == games.NoLimit {
			continue
		}
		// Resumed into the same trace, a playout stopped at the limit
		// records the game of one call: RecordPlayout appends.
		c.tr2.Reset()
		full, rf := s.Clone(), r
		nf := full.RecordPlayout(&rf, games.NoLimit, &c.tr2)
		if nb == limit {
			nb += b.RecordPlayout(&rb, games.NoLimit, &c.tr)
		}
		if nb != nf || !slices.Equal(c.tr.Moves, c.tr2.Moves) || !slices.Equal(c.tr.Movers, c.tr2.Movers) || rb != rf {
			c.fail(seed, ply, s, "RecordPlayout stopped after %d and resumed recorded %v, in one call %v", limit, c.tr.Moves, c.tr2.Moves)
			return
		}
	}
}

func (c *checker) allocs(start games.State) {
	c.t.Helper()
	s := start.Clone()
	r := rng.New(99)
	if n := testing.AllocsPerRun(100, func() {
		s.CopyFrom(start)
		s.Playout(&r, games.NoLimit)
	}); n != 0 {
		c.t.Errorf("%s: Playout allocates %v times per run", c.g.Spec(), n)
	}
	room := max(c.g.MaxLength(), 1<<12)
	tr := games.Trace{Moves: make([]games.Move, 0, room), Movers: make([]games.Player, 0, room)}
	if n := testing.AllocsPerRun(100, func() {
		tr.Reset()
		s.CopyFrom(start)
		s.RecordPlayout(&r, games.NoLimit, &tr)
	}); n != 0 {
		c.t.Errorf("%s: RecordPlayout allocates %v times per run with room in its trace", c.g.Spec(), n)
	}
	if n := testing.AllocsPerRun(100, func() {
		s.CopyFrom(start)
		for {
			moves := s.Legal(c.buf)
			if len(moves) == 0 {
				break
			}
			s.Play(moves[r.Intn(len(moves))])
		}
	}); n != 0 {
		c.t.Errorf("%s: Legal/Play/CopyFrom allocate %v times per game", c.g.Spec(), n)
	}
}

func limitName(limit int) string {
	if limit == games.NoLimit {
		return "none"
	}
	return fmt.Sprint(limit)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
