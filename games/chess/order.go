package chess

import (
	"mcarena/games"
	"mcarena/games/knowledge"
)

// InCheck reports whether the player to move is in check. Alpha-beta's
// quiescence search asks it: a player in check may not stand pat on the
// evaluation, and answers with every legal move.
func (s *State) InCheck() bool { return s.inCheck() }

// Move scores for alpha-beta's move order (knowledge.MoveScore):
//
//   - "mvvlva": most valuable victim, least valuable attacker: a capture
//     scores 8 times the victim's rank (pawn 1 to queen 5) less the
//     attacker's (pawn 0 to king 5), from 3 (king takes pawn) to 40 (pawn
//     takes queen); en passant takes a pawn; a capture that promotes adds
//     the new piece's rank less the pawn's, 8 each; a quiet move scores 0.
//     No score is below 0: MVV/LVA never calls a capture losing.
//   - "see": the static exchange evaluation of the move (State.SEE), in
//     centipawns: below 0 for a capture the exchange on the square loses.
func init() {
	knowledge.RegisterMoveScore("chess", "mvvlva",
		"captures by most valuable victim, then least valuable attacker (8 x victim rank - attacker rank, pawn takes queen 40); quiet moves 0",
		func(games.Game) (knowledge.MoveScore, error) { return mvvLVA{}, nil })
	knowledge.RegisterMoveScore("chess", "see",
		"static exchange evaluation in centipawns (pawn 100, minor pieces 300, rook 500, queen 900): below 0 for a capture that loses material",
		func(games.Game) (knowledge.MoveScore, error) { return seeScore{}, nil })
}

// mvvLVA is the "mvvlva" move score.
type mvvLVA struct{}

// Score implements knowledge.MoveScore.
func (mvvLVA) Score(gs games.State, m games.Move) int {
	s := gs.(*State)
	from, to, promo := decode(m)
	attacker := int(s.board[from]&7) - 1
	victim := -1
	switch {
	case s.board[to] != 0:
		victim = int(s.board[to]&7) - 1
	case attacker == pawn && to == int(s.ep) && s.ep != 0:
		victim = pawn
	default:
		return 0
	}
	v := 8*(victim+1) - attacker
	if attacker == pawn && (to < 8 || to >= 56) {
		v += 8 * (promo - pawn)
	}
	return v
}

// seeScore is the "see" move score.
type seeScore struct{}

// Score implements knowledge.MoveScore.
func (seeScore) Score(gs games.State, m games.Move) int { return gs.(*State).see(m) }
