// Package race holds the rules that Breakthrough and Knightthrough share: two
// armies on a square board race to the far rank, each move taking one piece
// forward by one of a fixed set of steps. Packages breakthrough and
// knightthrough define the steps and register the games.
//
// Board: cells as in package grid (a1 = 0 bottom-left, White's side). White
// (first player) starts on ranks 1..H and moves up; Black starts on the top H
// ranks and moves down; H is the home-rows option.
//
// Moves: a step is (ranks forward, files sideways) from the mover's view, with
// files counted towards file a as negative for both players, and one of three
// kinds: a step that may capture lands on an empty cell or an enemy piece,
// which it takes; a quiet step lands only on an empty cell; a capturing-only
// step (a pawn's capture) lands only on an enemy piece. The move of step k
// from cell f is encoded f*K + k, where K is the number of steps (at most 6).
// Legal lists moves step by step, and within a step by ascending target cell
// (the native order; the order option can change it); Playout draws from
// the native order (Legal()[r.Intn(n)] of the native game) whatever the
// option.
//
// End: a player who moves a piece onto the far rank wins at once. The player
// to move with no legal move (in particular with no piece) loses, or with the
// stuck=draw option the game is a draw (as the Knightthrough rule sheet of the
// Dresden General Game Playing server ends it). The misère option swaps
// winner and loser; a draw stays a draw.
//
// Notation: a move is "from-to" with cell names ("a2-b3"); "from x to" is read
// too. Positions: ranks from the top separated by '/', 'w' and 'b' pieces,
// digits for empty runs, then the side to move 'w' or 'b'
// ("bbbbb/bbbbb/5/wwwww/wwwww w" is the 5x5 start).
package race

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
)

// Step is one kind of forward move.
type Step struct {
	// Ranks forward (1 or 2) and Files sideways (negative towards file a).
	Ranks, Files int
	// Captures says whether the step may take an enemy piece on its target;
	// a step that does not capture needs an empty target.
	Captures bool
	// OnlyCaptures says the step needs an enemy piece on its target, as a
	// pawn's capture does; it implies Captures.
	OnlyCaptures bool
}

// noun names a step in messages.
func (st Step) noun() string {
	switch {
	case st.Files == 0:
		return "straight step"
	case st.Ranks == 1 && (st.Files == 1 || st.Files == -1):
		return "diagonal step"
	}
	return "leap"
}

// Rules names a race game and its steps.
type Rules struct {
	Name  string
	Steps []Step
	// Values are the values of the game's own options that select these
	// steps, by option name as a spec writes them ("capture": "diagonal");
	// nil for steps that no option selects.
	Values map[string]string
}

// Variant is the board size, the number of filled home rows, misère and the
// outcome of a player without moves.
type Variant struct {
	Rows, Cols, HomeRows int
	Misere               bool
	// StuckDraws makes a position where the player to move has no legal
	// move a draw instead of a loss for that player (stuck=draw).
	StuckDraws bool
	// Order is the grid.OrderOption value, or GameframeOrder for
	// Breakthrough: the order of Legal's moves ("" or "native": by step,
	// then target cell).
	Order string
}

// step is a Step compiled for one board: which sources may take it and the
// shift that moves a bitboard of sources onto their targets.
type step struct {
	src      [2]uint64 // cells a White or a Black piece may take the step from
	shift    [2]uint   // left shift for White, right shift for Black
	delta    [2]int    // target - source for White and Black
	captures bool
	only     bool // captures only
	def      Step // as declared
}

// onto returns, of the cells t the step reaches from the pieces own, those it
// may land on given the enemy pieces opp.
func (st *step) onto(t, own, opp uint64) uint64 {
	switch {
	case st.only:
		return t & opp
	case st.captures:
		return t &^ own
	}
	return t &^ (own | opp)
}

const maxSteps = 6

// fastStep is a step compiled for the playout loop, for one side: the targets
// of pieces own are RotateLeft64(own&src, rot) less own pieces, for a step
// that does not capture (quiet all ones) less enemy pieces, and for a step
// that only captures (only all ones) less the cells without an enemy piece.
// A rotation is a shift here, since src holds no piece whose target is off
// the board; the target of a piece on cell f is (f+rot) mod 64. Unused steps
// have no sources.
type fastStep struct {
	src, quiet, only uint64
	rot              int
}

