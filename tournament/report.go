package tournament

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"mcarena/config"
)

// Format is a report's layout.
type Format string

// The report formats.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
	CSV      Format = "csv"
)

// WriteReport prints match summaries as a table: our score of the first
// engine with its 95% interval, the paper's figure, and "!" where the
// paper's figure lies outside our interval. Matches played in seat-swapped
// pairs get a second table of pair scores, which their paper figures are
// compared with (in CSV, more columns of the one table).
func WriteReport(w io.Writer, sums []MatchSummary, f Format) error {
	header := []string{"preset", "game", "budget", "engine", "opponent", "games", "W-D-L", "score %", "95% interval", "paper %", "", "first mover won", "as first %", "as second %"}
	var rows [][]string
	scaled, onTime, split := false, false, false
	duplicates := 0
	paired, seats := false, false
	for _, m := range sums {
		paired = paired || m.Paired
		seats = seats || m.PaperFirst >= 0 || m.PaperSecond >= 0
	}
	if paired && f == CSV {
		header = append(header, pairHeader...)
	}
	if seats && f == CSV {
		header = append(header, "paper as first %", "paper as second %")
	}
	for _, m := range sums {
		duplicates += m.Duplicates
		paper, flag := "-", ""
		if m.Paper >= 0 && !m.Paired {
			paper = fmt.Sprintf("%.1f", m.Paper)
			if m.Outside {
				flag = "!"
			}
		}
		budget := m.Budget
		if f != CSV {
			budget = m.engineBudgets()
			split = split || strings.Contains(budget, " / ")
		}
		if budget == "" {
			budget = "-"
		}
		first := "-"
		if m.Games > 0 {
			first = fmt.Sprintf("%.0f%%", 100*float64(m.FirstMoverWins)/float64(m.Games))
		}
		row := []string{m.Preset, m.Game, budget, m.Names[0], m.Names[1], strconv.Itoa(m.Games),
			fmt.Sprintf("%d-%d-%d", m.Wins, m.Draws, m.Losses), fmt.Sprintf("%.1f", 100*m.Score),
			fmt.Sprintf("%.1f-%.1f", 100*m.Low, 100*m.High), paper, flag, first,
			m.AsFirst.Percent(), m.AsSecond.Percent()}
		if f != CSV {
			row[12], row[13] = seatCell(m.AsFirst, m.PaperFirst), seatCell(m.AsSecond, m.PaperSecond)
		}
		if m.Errors > 0 {
			row[5] += fmt.Sprintf(" (+%d errors)", m.Errors)
		}
		if m.OnTime != [3]int{} {
			row[6] += fmt.Sprintf(" (%d-%d-%d on time)", m.OnTime[0], m.OnTime[1], m.OnTime[2])
			onTime = true
		}
		if m.Resigned != [3]int{} {
			row[6] += fmt.Sprintf(" (%d-%d-%d by resignation)", m.Resigned[0], m.Resigned[1], m.Resigned[2])
		}
		if paired && f == CSV {
			row = append(row, pairRow(m)...)
		}
		if seats && f == CSV {
			row = append(row, orMinus(m.PaperFirst), orMinus(m.PaperSecond))
		}
		rows = append(rows, row)
		scaled = scaled || m.Scaled
	}
	if err := writeTable(w, header, rows, f); err != nil || f == CSV {
		return err
	}
	fmt.Fprintln(w, "\nscore: wins plus half the draws of the engine over its opponent; ! marks a paper figure outside our 95% interval.")
	writeOutsideCounts(w, sums)
	writeSameSpecs(w, sums)
	fmt.Fprintln(w, "as first, as second: the engine's score in the games it moved first (White in Havannah), and in the others; the paper's in brackets where it splits them.")
	if split {
		fmt.Fprintln(w, "budget A / B: the engine's and the opponent's budgets a move, where the preset gives them budgets of their own.")
	}
	if onTime {
		fmt.Fprintln(w, "on time: the games of W-D-L that a flag fall decided (a flag fall loses; a draw where the opponent could not have won).")
	}
	if paired {
		if err := writePairs(w, sums, f); err != nil {
			return err
		}
	}
	if scaled {
		fmt.Fprintln(w, "Scaled down: some matches used fewer games than their preset asks for, or budgets scaled by a factor (--scale; the budget then ends in xF).")
	}
	if duplicates > 0 {
		fmt.Fprintf(w, "Duplicates: %d records repeat a game already counted (same match and number); each game is counted once.\n", duplicates)
	}
	return nil
}

