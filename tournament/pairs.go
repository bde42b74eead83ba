package tournament

// PairResult is the result of a seat-swapped pair of games (the pairs
// protocol, config.SeatPairs) for the match's first engine, Names[0].
type PairResult int8

// The results of a pair.
const (
	// PairLost: Names[1] won one game and at least drew the other.
	PairLost PairResult = -1
	// PairDrawn: neither engine won a game.
	PairDrawn PairResult = 0
	// PairWon: Names[0] won one game and at least drew the other.
	PairWon PairResult = 1
	// PairDiscarded: each engine won one game. The seats were swapped, so
	// the same seat won both: the start decided the pair, not the engines.
	PairDiscarded PairResult = 2
)

// String names the result.
func (r PairResult) String() string {
	switch r {
	case PairLost:
		return "lost"
	case PairDrawn:
		return "drawn"
	case PairWon:
		return "won"
	default:
		return "discarded"
	}
}

// ScorePair scores a pair from the winners of its two games, each an index
// in Names or -1 for a draw. The implicit-minimax paper's rule, after
// Ramanujan and Selman (2011): a player wins the pair if it won one game and
// at least drew the other; a pair the same seat won twice is discarded; a
// pair neither player won is drawn. With seats swapped between the two
// games, the same seat winning both is exactly each engine winning one.
func ScorePair(first, second int) PairResult {
	wins := [2]int{}
	for _, w := range [2]int{first, second} {
		if w >= 0 {
			wins[w]++
		}
	}
	switch {
	case wins[0] > 0 && wins[1] > 0:
		return PairDiscarded
	case wins[0] > 0:
		return PairWon
	case wins[1] > 0:
		return PairLost
	}
	return PairDrawn
}

// pairTally collects the games of one match's pairs as they are read.
type pairTally struct {
	winner map[int][2]int  // pair number to its games' winners
	seen   map[int][2]bool // which of a pair's games were read, without error
	bad    map[int]bool    // pairs with a game that ended in an error
}

func (t *pairTally) add(r *Record) {
	if t.winner == nil {
		t.winner, t.seen, t.bad = map[int][2]int{}, map[int][2]bool{}, map[int]bool{}
	}
	k, h := r.Index/2, r.Index%2
	if r.Error != "" {
		t.bad[k] = true
	}
	w, s := t.winner[k], t.seen[k]
	w[h], s[h] = r.Winner, true
	t.winner[k], t.seen[k] = w, s
}

// into scores every pair of the tally into m: complete pairs by ScorePair,
// the others (a game missing or ended by an error) as incomplete.
func (t *pairTally) into(m *MatchSummary) {
	for k, s := range t.seen {
		if !s[0] || !s[1] || t.bad[k] {
			m.Incomplete++
			continue
		}
		w := t.winner[k]
		switch ScorePair(w[0], w[1]) {
		case PairWon:
			m.PairWins++
		case PairLost:
			m.PairLosses++
		case PairDrawn:
			m.PairDraws++
		default:
			m.Discarded++
		}
	}
	m.Pairs = m.PairWins + m.PairDraws + m.PairLosses
	if m.Pairs > 0 {
		x := float64(m.PairWins) + float64(m.PairDraws)/2
		m.PairScore = x / float64(m.Pairs)
		m.PairLow, m.PairHigh = Wilson(x, float64(m.Pairs))
	}
}
