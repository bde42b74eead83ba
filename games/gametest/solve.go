package gametest

import "mcarena/games"

// Solve returns the game-theoretic value of s for the player to move (1 win,
// 0 draw, -1 loss) by alpha-beta over win/draw/loss with a transposition
// table. It is exhaustive, for tiny boards only; turns need not alternate.
func Solve(s games.State) int {
	sv := &solver{tt: map[uint64]ttEntry{}, maxMoves: s.Game().MaxMoves()}
	return sv.search(s, -1, 1)
}

// SolveStats is Solve that also returns how many positions it searched.
func SolveStats(s games.State) (value int, nodes int) {
	sv := &solver{tt: map[uint64]ttEntry{}, maxMoves: s.Game().MaxMoves()}
	v := sv.search(s, -1, 1)
	return v, sv.nodes
}

type bound uint8

const (
	exact bound = iota
	lower
	upper
)

type ttEntry struct {
	value int8
	bound bound
}

type solver struct {
	tt       map[uint64]ttEntry
	maxMoves int
	nodes    int
}

func (sv *solver) search(s games.State, alpha, beta int) int {
	sv.nodes++
	if s.Terminal() {
		return s.Outcome().Value(s.ToMove())
	}
	key := s.Hash()
	if e, ok := sv.tt[key]; ok {
		v := int(e.value)
		switch {
		case e.bound == exact:
			return v
		case e.bound == lower && v >= beta:
			return v
		case e.bound == upper && v <= alpha:
			return v
		}
	}
	a0 := alpha
	moves := s.Legal(make([]games.Move, 0, sv.maxMoves))
	best := -2
	child := s.Clone()
	for _, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		var v int
		if child.ToMove() == s.ToMove() {
			v = sv.search(child, alpha, beta)
		} else {
			v = -sv.search(child, -beta, -alpha)
		}
		if v > best {
			best = v
		}
		if best > alpha {
			alpha = best
		}
		if alpha >= beta {
			break
		}
	}
	b := exact
	switch {
	case best <= a0:
		b = upper
	case best >= beta:
		b = lower
	}
	sv.tt[key] = ttEntry{int8(best), b}
	return best
}