// writeOutsideCounts says, preset by preset, how many of the paper's
// figures of the matches played lie outside our intervals (the pair
// scores' in matches played in pairs), and how far our scores lie from
// those figures: the mean of the absolute differences and the mean of the
// signed ones (ours minus the paper's), in points of percent.
func writeOutsideCounts(w io.Writer, sums []MatchSummary) {
	type tally struct {
		outside, compared int
		abs, signed       float64
	}
	var presets []string
	count := map[string]*tally{}
	for _, m := range sums {
		if m.Paper < 0 || m.Games == 0 || (m.Paired && m.Pairs == 0) {
			continue
		}
		c, ok := count[m.Preset]
		if !ok {
			presets = append(presets, m.Preset)
			c = &tally{}
			count[m.Preset] = c
		}
		c.compared++
		if m.Outside {
			c.outside++
		}
		score := m.Score
		if m.Paired {
			score = m.PairScore
		}
		d := 100*score - m.Paper
		c.abs += math.Abs(d)
		c.signed += d
	}
	for _, p := range presets {
		c := count[p]
		verb := "lie"
		if c.outside == 1 {
			verb = "lies"
		}
		n := float64(c.compared)
		fmt.Fprintf(w, "%s: %d of the paper's %d figures of the matches played %s outside our intervals; ours lie %.1f points from them on average, %s by the signed mean.\n",
			p, c.outside, c.compared, verb, c.abs/n, signedMean(c.signed/n))
	}
}

// writeSameSpecs names the matches whose two engines have one spec: their
// scores measure chance alone, the noise of the cells beside them.
func writeSameSpecs(w io.Writer, sums []MatchSummary) {
	for _, m := range sums {
		if m.SameSpec && m.Games > 0 {
			fmt.Fprintf(w, "same spec: %s against %s (%s, %s) is one search against itself; its score measures chance alone.\n", m.Names[0], m.Names[1], m.Preset, orDash(m.Budget))
		}
	}
}

// signedMean words a mean signed difference: "0.9 above", "3.8 below", or
// "0.0 either way" under 0.05 points.
func signedMean(d float64) string {
	switch {
	case d >= 0.05:
		return fmt.Sprintf("%.1f above", d)
	case d <= -0.05:
		return fmt.Sprintf("%.1f below", -d)
	}
	return "0.0 either way"
}

// orMinus is a paper figure, "-" for none.
func orMinus(paper float64) string {
	if paper < 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", paper)
}

// seatCell is a seat's score, with the paper's figure in brackets when it
// gives one.
func seatCell(s SeatScore, paper float64) string {
	if paper < 0 {
		return s.Percent()
	}
	return fmt.Sprintf("%s (%.1f)", s.Percent(), paper)
}

// pairHeader names the columns of a match's pair figures.
var pairHeader = []string{"pairs", "pair W-D-L", "discarded", "incomplete", "pair score %", "pair 95% interval", "pair paper %", "pair flag"}

// pairRow returns a match's pair figures, "-" for a match scored by games.
func pairRow(m MatchSummary) []string {
	if !m.Paired {
		return []string{"-", "-", "-", "-", "-", "-", "-", ""}
	}
	score, interval, paper, flag := "-", "-", "-", ""
	if m.Pairs > 0 {
		score = fmt.Sprintf("%.1f", 100*m.PairScore)
		interval = fmt.Sprintf("%.1f-%.1f", 100*m.PairLow, 100*m.PairHigh)
	}
	if m.Paper >= 0 {
		paper = fmt.Sprintf("%.1f", m.Paper)
		if m.Outside {
			flag = "!"
		}
	}
	return []string{strconv.Itoa(m.Pairs), fmt.Sprintf("%d-%d-%d", m.PairWins, m.PairDraws, m.PairLosses),
		strconv.Itoa(m.Discarded), strconv.Itoa(m.Incomplete), score, interval, paper, flag}
}

