package race

import (
	"errors"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// The classes in which the implicit-minimax paper's co-authors' framework
// (tpepels/mcts_gameframe, Breakthrough Board.getOrderedMoves, April 2014)
// ordered its alpha-beta player's moves, best first. Its Table IV player
// ordered every node's moves so, each class in the framework's generation
// order (GameframeOrder).
const (
	frameQuiet     = iota // every other move
	frameCapture          // other captures
	frameOwnHalf          // captures on the mover's own half of the board
	frameFree             // captures whose target no piece stands diagonally ahead of
	frameGoalQuiet        // quiet moves onto the far rank
)

func init() {
	knowledge.RegisterMoveScore("breakthrough", "gameframe",
		"the implicit-minimax co-authors' framework's alpha-beta order on the 8x8 board, as a score: 4 for a quiet move onto the far rank, 3 for a capture with both cells diagonally ahead of its target empty or off the board (a capture onto the far rank among them), 2 for another capture on the mover's half of the board, 1 for any other capture, 0 for a quiet move",
		func(g games.Game) (knowledge.MoveScore, error) {
			switch v := g.(*Game).v; {
			case v.Rows != 8 || v.Cols != 8:
				return nil, errors.New("gameframe is the framework's order on its 8x8 board")
			case v.Misere:
				return nil, errors.New("gameframe puts moves onto the far rank first, which lose in misère play")
			}
			return gameframeScore{}, nil
		})
}

// gameframeScore scores moves by the framework's classes.
type gameframeScore struct{}

// Score implements knowledge.MoveScore. The framework's list also puts
// captures from either home row among the moves onto the far rank, in a
// branch no capture reaches (captures are classed before it); it is left
// out.
func (gameframeScore) Score(gs games.State, m games.Move) int {
	s := gs.(*State)
	g := s.g
	_, to := s.MoveCells(m)
	tb := uint64(1) << uint(to&63)
	if s.BB[(s.Side^1)&1]&tb == 0 {
		if tb&g.goal[s.Side&1] != 0 {
			return frameGoalQuiet
		}
		return frameQuiet
	}
	row, col := to/g.geo.Cols, to%g.geo.Cols
	ahead := row + 1 // the ranks run from the first player's home
	if s.Side == games.Second {
		ahead = row - 1
	}
	occupied := s.BB[0] | s.BB[1]
	free := true
	if ahead >= 0 && ahead < g.geo.Rows {
		for _, c := range [2]int{col - 1, col + 1} {
			if c >= 0 && c < g.geo.Cols && occupied&(uint64(1)<<uint((ahead*g.geo.Cols+c)&63)) != 0 {
				free = false
			}
		}
	}
	// The mover's own half: the ranks nearer its home row.
	fromHome := row
	if s.Side == games.Second {
		fromHome = g.geo.Rows - 1 - row
	}
	switch {
	case free:
		return frameFree
	case 2*fromHome < g.geo.Rows:
		return frameOwnHalf
	}
	return frameCapture
}
