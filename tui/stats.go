package tui

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"mcarena/engines"
	"mcarena/games"
)

// statsView renders the latest engine statistics with room for all of them.
func (p *play) statsView(e *env) string {
	return strings.Join(append([]string{e.styles.Title.Render("Engine")}, p.statsLines(e, 200, 40)...), "\n")
}

// statsLines renders the latest engine statistics in width cells and height
// lines: the search's counters, its principal variation and its most
// visited root moves (for NMCS, every evaluated successor with its outcome,
// discounted value, playout length and pruning rule), as many as fit. When
// lines are short, the trend, whose view the values are from and the
// engine's figures go first, and the table keeps at least three moves.
func (p *play) statsLines(e *env, width, height int) []string {
	st := e.styles
	if p.statsFor == nil || (p.stats.Iterations == 0 && len(p.stats.Moves) == 0) {
		if p.cur != nil {
			return []string{st.Subtle.Render(p.statsBy + ": thinking...")}
		}
		return []string{st.Subtle.Render("no search yet")}
	}
	s := p.stats
	state := "last search"
	if p.cur != nil {
		state = "thinking"
	}
	head := []string{fmt.Sprintf("%s (%s)", p.statsBy, state),
		fmt.Sprintf("iterations %d  states %d  %s/s  %.1fs", s.Iterations, s.States, humanCount(s.StatesPerSecond()), s.Elapsed.Seconds()),
		"PV " + pvText(p.statsFor, s.PV, 8)}
	warn := ""
	if w := cutShort(s); w != "" {
		warn = st.Error.Render(w)
	}
	// Lines kept only when there is room, the figures first, the trend last.
	figures, view, trend := figuresLine(s), "", ""
	if v := viewLine(s, p.statsFor); v != "" {
		view = st.Subtle.Render(v)
	}
	if len(p.trend) > 1 {
		trend = "trend " + sparkline(p.trend, 24) + st.Subtle.Render(" value of the chosen move")
	}
	avail := height - 1 - len(head) // less the pane's title
	if warn != "" {
		avail--
	}
	least := 1 + min(3, len(s.Moves)) // the table's header and three moves
	if len(s.Moves) > 3 {
		least++ // and how many more
	}
	room := func(line string) bool {
		if line == "" || avail-1 < least {
			return false
		}
		avail--
		return true
	}
	keepFigures, keepView, keepTrend := room(figures), room(view), room(trend)
	lines := head[:2:2]
	if keepFigures {
		lines = append(lines, figures)
	}
	lines = append(lines, head[2])
	if keepTrend {
		lines = append(lines, trend)
	}
	if warn != "" {
		lines = append(lines, warn)
	}
	if keepView {
		lines = append(lines, view)
	}
	rows := len(s.Moves)
	if avail-1 < rows {
		rows = max(avail-2, 1) // a line says how many more
	}
	p.statsPage = rows
	if len(s.Moves) == 0 {
		return cutLines(lines, width) // an engine without move statistics (random)
	}
	return cutLines(append(lines, movesTable(s, p.statsFor, rows, p.statsSkip, st)...), width)
}

// fitLines cuts each line of text to width cells (with an ellipsis), and
// leaves text alone when width is too small to be of use.
func fitLines(text string, width int) string {
	if width < 20 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "…")
	}
	return strings.Join(lines, "\n")
}

// maxTrend is how many snapshots the trend keeps (the latest).
const maxTrend = 64

// setStats shows a snapshot and adds the chosen move's value to the trend.
func (p *play) setStats(st engines.Stats, root games.State) {
	p.stats, p.statsFor = st, root
	if v, ok := chosenValue(st); ok {
		if len(p.trend) == maxTrend {
			p.trend = append(p.trend[:0], p.trend[1:]...)
		}
		p.trend = append(p.trend, v)
	}
}

// chosenValue is the chosen move's (the PV's first) number in the first
// value column the engine declares.
func chosenValue(s engines.Stats) (float64, bool) {
	if len(s.PV) == 0 {
		return 0, false
	}
	for c, col := range s.Columns {
		if col.Kind != engines.Value {
			continue
		}
		for _, m := range s.Moves {
			if m.Move == s.PV[0] && c < len(m.Cells) && !math.IsNaN(m.Cells[c]) {
				return m.Cells[c], true
			}
		}
		return 0, false
	}
	return 0, false
}