// Game is a race game on one board.
type Game struct {
	rules Rules
	v     Variant
	spec  string
	geo   grid.Geometry
	steps [maxSteps]step
	fast  [2][maxSteps]fastStep // the steps of each side for Playout
	k     int                   // number of steps
	loop  int                   // Playout's loop: 3 (playout3), 4 (playout4), or 0 (playoutN)
	goal  [2]uint64             // the rank each side must reach
	order grid.Order            // Legal's order when not native
	frame bool                  // Legal's order is GameframeOrder
	// frameSteps are the steps' indices in GameframeOrder's order.
	frameSteps [maxSteps]uint8
	keys       grid.Keys
	maxLen     int
	maxMoves   int
}

// NewGame builds a race game. The caller has validated sizes; HomeRows must
// leave at least one empty rank between the armies.
func NewGame(rules Rules, v Variant, spec string) (*Game, error) {
	if v.HomeRows < 1 || 2*v.HomeRows >= v.Rows {
		return nil, fmt.Errorf("%d home rows do not fit a board of %d ranks (at most %d)", v.HomeRows, v.Rows, (v.Rows-1)/2)
	}
	if len(rules.Steps) > maxSteps {
		panic("race: too many steps")
	}
	g := &Game{rules: rules, v: v, spec: spec, geo: grid.New(v.Rows, v.Cols), k: len(rules.Steps)}
	for i, st := range rules.Steps {
		src := g.geo.All
		for f := range v.Cols {
			if f+st.Files < 0 || f+st.Files >= v.Cols {
				for r := range v.Rows {
					src &^= 1 << uint(r*v.Cols+f)
				}
			}
		}
		for r := range v.Rows {
			if r+st.Ranks >= v.Rows {
				src &^= g.geo.Rank[r]
			}
		}
		// White's sources shift left; Black's board is White's turned upside
		// down, so its sources are the mirror image and shift right.
		var mirror uint64
		for r := range v.Rows {
			row := (src >> uint(r*v.Cols)) & (1<<uint(v.Cols) - 1)
			mirror |= row << uint((v.Rows-1-r)*v.Cols)
		}
		w := st.Ranks*v.Cols + st.Files
		b := st.Ranks*v.Cols - st.Files
		g.steps[i] = step{src: [2]uint64{src, mirror}, shift: [2]uint{uint(w), uint(b)}, delta: [2]int{w, -b},
			captures: st.Captures || st.OnlyCaptures, only: st.OnlyCaptures, def: st}
		var quiet, only uint64
		switch {
		case st.OnlyCaptures:
			only = ^uint64(0)
		case !st.Captures:
			quiet = ^uint64(0)
		}
		g.fast[0][i] = fastStep{src: src, quiet: quiet, only: only, rot: w & 63}
		g.fast[1][i] = fastStep{src: mirror, quiet: quiet, only: only, rot: -b & 63}
	}
	g.goal = [2]uint64{g.geo.Rank[v.Rows-1], g.geo.Rank[0]}
	g.loop = 4
	if g.k == 3 {
		g.loop = 3
	}
	for _, st := range rules.Steps {
		if st.OnlyCaptures || g.k > 4 {
			g.loop = 0
		}
	}
	if v.Order == GameframeOrder {
		if rules.Name != "breakthrough" {
			return nil, fmt.Errorf("order %s: Breakthrough's alone", GameframeOrder)
		}
		g.frame = true
		// Toward file a first, then away from it, then straight.
		place := func(i uint8) int { return [3]int{0, 2, 1}[cmp.Compare(rules.Steps[i].Files, 0)+1] }
		for i := range g.k {
			g.frameSteps[i] = uint8(i)
		}
		slices.SortStableFunc(g.frameSteps[:g.k], func(a, b uint8) int { return place(a) - place(b) })
	} else {
		g.order = grid.NewOrder(v.Order, v.Rows, v.Cols)
	}
	g.keys = grid.NewKeys(0xb7ea7a11)
	for j := range v.HomeRows {
		g.maxLen += 2 * v.Cols * (v.Rows - 1 - j)
	}
	g.maxMoves = g.k * v.HomeRows * v.Cols
	return g, nil
}