// writePairs prints the pair table of the matches played in pairs, after
// the game table.
func writePairs(w io.Writer, sums []MatchSummary, f Format) error {
	header := append([]string{"preset", "game", "budget", "engine", "opponent"}, pairHeader[:len(pairHeader)-2]...)
	header = append(header, "paper %", "")
	var rows [][]string
	for _, m := range sums {
		if m.Paired {
			budget := m.engineBudgets()
			if budget == "" {
				budget = "-"
			}
			rows = append(rows, append([]string{m.Preset, m.Game, budget, m.Names[0], m.Names[1]}, pairRow(m)...))
		}
	}
	fmt.Fprintln(w, "\nSeat-swapped pairs (one random start each, seats swapped):")
	if f == Markdown {
		fmt.Fprintln(w)
	}
	if err := writeTable(w, header, rows, f); err != nil {
		return err
	}
	fmt.Fprintln(w, "\npair: won by the engine that won one game and at least drew the other, drawn when neither won a game;")
	fmt.Fprintln(w, "discarded when the same seat won both games; incomplete while a game is missing or ended in an error; neither is scored.")
	fmt.Fprintln(w, "pair score: pair wins plus half the drawn pairs over the pairs scored, with a 95% Wilson interval; the paper's figure of a paired match is a pair score.")
	return nil
}

