package tournament

import (
	"fmt"
	"io"
	"math"
	"strconv"
)

// A Comparison is one match as two results files played it: A's summary
// beside B's, and the difference of the reported engine's scores with its
// significance.
type Comparison struct {
	A, B MatchSummary
	// Diff is A's score less B's (fractions): the pair scores of matches
	// played in seat-swapped pairs, the game scores of the others.
	Diff float64
	// Z is Diff over its standard error, the square root of the sum of
	// each side's per-game (per-pair) score variance over its games; P is
	// the two-sided probability of a |Z| at least as large under no
	// difference, by the normal approximation. Where both sides' scores
	// vary not at all (each won every game, or lost every one), the
	// variance of the two sides' games pooled stands in: 20 wins against
	// 20 losses is a difference, one that each side's own variance cannot
	// measure. Both are NaN when the games pooled do not vary either (the
	// same extreme on both sides: no difference to test).
	Z, P float64
}

// scoreStats returns a summary's score, its count of games (pairs where
// the match is played in pairs) and the variance of one game's score
// about it (a win 1, a draw 1/2, a loss 0).
func scoreStats(m MatchSummary) (score float64, n int, variance float64) {
	w, d, l := m.Wins, m.Draws, m.Losses
	if m.Paired {
		w, d, l = m.PairWins, m.PairDraws, m.PairLosses
	}
	n = w + d + l
	if n == 0 {
		return 0, 0, 0
	}
	score = (float64(w) + float64(d)/2) / float64(n)
	sq := func(x float64) float64 { return x * x }
	variance = (float64(w)*sq(1-score) + float64(d)*sq(0.5-score) + float64(l)*sq(score)) / float64(n)
	return score, n, variance
}

// CompareMatch sets a comparison's difference, z and p from its two
// summaries.
func CompareMatch(a, b MatchSummary) Comparison {
	c := Comparison{A: a, B: b, Z: math.NaN(), P: math.NaN()}
	sa, na, va := scoreStats(a)
	sb, nb, vb := scoreStats(b)
	if na == 0 || nb == 0 {
		c.Diff = math.NaN()
		return c
	}
	c.Diff = sa - sb
	se := math.Sqrt(va/float64(na) + vb/float64(nb))
	if se == 0 {
		if a.Paired != b.Paired {
			return c // pairs and games do not pool
		}
		pooled := MatchSummary{Paired: a.Paired, Wins: a.Wins + b.Wins, Draws: a.Draws + b.Draws, Losses: a.Losses + b.Losses,
			PairWins: a.PairWins + b.PairWins, PairDraws: a.PairDraws + b.PairDraws, PairLosses: a.PairLosses + b.PairLosses}
		_, _, v := scoreStats(pooled)
		se = math.Sqrt(v/float64(na) + v/float64(nb))
	}
	if se > 0 {
		c.Z = c.Diff / se
		c.P = math.Erfc(math.Abs(c.Z) / math.Sqrt2)
	}
	return c
}

// WriteComparisons prints the comparisons as a table: each side's engines,
// games (or pairs), score and 95% interval, the difference in points, z
// and p, "*" where p < 0.05; then how many such differences chance alone
// would give.
func WriteComparisons(w io.Writer, cs []Comparison, f Format) error {
	header := []string{"game", "budget", "A: engine", "opponent", "games", "score %", "95% interval", "B: engine", "opponent", "games", "score %", "95% interval", "A - B", "z", "p", ""}
	var rows [][]string
	significant := 0
	for _, c := range cs {
		row := []string{c.A.Game, orDash(c.A.Budget)}
		for _, m := range []MatchSummary{c.A, c.B} {
			score, n, _ := scoreStats(m)
			lo, hi := m.Low, m.High
			if m.Paired {
				lo, hi = m.PairLow, m.PairHigh
			}
			unit := strconv.Itoa(n)
			if m.Paired && f != CSV {
				unit += " pairs"
			}
			if n == 0 {
				row = append(row, m.Names[0], m.Names[1], "0", "-", "-")
				continue
			}
			row = append(row, m.Names[0], m.Names[1], unit, fmt.Sprintf("%.1f", 100*score), fmt.Sprintf("%.1f-%.1f", 100*lo, 100*hi))
		}
		diff, z, p, flag := "-", "-", "-", ""
		if !math.IsNaN(c.Diff) {
			diff = fmt.Sprintf("%+.1f", 100*c.Diff)
		}
		if !math.IsNaN(c.Z) {
			z, p = fmt.Sprintf("%+.2f", c.Z), formatP(c.P)
			if c.P < 0.05 {
				flag = "*"
				significant++
			}
		}
		rows = append(rows, append(row, diff, z, p, flag))
	}
	if err := writeTable(w, header, rows, f); err != nil || f == CSV {
		return err
	}
	_, err := fmt.Fprintf(w, "\nA - B: the difference of the scores in points (pair scores for matches played in pairs); z: the difference over its standard error (each side's per-game score variance over its games); p: two-sided, normal approximation; * p < 0.05.\n%d of %d differences have p < 0.05; with no difference anywhere, about %.1f would by chance.\n", significant, len(cs), 0.05*float64(len(cs)))
	return err
}

// formatP writes a probability to two decimals, with more below 0.01, and
// as a bound below 0.0001.
func formatP(p float64) string {
	switch {
	case p < 1e-4:
		return "<0.0001"
	case p < 1e-3:
		return fmt.Sprintf("%.4f", p)
	case p < 1e-2:
		return fmt.Sprintf("%.3f", p)
	}
	return fmt.Sprintf("%.2f", p)
}
