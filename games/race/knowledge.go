package race

import (
	"errors"
	"math"
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

func init() {
	knowledge.RegisterHeuristic("breakthrough", "efms",
		"efMS of the implicit-minimax paper (after Schadd 2011): 10 a piece and 2.5 a rank of each side's most advanced piece, the difference clamped to [-100, 100] and passed through tanh(d/60); a finished game scores its outcome",
		func(g games.Game) (knowledge.Heuristic, error) {
			if g.(*Game).v.Misere {
				return nil, errors.New("efms rewards advancing, which loses in misère play")
			}
			return newEfMS(g.(*Game)), nil
		})
	knowledge.RegisterHeuristic("breakthrough", "eflh",
		"efLH of the implicit-minimax paper (Lorentz and Horey 2013): a piece-square table summed over each side's pieces, the difference passed through tanh(d/100); 8x8 only; a finished game scores its outcome",
		func(g games.Game) (knowledge.Heuristic, error) {
			v := g.(*Game).v
			switch {
			case v.Rows != 8 || v.Cols != 8:
				return nil, errors.New("eflh's table is for the 8x8 board")
			case v.Misere:
				return nil, errors.New("eflh rewards advancing, which loses in misère play")
			}
			return newEfLH(), nil
		})
	for _, name := range []string{"breakthrough", "knightthrough"} {
		knowledge.RegisterClassifier(name, "capture", "the move takes an enemy piece",
			func(games.Game) (knowledge.Classifier, error) { return capture{}, nil })
	}
}

// efMS is Schadd's simple Breakthrough evaluation as the implicit-minimax
// paper uses it (the constants as its co-authors implemented them): White's
// view. The paper updates its evaluations incrementally where it can; efMS
// reads the pieces' counts and each side's most advanced rank straight
// from the bitboards (two popcounts and two bit scans) whenever it is
// asked, which costs no more than an update would and nothing in the
// moves of the playouts that never evaluate (efLH keeps no running sums
// for the same reason).
type efMS struct {
	ends endCheck
	// lead[0][z] is the rank, counted from White's home rank, of White's
	// most advanced piece when White's bitboard has z leading zeros;
	// lead[1][z] is Black's, counted from Black's home rank, when Black's
	// bitboard has z trailing zeros. A table, because dividing by the
	// board's width on every scored move was most of a greedy step.
	lead [2][65]int8
	// cells[p][m] is the move m of player p's from cell and to cell (to in
	// the high byte; 0xffff for a move that leaves the board), so that Best
	// divides by nothing.
	cells [2][]uint16
	draw  efmsDraw
	// tanh[k+40] is math.Tanh(2.5k/60): the clamped difference is a
	// multiple of 2.5 in [-100, 100], so Value looks its tanh up.
	tanh [81]float64
}

func newEfMS(g *Game) *efMS {
	e := &efMS{draw: newEfmsDraw(g)}
	for k := range e.tanh {
		e.tanh[k] = math.Tanh(2.5 * float64(k-40) / 60)
	}
	cols := g.v.Cols
	for z := range 65 {
		// As written, z = 64 (no piece) gives Go's truncating division's
		// figure; a finished game never reaches the score.
		e.lead[0][z] = int8((63 - z) / cols)
		e.lead[1][z] = int8(g.v.Rows - 1 - z/cols)
	}
	for p := range 2 {
		e.cells[p] = make([]uint16, g.MoveSpace())
		for m := range e.cells[p] {
			from := m / g.k
			to := from + g.steps[m%g.k].delta[p]
			e.cells[p][m] = 0xffff
			if to >= 0 && to < g.geo.Cells {
				e.cells[p][m] = uint16(from | to<<8)
			}
		}
	}
	return e
}

func (e *efMS) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	// score/2.5 is an integer, exactly, and score is what the table
	// was made from, so the value is math.Tanh(score/60) bit for bit.
	return e.tanh[int(e.score(s.BB)/2.5)+40]
}

