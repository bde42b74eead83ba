package chess

import (
	"fmt"
	"math/bits"
	"slices"

	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/rng"
)

// Heavy playouts and decisive moves, the simulation strategies of Arenz's
// Monte Carlo chess thesis (its section 4.2.1; results in section 5.2.1),
// registered as the game's playouts for an MCTS engine's
// playout=game(name=...):
//
//   - hp-eval-E, MCC_HP_EVAL,ε: at each step, with probability ε a move
//     drawn uniformly from the legal moves, otherwise the move whose
//     position the evaluation rates best for the mover. The thesis used
//     Stockfish's evaluation; this is PeSTO's tapered evaluation (the
//     heuristic pesto), read as Stockfish's evaluate is, a static score
//     that knows nothing of mate or draws.
//   - hp-sfsee-E, MCC_HP_SEE,ε: the same with the move of the best static
//     exchange evaluation (SEE; quiet moves score 0 or less) by Stockfish
//     2.2.2's values and rules (no credit for promotions: seeStockfish),
//     the evaluator the thesis names.
//   - hp-see-E: the same by mcarena's own SEE (see.go), the stand-in
//     before.
//   - dm, MCC_DecisiveMoves: every move that gives check is tested for
//     mate, and a mate is played; only when none mates is a move drawn
//     uniformly.
//   - dm-hp-eval-E, dm-hp-see-E and dm-hp-sfsee-E: decisive moves first,
//     then the heavy playout's choice, as MCC_Combined combines them.
//   - hp-eval-last-E, hp-see-last-E and hp-sfsee-last-E (and their dm-
//     forms): the same, with the greedy step taking the last of equally
//     good moves in Legal's order instead of the first (below); a reading
//     for probes, not the thesis' players.
//   - hp-eval-rand-E, hp-see-rand-E and hp-sfsee-rand-E (and their dm-
//     forms): the same, with the greedy step drawing uniformly among the
//     equally good moves; with ε = 0 no longer deterministic, so against
//     the thesis' words, a reading for probes (below).
//
// E is ε in percent, 0, 20, 40, 60 or 80: the values of the thesis'
// Tables 1 and 3 (ε = 1 is unmodified MCC, playout=random; the mcts
// component game(name=...) takes a name, not an ε, and names hold no
// decimal point).
//
// Readings where the thesis is not specific:
//
//   - "completely deterministic" with ε = 0 (section 4.2.1): the greedy
//     choice takes the first best move in the order of Legal, with no
//     random tie-break: the native order (king moves first, then
//     castling, knights, bishops, rooks, queens, pawns), or under
//     order=stockfish Stockfish 2.2.2's (StockfishOrder), the generator
//     of the thesis' program, which does not say whether its choice kept
//     the first or the last of equal moves. The -last- playouts keep the
//     last: under order=stockfish, out of check, a quiet move worth 0 is
//     then as a rule a castling or a king move where there is one, not
//     the first pawn push. The -rand- playouts draw among the equals
//     instead: where most quiet moves are worth 0 by exchange value, the
//     first or last of equals plays one kind of move over and over (a
//     pawn push, a knight going back and forth until a repetition), which
//     a uniform draw among them does not.
//   - the coin for ε is drawn at every step, before the move (the thesis:
//     "the best evaluated move with probability 1 - ε and a random move
//     with probability ε"); the random move may be the best one.
//   - with decisive moves, the first mating move in the native order is
//     played (every mate ends the game alike), and a uniform move is drawn
//     from the native list under every order (uniform alike).
//   - every playout runs to mate or a draw by the game's rules (stalemate,
//     dead material, threefold repetition, the fifty-move rule, the ply
//     cap; under draws=stockfish, Stockfish 2.2.2's is_draw), like the
//     thesis' Algorithm 7.4.
type heavy struct {
	by       int // hpNone, hpEval, hpSEE or hpSFSEE
	eps      float64
	decisive bool
	// ties is how the greedy step chooses among equally good moves.
	ties    int // tiesFirst, tiesLast or tiesRandom
	ml      [maxMoves]games.Move
	scratch pos
}

// How a heavy playout's greedy step chooses among equally good moves: the
// first in Legal's order, the last, or one drawn uniformly.
const (
	tiesFirst = iota
	tiesLast
	tiesRandom
)

// What a heavy playout ranks its moves by.
const (
	hpNone = iota
	hpEval
	hpSEE
	hpSFSEE
)

