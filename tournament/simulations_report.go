package tournament

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"mcarena/config"
)

// SimulationSummary is what the playouts by one policy from one position
// of a simulations preset gave: the outcomes from the first player's view and
// the first player's winning probability, wins plus half the draws, beside
// the paper's.
type SimulationSummary struct {
	Preset string
	// Ply is the position's number: 0 for the start, i for the position
	// after the i-th move of the line, Move.
	Ply                 int
	Move                string
	Policy              string
	Playouts            int
	Wins, Draws, Losses int // of the first player
	// Winning is the first player's winning probability, Low and High its
	// 95% interval.
	Winning, Low, High float64
	Paper              float64 // percent, -1 if none
	// Scaled says the position's batches came only from runs of fewer
	// playouts than the preset asks for (--games, --scale): a first look
	// that a whole run went on from is no longer scaled down.
	Scaled bool
	// Ends counts the playouts by why they ended (games.EndReason), over
	// the EndsPlayouts of them whose batches recorded it.
	Ends         map[string]int
	EndsPlayouts int
}

// Decisive returns the share of playouts that ended in a win for either
// player.
func (s SimulationSummary) Decisive() float64 {
	if s.Playouts == 0 {
		return 0
	}
	return float64(s.Wins+s.Losses) / float64(s.Playouts)
}

// SimulationOf says whether record r is a batch of simulations preset p
// as it stands: of one of its units, with that unit's position and policy.
// A batch of a policy moved, dropped or renamed in the preset's list, or of
// a line since changed, is not.
func SimulationOf(p *config.Preset, r Record) bool {
	if r.Kind != SimulationsKind || r.Preset != p.Name {
		return false
	}
	k, row, ok := parseSimulationKey(r.Match)
	return ok && row < len(p.Positions) && k < len(p.Policies) && r.Start == p.Positions[row] && r.Names[0] == p.Policies[k]
}

// SummariseSimulations sums the batches of simulations preset p, a row per
// policy and position in the preset's order (every position by the first
// policy, then by the second...), each batch counted once. A batch counts
// only where it simulated the position and policy the preset gives that row
// now; ignored returns how many did not.
func SummariseSimulations(p *config.Preset, recs []Record) (sums []SimulationSummary, ignored int) {
	recs, _ = Unique(recs)
	sums = make([]SimulationSummary, len(p.Policies)*len(p.Positions))
	plain := make([]bool, len(sums)) // a run not scaled down simulated the row
	unit := map[string]int{}
	for u := range sums {
		k, row := simulationUnit(p, u)
		unit[SimulationKey(k, row)] = u
		s := &sums[u]
		*s = SimulationSummary{Preset: p.Name, Ply: row, Policy: p.Policies[k], Paper: -1}
		if row > 0 {
			s.Move = p.Line[row-1]
		}
		if p.PaperWinning != nil {
			s.Paper = p.PaperWinning[row]
		}
	}
	for _, r := range recs {
		if r.Kind != SimulationsKind || r.Preset != p.Name {
			continue
		}
		if !SimulationOf(p, r) {
			ignored++
			continue
		}
		row := unit[r.Match]
		s := &sums[row]
		s.Playouts += r.Playouts
		s.Wins += r.Outcomes[0]
		s.Draws += r.Outcomes[1]
		s.Losses += r.Outcomes[2]
		s.Scaled = s.Scaled || r.Scaled
		plain[row] = plain[row] || !r.Scaled
		if r.Ends != nil {
			if s.Ends == nil {
				s.Ends = map[string]int{}
			}
			for reason, k := range r.Ends {
				s.Ends[reason] += k
			}
			s.EndsPlayouts += r.Playouts
		}
	}
	for i := range sums {
		s := &sums[i]
		s.Winning, s.Low, s.High = winning(s.Wins, s.Draws, s.Losses)
		s.Scaled = s.Scaled && !plain[i]
	}
	return sums, ignored
}

// winning returns the first player's winning probability over playouts
// with wins, draws and losses, a draw counting one half, and its 95%
// interval by the normal approximation with the variance of the three
// outcomes. Where most playouts are drawn (a KQK ending) that variance is
// far below the binomial one a Wilson interval of the score would assume,
// so the interval is as narrow as the counts warrant.
func winning(wins, draws, losses int) (p, lo, hi float64) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, 0, 1
	}
	p = (float64(wins) + float64(draws)/2) / n
	second := (float64(wins) + float64(draws)/4) / n // the mean of the squared scores
	half := 1.96 * math.Sqrt(math.Max(second-p*p, 0)/n)
	return p, math.Max(p-half, 0), math.Min(p+half, 1)
}