// Name implements games.Game.
func (g *Game) Name() string { return g.rules.Name }

// Spec implements games.Game.
func (g *Game) Spec() string { return g.spec }

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"White", "Black"} }

// MaxMoves implements games.Game.
func (g *Game) MaxMoves() int { return g.maxMoves }

// MoveSpace implements games.Game.
func (g *Game) MoveSpace() int { return g.k * g.geo.Cells }

// MaxLength implements games.Game: every move takes a piece at least one rank
// nearer its goal.
func (g *Game) MaxLength() int { return g.maxLen }

// Variant returns the board size, home rows, misère and stuck flags.
func (g *Game) Variant() Variant { return g.v }

// NewState implements games.Game.
func (g *Game) NewState() games.State {
	s := &State{g: g}
	for j := range g.v.HomeRows {
		s.BB[0] |= g.geo.Rank[j]
		s.BB[1] |= g.geo.Rank[g.v.Rows-1-j]
	}
	s.ResetHash(&s.g.keys)
	return s
}

// ParsePosition implements games.Game. A position where the side to move has
// already reached its goal, where both have, or where a side has more pieces
// than its home rows hold, is refused.
func (g *Game) ParsePosition(text string) (games.State, error) {
	cells, side, err := g.geo.ParsePosition(text, "wb", "wb")
	if err != nil {
		return nil, err
	}
	s := &State{g: g}
	s.Side = games.Player(side)
	for i, p := range cells {
		if p >= 0 {
			s.BB[p] |= 1 << uint(i)
		}
	}
	for p := range 2 {
		if n := bits.OnesCount64(s.BB[p]); n > g.v.HomeRows*g.v.Cols {
			return nil, fmt.Errorf("position %q: %s has %d pieces, more than its %d home rows hold", text, g.PlayerNames()[p], n, g.v.HomeRows)
		}
	}
	w, b := s.BB[0]&g.goal[0] != 0, s.BB[1]&g.goal[1] != 0
	if w && b {
		return nil, fmt.Errorf("position %q: both sides have reached the far rank", text)
	}
	if (w && s.Side == games.First) || (b && s.Side == games.Second) {
		return nil, fmt.Errorf("position %q: %s has reached the far rank but is to move", text, g.PlayerNames()[s.Side])
	}
	s.ResetHash(&s.g.keys)
	return s, nil
}

// State is a position of a race game.
type State struct {
	g *Game
	grid.Pieces
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// reached reports whether the player who just moved is on its goal rank.
func (s *State) reached() bool {
	p := s.Side ^ 1
	return s.BB[p]&s.g.goal[p] != 0
}

// targets returns the target bitboard of step i for the side to move.
func (s *State) targets(i int) uint64 {
	st := &s.g.steps[i]
	own, opp := s.BB[s.Side], s.BB[s.Side^1]
	var t uint64
	if s.Side == games.First {
		t = (own & st.src[0]) << (st.shift[0] & 63)
	} else {
		t = (own & st.src[1]) >> (st.shift[1] & 63)
	}
	return st.onto(t, own, opp)
}

// Terminal implements games.State.
func (s *State) Terminal() bool {
	if s.reached() {
		return true
	}
	for i := range s.g.k {
		if s.targets(i) != 0 {
			return false
		}
	}
	return true
}

// Outcome implements games.State.
func (s *State) Outcome() games.Outcome {
	if !s.Terminal() {
		return games.Draw
	}
	// The winner is the player who reached the goal, else the player not to
	// move (who left the mover without moves), unless that is a draw.
	if s.g.v.StuckDraws && !s.reached() {
		return games.Draw
	}
	o := games.WinFor(s.Side ^ 1)
	if s.g.v.Misere {
		o = -o
	}
	return o
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: a piece reached the "far row", or the
// player to move has "no pieces" or "no move".
func (s *State) EndReason() string {
	switch {
	case s.reached():
		return "far row"
	case !s.Terminal():
		return ""
	case s.BB[s.Side] == 0:
		return "no pieces"
	}
	return "no move"
}

// Legal implements games.State.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.reached() {
		return buf
	}
	if s.g.frame {
		return s.frameLegal(buf)
	}
	k := s.g.k
	for i := range k {
		d := s.g.steps[i].delta[s.Side]
		for t := s.targets(i); t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			buf = append(buf, games.Move((to-d)*k+i))
		}
	}
	if s.g.order.On() {
		o := &s.g.order
		grid.Sort(buf, func(m games.Move) int {
			from, to := s.MoveCells(m)
			return o.Rank(from)<<6 | o.Rank(to)
		})
	}
	return buf
}

