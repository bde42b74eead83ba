package race

import (
	"errors"
	"math/bits"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

func init() {
	knowledge.RegisterPlayout("breakthrough", "ipp",
		"the implicit-minimax paper's informed playout: a move that wins at once if there is one; else, when the opponent threatens to reach the far rank, a move that stops it; else captures of undefended pieces four times as likely as any other move",
		informed("ipp", false))
	knowledge.RegisterPlayout("breakthrough", "ipp-fw",
		"the informed playout as the implicit-minimax paper's co-authors' framework played it: a move onto the far rank if there is one; else the captures made from one's home rank (of a piece a step from winning), if any; else undefended captures, other captures and quiet moves weighted 5, 2 and 1, a capture undefended when no piece of either colour stands where a recapture would come from",
		informed("ipp-fw", true))
}

// informed returns the constructor of the informed playout name: the
// paper's reading, or the framework's (fw). Both play to reach the far
// rank and value taking the last piece as a win, so neither serves misère
// play or stuck=draw.
func informed(name string, fw bool) func(games.Game) (knowledge.Playout, error) {
	return func(g games.Game) (knowledge.Playout, error) {
		switch v := g.(*Game).v; {
		case v.Misere:
			return nil, errors.New(name + " plays to reach the far rank, which loses in misère play")
		case v.StuckDraws:
			return nil, errors.New(name + " plays taking the last piece as a win, which draws under stuck=draw")
		}
		p := newIPP(g.(*Game))
		if fw {
			p.fw, p.undefended, p.capture, p.other = true, 5, 2, 1
		}
		return p, nil
	}
}

// ipp is the informed Breakthrough playout of Lanctot et al. (2014), read as
// the paper states it. At each step, for the player to move:
//
//  1. a decisive move, one that reaches the far rank or takes the
//     opponent's last piece, is played if there is one (drawn uniformly
//     among them);
//  2. otherwise, if the opponent, were it to move, could reach its far rank
//     at once, a move after which it no longer can is played (drawn
//     uniformly; anti-decisive, Teytaud and Teytaud 2010); if no move stops
//     it, step 3 decides;
//  3. otherwise a move is drawn with weight 4 for a capture of an undefended
//     piece (one on a cell that no other enemy piece attacks, so that it
//     cannot be taken back) and 1 for any other move.
//
// The co-authors' framework (tpepels/mcts_gameframe, 2014) differs in ways
// the paper does not state: weights 5, 2 and 1 for undefended captures,
// other captures and quiet moves, a capture counted as defended when any
// piece of either colour stands where a recapture would come from, and the
// anti-decisive step read as "the captures made from one's own home rank".
// This playout follows the paper's words; ipp-fw (fw set) follows the
// framework.
type ipp struct {
	// The weights of the draw: undefended captures, the other captures
	// (fw only) and any other move.
	undefended, capture, other int
	fw                         bool
	// zone[p] holds the cells from which a step of player p reaches its
	// far rank.
	zone  [2]uint64
	moves [maxMoves]games.Move
}

func newIPP(g *Game) *ipp {
	p := &ipp{undefended: 4, capture: 1, other: 1}
	for side := range 2 {
		for c := range g.geo.Cells {
			var bb [2]uint64
			bb[side] = 1 << uint(c)
			for i := range g.k {
				if g.reach(bb, games.Player(side), i)&g.goal[side] != 0 {
					p.zone[side] |= 1 << uint(c)
				}
			}
		}
	}
	return p
}

// maxMoves bounds a race game's moves: four steps from each of 24 pieces.
const maxMoves = 4 * 24

// Run implements knowledge.Playout.
func (p *ipp) Run(gs games.State, r *rng.Rand, limit int, t *games.Trace) int {
	s := gs.(*State)
	n := 0
	for ; n < limit && !s.reached(); n++ {
		side := s.Side
		tg, total := p.targets(s)
		if total == 0 {
			break // the mover has no move and loses
		}
		if !p.calm(s) {
			// 1. Decisive moves.
			if class, count := p.decisive(s, &tg); count > 0 {
				p.play(s, t, class[:s.g.k], r.Intn(count), 1)
				continue
			}
			// 2. Anti-decisive moves, when the opponent threatens.
			if p.fw {
				if class, count := p.homeCaptures(s, &tg); count > 0 {
					p.play(s, t, class[:s.g.k], r.Intn(count), 1)
					continue
				}
			} else if m := p.blocks(s, &tg); m > 0 {
				mv := p.moves[r.Intn(m)]
				if t != nil {
					t.Add(mv, side)
				}
				s.Play(mv)
				continue
			}
		}
		// 3. Weighted: undefended captures, then every other move.
		m := p.weighted(s, &tg, r)
		if t != nil {
			t.Add(m, side)
		}
		s.Play(m)
	}
	return n
}

// Forced implements knowledge.Informed: steps 1 and 2 of the playout, the
// decisive moves if there are any, else the moves that stop the opponent's
// win at once when it threatens one and some move does (under fw, the
// moves onto the far rank, else the captures made from the home rank).
func (p *ipp) Forced(gs games.State, buf []games.Move) []games.Move {
	s := gs.(*State)
	buf = buf[:0]
	if s.reached() || p.calm(s) {
		return buf
	}
	tg, total := p.targets(s)
	if total == 0 {
		return buf
	}
	if class, count := p.decisive(s, &tg); count > 0 {
		for j := range count {
			buf = append(buf, p.pick(s, class[:s.g.k], j, 1))
		}
		return buf
	}
	if p.fw {
		class, count := p.homeCaptures(s, &tg)
		for j := range count {
			buf = append(buf, p.pick(s, class[:s.g.k], j, 1))
		}
		return buf
	}
	m := p.blocks(s, &tg)
	return append(buf, p.moves[:m]...)
}

// Draw implements knowledge.Informed: step 3 of the playout, the weighted
// draw, for a position with a legal move.
func (p *ipp) Draw(gs games.State, r *rng.Rand) games.Move {
	s := gs.(*State)
	tg, _ := p.targets(s)
	return p.weighted(s, &tg, r)
}

// DrawAmong implements knowledge.Weighted: one of moves, drawn with the
// weights of the playout's free draw (undefended captures, other captures,
// other moves).
func (p *ipp) DrawAmong(gs games.State, moves []games.Move, r *rng.Rand) games.Move {
	s := gs.(*State)
	defended := p.defended(s)
	total := 0
	for _, m := range moves {
		total += p.weight(s, defended, m)
	}
	j := r.Intn(total)
	for _, m := range moves {
		if j -= p.weight(s, defended, m); j < 0 {
			return m
		}
	}
	panic("race: ipp drew beyond its moves")
}

// weight returns the weight of move m in the free draw, given the cells
// where a capture counts as defended.
func (p *ipp) weight(s *State, defended uint64, m games.Move) int {
	_, to := s.MoveCells(m)
	tb := uint64(1) << uint(to&63)
	switch {
	case s.BB[(s.Side^1)&1]&tb == 0:
		return p.other
	case defended&tb == 0:
		return p.undefended
	}
	return p.capture
}

// calm reports that no step of s is forced: the mover has no piece a step
// from its far rank, the opponent more than one piece, and no piece a step
// from its own far rank, so neither a decisive move nor a threat exists.
func (p *ipp) calm(s *State) bool {
	side := s.Side
	own, opp := s.BB[side&1], s.BB[(side^1)&1]
	return own&p.zone[side&1] == 0 && opp&(opp-1) != 0 && opp&p.zone[(side^1)&1] == 0
}

// targets returns the targets of each of the mover's steps and their
// number.
func (p *ipp) targets(s *State) (tg [maxSteps]uint64, total int) {
	g := s.g
	side := s.Side
	own, opp := s.BB[side&1], s.BB[(side^1)&1]
	st := &g.fast[side&1]
	for i := range g.k {
		tg[i] = bits.RotateLeft64(own&st[i].src, st[i].rot) &^ (own | opp&st[i].quiet)
		total += bits.OnesCount64(tg[i])
	}
	return tg, total
}

// decisive returns, of the targets tg, those of the moves that win at once
// (onto the far rank, or taking the opponent's last piece but under fw),
// and how many.
func (p *ipp) decisive(s *State, tg *[maxSteps]uint64) (class [maxSteps]uint64, count int) {
	side := s.Side
	opp := s.BB[(side^1)&1]
	win := s.g.goal[side&1]
	if opp&(opp-1) == 0 && !p.fw {
		win |= opp // the last piece
	}
	for i := range s.g.k {
		class[i] = tg[i] & win
		count += bits.OnesCount64(class[i])
	}
	return class, count
}

// homeCaptures returns, of the targets tg, those of the captures made
// from the mover's home rank, and how many: the framework's forced moves,
// which take an enemy piece a step from winning.
func (p *ipp) homeCaptures(s *State, tg *[maxSteps]uint64) (class [maxSteps]uint64, count int) {
	g := s.g
	side := s.Side
	own, opp := s.BB[side&1], s.BB[(side^1)&1]
	home := own & g.goal[(side^1)&1]
	st := &g.fast[side&1]
	for i := range g.k {
		class[i] = tg[i] & opp & bits.RotateLeft64(home&st[i].src, st[i].rot)
		count += bits.OnesCount64(class[i])
	}
	return class, count
}

// blocks puts in p.moves, when the opponent could reach its far rank at
// once were it to move, the moves after which it no longer can, and
// returns how many (0 when it does not threaten or nothing stops it).
func (p *ipp) blocks(s *State, tg *[maxSteps]uint64) int {
	g := s.g
	side := s.Side
	if !g.threatens(s.BB, side^1) {
		return 0
	}
	// Whether the opponent threatens depends only on its pieces in its zone
	// and on the mover's pieces on its home rank (the opponent's goal): a
	// move that neither leaves the home rank nor takes a piece in the zone
	// leaves the threat as it is.
	home, zone := g.goal[(side^1)&1], p.zone[(side^1)&1]&s.BB[(side^1)&1]
	st := &g.fast[side&1]
	m := 0
	for i := range g.k {
		rot := st[i].rot
		for x := tg[i]; x != 0; x &= x - 1 {
			to := bits.TrailingZeros64(x)
			from := (to - rot) & 63
			if (uint64(1)<<uint(from))&home == 0 && (uint64(1)<<uint(to))&zone == 0 {
				continue
			}
			bb := s.BB
			tb := uint64(1) << uint(to)
			bb[side&1] ^= uint64(1)<<uint(from) | tb
			bb[(side^1)&1] &^= tb
			if !g.threatens(bb, side^1) {
				p.moves[m] = games.Move(from*g.k + i)
				m++
			}
		}
	}
	return m
}

// weighted draws a move of the targets tg with weight p.undefended for a
// capture of an undefended piece, p.capture for another capture and
// p.other for any other move. A capture is defended when an enemy piece
// could take back on its cell; under fw, when any piece stands where one
// would take back from.
func (p *ipp) weighted(s *State, tg *[maxSteps]uint64, r *rng.Rand) games.Move {
	g := s.g
	opp := s.BB[(s.Side^1)&1]
	defended := p.defended(s)
	var undef, caps, rest [maxSteps]uint64
	nu, nc, no := 0, 0, 0
	for i := range g.k {
		undef[i] = tg[i] & opp &^ defended
		caps[i] = tg[i] & opp & defended
		rest[i] = tg[i] &^ opp
		nu += bits.OnesCount64(undef[i])
		nc += bits.OnesCount64(caps[i])
		no += bits.OnesCount64(rest[i])
	}
	if !p.fw {
		// The paper's draw: every other move alike, in one class.
		for i := range g.k {
			rest[i] |= caps[i]
		}
		no, nc = no+nc, 0
	}
	j := r.Intn(p.undefended*nu + p.capture*nc + p.other*no)
	if j < p.undefended*nu {
		return p.pick(s, undef[:g.k], j, p.undefended)
	}
	j -= p.undefended * nu
	if j < p.capture*nc {
		return p.pick(s, caps[:g.k], j, p.capture)
	}
	return p.pick(s, rest[:g.k], j-p.capture*nc, p.other)
}

// defended returns the cells where a capture by the mover counts as
// defended: those an enemy piece attacks, or under fw those of which any
// piece stands where a recapture would come from.
func (p *ipp) defended(s *State) uint64 {
	g := s.g
	from := s.BB
	if p.fw {
		all := s.BB[0] | s.BB[1]
		from = [2]uint64{all, all}
	}
	var d uint64
	for i := range g.k {
		if g.steps[i].captures {
			d |= g.reach(from, s.Side^1, i)
		}
	}
	return d
}

// play makes the move drawn as j among the targets of each step, every
// target weighing w (pick).
func (p *ipp) play(s *State, t *games.Trace, targets []uint64, j, w int) {
	m := p.pick(s, targets, j, w)
	if t != nil {
		t.Add(m, s.Side)
	}
	s.Play(m)
}

// pick returns the move drawn as j among the targets of each step, every
// target weighing w: the (j/w)-th target, steps in order, cells ascending.
func (p *ipp) pick(s *State, targets []uint64, j, w int) games.Move {
	j /= w
	st := &s.g.fast[s.Side&1]
	for i, x := range targets {
		c := bits.OnesCount64(x)
		if j >= c {
			j -= c
			continue
		}
		to := grid.Select(x, j)
		from := (to - st[i&3].rot) & 63
		return games.Move(from*s.g.k + i)
	}
	panic("race: ipp drew beyond its moves")
}