// WriteSimulationsReport prints the summaries of a simulations preset: per
// policy and position the move that led to it, the playouts, their outcomes, the
// share of decisive ones and the first player's winning probability with
// its 95% interval beside the paper's figure, "!" where the paper's figure
// lies outside the interval.
func WriteSimulationsReport(w io.Writer, sums []SimulationSummary, ignored int, f Format) error {
	header := []string{"preset", "ply", "move", "playout", "playouts", "1st wins", "draws", "2nd wins", "decisive %", "1st winning %", "95% interval", "paper %", ""}
	if f == CSV {
		header = append(header, "ends")
	}
	var rows [][]string
	scaled := false
	for _, s := range sums {
		move := s.Move
		if move == "" {
			move = "(start)"
		}
		win, interval, paper, flag := "-", "-", "-", ""
		if s.Playouts > 0 {
			win = fmt.Sprintf("%.3f", 100*s.Winning)
			interval = fmt.Sprintf("%.3f-%.3f", 100*s.Low, 100*s.High)
		}
		if s.Paper >= 0 {
			paper = strconv.FormatFloat(s.Paper, 'f', -1, 64)
			if s.Playouts > 0 && Outside(s.Paper, s.Low, s.High) {
				flag = "!"
			}
		}
		row := []string{s.Preset, strconv.Itoa(s.Ply), move, s.Policy, strconv.Itoa(s.Playouts), strconv.Itoa(s.Wins),
			strconv.Itoa(s.Draws), strconv.Itoa(s.Losses), fmt.Sprintf("%.2f", 100*s.Decisive()), win, interval, paper, flag}
		if f == CSV {
			var ends []string
			for _, reason := range slices.Sorted(maps.Keys(s.Ends)) {
				ends = append(ends, fmt.Sprintf("%s=%d", reason, s.Ends[reason]))
			}
			row = append(row, strings.Join(ends, ";"))
		}
		rows = append(rows, row)
		scaled = scaled || s.Scaled
	}
	if err := writeTable(w, header, rows, f); err != nil || f == CSV {
		return err
	}
	if err := writeEnds(w, sums, f); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nply: the position after that many moves of the line (0: its start), reached by move; 1st, 2nd: the first and second player (White and Black in chess).")
	fmt.Fprintln(w, "1st winning: wins plus half the draws of the first player over the playouts, with a 95% interval (normal, by the variance of the three outcomes); ! marks a paper figure outside it.")
	if scaled {
		fmt.Fprintln(w, "Scaled down: fewer playouts than the preset asks for.")
	}
	if ignored > 0 {
		fmt.Fprintf(w, "Not counted: %s of another position or playout than the preset's row (the preset changed since).\n", batches(ignored))
	}
	return nil
}

// batches writes n batches, in the singular for one.
func batches(n int) string {
	if n == 1 {
		return "1 batch"
	}
	return strconv.Itoa(n) + " batches"
}

// writeEnds prints, after the outcomes, why the playouts ended: a row per
// position (and policy, named where the preset has several) and a column
// per end reason, most frequent first, each the share
// of the playouts whose batches recorded reasons. It prints nothing when
// no batch did.
func writeEnds(w io.Writer, sums []SimulationSummary, f Format) error {
	total := map[string]int{}
	for _, s := range sums {
		for reason, k := range s.Ends {
			total[reason] += k
		}
	}
	if len(total) == 0 {
		return nil
	}
	reasons := slices.SortedFunc(maps.Keys(total), func(a, b string) int {
		if c := total[b] - total[a]; c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	several := slices.ContainsFunc(sums, func(s SimulationSummary) bool { return s.Policy != sums[0].Policy })
	header := []string{"ply", "move", "playouts"}
	if several {
		header = slices.Insert(header, 2, "playout")
	}
	for _, reason := range reasons {
		header = append(header, reason+" %")
	}
	var rows [][]string
	for _, s := range sums {
		move := s.Move
		if move == "" {
			move = "(start)"
		}
		row := []string{strconv.Itoa(s.Ply), move, strconv.Itoa(s.EndsPlayouts)}
		if several {
			row = slices.Insert(row, 2, s.Policy)
		}
		for _, reason := range reasons {
			share := "-"
			if s.EndsPlayouts > 0 {
				share = fmt.Sprintf("%.2f", 100*float64(s.Ends[reason])/float64(s.EndsPlayouts))
			}
			row = append(row, share)
		}
		rows = append(rows, row)
	}
	fmt.Fprintln(w, "\nWhy the playouts ended (the game's end reasons; playouts: those whose batches recorded them):")
	fmt.Fprintln(w)
	return writeTable(w, header, rows, f)
}
