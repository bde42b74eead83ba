package tournament

import (
	"slices"

	"mcarena/config"
)

// Bracket is an elimination preset's tournament (config.Preset.Elimination)
// as a results file decides it so far.
//
// Round 1 takes the engines in seeding order. A round folds its entrants'
// order: the first meets the last, the second the second-to-last and so
// on; when their number is odd, the middle entrant sits the round out with
// a bye. The next round's entrants are the engines that advanced, in the
// order of their pairings, then the bye. This is the bracket the
// implicit-minimax paper's tuning tournaments show round by round (its
// arXiv appendix): with 13 engines the first round is 1-13, 2-12, ...,
// 6-8 with 7 on a bye, and the second folds the six winners and 7 again.
// Each pairing is one match of count games, seats swapped when the preset
// swaps them, seeds and starts derived as in any match (GameSeed,
// StartSeed). The engine with the higher score over the pairing's games
// without an error (a win 1, a draw 1/2; under the pairs protocol, over
// its seat-swapped pairs as ScorePair scores them, discarded pairs left
// out) advances; on equal scores, the
// higher seed (the engine earlier in the seeding order) advances: a tuning
// tournament keeps the earlier parameter value when the games cannot tell
// the two apart (the appendix's two tied pairings went that way). Rounds
// go on until one engine is left; n engines play n-1 pairings, (n-1)*count
// games.
//
// A round's pairings depend only on the preset and the results of the
// rounds before it, so a resumed run recomputes the bracket from its file;
// a round starts only once every game of the round before is recorded.
type Bracket struct {
	Preset string
	// Count is the number of games of each pairing.
	Count int
	// Scale is the factor the run scaled the budgets by (--scale; 0 for
	// none): a bracket reads the games of one scale.
	Scale float64
	// Rounds are the rounds decided or in play: every round but the last
	// is complete.
	Rounds []Round
	// Winner is the last engine left, "" until the final is complete.
	Winner string
	// PaperWinner is the paper's winner, "" when it names none.
	PaperWinner string
}

// Round is one round of a bracket.
type Round struct {
	Number   int // from 1
	Pairings []Pairing
	// Bye is the entrant that sits the round out, "" when none does.
	Bye string
}

// Complete says every pairing of the round has all its games.
func (r *Round) Complete() bool {
	for _, p := range r.Pairings {
		if p.Winner < 0 {
			return false
		}
	}
	return true
}

// Pairing is one match of a bracket: Names[0] is the entrant earlier in
// the round's order.
type Pairing struct {
	Match Match
	// Seeds are the seeding positions of Names, from 1.
	Seeds [2]int
	// Recorded counts the pairing's distinct games among its first Count,
	// those that ended in an error included.
	Recorded int
	// Games, Wins, Draws and Losses count the games without an error from
	// Names[0]'s view; Errors the others. Under the pairs protocol they
	// count seat-swapped pairs (ScorePair): Games the pairs scored,
	// Discarded those each engine won once, Errors those with a game that
	// ended in an error.
	Games, Wins, Draws, Losses, Errors, Discarded int
	// Score is Names[0]'s score, (wins + draws/2) / Games, with its 95%
	// Wilson interval (0, 0-1 without games).
	Score, Low, High float64
	// Winner is the index in Names of the engine that advances, -1 until
	// the pairing's games are all recorded.
	Winner int
	// BySeed says the scores were equal and the higher seed advanced.
	BySeed bool
}

// NewBracket returns the bracket of elimination preset p as recs decide it,
// count games a pairing (0: the preset's). Records of other presets, of
// games past the first count of a pairing, of another budget scale than
// the preset's first record's (BudgetScale; a run with --scale plays a
// tournament of its own), and repeats of a game (Unique) are not counted.
func NewBracket(p *config.Preset, recs []Record, count int) *Bracket {
	if count <= 0 {
		count = p.Count
	}
	b := &Bracket{Preset: p.Name, Count: count, PaperWinner: p.PaperWinner}
	games := map[string][]*Record{} // match key to its games by index
	seen := map[gameKey]bool{}
	scaleSet := false // b.Scale is taken from the preset's first record
	for i := range recs {
		r := &recs[i]
		if r.Preset != p.Name || r.Kind != GameKind {
			continue
		}
		if !scaleSet {
			b.Scale, scaleSet = r.BudgetScale, true
		}
		if r.BudgetScale != b.Scale || r.Index >= count || seen[keyOf(r)] {
			continue
		}
		seen[keyOf(r)] = true
		games[r.Match] = append(games[r.Match], r)
	}
	seed := map[string]int{}
	for i, n := range p.Elimination {
		seed[n] = i + 1
	}
	entrants := append([]string(nil), p.Elimination...)
	for len(entrants) > 1 {
		round := Round{Number: len(b.Rounds) + 1}
		n := len(entrants)
		for i := range n / 2 {
			a, z := entrants[i], entrants[n-1-i]
			m := Match{Game: p.Games[0], Pair: -1, Names: [2]string{a, z}, Paper: -1, PaperFirst: -1, PaperSecond: -1}
			pr := scorePairing(m, games[m.Key(p)], count, p.Protocol == config.SeatPairs)
			pr.Seeds = [2]int{seed[a], seed[z]}
			if pr.BySeed && pr.Seeds[1] < pr.Seeds[0] {
				pr.Winner = 1
			}
			round.Pairings = append(round.Pairings, pr)
		}
		if n%2 == 1 {
			round.Bye = entrants[n/2]
		}
		b.Rounds = append(b.Rounds, round)
		if !round.Complete() {
			return b
		}
		entrants = entrants[:0:0]
		for _, pr := range round.Pairings {
			entrants = append(entrants, pr.Match.Names[pr.Winner])
		}
		if round.Bye != "" {
			entrants = append(entrants, round.Bye)
		}
	}
	b.Winner = entrants[0]
	return b
}