// frameLegal appends the moves of s to buf in GameframeOrder: the pieces
// rank by rank from the last and file by file from a, each piece's steps
// toward file a, away from it, then straight (g.frameSteps).
func (s *State) frameLegal(buf []games.Move) []games.Move {
	g := s.g
	var targets [maxSteps]uint64
	for i := range g.k {
		targets[i] = s.targets(i)
	}
	for rank := g.v.Rows - 1; rank >= 0; rank-- {
		for b := s.BB[s.Side] & g.geo.Rank[rank]; b != 0; b &= b - 1 {
			from := bits.TrailingZeros64(b)
			for _, i := range g.frameSteps[:g.k] {
				// A step's target has one source, so the bit is this piece's.
				if to := from + g.steps[i].delta[s.Side]; to >= 0 && to < 64 && targets[i]&(1<<uint(to)) != 0 {
					buf = append(buf, games.Move(from*g.k+int(i)))
				}
			}
		}
	}
	return buf
}

// Play implements games.State.
func (s *State) Play(m games.Move) {
	k := s.g.k
	from := int(m) / k
	to := from + s.g.steps[int(m)%k].delta[s.Side]
	s.move(from, to)
}

func (s *State) move(from, to int) {
	g := s.g
	p, q := s.Side, s.Side^1
	tb := uint64(1) << uint(to&63)
	s.BB[p] ^= 1<<uint(from&63) | tb
	h := g.keys.Cell[p][from&63] ^ g.keys.Cell[p][to&63] ^ g.keys.Side
	if s.BB[q]&tb != 0 {
		s.BB[q] &^= tb
		h ^= g.keys.Cell[q][to&63]
	}
	s.XorHash(h)
	s.Side = q
}

// Playout implements games.State by the reference rule, without building the
// move list: it counts the targets of each step and picks the r-th.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording into t.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil. The loops
// keep the position in locals, the mover's pieces in own: per step they count
// the targets, draw j in [0, total) and take the j-th target in the native
// order (step by step, ascending cells), and they update the hash once at
// the end.
// Breakthrough's three steps have a loop of their own, without the general
// loop's unused fourth step: 5-7% faster on Breakthrough 8x8. Steps that
// only capture, and more than four steps, take playoutN, so that the two
// tuned loops pay nothing for them.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	switch s.g.loop {
	case 3:
		return s.playout3(r, limit, t)
	case 4:
		return s.playout4(r, limit, t)
	}
	return s.playoutN(r, limit, t)
}

