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
		func(g games.Game) (knowledge.Playout, error) {
			switch v := g.(*Game).v; {
			case v.Misere:
				return nil, errors.New("ipp plays to reach the far rank, which loses in misère play")
			case v.StuckDraws:
				return nil, errors.New("ipp plays taking the last piece as a win, which draws under stuck=draw")
			}
			return &ipp{undefended: 4, other: 1}, nil
		})
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
// This playout follows the paper's words.
type ipp struct {
	undefended, other int
	moves             [maxMoves]games.Move
}

// maxMoves bounds a race game's moves: four steps from each of 24 pieces.
const maxMoves = 4 * 24

// Run implements knowledge.Playout.
func (p *ipp) Run(gs games.State, r *rng.Rand, limit int, t *games.Trace) int {
	s := gs.(*State)
	g := s.g
	k := g.k
	n := 0
	for ; n < limit && !s.reached(); n++ {
		side := s.Side
		own, opp := s.BB[side&1], s.BB[(side^1)&1]
		st := &g.fast[side&1]
		var tg [maxSteps]uint64
		total := 0
		for i := range k {
			tg[i] = bits.RotateLeft64(own&st[i].src, st[i].rot) &^ (own | opp&st[i].quiet)
			total += bits.OnesCount64(tg[i])
		}
		if total == 0 {
			break // the mover has no move and loses
		}
		// 1. Decisive moves.
		win := g.goal[side&1]
		if opp&(opp-1) == 0 {
			win |= opp // the last piece
		}
		var class [maxSteps]uint64
		count := 0
		for i := range k {
			class[i] = tg[i] & win
			count += bits.OnesCount64(class[i])
		}
		if count > 0 {
			p.play(s, t, class[:k], r.Intn(count), 1)
			continue
		}
		// 2. Anti-decisive moves, when the opponent threatens.
		if g.threatens(s.BB, side^1) {
			m := 0
			for i := range k {
				rot := st[i].rot
				for x := tg[i]; x != 0; x &= x - 1 {
					to := bits.TrailingZeros64(x)
					from := (to - rot) & 63
					bb := s.BB
					tb := uint64(1) << uint(to)
					bb[side&1] ^= uint64(1)<<uint(from) | tb
					bb[(side^1)&1] &^= tb
					if !g.threatens(bb, side^1) {
						p.moves[m] = games.Move(from*k + i)
						m++
					}
				}
			}
			if m > 0 {
				mv := p.moves[r.Intn(m)]
				if t != nil {
					t.Add(mv, side)
				}
				s.Play(mv)
				continue
			}
		}
		// 3. Weighted: undefended captures, then every other move.
		var defended uint64
		for i := range k {
			if g.steps[i].captures {
				defended |= g.reach(s.BB, side^1, i)
			}
		}
		var rest [maxSteps]uint64
		nu, no := 0, 0
		for i := range k {
			class[i] = tg[i] & opp &^ defended
			rest[i] = tg[i] &^ class[i]
			nu += bits.OnesCount64(class[i])
			no += bits.OnesCount64(rest[i])
		}
		j := r.Intn(p.undefended*nu + p.other*no)
		if j < p.undefended*nu {
			p.play(s, t, class[:k], j, p.undefended)
		} else {
			p.play(s, t, rest[:k], j-p.undefended*nu, p.other)
		}
	}
	return n
}

// play makes the move drawn as j among the targets of each step, every
// target weighing w: the (j/w)-th target, steps in order, cells ascending.
func (p *ipp) play(s *State, t *games.Trace, targets []uint64, j, w int) {
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
		m := games.Move(from*s.g.k + i)
		if t != nil {
			t.Add(m, s.Side)
		}
		s.move(from, to)
		return
	}
	panic("race: ipp drew beyond its moves")
}
