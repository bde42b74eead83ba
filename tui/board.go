package tui

import (
	"sort"
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

// boardView is the one board component: it lays out any board kind
// (square grids, chess, hex grids, pits) as cells at screen positions, and
// drawing, mouse clicks and the cursor all read that one map, so that what
// is drawn where is what a click there picks.
type boardView struct {
	b     games.Board
	flip  bool
	ascii bool
	// hs is the width of half a cell step on a hex board: 2 columns (cells
	// 3 wide, 4 apart) when the board fits the width so, else 1 (cells 1
	// wide, 2 apart).
	hs     int
	cells  []cellBox // where each cell is, from the board's top-left corner
	labels []boardSpan
	w, h   int
	names  [2]string // the players, for the labels of Kalah's stores
}

// cellBox is the place of a cell on screen: line y, columns x to x+w-1.
type cellBox struct{ x, y, w int }

// boardSpan is text at a place on screen: a coordinate or a label.
type boardSpan struct {
	x, y int
	text string
}

// newBoardView lays out b, flipped or not, for a screen at most width
// columns wide; names are the players'.
func newBoardView(st Styles, b games.Board, flip bool, width int, names [2]string) *boardView {
	v := &boardView{b: b, flip: flip, ascii: st.ASCII, names: names, cells: make([]cellBox, len(b.Cells))}
	switch b.Kind {
	case games.Pits:
		v.layoutPits()
	case games.HexGrid:
		v.layoutHex(width)
	default:
		v.layoutSquare()
	}
	for _, c := range v.cells {
		v.w, v.h = max(v.w, c.x+c.w), max(v.h, c.y+1)
	}
	for _, l := range v.labels {
		v.w, v.h = max(v.w, l.x+len([]rune(l.text))), max(v.h, l.y+1)
	}
	return v
}

// layoutSquare: ranks from the top (rank 1 at the bottom unless flipped),
// a 3-column rank label, 3 columns a cell, the files under the board.
func (v *boardView) layoutSquare() {
	b := v.b
	for i := range v.cells {
		f, r := b.Coord(i)
		col, line := f, b.Rows-1-r
		if v.flip {
			col, line = b.Cols-1-f, r
		}
		v.cells[i] = cellBox{x: 3 + 3*col, y: line, w: 3}
	}
	for r := range b.Rows {
		line := b.Rows - 1 - r
		if v.flip {
			line = r
		}
		v.labels = append(v.labels, boardSpan{0, line, pad(itoa(r+1), 2)})
	}
	for f := range b.Cols {
		col := f
		if v.flip {
			col = b.Cols - 1 - f
		}
		v.labels = append(v.labels, boardSpan{3 + 3*col + 1, b.Rows, string(rune('a' + f))})
	}
}

// layoutPits: North's houses on top (a2 on the left), South's below, 4
// columns a house after a 4-column margin; North's store on the left and
// South's on the right, each labelled with its owner; the files under.
func (v *boardView) layoutPits() {
	h := v.b.Cols
	for i := range v.cells {
		f, side := v.b.Coord(i)
		v.cells[i] = cellBox{x: 4 + 4*f, y: 2 - 2*side, w: 4}
	}
	v.labels = append(v.labels, boardSpan{4 + 4*h, 0, "  row 2: " + v.names[1]}, boardSpan{4 + 4*h, 2, "  row 1: " + v.names[0]})
	west, east := "◂", "▸"
	if v.ascii {
		west, east = "<", ">"
	}
	left, right := west+" "+v.names[1]+"'s store", v.names[0]+"'s store "+east
	if len([]rune(left+right))+2 > 4*h {
		left, right = west+" "+v.names[1], v.names[0]+" "+east
	}
	if len([]rune(left+right))+2 > 4*h {
		left, right = west, east
	}
	v.labels = append(v.labels, boardSpan{5, 1, left}, boardSpan{4 + 4*h - 1 - len([]rune(right)), 1, right})
	for f := range h {
		v.labels = append(v.labels, boardSpan{4 + 4*f + 3, 3, string(rune('a' + f))})
	}
}

// hexCol is the screen column, in half steps, of hex cell (x, y) of base n:
// 0 for the leftmost cell of the longest row.
func hexCol(n, x, y int) int { return 2*x - y + n - 1 }

// layoutHex: row a at the bottom (the top when flipped), each row shifted
// half a cell from the next, the name of a row's first and last cell at
// its ends. The board takes 2N-1 lines, and 8N+3 columns with wide cells or
// 4N+5 with narrow ones.
func (v *boardView) layoutHex(width int) {
	n := v.b.Rows
	v.hs = 2
	if 8*n+3 > width {
		v.hs = 1
	}
	last := 2*n - 2
	first := make([]int, 2*n-1) // the leftmost cell on screen of each line
	lastOn := make([]int, 2*n-1)
	for i := range first {
		first[i], lastOn[i] = -1, -1
	}
	cw := 2*v.hs - 1 // the cell's width: 3 or 1
	for i := range v.cells {
		x, y := v.b.Coord(i)
		col, line := hexCol(n, x, y), last-y
		if v.flip {
			col, line = 4*n-4-col, y
		}
		center := 4 + v.hs/2 + v.hs*col
		v.cells[i] = cellBox{x: center - v.hs/2, y: line, w: cw}
		if first[line] < 0 || v.cells[i].x < v.cells[first[line]].x {
			first[line] = i
		}
		if lastOn[line] < 0 || v.cells[i].x > v.cells[lastOn[line]].x {
			lastOn[line] = i
		}
	}
	for line := range first {
		l, r := v.cells[first[line]], v.cells[lastOn[line]]
		name := v.b.Name(first[line])
		v.labels = append(v.labels, boardSpan{l.x - 1 - len(name), line, name},
			boardSpan{r.x + r.w + 1, line, v.b.Name(lastOn[line])})
	}
}

// cellAt returns the cell drawn at (x, y), relative to the board's
// top-left corner, or -1 for none.
func (v *boardView) cellAt(x, y int) int {
	for i, c := range v.cells {
		if y == c.y && x >= c.x && x < c.x+c.w {
			return i
		}
	}
	return -1
}

// Cursor directions: the four of a square board and the six of a hex
// board, as seen on screen.
type direction int

const (
	dirUp   direction = iota // up-left on a hex board
	dirDown                  // down-right on a hex board
	dirLeft
	dirRight
	dirUpRight  // hex only
	dirDownLeft // hex only
)

// step returns the cell next to cell i in direction d on screen: on a
// square board or pits the nearest cell that way (staying at an edge), on a
// hex board the neighbour, or i where there is none.
func (v *boardView) step(i int, d direction) int {
	if i < 0 || i >= len(v.cells) {
		return 0
	}
	b := v.b
	x, y := b.Coord(i)
	var dx, dy int
	if b.Kind == games.HexGrid {
		dx, dy = [...]int{0, 0, -1, 1, 1, -1}[d], [...]int{1, -1, 0, 0, 1, -1}[d]
	} else {
		dx, dy = [...]int{0, 0, -1, 1, 0, 0}[d], [...]int{1, -1, 0, 0, 0, 0}[d]
	}
	if v.flip && b.Kind != games.Pits {
		dx, dy = -dx, -dy
	}
	if b.Kind == games.HexGrid {
		if j := b.Index(x+dx, y+dy); j >= 0 {
			return j
		}
		return i
	}
	return b.Index(min(max(x+dx, 0), b.Cols-1), min(max(y+dy, 0), b.Rows-1))
}

// render draws the board with marks mk.
func (v *boardView) render(ctx *env, mk boardMarks) string {
	st := ctx.styles
	type span struct {
		x    int
		w    int
		text string // styled
	}
	lines := make([][]span, v.h)
	add := func(x, y, w int, text string) {
		if y >= 0 && y < v.h {
			lines[y] = append(lines[y], span{x, w, text})
		}
	}
	for _, l := range v.labels {
		add(l.x, l.y, len([]rune(l.text)), st.Label.Render(l.text))
	}
	if v.b.Kind == games.Pits {
		for side, x := range []int{4 + 4*v.b.Cols, 0} { // South's on the right
			add(x, 1, 4, st.Title.Render(pad(itoa(v.b.Stores[side]), 4)))
		}
	}
	for i, c := range v.cells {
		text, style := v.cellText(ctx, i)
		add(c.x, c.y, c.w, cellStyle(ctx, i, mk, v.b.Cells[i]).Inherit(style).Render(text))
	}
	var out strings.Builder
	for y, spans := range lines {
		sort.Slice(spans, func(a, b int) bool { return spans[a].x < spans[b].x })
		at := 0
		for _, s := range spans {
			if s.x < at {
				continue // overlapping text: the first wins
			}
			out.WriteString(strings.Repeat(" ", s.x-at) + s.text)
			at = s.x + s.w
		}
		if y < len(lines)-1 {
			out.WriteString("\n")
		}
	}
	return out.String()
}

// Chessmen in Unicode, in the order of the letters KQRBNPkqrbnp.
const (
	chessLetters = "KQRBNPkqrbnp"
	chessGlyphs  = "♔♕♖♗♘♙♚♛♜♝♞♟"
)

// pieceGlyph returns how a piece letter is drawn on a board of kind k.
func pieceGlyph(b games.Board, c games.Cell, ascii bool) string {
	switch {
	case c.Piece == 0:
		if ascii {
			return "."
		}
		return "·"
	case ascii:
		return string(c.Piece)
	case b.Kind == games.Chess:
		if i := strings.IndexByte(chessLetters, c.Piece); i >= 0 {
			return string([]rune(chessGlyphs)[i])
		}
	case b.Stones && c.Owner >= 0:
		stones := [2]string{"●", "○"}
		if b.FirstWhite {
			stones[0], stones[1] = stones[1], stones[0]
		}
		return stones[c.Owner&1]
	}
	return string(c.Piece)
}

// cellText returns the text of cell i, exactly as wide as its box, and the
// style of its owner; styles are merged, never nested, so that no escape
// sequence lands inside another.
func (v *boardView) cellText(ctx *env, i int) (string, lipgloss.Style) {
	c := v.b.Cells[i]
	w := v.cells[i].w
	style := ctx.styles.Label
	if c.Owner >= 0 {
		style = ctx.styles.Piece[c.Owner&1]
	}
	if v.b.Kind == games.Pits {
		return pad(itoa(c.Count), w), style
	}
	g := pieceGlyph(v.b, c, v.ascii)
	if w == 1 {
		return g, style
	}
	if text, ok := v.joined(c); ok {
		return text, style
	}
	switch {
	case c.Mark&games.Winning != 0:
		return "[" + g + "]", style
	case c.Mark&games.Captured != 0:
		return "(" + g + ")", style
	case c.Mark&games.Check != 0:
		return "+" + g + "+", style
	}
	return " " + g + " ", style
}

// joined draws a cell of a piece that spans cells (a domino) so that the
// piece shows as one and two pieces side by side as two: a horizontal one
// " ╺━━╸ ", a vertical one ╻ over ╹.
func (v *boardView) joined(c games.Cell) (string, bool) {
	j := c.Join
	if v.flip {
		j = j&games.JoinUp<<1 | j&games.JoinDown>>1 | j&games.JoinLeft<<1 | j&games.JoinRight>>1
	}
	glyphs := [4]string{" ╹ ", " ╻ ", "━╸ ", " ╺━"}
	if v.ascii {
		glyphs = [4]string{" v ", " ^ ", "=] ", " [="}
	}
	switch {
	case j&games.JoinUp != 0:
		return glyphs[0], true
	case j&games.JoinDown != 0:
		return glyphs[1], true
	case j&games.JoinLeft != 0:
		return glyphs[2], true
	case j&games.JoinRight != 0:
		return glyphs[3], true
	}
	return "", false
}

func cellStyle(ctx *env, i int, mk boardMarks, c games.Cell) lipgloss.Style {
	st := ctx.styles
	switch {
	case i == mk.cursor:
		return st.CellCursor
	case i == mk.from:
		return st.CellFrom
	case c.Mark&(games.Check|games.Captured) != 0:
		return st.CellAlarm
	case c.Mark&games.Winning != 0:
		return st.CellWin
	case i == mk.last[0] || i == mk.last[1]:
		return st.CellLast
	}
	return st.Cell
}

// winner is a finished game's state that can say which cells formed the
// structure that won it (havannah.State: a ring, a bridge or a fork).
type winner interface {
	StructureCells(last games.Move) []int
}

// boardOf describes the position s reached by moves for drawing: its
// board, with the cells of the structure that won the game marked
// games.Winning when it is over and says which they are.
func boardOf(s games.State, moves []games.Move) games.Board {
	b := s.Board()
	if w, ok := s.(winner); ok && s.Terminal() && len(moves) > 0 {
		for _, c := range w.StructureCells(moves[len(moves)-1]) {
			if c >= 0 && c < len(b.Cells) {
				b.Cells[c].Mark |= games.Winning
			}
		}
	}
	return b
}

// renderBoard draws a board for a screen of the context's width.
func renderBoard(ctx *env, b games.Board, names [2]string, mk boardMarks) string {
	return newBoardView(ctx.styles, b, mk.flip, ctx.width, names).render(ctx, mk)
}

// pad right-aligns s in a field of width n.
func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}
