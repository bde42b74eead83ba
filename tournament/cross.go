package tournament

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// CrossTable is the results of a round robin between every pair of its
// engines, in the form of chess tournament tables (the chess thesis' Table
// 7): Points[i][j] is what Names[i] scored against Names[j] (a win 1, a
// draw 1/2) in Games[i][j] games, errors left out. Engines are ranked by
// their total score, then by name.
type CrossTable struct {
	Names  []string
	Points [][]float64
	Games  [][]int
}

// Score returns engine i's points and games in all.
func (c CrossTable) Score(i int) (points float64, games int) {
	for j := range c.Names {
		points += c.Points[i][j]
		games += c.Games[i][j]
	}
	return points, games
}

// NewCrossTable tallies the games of records (errors excluded) between
// the engines their names give.
func NewCrossTable(recs []Record) CrossTable {
	var names []string
	for _, r := range recs {
		for _, n := range r.Names {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	n := len(names)
	c := CrossTable{Names: names, Points: make([][]float64, n), Games: make([][]int, n)}
	for i := range n {
		c.Points[i], c.Games[i] = make([]float64, n), make([]int, n)
	}
	for _, r := range recs {
		if r.Error != "" {
			continue
		}
		a, b := slices.Index(names, r.Names[0]), slices.Index(names, r.Names[1])
		c.Games[a][b]++
		c.Games[b][a]++
		switch r.Winner {
		case 0:
			c.Points[a][b]++
		case 1:
			c.Points[b][a]++
		default:
			c.Points[a][b] += 0.5
			c.Points[b][a] += 0.5
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		px, _ := c.Score(x)
		py, _ := c.Score(y)
		switch {
		case px != py:
			if px > py {
				return -1
			}
			return 1
		}
		return strings.Compare(names[x], names[y])
	})
	sorted := CrossTable{Names: make([]string, n), Points: make([][]float64, n), Games: make([][]int, n)}
	for a, i := range order {
		sorted.Names[a] = names[i]
		sorted.Points[a], sorted.Games[a] = make([]float64, n), make([]int, n)
		for b, j := range order {
			sorted.Points[a][b], sorted.Games[a][b] = c.Points[i][j], c.Games[i][j]
		}
	}
	return sorted
}

// WriteCrossTables prints the cross table of every group of three or more
// engines that WriteElo rates: each engine's points against each other,
// "16.5-8.5" (the row's first), and its score, ranked by score. Where
// paper (which may be nil) gives the paper's score of a pair in a preset
// (percent of the first engine named, and true), the paper's table follows
// in the same rows and columns, in percent of the row's engine.
func WriteCrossTables(w io.Writer, recs []Record, paper func(preset, game, budget, a, b string) (float64, bool)) error {
	header := false
	for _, g := range eloGroups(recs) {
		c := NewCrossTable(g.recs)
		if len(c.Names) < 3 {
			continue
		}
		if !header {
			fmt.Fprintf(w, "\nCross tables (the row's points against the column's; score: points of games)\n")
			header = true
		}
		fmt.Fprintf(w, "  %s:\n", g.title())
		writeCross(w, c, func(i, j int) string {
			if c.Games[i][j] == 0 {
				return "."
			}
			return fmt.Sprintf("%g-%g", c.Points[i][j], c.Points[j][i])
		}, func(i int) string {
			p, n := c.Score(i)
			return fmt.Sprintf("%g/%d", p, n)
		})
		if paper == nil {
			continue
		}
		known := false
		cell := func(i, j int) string {
			if pct, ok := paper(g.preset, g.game, g.budget, c.Names[i], c.Names[j]); ok {
				known = true
				return fmt.Sprintf("%g%%", pct)
			}
			if pct, ok := paper(g.preset, g.game, g.budget, c.Names[j], c.Names[i]); ok {
				known = true
				return fmt.Sprintf("%g%%", 100-pct)
			}
			return "?"
		}
		for i := range c.Names {
			for j := range c.Names {
				if i != j {
					cell(i, j)
				}
			}
		}
		if known {
			fmt.Fprintf(w, "  the paper's, in the same order (%% of the row's engine; ? where it gives none):\n")
			writeCross(w, c, cell, nil)
		}
	}
	return nil
}

// writeCross prints a table over c's engines, numbered, cell(i, j) off the
// diagonal and, with score, a last column.
func writeCross(w io.Writer, c CrossTable, cell func(i, j int) string, score func(i int) string) {
	n := len(c.Names)
	cells := make([][]string, n)
	width, nameWidth := 1, 0
	for i, name := range c.Names {
		nameWidth = max(nameWidth, len(name))
		cells[i] = make([]string, n)
		for j := range n {
			cells[i][j] = "-"
			if i != j {
				cells[i][j] = cell(i, j)
			}
			width = max(width, len(cells[i][j]))
		}
	}
	digits := len(fmt.Sprint(n))
	var b strings.Builder
	fmt.Fprintf(&b, "  %*s %-*s", digits, "", nameWidth, "")
	for j := range n {
		fmt.Fprintf(&b, " %*s", width, fmt.Sprintf("#%d", j+1))
	}
	if score != nil {
		b.WriteString("  score")
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	for i, name := range c.Names {
		b.Reset()
		fmt.Fprintf(&b, "  %*d %-*s", digits, i+1, nameWidth, name)
		for j := range n {
			fmt.Fprintf(&b, " %*s", width, cells[i][j])
		}
		if score != nil {
			fmt.Fprintf(&b, "  %s", score(i))
		}
		fmt.Fprintln(w, b.String())
	}
}
