package tui

import (
	"fmt"
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
	if s.COWCuts+s.PODCuts > 0 {
		lines = append(lines, fmt.Sprintf("cut by COW %d, by POD %d", s.COWCuts, s.PODCuts))
	}
	lines = append(lines, "PV "+pvText(p.statsFor, s.PV, 8))
	moves := append([]engines.MoveStats(nil), s.Moves...)
	nmcs := false
	for _, m := range moves {
		nmcs = nmcs || m.Evaluated || m.PrunedBy != ""
	}
	if !nmcs {
		sort.SliceStable(moves, func(i, j int) bool { return moves[i].Visits > moves[j].Visits })
	}
	if nmcs {
		lines = append(lines, st.Subtle.Render("move      outcome  discounted  length  states  pruned"))
	} else {
		lines = append(lines, st.Subtle.Render("move      visits    value  proven"))
	}
	for i, m := range moves {
		if i == statsRows {
			lines = append(lines, st.Subtle.Render(fmt.Sprintf("... %d more", len(moves)-statsRows)))
			break
		}
		name := p.statsFor.MoveString(m.Move)
		if nmcs {
			lines = append(lines, fmt.Sprintf("%-8s  %+7d  %10.4f  %6d  %6d  %s", name, m.Outcome, m.Discounted, m.Length, m.States, m.PrunedBy))
		} else {
			lines = append(lines, fmt.Sprintf("%-8s  %6d  %+7.3f  %s", name, m.Visits, m.Value, m.Proven))
		}
	}
	return strings.Join(lines, "\n")
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