func init() {
	knowledge.RegisterPlayout("chess", "dm", "decisive moves (the chess thesis' MCC_DecisiveMoves): every checking move is tested for mate and a mate played, else a uniform random move",
		func(games.Game) (knowledge.Playout, error) { return &heavy{by: hpNone, eps: 1, decisive: true}, nil })
	for _, dm := range []bool{false, true} {
		prefix, what := "", ""
		if dm {
			prefix, what = "dm-", "decisive moves first, then "
		}
		for _, k := range []struct {
			name, thesis, best string
			by                 int
		}{
			{"hp-eval-", "MCC_HP_EVAL", "the move PeSTO's evaluation rates best", hpEval},
			{"hp-see-", "MCC_HP_SEE", "the move of the best static exchange evaluation (mcarena's)", hpSEE},
			{"hp-sfsee-", "MCC_HP_SEE", "the move of the best static exchange evaluation by Stockfish 2.2.2's values and rules", hpSFSEE},
		} {
			for _, ties := range []int{tiesFirst, tiesLast, tiesRandom} {
				by, dm, ties := k.by, dm, ties
				name := prefix + k.name
				doc := fmt.Sprintf("%sthe chess thesis' heavy playout %s,eps with eps = E/100 (E from 0 to 100; the thesis played 0, 20, 40, 60, 80): a uniform random move with probability eps, else %s, the first of equals in the game's move order", what, k.thesis, k.best)
				switch ties {
				case tiesLast:
					doc = fmt.Sprintf("%s%s,eps as %sE plays it, but the greedy step takes the last of equally good moves in the game's move order (a reading the thesis leaves open; for probes)", what, k.thesis, name)
					name += "last-"
				case tiesRandom:
					doc = fmt.Sprintf("%s%s,eps as %sE plays it, but the greedy step draws uniformly among equally good moves (so not deterministic at eps = 0, where the thesis calls its playout completely deterministic; for probes)", what, k.thesis, name)
					name += "rand-"
				}
				knowledge.RegisterPlayoutFamily("chess", name, doc, 0, 100, func(_ games.Game, e float64) (knowledge.Playout, error) {
					return &heavy{by: by, eps: e / 100, decisive: dm, ties: ties}, nil
				})
			}
		}
	}
}

// Run implements knowledge.Playout.
func (h *heavy) Run(gs games.State, r *rng.Rand, limit int, t *games.Trace) int {
	s := gs.(*State)
	n := 0
	for ; n < limit && s.draw == drawNone; n++ {
		k := s.gen(&h.ml)
		if k == 0 {
			break
		}
		moves := h.ml[:k]
		m := games.NoMove
		if h.decisive {
			m = h.mate(&s.pos, moves)
		}
		if m == games.NoMove {
			if h.by != hpNone && (h.eps == 0 || r.Float64() >= h.eps) {
				if s.g.sf && h.ties != tiesRandom {
					// Only the greedy choice of the first or last of
					// equals reads the order.
					moves = h.ml[:s.sfGen(&h.ml)]
				}
				m = h.choose(&s.pos, moves, r)
			} else {
				m = moves[r.Intn(k)]
			}
		}
		if t != nil {
			t.Add(m, games.Player(s.side))
		}
		s.Play(m)
	}
	return n
}

// choose returns the greedy step's move among moves, legal in p: the
// first of the best, the last, or one drawn by r, as h.ties says. It may
// reorder moves.
func (h *heavy) choose(p *pos, moves []games.Move, r *rng.Rand) games.Move {
	switch h.ties {
	case tiesLast:
		// The first best of the reversed list is the last best.
		slices.Reverse(moves)
	case tiesRandom:
		return h.drawBest(p, moves, r)
	}
	return h.greedy(p, moves)
}

// drawBest returns one of the moves, legal in p, that are best for the
// mover by the playout's ranking, each as likely (a draw among the best as
// they are met, so that no list of them is kept). By exchange value a
// capture or promotion worth more than 0 is best where there is one (no
// other move can be worth more than 0, as greedy says) and only the
// captures are valued; otherwise every move is.
func (h *heavy) drawBest(p *pos, moves []games.Move, r *rng.Rand) games.Move {
	if h.by == hpSEE || h.by == hpSFSEE {
		see := (*pos).see
		if h.by == hpSFSEE {
			see = (*pos).seeStockfish
		}
		var gain bestDraw
		for _, m := range moves {
			if p.mayGain(m) {
				if v := int32(see(p, m)); v > 0 {
					gain.offer(m, v, r)
				}
			}
		}
		if gain.n > 0 {
			return gain.move
		}
		var even bestDraw
		for _, m := range moves {
			even.offer(m, int32(see(p, m)), r)
		}
		return even.move
	}
	base := p.sums()
	sign := int32(1 - 2*int(p.side))
	var best bestDraw
	for _, m := range moves {
		best.offer(m, sign*p.after(base, m).cp(), r)
	}
	return best.move
}

// bestDraw keeps one of the moves offered to it that share the highest
// value, each as likely: the n-th of them replaces the kept one with
// probability 1/n (reservoir sampling), so no list of them is kept.
type bestDraw struct {
	move  games.Move
	value int32
	n     int // moves offered at value so far
}

