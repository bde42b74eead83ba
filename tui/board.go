package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"mcarena/games"
)

// boardMarks says which cells to emphasise when drawing a board.
type boardMarks struct {
	last   [2]int // cells of the last move, -1 for none
	cursor int
	from   int // a selected first cell of a two-cell move, or -1
	flip   bool
}

// renderBoard draws a square grid with coordinates, or Kalah's pits.
func renderBoard(ctx *env, b games.Board, mk boardMarks) string {
	if b.Kind == games.Pits {
		return renderPits(ctx, b, mk)
	}
	st := ctx.styles
	var out strings.Builder
	ranks := make([]int, b.Rows)
	files := make([]int, b.Cols)
	for i := range ranks {
		ranks[i] = b.Rows - 1 - i
		if mk.flip {
			ranks[i] = i
		}
	}
	for i := range files {
		files[i] = i
		if mk.flip {
			files[i] = b.Cols - 1 - i
		}
	}
	for _, r := range ranks {
		out.WriteString(st.Label.Render(pad(itoa(r+1), 2)) + " ")
		for _, f := range files {
			i := r*b.Cols + f
			text, style := piece(ctx, b.Cells[i])
			out.WriteString(cellStyle(ctx, i, mk).Inherit(style).Render(" " + text + " "))
		}
		out.WriteString("\n")
	}
	out.WriteString("   ")
	for _, f := range files {
		out.WriteString(st.Label.Render(" " + string(rune('a'+f)) + " "))
	}
	return out.String()
}

// renderPits draws a mancala board: North's houses on top (a2 on the left),
// South's below, North's store on the left and South's on the right.
func renderPits(ctx *env, b games.Board, mk boardMarks) string {
	st := ctx.styles
	h := b.Cols
	var top, bottom, files strings.Builder
	for f := range h {
		top.WriteString(cellStyle(ctx, h+f, mk).Render(pad(itoa(b.Cells[h+f].Count), 4)))
		bottom.WriteString(cellStyle(ctx, f, mk).Render(pad(itoa(b.Cells[f].Count), 4)))
		files.WriteString(st.Label.Render(pad(string(rune('a'+f)), 4)))
	}
	store := func(n int) string { return st.Title.Render(pad(itoa(n), 4)) }
	blank := strings.Repeat(" ", 4)
	return blank + top.String() + st.Label.Render("  2") + "\n" +
		store(b.Stores[1]) + strings.Repeat(" ", 4*h) + store(b.Stores[0]) + "\n" +
		blank + bottom.String() + st.Label.Render("  1") + "\n" +
		blank + files.String()
}

func cellStyle(ctx *env, i int, mk boardMarks) lipgloss.Style {
	st := ctx.styles
	switch {
	case i == mk.cursor:
		return st.CellCursor
	case i == mk.from:
		return st.CellFrom
	case i == mk.last[0] || i == mk.last[1]:
		return st.CellLast
	}
	return st.Cell
}

// piece returns the text of a cell and the style of its owner; styles are
// merged, never nested, so that no escape sequence lands inside another.
func piece(ctx *env, c games.Cell) (string, lipgloss.Style) {
	if c.Piece == 0 {
		return "·", ctx.styles.Label
	}
	return string(c.Piece), ctx.styles.Piece[c.Owner&1]
}

// pad right-aligns s in a field of width n.
func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

// cellAt maps a screen position inside a board drawn by renderBoard (x and
// y relative to its top-left corner) to the cell there, or -1.
func cellAt(b games.Board, flip bool, x, y int) int {
	if b.Kind == games.Pits {
		// Houses are 4 columns wide after a 4-column margin; North's row
		// is line 0, South's line 2.
		f := (x - 4) / 4
		if x < 4 || f >= b.Cols {
			return -1
		}
		switch y {
		case 0:
			return b.Cols + f
		case 2:
			return f
		}
		return -1
	}
	// Ranks from the top, a 3-column label, 3 columns a cell.
	if y < 0 || y >= b.Rows || x < 3 || (x-3)/3 >= b.Cols {
		return -1
	}
	r, f := b.Rows-1-y, (x-3)/3
	if flip {
		r, f = y, b.Cols-1-f
	}
	return r*b.Cols + f
}