// score is efMS before tanh: the clamped difference.
func (e *efMS) score(bb [2]uint64) float64 {
	// Progress: the rank of each side's most advanced piece, counted from
	// its own home rank.
	pw := e.lead[0][bits.LeadingZeros64(bb[0])]
	pb := e.lead[1][bits.TrailingZeros64(bb[1])]
	// Each product rounded on its own, so no machine fuses it with the add.
	d := float64(10*float64(bits.OnesCount64(bb[0])-bits.OnesCount64(bb[1]))) + float64(2.5*float64(pw-pb))
	return max(-100, min(100, d))
}

// ScoreAfter implements knowledge.Scorer: the clamped difference after m,
// or the game's value when m ends it (an infinity for a win, 0 for a draw).
func (e *efMS) ScoreAfter(gs games.State, m games.Move) float64 {
	s := gs.(*State)
	bb, end, over := e.ends.after(s, m)
	if over {
		return end
	}
	return e.score(bb)
}

// Best implements knowledge.Greedy: the moves ScoreAfter ranks highest for
// the player to move, found in one pass. The score is kept in integer
// half-points (20 a piece, 5 a rank, clamped to [-200, 200]), which orders
// the moves exactly as the float score does since every term is a whole
// number of half-points; a capture looks at the opponent's most advanced
// piece again.
func (e *efMS) Best(gs games.State, moves, best []games.Move) []games.Move {
	s := gs.(*State)
	g := s.g
	p, q := s.Side, s.Side^1
	own, opp := s.BB[p&1], s.BB[q&1]
	// The mover's view: sign turns White's difference into the mover's.
	sign := 1
	if p == games.Second {
		sign = -1
	}
	// Both sides' progress and the piece difference before the move, in
	// White's terms as score computes them.
	pw, pb := int(e.lead[0][bits.LeadingZeros64(s.BB[0])]), int(e.lead[1][bits.TrailingZeros64(s.BB[1])])
	pieces := bits.OnesCount64(s.BB[0]) - bits.OnesCount64(s.BB[1])
	// A move can leave the opponent without a move only when it has few.
	stalemates := g.mobility(s.BB, q) <= 2*g.k
	cells := e.cells[p&1]
	const win = math.MaxInt
	bestScore, best := math.MinInt, best[:0]
	for _, m := range moves {
		c := cells[m]
		from, to := int(c&0xff), int(c>>8)
		tb := uint64(1) << uint(to&63)
		var v int
		if tb&g.goal[p&1] != 0 {
			v = win
		} else {
			var bb [2]uint64
			bb[p&1] = own ^ (uint64(1)<<uint(from&63) | tb)
			bb[q&1] = opp &^ tb
			if stalemates && g.mobility(bb, q) == 0 {
				// The opponent is left without a move: the mover wins, or
				// the game is drawn (0 in any view) under stuck=draw.
				v = win
				if g.v.StuckDraws {
					v = 0
				}
			} else {
				d, w, b := pieces, pw, pb
				if p == games.First {
					w = max(w, int(e.lead[0][bits.LeadingZeros64(tb)]))
					if opp&tb != 0 {
						d++
						b = int(e.lead[1][bits.TrailingZeros64(bb[1])])
					}
				} else {
					b = max(b, int(e.lead[1][bits.TrailingZeros64(tb)]))
					if opp&tb != 0 {
						d--
						w = int(e.lead[0][bits.LeadingZeros64(bb[0])])
					}
				}
				v = sign * max(-200, min(200, 20*d+5*(w-b)))
			}
		}
		bestScore, best = keepBest(v, bestScore, best, m)
	}
	return best
}

// keepBest adds m, scored v, to best, the moves of score bestScore so far:
// in their place if v beats them, beside them if it ties them.
func keepBest(v, bestScore int, best []games.Move, m games.Move) (int, []games.Move) {
	switch {
	case v > bestScore:
		return v, append(best[:0], m)
	case v == bestScore:
		return bestScore, append(best, m)
	}
	return bestScore, best
}

