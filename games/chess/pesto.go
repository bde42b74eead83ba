package chess

import (
	"math"
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// PeSTO's evaluation (Ronald Friederich's "Piece-Square Tables Only", as
// published on the Chess Programming Wiki page "PeSTO's Evaluation
// Function"): a material value and a piece-square table for each piece,
// one set for the middlegame and one for the endgame, blended by the game
// phase (tapered evaluation). The numbers below are the published ones;
// the engine's tempo bonus for the side to move, which the wiki's version
// leaves out, is left out here too.
//
// Phase: knights and bishops count 1, rooks 2, queens 4, so the start
// position has 24 (capped at 24 after early promotions); with mg and eg the
// two sums from White's view, the score in centipawns is
//
//	cp = (mg*phase + eg*(24-phase)) / 24   (integer division, toward zero)
//
// and the heuristic's value is tanh(cp/400): a pawn or so (100 cp) is worth
// 0.24, a minor piece 0.65, a rook 0.84. A finished game scores its outcome
// (+1, 0, -1). Integer sums and a division that rounds toward zero make the
// score exactly antisymmetric: flipping the board and the colours negates
// it.

// pestoMG and pestoEG are the material values of pawn, knight, bishop,
// rook, queen and king.
var (
	pestoMG = [6]int32{82, 337, 365, 477, 1025, 0}
	pestoEG = [6]int32{94, 281, 297, 512, 936, 0}
)

// phaseInc is each piece type's share of the game phase.
var phaseInc = [6]int32{0, 1, 1, 2, 4, 0}

// pestoTables are the piece-square tables for White, middlegame then
// endgame for each piece type, each written as the board is seen, rank 8
// first, files a to h (so entry i is square i^56).
var pestoTables = [6][2][64]int32{
	pawn: {{
		0, 0, 0, 0, 0, 0, 0, 0,
		98, 134, 61, 95, 68, 126, 34, -11,
		-6, 7, 26, 31, 65, 56, 25, -20,
		-14, 13, 6, 21, 23, 12, 17, -23,
		-27, -2, -5, 12, 17, 6, 10, -25,
		-26, -4, -4, -10, 3, 3, 33, -12,
		-35, -1, -20, -23, -15, 24, 38, -22,
		0, 0, 0, 0, 0, 0, 0, 0,
	}, {
		0, 0, 0, 0, 0, 0, 0, 0,
		178, 173, 158, 134, 147, 132, 165, 187,
		94, 100, 85, 67, 56, 53, 82, 84,
		32, 24, 13, 5, -2, 4, 17, 17,
		13, 9, -3, -7, -7, -8, 3, -1,
		4, 7, -6, 1, 0, -5, -1, -8,
		13, 8, 8, 10, 13, 0, 2, -7,
		0, 0, 0, 0, 0, 0, 0, 0,
	}},
	knight: {{
		-167, -89, -34, -49, 61, -97, -15, -107,
		-73, -41, 72, 36, 23, 62, 7, -17,
		-47, 60, 37, 65, 84, 129, 73, 44,
		-9, 17, 19, 53, 37, 69, 18, 22,
		-13, 4, 16, 13, 28, 19, 21, -8,
		-23, -9, 12, 10, 19, 17, 25, -16,
		-29, -53, -12, -3, -1, 18, -14, -19,
		-105, -21, -58, -33, -17, -28, -19, -23,
	}, {
		-58, -38, -13, -28, -31, -27, -63, -99,
		-25, -8, -25, -2, -9, -25, -24, -52,
		-24, -20, 10, 9, -1, -9, -19, -41,
		-17, 3, 22, 22, 22, 11, 8, -18,
		-18, -6, 16, 25, 16, 17, 4, -18,
		-23, -3, -1, 15, 10, -3, -20, -22,
		-42, -20, -10, -5, -2, -20, -23, -44,
		-29, -51, -23, -15, -22, -18, -50, -64,
	}},
	bishop: {{
		-29, 4, -82, -37, -25, -42, 7, -8,
		-26, 16, -18, -13, 30, 59, 18, -47,
		-16, 37, 43, 40, 35, 50, 37, -2,
		-4, 5, 19, 50, 37, 37, 7, -2,
		-6, 13, 13, 26, 34, 12, 10, 4,
		0, 15, 15, 15, 14, 27, 18, 10,
		4, 15, 16, 0, 7, 21, 33, 1,
		-33, -3, -14, -21, -13, -12, -39, -21,
	}, {
		-14, -21, -11, -8, -7, -9, -17, -24,
		-8, -4, 7, -12, -3, -13, -4, -14,
		2, -8, 0, -1, -2, 6, 0, 4,
		-3, 9, 12, 9, 14, 10, 3, 2,
		-6, 3, 13, 19, 7, 10, -3, -9,
		-12, -3, 8, 10, 13, 3, -7, -15,
		-14, -18, -7, -1, 4, -9, -15, -27,
		-23, -9, -23, -5, -9, -16, -5, -17,
	}},
	rook: {{
		32, 42, 32, 51, 63, 9, 31, 43,
		27, 32, 58, 62, 80, 67, 26, 44,
		-5, 19, 26, 36, 17, 45, 61, 16,
		-24, -11, 7, 26, 24, 35, -8, -20,
		-36, -26, -12, -1, 9, -7, 6, -23,
		-45, -25, -16, -17, 3, 0, -5, -33,
		-44, -16, -20, -9, -1, 11, -6, -71,
		-19, -13, 1, 17, 16, 7, -37, -26,
	}, {
		13, 10, 18, 15, 12, 12, 8, 5,
		11, 13, 13, 11, -3, 3, 8, 3,
		7, 7, 7, 5, 4, -3, -5, -3,
		4, 3, 13, 1, 2, 1, -1, 2,
		3, 5, 8, 4, -5, -6, -8, -11,
		-4, 0, -5, -1, -7, -12, -8, -16,
		-6, -6, 0, 2, -9, -9, -11, -3,
		-9, 2, 3, -1, -5, -13, 4, -20,
	}},
	queen: {{
		-28, 0, 29, 12, 59, 44, 43, 45,
		-24, -39, -5, 1, -16, 57, 28, 54,
		-13, -17, 7, 8, 29, 56, 47, 57,
		-27, -27, -16, -16, -1, 17, -2, 1,
		-9, -26, -9, -10, -2, -4, 3, -3,
		-14, 2, -11, -2, -5, 2, 14, 5,
		-35, -8, 11, 2, 8, 15, -3, 1,
		-1, -18, -9, 10, -15, -25, -31, -50,
	}, {
		-9, 22, 22, 27, 27, 19, 10, 20,
		-17, 20, 32, 41, 58, 25, 30, 0,
		-20, 6, 9, 49, 47, 35, 19, 9,
		3, 22, 24, 45, 57, 40, 57, 36,
		-18, 28, 19, 47, 31, 34, 39, 23,
		-16, -27, 15, 6, 9, 17, 10, 5,
		-22, -23, -30, -16, -16, -23, -36, -32,
		-33, -28, -22, -43, -5, -32, -20, -41,
	}},
	king: {{
		-65, 23, 16, -15, -56, -34, 2, 13,
		29, -1, -20, -7, -8, -4, -38, -29,
		-9, 24, 2, -16, -20, 6, 22, -22,
		-17, -20, -12, -27, -30, -25, -14, -36,
		-49, -1, -27, -39, -46, -44, -33, -51,
		-14, -14, -22, -46, -44, -30, -15, -27,
		1, 7, -8, -64, -43, -16, 9, 8,
		-15, 36, 12, -54, 8, -28, 24, 14,
	}, {
		-74, -35, -18, -18, -11, 15, 4, -17,
		-12, 17, 14, 17, 17, 38, 23, 11,
		10, 17, 23, 15, 20, 45, 44, 13,
		-8, 22, 24, 27, 26, 33, 26, 3,
		-18, -4, 21, 24, 27, 23, 9, -11,
		-19, -3, 11, 21, 23, 16, 7, -9,
		-27, -11, 4, 13, 14, 4, -5, -17,
		-53, -34, -21, -11, -28, -14, -24, -43,
	}},
}

// psq holds, by colour, piece type and square, the middlegame ([0]) and
// endgame ([1]) value of a piece there, material included, signed for
// White's view (Black's negative); Black's tables are White's mirrored
// rank for rank.
var psq [2][6][64][2]int32

func init() {
	for t := range 6 {
		for sq := range 64 {
			for ph, val := range [2][6]int32{pestoMG, pestoEG} {
				psq[White][t][sq][ph] = val[t] + pestoTables[t][ph][sq^56]
				psq[Black][t][sq][ph] = -(val[t] + pestoTables[t][ph][sq])
			}
		}
	}
}

// maxPhase is the phase of the start position and the cap.
const maxPhase = 24

// evalSums are the two sums of the evaluation and the phase.
type evalSums struct{ mg, eg, phase int32 }

// sums computes the evaluation's sums from the bitboards.
func (p *pos) sums() evalSums {
	var e evalSums
	for c := range 2 {
		for t := range 6 {
			for b := p.pieces(c, t); b != 0; b &= b - 1 {
				v := &psq[c][t][bits.TrailingZeros64(b)]
				e.mg += v[0]
				e.eg += v[1]
			}
			e.phase += phaseInc[t] * int32(bits.OnesCount64(p.pieces(c, t)))
		}
	}
	return e
}

// cp tapers the sums into centipawns from White's view.
func (e evalSums) cp() int32 {
	ph := min(e.phase, maxPhase)
	return (e.mg*ph + e.eg*(maxPhase-ph)) / maxPhase
}

// after returns the sums after m, legal in p, from the sums e of p: the
// moved piece leaves its square and lands (promoted) on its target, a
// captured piece (en passant too) leaves the board, castling moves the rook.
func (p *pos) after(e evalSums, m games.Move) evalSums {
	from, to, promo := decode(m)
	us, them := int(p.side), int(p.side^1)
	t := int(p.board[from]&7) - 1
	nt := t
	if t == pawn && (to < 8 || to >= 56) {
		nt = promo
		e.phase += phaseInc[nt]
	}
	a, b := &psq[us][t][from], &psq[us][nt][to]
	e.mg += b[0] - a[0]
	e.eg += b[1] - a[1]
	if c := p.board[to]; c != 0 {
		ct := int(c&7) - 1
		v := &psq[them][ct][to]
		e.mg -= v[0]
		e.eg -= v[1]
		e.phase -= phaseInc[ct]
	} else if t == pawn && to == int(p.ep) && p.ep != 0 {
		capSq := to - 8
		if us == Black {
			capSq = to + 8
		}
		v := &psq[them][pawn][capSq]
		e.mg -= v[0]
		e.eg -= v[1]
	} else if t == king && (to-from == 2 || from-to == 2) {
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		a, b := &psq[us][rook][rf], &psq[us][rook][rt]
		e.mg += b[0] - a[0]
		e.eg += b[1] - a[1]
	}
	return e
}

// Evaluation returns PeSTO's tapered score of s in centipawns from White's
// view, and the game phase (24 at the start, 0 with kings and pawns only,
// capped at 24). It ignores whether the game is over.
func (s *State) Evaluation() (cp, phase int) {
	e := s.sums()
	return int(e.cp()), int(min(e.phase, maxPhase))
}

// pestoScale is the centipawns that tanh divides by.
const pestoScale = 400

func init() {
	knowledge.RegisterHeuristic("chess", "pesto",
		"PeSTO's tapered evaluation (the Chess Programming Wiki's published material values and piece-square tables, middlegame and endgame blended by the phase), tanh(cp/400) from White's view; a finished game scores its outcome",
		func(games.Game) (knowledge.Heuristic, error) { return &pesto{}, nil })
}

// pesto is the heuristic. Its ScoreAfter reads each move's score from the
// sums of its position, computed once per position (the last one asked
// about is kept), and the change the move makes: cheaper than keeping the
// sums up to date in every move of every playout, which would tax the
// searches that do not evaluate.
type pesto struct {
	key     uint64 // the hash of the position whose sums are kept
	keyOcc  uint64
	base    evalSums
	scratch pos
}

// Value implements knowledge.Heuristic.
func (*pesto) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	return math.Tanh(float64(s.sums().cp()) / pestoScale)
}