// WriteElo prints, for every preset, game and budget, the Elo ratings of the
// engines that met there (one table per connected group of opponents), with
// 95% intervals and the likelihood that each is stronger than the next.
// Where paperElo (which may be nil) gives a preset's published ratings, a
// second line sets ours beside them, both relative to the engine the paper
// rates 0, with "!" where the paper's figure lies outside our rating's 95%
// interval.
func WriteElo(w io.Writer, recs []Record, par EloParams, paperElo func(preset string) []config.PaperRating) error {
	groups := eloGroups(recs)
	if len(groups) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nElo (BayesElo's model: first-move advantage %.1f, drawElo %.1f, %g prior draws; 95%% intervals; LOS: likelihood of being stronger than the next)\n", par.Advantage, par.DrawElo, par.PriorDraws)
	for _, g := range groups {
		t, err := EloFromRecords(g.recs, par)
		if err != nil {
			continue
		}
		var parts []string
		for i, r := range t.Ratings {
			s := fmt.Sprintf("%s %+.0f±%.0f", r.Name, r.Elo, r.CI95)
			if i+1 < len(t.Ratings) {
				s += fmt.Sprintf(" (LOS %.0f%%)", 100*t.LOS[i][i+1])
			}
			parts = append(parts, s)
		}
		fmt.Fprintf(w, "  %s: %s\n", g.title(), strings.Join(parts, ", "))
		if paperElo != nil {
			if line := besidePaper(t, paperElo(g.preset)); line != "" {
				fmt.Fprintf(w, "    %s\n", line)
			}
		}
	}
	return nil
}

// WriteLOS prints, for each group WriteElo rates, the likelihood of
// superiority of every engine over every other in percent (BayesElo's los
// command; the chess thesis' Tables 2, 4, 6 and 9): the row's engine
// stronger than the column's, engines in the order of their ratings. Where
// paperLOS (which may be nil) gives a preset's published matrix over its
// engines, the paper's figures follow in the same rows and columns.
func WriteLOS(w io.Writer, recs []Record, par EloParams, paperLOS func(preset string) (names []string, los [][]float64)) error {
	header := false
	for _, g := range eloGroups(recs) {
		t, err := EloFromRecords(g.recs, par)
		if err != nil || len(t.Ratings) < 2 {
			continue
		}
		if !header {
			fmt.Fprintf(w, "\nLikelihood of superiority (%%: the row's engine stronger than the column's)\n")
			header = true
		}
		fmt.Fprintf(w, "  %s:\n", g.title())
		writeLOSMatrix(w, t.Ratings, func(i, j int) string { return fmt.Sprintf("%.0f", 100*t.LOS[i][j]) })
		if paperLOS == nil {
			continue
		}
		names, los := paperLOS(g.preset)
		if los == nil {
			continue
		}
		at := func(i int) int { return slices.Index(names, t.Ratings[i].Name) }
		known := 0
		for i := range t.Ratings {
			if at(i) >= 0 {
				known++
			}
		}
		if known < len(names) {
			fmt.Fprintf(w, "  the paper's, in the same order (%d of its %d engines; ? where it rated the engine not):\n", known, len(names))
		} else {
			fmt.Fprintf(w, "  the paper's, in the same order:\n")
		}
		writeLOSMatrix(w, t.Ratings, func(i, j int) string {
			a, b := at(i), at(j)
			if a < 0 || b < 0 {
				return "?"
			}
			return fmt.Sprintf("%.0f", los[a][b])
		})
	}
	return nil
}

// writeLOSMatrix prints a matrix over the engines of ratings, numbered,
// cell(i, j) off the diagonal.
func writeLOSMatrix(w io.Writer, ratings []Rating, cell func(i, j int) string) {
	width := 0
	for _, r := range ratings {
		width = max(width, len(r.Name))
	}
	digits := len(fmt.Sprint(len(ratings)))
	var b strings.Builder
	fmt.Fprintf(&b, "  %*s %-*s", digits, "", width, "")
	for j := range ratings {
		fmt.Fprintf(&b, " %4s", fmt.Sprintf("#%d", j+1))
	}
	fmt.Fprintln(w, b.String())
	for i, r := range ratings {
		b.Reset()
		fmt.Fprintf(&b, "  %*d %-*s", digits, i+1, width, r.Name)
		for j := range ratings {
			c := "-"
			if i != j {
				c = cell(i, j)
			}
			fmt.Fprintf(&b, " %4s", c)
		}
		fmt.Fprintln(w, b.String())
	}
}

// paperPairing returns the paper's result of the pairing of names,
// oriented as names ("W-L"), marked "!" when the paper's advancing engine
// (its entry's first) is not the one of winner
// (an index in names, -1 while undecided), with the wins it counts; "-"
// and false when the paper did not pair them.
func paperPairing(p *config.Preset, names [2]string, winner int) (string, [2]int, bool) {
	for _, q := range p.PaperBracket {
		wins := q.Wins
		switch q.Names {
		case names:
		case [2]string{names[1], names[0]}:
			wins = [2]int{wins[1], wins[0]}
		default:
			continue
		}
		adv := slices.Index(names[:], q.Names[0]) // the paper's entry names the engine that advanced first
		cell := fmt.Sprintf("%d-%d", wins[0], wins[1])
		if winner >= 0 && adv != winner {
			cell += " !"
		}
		return cell, wins, true
	}
	return "-", [2]int{}, false
}

// eloGroup is the games one Elo table rates: one preset, game and budget,
// and one connected group of the engines that met there.
type eloGroup struct {
	preset, game, budget string
	scale                float64 // the budgets' factor (--scale), 0 for none
	recs                 []Record
}

func (g eloGroup) title() string {
	budget := ScaledBudget(g.budget, g.scale)
	if budget == "" {
		budget = "-"
	}
	return g.preset + " " + g.game + " " + budget
}

// eloGroups splits the game records (one of each game) into the groups
// WriteElo rates, in the order the records first name them.
func eloGroups(recs []Record) []eloGroup {
	type key struct {
		preset, game, budget string
		scale                float64
	}
	recs, _ = Unique(recs)
	byKey := map[key][]Record{}
	var keys []key
	for _, r := range recs {
		if r.Kind == AnalysisKind {
			continue
		}
		k := key{r.Preset, r.Game, r.Budget, r.BudgetScale}
		if _, ok := byKey[k]; !ok {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], r)
	}
	var out []eloGroup
	for _, k := range keys {
		for _, comp := range components(byKey[k]) {
			out = append(out, eloGroup{k.preset, k.game, k.budget, k.scale, comp})
		}
	}
	return out
}