// sparkline draws values in [-1, 1] as block heights, the latest n.
func sparkline(vs []float64, n int) string {
	const blocks = "▁▂▃▄▅▆▇█"
	runes := []rune(blocks)
	if len(vs) > n {
		vs = vs[len(vs)-n:]
	}
	var b strings.Builder
	for _, v := range vs {
		i := int((max(-1, min(1, v)) + 1) / 2 * float64(len(runes)-1))
		b.WriteRune(runes[i])
	}
	return b.String()
}

// cutShort warns when a finished search left root moves unevaluated
// (NMCS under a budget).
func cutShort(s engines.Stats) string {
	ev := s.Figure("evaluated")
	if !s.Done || ev != ev || int(ev) >= len(s.Moves) {
		return ""
	}
	return fmt.Sprintf("the budget ended the search: %d of %d moves evaluated", int(ev), len(s.Moves))
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
// with their proofs: the chosen move (the PV's first) first, then proven
// wins, then the unproven moves by the engine's ranking column (moves with
// no number in it last), or in the engine's order where it declares none,
// then proven draws and proven losses, so that a move the search still
// weighs is never listed under one it has settled as lost. A count ranking column gets a bar of each move's share.
// A table longer than rows shows the rows from the skip-th move on, with a
// line for the moves above and one for those below.
func movesTable(s engines.Stats, root games.State, rows, skip int, st Styles) []string {
	moves := append([]engines.MoveStats(nil), s.Moves...)
	r := s.Rank
	rank := func(m engines.MoveStats) float64 {
		if r < 0 || r >= len(m.Cells) || math.IsNaN(m.Cells[r]) {
			return math.Inf(-1)
		}
		return m.Cells[r]
	}
	pin := func(m engines.MoveStats) int {
		switch {
		case len(s.PV) > 0 && m.Move == s.PV[0]:
			return 0
		case m.Proven == engines.ProvenWin:
			return 1
		case m.Proven == engines.ProvenDraw:
			return 3
		case m.Proven == engines.ProvenLoss:
			return 4
		}
		return 2
	}
	sort.SliceStable(moves, func(i, j int) bool {
		if a, b := pin(moves[i]), pin(moves[j]); a != b {
			return a < b
		}
		return r >= 0 && rank(moves[i]) > rank(moves[j])
	})
	share := r >= 0 && r < len(s.Columns) && s.Columns[r].Kind == engines.Count
	var total float64
	for _, m := range moves {
		if v := rank(m); share && v > 0 {
			total += v
		}
	}
	widths := make([]int, len(s.Columns))
	header := fmt.Sprintf("%-8s", "move")
	for i, c := range s.Columns {
		widths[i] = max(len(c.Title), 7)
		header += fmt.Sprintf("  %*s", widths[i], c.Title)
	}
	header += "  proven"
	if share && total > 0 {
		header += "  share"
	}
	lines := []string{st.Subtle.Render(header)}
	// A table longer than rows scrolls: skip moves are above the window,
	// one line saying so in place of a move.
	n := len(moves)
	skip = min(max(skip, 0), max(n-rows+1, 0))
	if n <= rows {
		skip = 0
	}
	show := rows
	if skip > 0 {
		show = max(rows-1, 1)
		lines = append(lines, st.Subtle.Render(fmt.Sprintf("... %d above (pgup)", skip)))
	}
	end := min(skip+show, n)
	for _, m := range moves[skip:end] {
		row := fmt.Sprintf("%-8s", root.MoveString(m.Move))
		for j, c := range s.Columns {
			v := math.NaN()
			if j < len(m.Cells) {
				v = m.Cells[j]
			}
			row += fmt.Sprintf("  %*s", widths[j], c.Format(v))
		}
		row += fmt.Sprintf("  %-6s", m.Proven.String())
		if share && total > 0 {
			row += "  " + bar(max(rank(m), 0)/total, 8)
		}
		lines = append(lines, strings.TrimRight(row, " "))
	}
	if end < n {
		lines = append(lines, st.Subtle.Render(fmt.Sprintf("... %d more (pgdn)", n-end)))
	}
	return lines
}

// bar draws a fraction in [0, 1] as a bar of width cells with eighth-cell
// steps.
func bar(f float64, width int) string {
	const parts = " ▏▎▍▌▋▊▉"
	runes := []rune(parts)
	eighths := int(math.Round(f * float64(width*8)))
	full, rest := eighths/8, eighths%8
	s := strings.Repeat("█", full)
	if rest > 0 {
		s += string(runes[rest])
	}
	return s
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
