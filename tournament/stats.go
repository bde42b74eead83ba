package tournament

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"mcarena/config"
)

// Wilson returns the 95% Wilson score interval of a proportion of x successes
// in n trials (x may be fractional: draws count half).
func Wilson(x, n float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p := x / n
	den := 1 + z*z/n
	center := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return math.Max(0, center-half), math.Min(1, center+half)
}

// MatchSummary is the result of one match so far, for its first engine.
type MatchSummary struct {
	// Budget is the preset's budget text, followed by " xF" where the run
	// scaled it by F (BudgetScale); the same match at two scales gives two
	// summaries.
	Preset, Match, Game, Budget string
	BudgetScale                 float64
	Names                       [2]string
	Games                       int // finished without error
	Wins, Draws, Losses         int
	Errors                      int
	// OnTime counts the games of Wins, Draws and Losses that a flag fall
	// decided (under a clock): won on time, drawn on time (the opponent
	// of the side whose flag fell could not win), lost on time.
	OnTime [3]int
	// Resigned counts the games of Wins, Draws and Losses that an engine's
	// resignation decided: won, lost.
	Resigned [3]int
	// FirstMoverWins counts games won by whoever moved first.
	FirstMoverWins int
	// AsFirst and AsSecond split the games of Names[0] by its seat: those
	// it moved first in (White in Havannah) and the others, as papers that
	// alternate colours report them.
	AsFirst, AsSecond SeatScore
	// PaperFirst and PaperSecond are the paper's figures for the two
	// seats (percent, -1 where it gives none); Summarise leaves them -1
	// for the caller that knows the presets to fill.
	PaperFirst, PaperSecond float64
	Score                   float64 // (wins + draws/2) / games
	Low, High               float64 // 95% Wilson interval of Score
	Paper                   float64 // percent, -1 if none
	// Outside says the paper's figure lies outside our interval: the pair
	// score's in a match played in pairs, where the paper's figure is a
	// pair score.
	Outside bool
	// Scaled says the match was played with budgets scaled by a factor
	// (BudgetScale), or only by runs of fewer games than the preset asks
	// for (--games): a match that a run at the preset's count (or more)
	// played on from a first look is not scaled down.
	Scaled  bool
	Seconds float64
	// Duplicates counts the records that repeated a game of the match
	// already counted: each game is counted once.
	Duplicates int

	// Paired says the match was played as seat-swapped pairs (the pairs
	// protocol); the figures below count its pairs, each once, beside the
	// per-game figures above.
	Paired bool
	// Pairs counts the pairs scored: won, drawn or lost by Names[0].
	Pairs                           int
	PairWins, PairDraws, PairLosses int
	// Discarded counts the pairs whose two games the same seat won; they
	// are not scored.
	Discarded int
	// Incomplete counts the pairs with a game missing (a run in progress,
	// or another shard's) or ended by an error; they are not scored.
	Incomplete int
	// PairScore is (pair wins + pair draws/2) / Pairs, with its 95% Wilson
	// interval.
	PairScore, PairLow, PairHigh float64

	// SameSpec says the two engines have one spec (a sweep's point whose
	// option is the baseline's own value, such as alpha 0): they are the
	// same search, so the match measures chance alone.
	SameSpec bool
}

// SeatScore is an engine's results from one seat: games and points (a win
// 1, a draw 1/2).
type SeatScore struct {
	Games  int
	Points float64
}

// Percent returns the score in percent, "-" without games.
func (s SeatScore) Percent() string {
	if s.Games == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*s.Points/float64(s.Games))
}

// Summarise groups records by preset and match, counting each game once (by
// its match and number; repeats are counted in Duplicates), and the pairs of
// a match played in pairs once each. paper, if not nil, gives the published
// figure of a match key (percent, -1 for none).
func Summarise(recs []Record, paper func(preset, match string) float64) []MatchSummary {
	index := map[string]int{}
	var out []MatchSummary
	var pairs []pairTally // by summary, for matches played in pairs
	var plain []bool      // by summary: a run not scaled down played in it
	seen := make(map[gameKey]bool, len(recs))
	for _, r := range recs {
		if r.Kind == AnalysisKind {
			continue
		}
		k := r.Preset + "\x00" + r.Match + "\x00" + strconv.FormatFloat(r.BudgetScale, 'g', -1, 64)
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, MatchSummary{Preset: r.Preset, Match: r.Match, Game: r.Game, Budget: r.BudgetLabel(), BudgetScale: r.BudgetScale, Names: r.Names, Paper: -1, PaperFirst: -1, PaperSecond: -1,
				SameSpec: r.Specs[0] != "" && r.Specs[0] == r.Specs[1]})
			pairs = append(pairs, pairTally{})
			plain = append(plain, false)
		}
		m := &out[i]
		gk := keyOf(&r)
		if seen[gk] {
			m.Duplicates++
			continue
		}
		seen[gk] = true
		if r.Protocol == string(config.SeatPairs) {
			m.Paired = true
			pairs[i].add(&r)
		}
		m.Seconds += r.Seconds
		m.Scaled = m.Scaled || r.Scaled
		plain[i] = plain[i] || !r.Scaled
		if r.Error != "" {
			m.Errors++
			continue
		}
		m.Games++
		wdl := 1
		switch r.Winner {
		case 0:
			m.Wins++
			wdl = 0
		case 1:
			m.Losses++
			wdl = 2
		default:
			m.Draws++
		}
		switch r.Reason {
		case TimeForfeit, TimeForfeitDraw:
			m.OnTime[wdl]++
		case Resignation:
			m.Resigned[wdl]++
		}
		if r.Winner >= 0 && r.Winner == r.FirstSeat {
			m.FirstMoverWins++
		}
		seat := &m.AsSecond
		if r.FirstSeat == 0 {
			seat = &m.AsFirst
		}
		seat.Games++
		switch r.Winner {
		case 0:
			seat.Points++
		case 1:
		default:
			seat.Points += 0.5
		}
	}
	for i := range out {
		m := &out[i]
		m.Scaled = m.BudgetScale != 0 || (m.Scaled && !plain[i])
		if m.Games > 0 {
			x := float64(m.Wins) + float64(m.Draws)/2
			m.Score = x / float64(m.Games)
			m.Low, m.High = Wilson(x, float64(m.Games))
		}
		if m.Paired {
			pairs[i].into(m)
		}
		if paper != nil {
			m.Paper = paper(m.Preset, m.Match)
		}
		switch {
		case m.Paper < 0:
		case m.Paired && m.Pairs > 0:
			m.Outside = Outside(m.Paper, m.PairLow, m.PairHigh)
		case !m.Paired && m.Games > 0:
			m.Outside = Outside(m.Paper, m.Low, m.High)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Preset < out[j].Preset })
	return out
}

// Outside reports whether a published percentage lies outside an interval of
// proportions, allowing for rounding at the ends (a paper's 100.0 against an
// upper bound computed as 0.9999999).
func Outside(paperPercent, lo, hi float64) bool {
	const eps = 1e-9
	p := paperPercent / 100
	return p < lo-eps || p > hi+eps
}