// scorePairing tallies a pairing's games and decides it once all count are
// recorded, Names[0] advancing on equal scores (NewBracket hands a tie to
// the higher seed). Under the pairs protocol (pairs true) it tallies
// seat-swapped pairs instead (ScorePair): a pair with a game that ended in
// an error is an error, a discarded pair is not scored.
func scorePairing(m Match, recs []*Record, count int, pairs bool) Pairing {
	pr := Pairing{Match: m, Recorded: len(recs), Winner: -1}
	tally := func(w int) {
		switch w {
		case 0:
			pr.Wins++
		case 1:
			pr.Losses++
		default:
			pr.Draws++
		}
		pr.Games++
	}
	if pairs {
		type pair struct {
			winner [2]int
			seen   int
			bad    bool
		}
		byPair := map[int]*pair{}
		for _, r := range recs {
			k := byPair[r.Index/2]
			if k == nil {
				k = &pair{}
				byPair[r.Index/2] = k
			}
			k.winner[r.Index%2] = r.Winner
			k.seen++
			k.bad = k.bad || r.Error != ""
		}
		for _, k := range byPair {
			switch {
			case k.seen < 2:
			case k.bad:
				pr.Errors++
			default:
				switch ScorePair(k.winner[0], k.winner[1]) {
				case PairWon:
					tally(0)
				case PairLost:
					tally(1)
				case PairDrawn:
					tally(-1)
				default:
					pr.Discarded++
				}
			}
		}
	} else {
		for _, r := range recs {
			if r.Error != "" {
				pr.Errors++
				continue
			}
			tally(r.Winner)
		}
	}
	pr.High = 1
	if pr.Games > 0 {
		x := float64(pr.Wins) + float64(pr.Draws)/2
		pr.Score = x / float64(pr.Games)
		pr.Low, pr.High = Wilson(x, float64(pr.Games))
	}
	if pr.Recorded == count {
		// Wins against losses is the score's comparison, without floats.
		pr.Winner = 0
		if pr.Losses > pr.Wins {
			pr.Winner = 1
		}
		pr.BySeed = pr.Wins == pr.Losses
	}
	return pr
}

// current returns the first round of b not complete, nil when b has a
// winner.
func (b *Bracket) current() *Round {
	if b.Winner != "" {
		return nil
	}
	return &b.Rounds[len(b.Rounds)-1]
}

// shorterPairings returns the pairings, other than those of ms, of the
// brackets that preset p's records make at fewer games a pairing than
// count: those of a first look at fewer games, which a run of more keeps.
// Each such bracket is read at a number of games some pairing of the
// records reached.
func shorterPairings(p *config.Preset, recs []Record, count int, ms []Match) []Match {
	reached := map[string]int{}
	for i := range recs {
		if r := &recs[i]; r.Preset == p.Name && r.Kind == GameKind {
			reached[r.Match] = max(reached[r.Match], r.Index+1)
		}
	}
	var counts []int
	for _, c := range reached {
		if c < count && !slices.Contains(counts, c) {
			counts = append(counts, c)
		}
	}
	slices.Sort(counts)
	have := map[string]bool{}
	for _, m := range ms {
		have[m.Key(p)] = true
	}
	var out []Match
	for _, c := range counts {
		for _, m := range NewBracket(p, recs, c).Matches() {
			if k := m.Key(p); !have[k] {
				have[k] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// Matches lists the matches of b's rounds so far, round by round.
func (b *Bracket) Matches() []Match {
	var out []Match
	for _, r := range b.Rounds {
		for _, p := range r.Pairings {
			out = append(out, p.Match)
		}
	}
	return out
}