// endCheck finds the pieces after a move and whether the move ends the
// game. It keeps the opponent's mobility in the last position it was asked
// about, since a greedy step asks about every move of one position: a move
// takes at most 2k of the opponent's moves (k steps each of a captured piece
// and onto the target), so an opponent with more cannot be left stuck.
type endCheck struct {
	bb    [2]uint64
	side  games.Player
	mob   int
	known bool
}

// after returns the pieces after m, legal in s, and whether m ends the
// game: it reaches the far rank, or leaves the opponent no move (and so no
// piece). end is then the game's value from the first player's view: +Inf
// or -Inf when the mover wins, 0 when a player left without a move draws
// (stuck=draw). Misère play, where the ends score the other way, has no
// heuristic to ask.
func (c *endCheck) after(s *State, m games.Move) (bb [2]uint64, end float64, over bool) {
	from, to := s.MoveCells(m)
	p, q := s.Side, s.Side^1
	tb := uint64(1) << uint(to&63)
	bb = s.BB
	bb[p&1] ^= uint64(1)<<uint(from&63) | tb
	bb[q&1] &^= tb
	if tb&s.g.goal[p&1] == 0 {
		if !c.known || c.bb != s.BB || c.side != p {
			c.bb, c.side, c.mob, c.known = s.BB, p, s.g.mobility(s.BB, q), true
		}
		if c.mob > 2*s.g.k || s.g.mobility(bb, q) != 0 {
			return bb, 0, false
		}
		if s.g.v.StuckDraws {
			return bb, 0, true
		}
	}
	if p == games.First {
		return bb, math.Inf(1), true
	}
	return bb, math.Inf(-1), true
}

// capture classifies moves whose target holds an enemy piece.
type capture struct{}

func (capture) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	_, to := s.MoveCells(m)
	return s.BB[s.Side^1]&(1<<uint(to)) != 0
}

// lhTable is the piece-square table of efLH, by a piece's distance in ranks
// from its own home rank (0) to its goal rank (7), then file a to h. The
// implicit-minimax paper uses Lorentz and Horey's evaluation without
// printing it; these are the values of its co-authors' framework
// (tpepels/mcts_gameframe, Breakthrough Board, as of April 2014), the same
// for both sides.
var lhTable = [8][8]float64{
	{5, 15, 15, 5, 5, 15, 15, 5},
	{2, 3, 3, 3, 3, 3, 3, 2},
	{4, 6, 6, 6, 6, 6, 6, 4},
	{7, 10, 10, 10, 10, 10, 10, 7},
	{11, 15, 15, 15, 15, 15, 15, 11},
	{16, 21, 21, 21, 21, 21, 21, 16},
	{20, 28, 28, 28, 28, 28, 28, 20},
	{36, 36, 36, 36, 36, 36, 36, 36},
}

// efLH values a position by lhTable: tanh((PV_White - PV_Black)/100), PV
// a side's sum of its pieces' table values. The table takes 14 distinct
// values, so a side's sum is 14 popcounts of its pieces against the cells
// of each value: cheaper than keeping the sums up to date in every move of
// every playout, which would tax the searches that do not evaluate.
type efLH struct {
	ends   endCheck
	values []float64
	masks  [2][]uint64 // masks[p][i]: the cells where player p's piece is worth values[i]
	// tanh[d+lhMax] is math.Tanh(d/100) for the whole difference d: the
	// table's values are whole numbers, so every difference is one, within
	// 16 pieces a side at most lhMax.
	tanh []float64
	// cell[p][c] is the table's value of player p's piece on cell c, for
	// Best's sums in whole numbers.
	cell [2][64]int
}

// lhMax bounds efLH's difference: 16 pieces on the table's highest value.
const lhMax = 16 * 36

