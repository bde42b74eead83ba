package race

import (
	"errors"
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

func init() {
	knowledge.RegisterMovePrior("breakthrough", "safety",
		"Lorentz and Horey's node priors as the implicit-minimax paper uses them: a move to a square no more attacked than defended is worth more the nearer it lands to the far rank; an unsafe capture 0.6, any other unsafe move 0.3",
		func(g games.Game) (knowledge.MovePrior, error) {
			if g.(*Game).v.Misere {
				return nil, errors.New("safety rewards advancing, which loses in misère play")
			}
			return safety{}, nil
		})
}

// safety is the node prior of Lorentz and Horey (2013) that the
// implicit-minimax paper gives its Breakthrough players ("np"). The paper
// says only that it "takes into account the safety of surrounding pieces";
// the rule and the win rates are those of its co-authors' framework
// (tpepels/mcts_gameframe, 2014). With the moved piece on its target d:
//
//	attackers  enemy pieces that could capture on d (diagonally ahead of d)
//	defenders  own pieces that could take back on d (diagonally behind d)
//	safe       attackers <= defenders
//
// and, by the ranks from d to the mover's far rank,
//
//	safe:   1 rank 1.00, 2 ranks 0.95, 3 ranks 0.85, 4 ranks 0.75, 5 ranks 0.60,
//	        6 or more 0.30 (a move onto the far rank, which wins, 1.00)
//	unsafe: 0.60 for a capture, 0.30 otherwise.
//
// A search turns the rate into N virtual visits of which floor(rate*N) are
// wins (N = 10 for the paper's 1 s games, 50 for 5 s).
type safety struct{}

var safeRate = [...]float64{1, 1, 0.95, 0.85, 0.75, 0.60}

// Prior implements knowledge.MovePrior.
func (safety) Prior(gs games.State, m games.Move) float64 {
	s := gs.(*State)
	g := s.g
	from, to := s.MoveCells(m)
	p, q := s.Side, s.Side^1
	tb := uint64(1) << uint(to&63)
	capture := s.BB[q&1]&tb != 0
	var bb [2]uint64
	bb[p&1] = s.BB[p&1] ^ (uint64(1)<<uint(from&63) | tb)
	bb[q&1] = s.BB[q&1] &^ tb
	attackers, defenders := 0, 0
	for i := range g.k {
		if !g.steps[i].captures {
			continue
		}
		// An enemy piece attacks d if its capturing step lands on d; an own
		// piece defends d if it could capture an enemy piece standing there.
		attackers += bits.OnesCount64(bb[q&1] & g.sources(tb, q, i))
		defenders += bits.OnesCount64(bb[p&1] & g.sources(tb, p, i))
	}
	if attackers > defenders {
		if capture {
			return 0.60
		}
		return 0.30
	}
	rank := to / g.v.Cols
	dist := g.v.Rows - 1 - rank
	if p == games.Second {
		dist = rank
	}
	if dist < len(safeRate) {
		return safeRate[dist]
	}
	return 0.30
}

// sources returns the cells from which side's step i lands on a cell of
// to: reach run backwards.
func (g *Game) sources(to uint64, side games.Player, i int) uint64 {
	st := &g.steps[i]
	if side == games.First {
		return to >> (st.shift[0] & 63) & st.src[0]
	}
	return to << (st.shift[1] & 63) & st.src[1]
}
