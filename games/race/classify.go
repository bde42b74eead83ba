package race

import (
	"errors"
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// The move classifiers of the alpha-beta player of the implicit-minimax
// paper (Table IV orders its moves: decisive and anti-decisive moves, then
// captures of undefended pieces, then other captures, then quiet moves), for
// every race game. They look at bitboards only; none plays the move.
func init() {
	for _, name := range []string{"breakthrough", "knightthrough"} {
		knowledge.RegisterClassifier(name, "decisive",
			"the move wins at once: it reaches the far rank or leaves the opponent no move (under stuck=draw only reaching the far rank wins; in misère play no move does); the generic decisive read from bitboards",
			func(g games.Game) (knowledge.Classifier, error) { return &decisive{}, nil })
		knowledge.RegisterClassifier(name, "undefended_capture",
			"the move takes an enemy piece that no other enemy piece could take back",
			func(games.Game) (knowledge.Classifier, error) { return undefendedCapture{}, nil })
		knowledge.RegisterClassifier(name, "antidecisive",
			"the opponent threatens to reach the far rank at once and the move leaves it no such step (a move that wins at once counts)",
			func(g games.Game) (knowledge.Classifier, error) {
				if g.(*Game).v.Misere {
					return nil, errors.New("antidecisive reads reaching the far rank as a win, which loses in misère play")
				}
				return &antidecisive{}, nil
			})
	}
}

// reach returns the cells that side's pieces in bb could step onto by step
// i, ignoring what stands there.
func (g *Game) reach(bb [2]uint64, side games.Player, i int) uint64 {
	st := &g.steps[i]
	if side == games.First {
		return (bb[0] & st.src[0]) << (st.shift[0] & 63)
	}
	return (bb[1] & st.src[1]) >> (st.shift[1] & 63)
}

// threatens reports whether side, were it to move in bb, could step onto its
// goal rank at once.
func (g *Game) threatens(bb [2]uint64, side games.Player) bool {
	own, opp := bb[side&1], bb[(side^1)&1]
	for i := range g.k {
		if g.steps[i].onto(g.reach(bb, side, i)&g.goal[side&1], own, opp) != 0 {
			return true
		}
	}
	return false
}

// undefendedCapture classifies captures of an enemy piece whose cell no other
// enemy piece attacks (by a capturing step), so that the capture cannot be
// answered by a recapture there.
type undefendedCapture struct{}

func (undefendedCapture) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	_, to := s.MoveCells(m)
	tb := uint64(1) << uint(to&63)
	q := s.Side ^ 1
	if s.BB[q]&tb == 0 {
		return false
	}
	for i := range s.g.k {
		if s.g.steps[i].captures && s.g.reach(s.BB, q, i)&tb != 0 {
			return false
		}
	}
	return true
}

// decisive classifies the moves that win at once. A move that does not
// reach the far rank wins only if it leaves the opponent no move (and not
// under stuck=draw, where that draws); a move removes at most 2k of the
// opponent's moves (the k steps of the captured piece, and the steps onto
// the target, which was empty, or onto the source, which held a piece: one
// per step), so that is looked at only where the opponent has at most 2k,
// counted once a position.
type decisive struct {
	bb       [2]uint64
	side     games.Player
	mobility int // the opponent's moves, were it to move
	known    bool
}

func (d *decisive) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	if s.g.v.Misere {
		// The mover loses by reaching the far rank, and a stuck opponent
		// wins.
		return false
	}
	from, to := s.MoveCells(m)
	tb := uint64(1) << uint(to&63)
	if tb&s.g.goal[s.Side&1] != 0 {
		return true
	}
	if s.g.v.StuckDraws {
		return false
	}
	q := s.Side ^ 1
	if !d.known || d.bb != s.BB || d.side != s.Side {
		d.bb, d.side, d.mobility, d.known = s.BB, s.Side, s.g.mobility(s.BB, q), true
	}
	if d.mobility > 2*s.g.k {
		return false
	}
	bb := s.BB
	bb[s.Side&1] ^= uint64(1)<<uint(from&63) | tb
	bb[q&1] &^= tb
	return s.g.mobility(bb, q) == 0
}

// mobility counts side's moves in bb, were it to move.
func (g *Game) mobility(bb [2]uint64, side games.Player) int {
	own, opp := bb[side&1], bb[(side^1)&1]
	n := 0
	for i := range g.k {
		n += bits.OnesCount64(g.steps[i].onto(g.reach(bb, side, i), own, opp))
	}
	return n
}

// antidecisive classifies, when the opponent could reach the far rank at
// once were it to move, the moves after which it no longer can. It keeps
// the last position's threat, since a search asks about every move of a
// position in turn.
type antidecisive struct {
	bb     [2]uint64
	side   games.Player
	threat bool
	known  bool
}

func (a *antidecisive) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	q := s.Side ^ 1
	if !a.known || a.bb != s.BB || a.side != s.Side {
		a.bb, a.side, a.threat, a.known = s.BB, s.Side, s.g.threatens(s.BB, q), true
	}
	if !a.threat {
		return false
	}
	from, to := s.MoveCells(m)
	tb := uint64(1) << uint(to&63)
	if tb&s.g.goal[s.Side&1] != 0 {
		return true
	}
	bb := s.BB
	bb[s.Side&1] ^= uint64(1)<<uint(from&63) | tb
	bb[q&1] &^= tb
	return !s.g.threatens(bb, q)
}