func newEfLH() *efLH {
	e := &efLH{}
	index := map[float64]int{}
	for r := range 8 {
		for f := range 8 {
			for p := range 2 {
				dist := r // White's home is rank 1 (r = 0)
				if p == 1 {
					dist = 7 - r
				}
				v := lhTable[dist][f]
				e.cell[p][r*8+f] = int(v)
				i, ok := index[v]
				if !ok {
					i = len(e.values)
					index[v] = i
					e.values = append(e.values, v)
					e.masks[0] = append(e.masks[0], 0)
					e.masks[1] = append(e.masks[1], 0)
				}
				e.masks[p][i] |= 1 << uint(r*8+f)
			}
		}
	}
	e.tanh = make([]float64, 2*lhMax+1)
	for i := range e.tanh {
		e.tanh[i] = math.Tanh(float64(i-lhMax) / 100)
	}
	return e
}

func (e *efLH) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	d := e.score(s.BB)
	if i := int(d) + lhMax; float64(int(d)) == d && i >= 0 && i < len(e.tanh) {
		return e.tanh[i]
	}
	return math.Tanh(d / 100)
}

// score is efLH before tanh: White's table sum minus Black's.
func (e *efLH) score(bb [2]uint64) float64 {
	var d float64
	for i, v := range e.values {
		n := bits.OnesCount64(bb[0]&e.masks[0][i]) - bits.OnesCount64(bb[1]&e.masks[1][i])
		d += float64(v * float64(n))
	}
	return d
}

// ScoreAfter implements knowledge.Scorer: the difference of table sums
// after m, or the game's value when m ends it (an infinity for a win, 0 for
// a draw).
func (e *efLH) ScoreAfter(gs games.State, m games.Move) float64 {
	s := gs.(*State)
	bb, end, over := e.ends.after(s, m)
	if over {
		return end
	}
	return e.score(bb)
}

// Best implements knowledge.Greedy: the moves ScoreAfter ranks highest for
// the player to move, found in one pass. The table's values are whole
// numbers, so the difference after a move is the one before it plus the
// moved piece's change of value and the value of the piece it takes, in
// whole numbers that order the moves exactly as the float sums of
// ScoreAfter do; a move that ends the game is found as efMS's Best finds it.
func (e *efLH) Best(gs games.State, moves, best []games.Move) []games.Move {
	s := gs.(*State)
	g := s.g
	p, q := s.Side, s.Side^1
	own, opp := s.BB[p&1], s.BB[q&1]
	// The mover's view of the difference before the move.
	before := e.wholeScore(s.BB)
	if p == games.Second {
		before = -before
	}
	// A move can leave the opponent without a move only when it has few.
	stalemates := g.mobility(s.BB, q) <= 2*g.k
	mine, theirs := &e.cell[p&1], &e.cell[q&1]
	const win = math.MaxInt
	bestScore, best := math.MinInt, best[:0]
	for _, m := range moves {
		from, to := s.MoveCells(m)
		tb := uint64(1) << uint(to&63)
		var v int
		switch {
		case tb&g.goal[p&1] != 0:
			v = win
		case stalemates && g.mobility(sidesOf(p, own^(uint64(1)<<uint(from&63)|tb), opp&^tb), q) == 0:
			// The opponent is left without a move: the mover wins, or the
			// game is drawn (0 in any view) under stuck=draw.
			v = win
			if g.v.StuckDraws {
				v = 0
			}
		default:
			v = before + mine[to&63] - mine[from&63]
			if opp&tb != 0 {
				v += theirs[to&63]
			}
		}
		bestScore, best = keepBest(v, bestScore, best, m)
	}
	return best
}

// sidesOf returns the bitboards of both sides, White's first, from the
// mover p's pieces and its opponent's.
func sidesOf(p games.Player, own, opp uint64) (bb [2]uint64) {
	bb[p&1], bb[(p^1)&1] = own, opp
	return bb
}

// wholeScore is score in whole numbers.
func (e *efLH) wholeScore(bb [2]uint64) int {
	d := 0
	for c := bb[0]; c != 0; c &= c - 1 {
		d += e.cell[0][bits.TrailingZeros64(c)]
	}
	for c := bb[1]; c != 0; c &= c - 1 {
		d -= e.cell[1][bits.TrailingZeros64(c)]
	}
	return d
}
