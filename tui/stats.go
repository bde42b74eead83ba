package tui

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"mcarena/engines"
	"mcarena/games"
)

// statsRows is how many root moves the statistics pane lists.
const statsRows = 8

// statsView renders the latest engine statistics: the search's counters,
// its principal variation and its most visited root moves (for NMCS, every
// evaluated successor with its outcome, discounted value, playout length and
// pruning rule).
func (p *play) statsView(e *env) string {
	st := e.styles
	lines := []string{st.Title.Render("Engine")}
	if p.statsFor == nil || (p.stats.Iterations == 0 && len(p.stats.Moves) == 0) {
		if p.cur != nil {
			lines = append(lines, st.Subtle.Render(p.statsBy+": thinking..."))
		} else {
			lines = append(lines, st.Subtle.Render("no search yet"))
		}
		return strings.Join(lines, "\n")
	}
	s := p.stats
	state := "last search"
	if p.cur != nil {
		state = "thinking"
	}
	lines = append(lines, fmt.Sprintf("%s (%s)", p.statsBy, state),
		fmt.Sprintf("iterations %d  states %d  %s/s  %.1fs", s.Iterations, s.States, humanCount(s.StatesPerSecond()), s.Elapsed.Seconds()))
	if f := figuresLine(s); f != "" {
		lines = append(lines, f)
	}
	lines = append(lines, "PV "+pvText(p.statsFor, s.PV, 8))
	if v := viewLine(s, p.statsFor); v != "" {
		lines = append(lines, st.Subtle.Render(v))
	}
	return strings.Join(append(lines, movesTable(s, p.statsFor, statsRows, st)...), "\n")
}

// figuresLine lists the engine's search-wide figures, such as "evaluated 7
// of 22  cut by COW 3".
func figuresLine(s engines.Stats) string {
	var parts []string
	for _, f := range s.Figures {
		text := f.Title + " " + f.Format()
		if f.Key == "evaluated" {
			text += fmt.Sprintf(" of %d", len(s.Moves))
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, "  ")
}

// viewLine says whose view the value columns are from.
func viewLine(s engines.Stats, root games.State) string {
	for _, c := range s.Columns {
		switch c.View {
		case engines.MoverView:
			return "values for " + root.Game().PlayerNames()[root.ToMove()] + ", to move"
		case engines.FirstView:
			return "values for " + root.Game().PlayerNames()[games.First]
		}
	}
	return ""
}

// movesTable renders up to rows root moves in the engine's declared columns
// with their proofs, ranked by the engine's ranking column (moves with no
// number in it last), or in the engine's order where it declares none.
func movesTable(s engines.Stats, root games.State, rows int, st Styles) []string {
	moves := append([]engines.MoveStats(nil), s.Moves...)
	if r := s.Rank; r >= 0 && r < len(s.Columns) {
		key := func(m engines.MoveStats) float64 {
			if r >= len(m.Cells) || math.IsNaN(m.Cells[r]) {
				return math.Inf(-1)
			}
			return m.Cells[r]
		}
		sort.SliceStable(moves, func(i, j int) bool { return key(moves[i]) > key(moves[j]) })
	}
	widths := make([]int, len(s.Columns))
	header := fmt.Sprintf("%-8s", "move")
	for i, c := range s.Columns {
		widths[i] = max(len(c.Title), 7)
		header += fmt.Sprintf("  %*s", widths[i], c.Title)
	}
	lines := []string{st.Subtle.Render(header + "  proven")}
	for i, m := range moves {
		if i == rows {
			lines = append(lines, st.Subtle.Render(fmt.Sprintf("... %d more", len(moves)-rows)))
			break
		}
		row := fmt.Sprintf("%-8s", root.MoveString(m.Move))
		for j, c := range s.Columns {
			v := math.NaN()
			if j < len(m.Cells) {
				v = m.Cells[j]
			}
			row += fmt.Sprintf("  %*s", widths[j], c.Format(v))
		}
		lines = append(lines, row+"  "+m.Proven.String())
	}
	return lines
}

// pvText writes up to n moves of a principal variation from root, stopping
// at a move that is not legal where it stands (a stale or partial PV).
func pvText(root games.State, pv []games.Move, n int) string {
	s := root.Clone()
	var out []string
	for i, m := range pv {
		if i == n {
			out = append(out, "...")
			break
		}
		legal := false
		for _, l := range s.Legal(nil) {
			legal = legal || l == m
		}
		if !legal {
			break
		}
		out = append(out, s.MoveString(m))
		s.Play(m)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, " ")
}

func humanCount(x float64) string {
	switch {
	case x >= 1e6:
		return fmt.Sprintf("%.1fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.0fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}