// playout4 is the playout loop of up to four steps (unused steps have no
// sources). It is not inlined so that a profile for profile-guided
// optimisation, which names the calls inside it by this function, finds them
// in every build.
//
//go:noinline
func (s *State) playout4(r *rng.Rand, limit int, t *games.Trace) int {
	g := s.g
	side := s.Side
	own, opp := s.BB[side], s.BB[side^1]
	n := 0
	if opp&g.goal[side^1] != 0 { // the last mover has won
		return 0
	}
	for n < limit {
		st := &g.fast[side&1]
		t0 := bits.RotateLeft64(own&st[0].src, st[0].rot) &^ (own | opp&st[0].quiet)
		t1 := bits.RotateLeft64(own&st[1].src, st[1].rot) &^ (own | opp&st[1].quiet)
		t2 := bits.RotateLeft64(own&st[2].src, st[2].rot) &^ (own | opp&st[2].quiet)
		t3 := bits.RotateLeft64(own&st[3].src, st[3].rot) &^ (own | opp&st[3].quiet)
		// The draw j falls in step i when s_i <= j < s_(i+1), s_i the
		// number of targets of the steps before i.
		s1 := bits.OnesCount64(t0)
		s2 := s1 + bits.OnesCount64(t1)
		s3 := s2 + bits.OnesCount64(t2)
		total := s3 + bits.OnesCount64(t3)
		if total == 0 {
			break
		}
		j := r.Intn(total)
		// The step is chosen without branches, which a random choice
		// would mispredict: m_i is all ones when j >= s_i (the masks
		// nest, m3 within m2 within m1).
		m1 := uint64(int64(s1-1-j) >> 63)
		m2 := uint64(int64(s2-1-j) >> 63)
		m3 := uint64(int64(s3-1-j) >> 63)
		tg := t0&^m1 | t1&m1&^m2 | t2&m2&^m3 | t3&m3
		base := int(uint64(s1)&m1&^m2 | uint64(s2)&m2&^m3 | uint64(s3)&m3)
		i := int(m1&1 + m2&1 + m3&1)
		to := grid.Select(tg, j-base)
		from := (to - st[i&3].rot) & 63
		if t != nil {
			t.Add(games.Move(from*g.k+i), side)
		}
		tb := uint64(1) << uint(to)
		own ^= uint64(1)<<uint(from) | tb
		opp &^= tb
		n++
		won := tb&g.goal[side&1] != 0
		own, opp = opp, own
		side ^= 1
		if won {
			break
		}
	}
	s.finish(own, opp, side)
	return n
}

// playout3 is playout4 for games of exactly three steps, without the fourth;
// keep the two in step.
//
//go:noinline
func (s *State) playout3(r *rng.Rand, limit int, t *games.Trace) int {
	g := s.g
	side := s.Side
	own, opp := s.BB[side], s.BB[side^1]
	n := 0
	if opp&g.goal[side^1] != 0 {
		return 0
	}
	for n < limit {
		st := &g.fast[side&1]
		t0 := bits.RotateLeft64(own&st[0].src, st[0].rot) &^ (own | opp&st[0].quiet)
		t1 := bits.RotateLeft64(own&st[1].src, st[1].rot) &^ (own | opp&st[1].quiet)
		t2 := bits.RotateLeft64(own&st[2].src, st[2].rot) &^ (own | opp&st[2].quiet)
		s1 := bits.OnesCount64(t0)
		s2 := s1 + bits.OnesCount64(t1)
		total := s2 + bits.OnesCount64(t2)
		if total == 0 {
			break
		}
		j := r.Intn(total)
		m1 := uint64(int64(s1-1-j) >> 63)
		m2 := uint64(int64(s2-1-j) >> 63)
		tg := t0&^m1 | t1&m1&^m2 | t2&m2
		base := int(uint64(s1)&m1&^m2 | uint64(s2)&m2)
		i := int(m1&1 + m2&1)
		to := grid.Select(tg, j-base)
		from := (to - st[i&3].rot) & 63
		if t != nil {
			t.Add(games.Move(from*3+i), side)
		}
		tb := uint64(1) << uint(to)
		own ^= uint64(1)<<uint(from) | tb
		opp &^= tb
		n++
		won := tb&g.goal[side&1] != 0
		own, opp = opp, own
		side ^= 1
		if won {
			break
		}
	}
	s.finish(own, opp, side)
	return n
}

// playoutN is the playout loop of any steps, those that only capture
// included: the same draws and moves as playout4, the step found by a scan.
//
//go:noinline
func (s *State) playoutN(r *rng.Rand, limit int, t *games.Trace) int {
	g := s.g
	k := g.k
	side := s.Side
	own, opp := s.BB[side], s.BB[side^1]
	n := 0
	if opp&g.goal[side^1] != 0 {
		return 0
	}
	var tg [maxSteps]uint64
	for n < limit {
		st := &g.fast[side&1]
		total := 0
		for i := range k {
			f := &st[i]
			tg[i] = bits.RotateLeft64(own&f.src, f.rot) &^ (own | opp&f.quiet | ^opp&f.only)
			total += bits.OnesCount64(tg[i])
		}
		if total == 0 {
			break
		}
		j := r.Intn(total)
		i := 0
		for c := bits.OnesCount64(tg[0]); j >= c; c = bits.OnesCount64(tg[i]) {
			j -= c
			i++
		}
		to := grid.Select(tg[i], j)
		from := (to - st[i].rot) & 63
		if t != nil {
			t.Add(games.Move(from*k+i), side)
		}
		tb := uint64(1) << uint(to)
		own ^= uint64(1)<<uint(from) | tb
		opp &^= tb
		n++
		won := tb&g.goal[side&1] != 0
		own, opp = opp, own
		side ^= 1
		if won {
			break
		}
	}
	s.finish(own, opp, side)
	return n
}

