package race

import (
	"errors"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// The move classifiers of the alpha-beta player of the implicit-minimax
// paper (Table IV orders its moves: decisive and anti-decisive moves, then
// captures of undefended pieces, then other captures, then quiet moves), for
// every race game. Both look at bitboards only; neither plays the move.
func init() {
	for _, name := range []string{"breakthrough", "knightthrough"} {
		knowledge.RegisterClassifier(name, "undefended_capture",
			"the move takes an enemy piece that no other enemy piece could take back",
			func(games.Game) (knowledge.Classifier, error) { return undefendedCapture{}, nil })
		knowledge.RegisterClassifier(name, "antidecisive",
			"the opponent threatens to reach the far rank at once and the move leaves it no such step (a move that wins at once counts)",
			func(g games.Game) (knowledge.Classifier, error) {
				if g.(*Game).v.Misere {
					return nil, errors.New("antidecisive reads reaching the far rank as a win, which loses in misère play")
				}
				return antidecisive{}, nil
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
		t := g.reach(bb, side, i) & g.goal[side&1] &^ own
		if !g.steps[i].captures {
			t &^= opp
		}
		if t != 0 {
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

// antidecisive classifies, when the opponent could reach the far rank at
// once were it to move, the moves after which it no longer can.
type antidecisive struct{}

func (antidecisive) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	q := s.Side ^ 1
	if !s.g.threatens(s.BB, q) {
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