// besidePaper returns our ratings beside the paper's, in the paper's
// order, both relative to the first engine the paper rates 0; "" when the
// paper gives none or its base engine is not in t.
func besidePaper(t EloTable, paper []config.PaperRating) string {
	ours := map[string]Rating{}
	for _, r := range t.Ratings {
		ours[r.Name] = r
	}
	base := ""
	for _, p := range paper {
		if _, ok := ours[p.Name]; ok && p.Elo == 0 {
			base = p.Name
			break
		}
	}
	if base == "" {
		return ""
	}
	var parts []string
	for _, p := range paper {
		r, ok := ours[p.Name]
		if !ok {
			continue
		}
		elo := r.Elo - ours[base].Elo
		flag := ""
		if math.Abs(p.Elo-elo) > r.CI95 && p.Name != base {
			flag = " !"
		}
		parts = append(parts, fmt.Sprintf("%s %+.0f (paper %+.0f)%s", p.Name, elo, p.Elo, flag))
	}
	return fmt.Sprintf("beside the paper, relative to %s: %s", base, strings.Join(parts, ", "))
}

// components splits records into groups of engines connected by games.
func components(recs []Record) [][]Record {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		if parent[x] == "" || parent[x] == x {
			parent[x] = x
			return x
		}
		parent[x] = find(parent[x])
		return parent[x]
	}
	for _, r := range recs {
		a, b := find(r.Names[0]), find(r.Names[1])
		if a != b {
			parent[a] = b
		}
	}
	index := map[string]int{}
	var out [][]Record
	for _, r := range recs {
		root := find(r.Names[0])
		i, ok := index[root]
		if !ok {
			i = len(out)
			index[root] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], r)
	}
	return out
}

// WriteAnalysisReport prints analysis summaries: how often each engine chose
// the preset's move, and the states it visited, beside the paper's figures.
// Where the summaries hold budgets, a budget column follows the engine and
// a line per engine names the first budget at which it chose the move in
// more than half its runs (FirstMajority).
func WriteAnalysisReport(w io.Writer, sums []AnalysisSummary, f Format) error {
	budgets := slices.ContainsFunc(sums, func(a AnalysisSummary) bool { return a.Budget != "" })
	header := []string{"preset", "engine", "runs", "move", "chosen %", "95% interval", "paper %", "", "states (k)", "95% interval", "paper (k)", "other moves (runs)"}
	if budgets {
		header = slices.Insert(header, 2, "budget")
	}
	var rows [][]string
	type series struct {
		engine string
		scale  float64
	}
	var engines []series
	scaled := false
	for _, a := range sums {
		pf, flag, ps := "-", "", "-"
		if a.PaperFrequency >= 0 {
			pf = fmt.Sprintf("%.1f", a.PaperFrequency)
			if a.Runs > 0 && Outside(a.PaperFrequency, a.Low, a.High) {
				flag = "!"
			}
		}
		if a.PaperStates >= 0 {
			ps = fmt.Sprintf("%.0f", a.PaperStates)
		}
		move, freq, interval := "-", "-", "-"
		if a.Move != "" { // else every run's move is among the others
			move, freq, interval = a.Move, "0.0", fmt.Sprintf("%.1f-%.1f", 100*a.Low, 100*a.High)
			if a.Runs > 0 {
				freq = fmt.Sprintf("%.1f", 100*float64(a.Chosen)/float64(a.Runs))
			}
		} else {
			flag = ""
		}
		row := []string{a.Preset, a.Engine, strconv.Itoa(a.Runs), move, freq,
			interval, pf, flag, fmt.Sprintf("%.1f", a.MeanStates/1000),
			fmt.Sprintf("±%.1f", a.CI95/1000), ps, a.OthersText()}
		if budgets {
			row = slices.Insert(row, 2, orDash(a.Budget))
		}
		rows = append(rows, row)
		if e := (series{a.Engine, a.BudgetScale}); !slices.Contains(engines, e) {
			engines = append(engines, e)
		}
		scaled = scaled || a.Scaled
	}
	if err := writeTable(w, header, rows, f); err != nil || f == CSV {
		return err
	}
	fmt.Fprintln(w, "\nchosen: runs whose move was the preset's move, with a 95% Wilson interval; states: mean states visited per run with a 95% interval; ! marks a paper figure outside our interval; other moves: what the other runs chose, and how many.")
	majority := budgets // a line per engine: the first budget that finds the move
	if !slices.ContainsFunc(sums, func(a AnalysisSummary) bool { return a.Move != "" }) {
		fmt.Fprintln(w, "The preset names no move: other moves are what every run chose.")
		majority = false
	}
	if majority {
		for _, es := range engines {
			e := es.engine
			if es.scale != 0 {
				e += fmt.Sprintf(" (budgets x%g)", es.scale)
			}
			if b, ok := FirstMajority(sums, es.engine, es.scale); ok {
				steady, sok := SteadyMajority(sums, es.engine, es.scale)
				switch {
				case !sok:
					fmt.Fprintf(w, "%s chose %s in more than half its runs first at budget %s, but not at the largest.\n", e, sums[0].Move, orDash(b))
				case steady != b:
					fmt.Fprintf(w, "%s chose %s in more than half its runs first at budget %s, and at every budget from %s on.\n", e, sums[0].Move, orDash(b), steady)
				default:
					fmt.Fprintf(w, "%s chose %s in more than half its runs first at budget %s.\n", e, sums[0].Move, orDash(b))
				}
			} else {
				fmt.Fprintf(w, "%s chose %s in more than half its runs under none of the budgets.\n", e, sums[0].Move)
			}
		}
	}
	switch {
	case scaled && budgets:
		fmt.Fprintln(w, "Scaled down: fewer runs than the preset asks for, or its budgets scaled (--scale).")
	case scaled:
		fmt.Fprintln(w, "Scaled down: fewer runs than the preset asks for.")
	}
	return nil
}