// offer gives the draw move m, worth v.
func (d *bestDraw) offer(m games.Move, v int32, r *rng.Rand) {
	switch {
	case d.n == 0 || v > d.value:
		d.move, d.value, d.n = m, v, 1
	case v == d.value:
		if d.n++; r.Intn(d.n) == 0 {
			d.move = m
		}
	}
}

// greedy returns the first of moves, legal in p, that is best for the
// mover by the playout's ranking.
func (h *heavy) greedy(p *pos, moves []games.Move) games.Move {
	best, bestScore := moves[0], int32(0)
	if h.by == hpSEE || h.by == hpSFSEE {
		see := (*pos).see
		if h.by == hpSFSEE {
			see = (*pos).seeStockfish
		}
		// Both exchange evaluations only lower their first gain, which
		// is 0 for a move that neither captures nor promotes: only a
		// capture or a promotion can be worth more than 0. So the first
		// of them worth the most is the choice when that is more than 0;
		// otherwise no move is worth more than 0 and the first worth 0,
		// if any, is the choice. The move is the one a full scan for the
		// first best would take, at a fraction of the evaluations.
		gain, at := int32(0), -1
		for i, m := range moves {
			if p.mayGain(m) {
				if v := int32(see(p, m)); at < 0 || v > gain {
					gain, at = v, i
				}
			}
		}
		if at >= 0 && gain > 0 {
			return moves[at]
		}
		for i, m := range moves {
			v := int32(see(p, m))
			if v == 0 {
				return m
			}
			if i == 0 || v > bestScore {
				best, bestScore = m, v
			}
		}
		return best
	}
	base := p.sums()
	sign := int32(1 - 2*int(p.side))
	for i, m := range moves {
		if v := sign * p.after(base, m).cp(); i == 0 || v > bestScore {
			best, bestScore = m, v
		}
	}
	return best
}

// mayGain says whether m, legal in p, captures (en passant too) or
// promotes: the moves whose exchange value can be above 0.
func (p *pos) mayGain(m games.Move) bool {
	from, to, _ := decode(m)
	if p.board[to] != 0 {
		return true
	}
	return p.board[from]&7-1 == pawn && (to < 8 || to >= 56 || (to == int(p.ep) && p.ep != 0))
}

// mate returns the first of moves, legal in p, that checkmates, or NoMove:
// only the moves that give check are played out.
func (h *heavy) mate(p *pos, moves []games.Move) games.Move {
	ci := p.checks()
	for _, m := range moves {
		if !p.givesCheck(&ci, m, &h.scratch) {
			continue
		}
		h.scratch = *p
		h.scratch.play(m)
		if !h.scratch.hasMove() {
			return m
		}
	}
	return games.NoMove
}

// checkInfo is what tells the mover's checking moves apart without playing
// them: the enemy king's square, the squares from which each piece type
// would attack it, and the mover's pieces that alone block one of its
// sliders' lines to it (a move off that line uncovers a check).
type checkInfo struct {
	ksq      int
	from     [6]uint64
	blockers uint64
}

func (p *pos) checks() checkInfo {
	us, them := int(p.side), int(p.side^1)
	occ := p.occ[0] | p.occ[1]
	ksq := bits.TrailingZeros64(p.pieces(them, king)) & 63
	ci := checkInfo{ksq: ksq}
	ci.from[pawn] = pawnAttacks[them][ksq]
	ci.from[knight] = knightAttacks[ksq]
	ci.from[bishop] = bishopAttacks(ksq, occ)
	ci.from[rook] = rookAttacks(ksq, occ)
	ci.from[queen] = ci.from[bishop] | ci.from[rook]
	b := p.colour(us)
	snipers := rookAttacks(ksq, 0)&(b[rook]|b[queen]) | bishopAttacks(ksq, 0)&(b[bishop]|b[queen])
	for ; snipers != 0; snipers &= snipers - 1 {
		bb := between[ksq][bits.TrailingZeros64(snipers)] & occ
		if bb != 0 && bb&(bb-1) == 0 {
			ci.blockers |= bb & p.occ[us]
		}
	}
	return ci
}

// givesCheck reports whether m, legal in p, checks the enemy king: by the
// piece that lands, or by a line it uncovers. Castling, en passant and
// promotions, rare, are played on scratch.
func (p *pos) givesCheck(ci *checkInfo, m games.Move, scratch *pos) bool {
	from, to, _ := decode(m)
	t := int(p.board[from]&7) - 1
	if t == pawn && (to < 8 || to >= 56 || to == int(p.ep) && p.ep != 0) || t == king && (to-from == 2 || from-to == 2) {
		*scratch = *p
		scratch.play(m)
		return scratch.inCheck()
	}
	if ci.from[t]&(1<<to) != 0 {
		return true
	}
	return ci.blockers&(1<<from) != 0 && line[ci.ksq][from]&(1<<to) == 0
}