// Raw implements knowledge.Raw: the tapered score in centipawns from
// White's view, of a finished game too. It is read as Stockfish's evaluate
// is, a static score that knows nothing of mate or draws (the search's rules
// and its solver see those).
func (*pesto) Raw(gs games.State) float64 {
	return float64(gs.(*State).sums().cp())
}

// ScoreAfter implements knowledge.Scorer: the centipawns after m, +Inf or
// -Inf when m mates, 0 when it ends the game in a draw (stalemate, dead
// material, repetition, the fifty-move rule, the ply cap, by the game's
// rules), as
// Value scores the position after m. One departure: tanh rounds to exactly
// ±1 beyond some 7,500 centipawns (seven queens up), where Value no longer
// tells positions apart and ScoreAfter still does.
func (e *pesto) ScoreAfter(gs games.State, m games.Move) float64 {
	s := gs.(*State)
	if e.key != s.hash || e.keyOcc != s.occ[0]|s.occ[1] {
		e.key, e.keyOcc, e.base = s.hash, s.occ[0]|s.occ[1], s.sums()
	}
	q := &e.scratch
	*q = s.pos
	castle := q.castle
	resets := s.g.sfDraws && q.castles(m)
	irrev := q.play(m)
	if resets {
		q.half = 0 // Stockfish's clock
	}
	if !q.hasMove() {
		if q.inCheck() {
			return math.Inf(1 - 2*int(s.side))
		}
		return 0
	}
	if s.g.drawnMaterial(q) || q.half >= histLen || s.g.maxPlies > 0 && int(q.ply) >= s.g.maxPlies {
		return 0
	}
	if !irrev && q.castle == castle && s.repeatsAfter(q.hash) {
		return 0
	}
	return float64(s.pos.after(e.base, m).cp())
}

// repeatsAfter reports whether a reversible move of s that leads to the
// position of hash h makes it occur a third time, or a second under
// Stockfish's draws (State.Play's history and Repetitions, without
// playing).
func (s *State) repeatsAfter(h uint64) bool {
	n := int(s.nhist)
	if n < histLen {
		n++ // s's own hash joins the history
	}
	count := 1
	for i := n - 4; i >= 0; i -= 2 {
		if s.hist[i] == h {
			count++
		}
	}
	return count >= s.g.reps()
}
