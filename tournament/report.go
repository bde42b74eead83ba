package tournament

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
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
// paper's figure lies outside our interval.
func WriteReport(w io.Writer, sums []MatchSummary, f Format) error {
	header := []string{"preset", "game", "budget", "engine", "opponent", "games", "W-D-L", "score %", "95% interval", "paper %", "", "first mover won"}
	var rows [][]string
	scaled := false
	for _, m := range sums {
		paper, flag := "-", ""
		if m.Paper >= 0 {
			paper = fmt.Sprintf("%.1f", m.Paper)
			if m.Outside {
				flag = "!"
			}
		}
		budget := m.Budget
		if budget == "" {
			budget = "-"
		}
		first := "-"
		if m.Games > 0 {
			first = fmt.Sprintf("%.0f%%", 100*float64(m.FirstMoverWins)/float64(m.Games))
		}
		row := []string{m.Preset, m.Game, budget, m.Names[0], m.Names[1], strconv.Itoa(m.Games),
			fmt.Sprintf("%d-%d-%d", m.Wins, m.Draws, m.Losses), fmt.Sprintf("%.1f", 100*m.Score),
			fmt.Sprintf("%.1f-%.1f", 100*m.Low, 100*m.High), paper, flag, first}
		if m.Errors > 0 {
			row[5] += fmt.Sprintf(" (+%d errors)", m.Errors)
		}
		rows = append(rows, row)
		scaled = scaled || m.Scaled
	}
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
	default:
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
		for _, r := range rows {
			fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if f != CSV {
		fmt.Fprintln(w, "\nscore: wins plus half the draws of the engine over its opponent; ! marks a paper figure outside our 95% interval.")
		if scaled {
			fmt.Fprintln(w, "Scaled down: some matches used fewer games than their preset asks for.")
		}
	}
	return nil
}