// OthersText writes the other moves the runs chose, "Kh7 14, c7 1", or
// "-" when there were none.
func (a AnalysisSummary) OthersText() string {
	if len(a.Others) == 0 {
		return "-"
	}
	parts := make([]string, len(a.Others))
	for i, o := range a.Others {
		parts[i] = fmt.Sprintf("%s %d", o.Move, o.Runs)
	}
	return strings.Join(parts, ", ")
}

// orDash returns text, or "-" for the empty text of a default budget.
func orDash(text string) string {
	if text == "" {
		return "-"
	}
	return text
}

// writeTable prints rows under a header as aligned text, Markdown or CSV.
func writeTable(w io.Writer, header []string, rows [][]string, f Format) error {
	switch f {
	case CSV:
		cw := csv.NewWriter(w)
		cw.Write(header)
		cw.WriteAll(rows)
		return cw.Error()
	case Markdown:
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(header, " | "), strings.Repeat("---|", len(header)))
		for _, r := range rows {
			fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		}
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	return tw.Flush()
}

// WriteBracket prints an elimination tournament's bracket (NewBracket):
// every pairing of every round so far with the first-listed entrant's
// games (or pairs), score and 95% interval and the engine that advanced,
// the byes, and the winner beside the paper's.
func WriteBracket(w io.Writer, p *config.Preset, b *Bracket, f Format) error {
	budget := ScaledBudget(p.Budgets[0].Text, b.Scale)
	if budget == "" {
		budget = "-"
	}
	if f != CSV {
		fmt.Fprintf(w, "\nElimination tournament %s: %s, budget %s, %d games a pairing, %d engines in seeding order\n", b.Preset, p.Games[0], budget, b.Count, len(p.Elimination))
		if f == Markdown {
			fmt.Fprintln(w)
		}
	}
	pairs := p.Protocol == config.SeatPairs
	header := []string{"round", "seed", "engine", "seed", "opponent", "games", "W-D-L", "score %", "95% interval", "advances"}
	withPaper := len(p.PaperBracket) > 0
	if withPaper {
		header = append(header, "paper W-L", "paper %")
	}
	met := 0 // the paper's pairings this bracket played
	var rows [][]string
	for _, r := range b.Rounds {
		round := strconv.Itoa(r.Number)
		for _, pr := range r.Pairings {
			n := pr.Match.Names
			games := strconv.Itoa(pr.Games)
			if pairs {
				games += " pair"
				if pr.Games != 1 {
					games += "s"
				}
			}
			if pr.Recorded < b.Count {
				games = fmt.Sprintf("%d/%d", pr.Recorded, b.Count)
				if pairs {
					games += " games"
				}
			}
			if pr.Discarded > 0 {
				games += fmt.Sprintf(" (+%d discarded)", pr.Discarded)
			}
			if pr.Errors > 0 {
				games += fmt.Sprintf(" (+%d errors)", pr.Errors)
			}
			score, interval := "-", "-"
			if pr.Games > 0 {
				score = fmt.Sprintf("%.1f", 100*pr.Score)
				interval = fmt.Sprintf("%.1f-%.1f", 100*pr.Low, 100*pr.High)
			}
			adv := "-"
			if pr.Winner >= 0 {
				adv = n[pr.Winner]
				if pr.BySeed {
					adv += " (tie: higher seed)"
				}
			}
			row := []string{round, strconv.Itoa(pr.Seeds[0]), n[0], strconv.Itoa(pr.Seeds[1]), n[1], games,
				fmt.Sprintf("%d-%d-%d", pr.Wins, pr.Draws, pr.Losses), score, interval, adv}
			if withPaper {
				cell, wins, ok := paperPairing(p, n, pr.Winner)
				percent := "-"
				if ok {
					met++
				}
				if won := wins[0] + wins[1]; won > 0 {
					// The paper's score of n[0]: its share of the games
					// (pairs) either engine won.
					pct := 100 * float64(wins[0]) / float64(won)
					percent = fmt.Sprintf("%.1f", pct)
					if pr.Games > 0 && Outside(pct, pr.Low, pr.High) {
						percent += " !"
					}
				}
				row = append(row, cell, percent)
			}
			rows = append(rows, row)
		}
		if r.Bye != "" {
			row := []string{round, strconv.Itoa(slices.Index(p.Elimination, r.Bye) + 1), r.Bye, "-", "(bye)", "-", "-", "-", "-", r.Bye}
			if withPaper {
				row = append(row, "", "")
			}
			rows = append(rows, row)
		}
	}
	if err := writeTable(w, header, rows, f); err != nil || f == CSV {
		return err
	}
	winner := b.Winner
	if winner == "" {
		winner = fmt.Sprintf("not yet (round %d in play)", len(b.Rounds))
	}
	paper := ""
	switch {
	case b.PaperWinner == "":
	case b.Winner == "":
		paper = fmt.Sprintf("; the paper's: %s", b.PaperWinner)
	case b.Winner == b.PaperWinner:
		paper = fmt.Sprintf("; the paper's: %s, the same", b.PaperWinner)
	default:
		paper = fmt.Sprintf("; the paper's: %s ! (another engine)", b.PaperWinner)
	}
	fmt.Fprintf(w, "\nwinner: %s%s\n", winner, paper)
	if withPaper {
		fmt.Fprintf(w, "paper W-L: the paper's wins of the engine and of the opponent where its bracket paired them too, ! where the other advanced there; paper %%: the engine's share of those wins, ! where it lies outside our interval; %d of its %d pairings played here\n", met, len(p.PaperBracket))
	}
	if pairs {
		fmt.Fprintln(w, "score: over the pairing's seat-swapped pairs from random starts, the engine's pairs won (one game won, the other at least drawn) plus half the pairs neither won, with a 95% Wilson interval; a pair each engine won once is discarded, W-D-L counts pairs; the higher score advances, the higher seed on a tie.")
		return nil
	}
	fmt.Fprintln(w, "score: the engine's wins plus half its draws over the pairing's games without an error, with a 95% Wilson interval; the higher score advances, the higher seed on a tie.")
	return nil
}

// engineBudgets returns the match's budget as a table row shows it: where
// the preset gives engines budgets of their own ("iterations=20000; e
// iterations=41000"), only the two budgets this match's engines take, as
// "A / B" (the first engine's, then its opponent's) where they differ, or
// the one they share; any other budget as it is. A scale (" xF") follows.
func (m MatchSummary) engineBudgets() string {
	text := m.Budget
	suffix := ""
	if m.BudgetScale != 0 && m.BudgetScale != 1 {
		suffix = " x" + strconv.FormatFloat(m.BudgetScale, 'g', -1, 64)
		text = strings.TrimSuffix(text, suffix)
	}
	if !strings.Contains(text, ";") {
		return m.Budget
	}
	var own [2]string
	for i, name := range m.Names {
		b, ok := config.EngineBudgetText(text, name)
		if !ok {
			return m.Budget // not a budget a preset could hold
		}
		if own[i] = b; b == "" {
			own[i] = "-"
		}
	}
	if own[0] == own[1] {
		return own[0] + suffix
	}
	return own[0] + " / " + own[1] + suffix
}