// finish stores the position a playout loop reached, own the pieces of side
// to move, and updates the hash by the cells that changed: Zobrist hashing is
// a XOR over pieces, so that costs two or three keys a move in a short
// playout and at most one per piece in a long one.
func (s *State) finish(own, opp uint64, side games.Player) {
	var bb [2]uint64
	bb[side&1], bb[(side^1)&1] = own, opp
	h := s.g.keys.Hash([2]uint64{bb[0] ^ s.BB[0], bb[1] ^ s.BB[1]}, games.First)
	if side != s.Side {
		h ^= s.g.keys.Side
	}
	s.XorHash(h)
	s.BB, s.Side = bb, side
}

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	return s.g.keys.Hash(s.BB, s.Side)
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) { *s = *src.(*State) }

// MoveCells implements games.State.
func (s *State) MoveCells(m games.Move) (from, to int) {
	k := s.g.k
	from = int(m) / k
	return from, from + s.g.steps[int(m)%k].delta[s.Side]
}

// MoveString implements games.State.
func (s *State) MoveString(m games.Move) string {
	from, to := s.MoveCells(m)
	return s.g.geo.CellName(from) + "-" + s.g.geo.CellName(to)
}

// ParseMove implements games.State.
func (s *State) ParseMove(text string) (games.Move, error) {
	a, b, ok := strings.Cut(text, "-")
	capture := false // written with x, which says it captures
	if !ok {
		a, b, ok = strings.Cut(strings.ToLower(text), "x")
		capture = ok
	}
	if !ok || a == "" || b == "" {
		return games.NoMove, games.Notation(fmt.Errorf("%q is not a move like a2-a3", text))
	}
	from, err := s.g.geo.ParseCell(a)
	if err != nil {
		return games.NoMove, err
	}
	to, err := s.g.geo.ParseCell(b)
	if err != nil {
		return games.NoMove, err
	}
	name := s.g.PlayerNames()[s.Side]
	if s.Terminal() {
		return games.NoMove, fmt.Errorf("%s: the game is over", text)
	}
	if s.BB[s.Side]&(1<<uint(from)) == 0 {
		return games.NoMove, fmt.Errorf("%s: no %s piece on %s", text, name, a)
	}
	for i := range s.g.k {
		st := &s.g.steps[i]
		if from+st.delta[s.Side] != to || st.src[s.Side]&(1<<uint(from)) == 0 {
			continue
		}
		tb := uint64(1) << uint(to)
		switch {
		case s.BB[s.Side]&tb != 0:
			return games.NoMove, fmt.Errorf("%s: %s holds a %s piece", text, b, name)
		case !st.captures && s.BB[s.Side^1]&tb != 0:
			return games.NoMove, fmt.Errorf("%s: a %s cannot capture", text, st.def.noun())
		case st.only && s.BB[s.Side^1]&tb == 0:
			return games.NoMove, fmt.Errorf("%s: a %s only captures", text, st.def.noun())
		case capture && s.BB[s.Side^1]&tb == 0:
			return games.NoMove, fmt.Errorf("%s: nothing to capture on %s", text, b)
		}
		return games.Move(from*s.g.k + i), nil
	}
	return games.NoMove, fmt.Errorf("%s: not a %s step for %s", text, s.g.rules.Name, name)
}

// String implements games.State.
func (s *State) String() string { return s.Text(&s.g.geo, "wb") }

// Board implements games.State.
func (s *State) Board() games.Board {
	return s.SquareBoard(&s.g.geo, "wb")
}
