package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
)

// boardLines returns the lines of the board on the play screen, as drawn.
func boardLines(t *testing.T, m Model, p *play) []string {
	t.Helper()
	lines := strings.Split(m.View(), "\n")
	bv := p.boardView(m.ctx)
	lines = lines[p.boardAt[1] : p.boardAt[1]+bv.h]
	for i, l := range lines {
		if r := []rune(l); len(r) > bv.w {
			lines[i] = string(r[:bv.w])
		}
	}
	return lines
}

// Dominoes are drawn joined, each one a piece: two vertical dominoes one
// above the other and two horizontal ones side by side stay two pieces
// each, never a run of letters.
func TestDominoesJoined(t *testing.T) {
	m, p := start(t, "domineering")
	m = keys(t, m, "a1-a2", "enter", "b1-c1", "enter", "a3-a4", "enter", "d1-e1", "enter")
	if len(p.names) != 4 {
		t.Fatalf("moves %v: %s", p.names, p.status)
	}
	got := strings.Join(boardLines(t, m, p), "\n")
	for _, want := range []string{
		" 4  ╻ ",
		" 3  ╹ ",
		" 2  ╻ ",
		" 1  ╹  ╺━━╸  ╺━━╸",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("board lacks %q:\n%s", want, got)
		}
	}
	if strings.ContainsAny(strings.Join(strings.Split(got, "\n")[:5], ""), "vh") {
		t.Errorf("dominoes drawn as letters:\n%s", got)
	}
	// ASCII: brackets, still one piece each.
	m.ctx.styles.ASCII = true
	got = strings.Join(boardLines(t, m, p), "\n")
	if !strings.Contains(got, " 1  v  [==]  [==]") || !strings.Contains(got, " 2  ^ ") {
		t.Errorf("ASCII dominoes:\n%s", got)
	}
}

// NoGo and AtariGo draw stones as ● (Black) and ○ (White); the group
// AtariGo's last move captured stays on the board, marked.
func TestStones(t *testing.T) {
	m, p := start(t, "nogo")
	m = keys(t, m, "c3", "enter", "d3", "enter")
	got := strings.Join(boardLines(t, m, p), "\n")
	if !strings.Contains(got, " ●  ○ ") || strings.ContainsAny(strings.Join(strings.Split(got, "\n")[:5], ""), "bw") {
		t.Fatalf("stones:\n%s", got)
	}
	m, p = start(t, "atarigo:size=5")
	for _, mv := range []string{"a1", "c2", "b1", "c1"} { // White c1 then b1... Black's a1-b1 in atari
		m = keys(t, m, mv, "enter")
	}
	m = keys(t, m, "e5", "enter", "a2", "enter", "e4", "enter", "b2", "enter")
	if !p.state.Terminal() {
		t.Fatalf("game not over after %v: %s", p.names, p.state.String())
	}
	got = strings.Join(boardLines(t, m, p), "\n")
	if !strings.Contains(got, " 1 (●)(●) ○ ") {
		t.Fatalf("the captured group is not marked:\n%s", got)
	}
}

// Kalah's stores carry their owners' names, and a move that ends in the
// mover's store says that the same side moves again.
func TestKalahStoresAndExtraMove(t *testing.T) {
	m, _ := start(t, "kalah")
	m = keys(t, m, "c1", "enter")
	v := m.View()
	for _, want := range []string{"◂ North", "South ▸", "row 1: South", "row 2: North", "South (human) to move: extra move"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	m = keys(t, m, "f1", "enter")
	if v := m.View(); strings.Contains(v, "extra move") || !strings.Contains(v, "North (human) to move") {
		t.Fatalf("after f1:\n%s", v)
	}
	// ASCII: the stores' arrows too.
	m.ctx.styles.ASCII = true
	if v := m.View(); !strings.Contains(v, "< North") || !strings.Contains(v, "South >") || strings.ContainsAny(v, "◂▸") {
		t.Fatalf("ASCII stores:\n%s", v)
	}
	// The pits are drawn one way: ctrl+f says so, in the game and in its
	// review, and changes nothing.
	for _, ks := range [][]string{{"ctrl+f"}, {"ctrl+r", "ctrl+f"}} {
		v := strings.Join(strings.Fields(keys(t, m, ks...).View()), " ")
		if !strings.Contains(v, "a board of pits does not flip") {
			t.Errorf("%v: no word of the board not flipping:\n%s", ks, v)
		}
	}
	if m.current.(*play).flip {
		t.Errorf("ctrl+f flipped a board of pits")
	}
}

// ASCII styles draw panes with ASCII borders, which the Linux console's
// font has, where the rounded corners are not.
func TestASCIIPanes(t *testing.T) {
	t.Setenv("MCARENA_ASCII", "1")
	st := DefaultStyles()
	if got := st.Pane.Render("x"); strings.ContainsAny(got, "╭╮╰╯│─") {
		t.Fatalf("an ASCII pane:\n%s", got)
	}
	t.Setenv("MCARENA_ASCII", "0")
	if got := DefaultStyles().Pane.Render("x"); !strings.ContainsAny(got, "╭") {
		t.Fatalf("a pane:\n%s", got)
	}
}

// The hex cursor moves in the six directions (↑ up-left, ↓ down-right,
// shift+↑ up-right, shift+↓ down-left, ← and →), stays at an edge, and
// turns with the board.
func TestHexCursorSixDirections(t *testing.T) {
	m, p := startFixture(t, hexBase4(), 100, 30)
	b := p.state.Board()
	at := func(name string) int {
		for i := range b.Cells {
			if b.Name(i) == name {
				return i
			}
		}
		t.Fatalf("no cell %s", name)
		return -1
	}
	shift := map[string]tea.KeyType{"shift+up": tea.KeyShiftUp, "shift+down": tea.KeyShiftDown}
	press := func(k string) {
		if kt, ok := shift[k]; ok {
			m = send(t, m, tea.KeyMsg{Type: kt})
		} else {
			m = keys(t, m, k)
		}
	}
	for _, tc := range []struct {
		from, key, want string
		flip            bool
	}{
		{"d4", "right", "d5", false}, {"d4", "left", "d3", false},
		{"d4", "up", "e4", false}, {"d4", "shift+up", "e5", false},
		{"d4", "down", "c4", false}, {"d4", "shift+down", "c3", false},
		{"a1", "down", "a1", false}, {"a1", "left", "a1", false}, {"g7", "up", "g7", false},
		{"d4", "up", "c4", true}, {"d4", "right", "d3", true}, {"d4", "shift+down", "e5", true},
	} {
		p.flip, p.cursor = tc.flip, at(tc.from)
		press(tc.key)
		if got := b.Name(p.cursor); got != tc.want {
			t.Errorf("%s then %s (flipped %v): cursor on %s, want %s", tc.from, tc.key, tc.flip, got, tc.want)
		}
	}
	p.flip, p.cursor = false, at("d4")
	m = keys(t, m, "down")
	if v := m.View(); !strings.Contains(v, "cursor c4") {
		t.Errorf("the turn line does not name the cursor's cell:\n%s", v)
	}
}

// A click on a hex cell picks that cell, at base 4 (wide cells) and 10
// (narrow cells at 80 columns): each cell's box on the map maps back to
// it, and a few cells sit where the layout says by hand.
func TestHexMouseHitTest(t *testing.T) {
	for _, tc := range []struct {
		f     *fixture
		w, h  int
		hand  map[string][2]int // a cell's x and line on the board
		cells int
	}{
		{hexBase4(), 100, 30, map[string][2]int{"a1": {11, 6}, "d1": {5, 3}, "g7": {23, 0}, "d7": {29, 3}}, 37},
		{hexBase10(), 80, 24, map[string][2]int{"a1": {13, 18}, "j1": {4, 9}, "s19": {31, 0}, "j10": {22, 9}}, 271},
	} {
		m, p := startFixture(t, tc.f, tc.w, tc.h)
		m.View() // lays the screen out: where the board is
		bv := p.boardView(m.ctx)
		if len(bv.cells) != tc.cells {
			t.Fatalf("%s: %d cells", tc.f.name, len(bv.cells))
		}
		click := func(x, y int) {
			m = send(t, m, tea.MouseMsg{X: p.boardAt[0] + x, Y: p.boardAt[1] + y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		}
		b := p.state.Board()
		for name, xy := range tc.hand {
			click(xy[0], xy[1])
			if got := b.Name(p.cursor); got != name {
				t.Errorf("%s: a click at %v picked %s, want %s", tc.f.name, xy, got, name)
			}
		}
		for i, c := range bv.cells {
			for dx := range c.w {
				click(c.x+dx, c.y)
				if p.cursor != i {
					t.Fatalf("%s: a click on %s (%d,%d) picked %s", tc.f.name, b.Name(i), c.x+dx, c.y, b.Name(p.cursor))
				}
			}
		}
		before := p.cursor
		click(0, 0) // a label, not a cell
		if p.cursor != before {
			t.Errorf("%s: a click on a label moved the cursor", tc.f.name)
		}
	}
}

// Chess draws Unicode chessmen, or their letters with the ASCII fallback.
func TestChessASCIIFallback(t *testing.T) {
	m, p := startFixture(t, chessStart(), 100, 30)
	got := strings.Join(boardLines(t, m, p), "\n")
	if !strings.Contains(got, " 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜") || !strings.Contains(got, " 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖") {
		t.Fatalf("Unicode chessmen:\n%s", got)
	}
	m.ctx.styles.ASCII = true
	got = strings.Join(boardLines(t, m, p), "\n")
	for _, want := range []string{" 8  r  n  b  q  k  b  n  r", " 7  p  p  p  p  p  p  p  p", " 6  .  .", " 1  R  N  B  Q  K  B  N  R", "    a  b  c  d  e  f  g  h"} {
		if !strings.Contains(got, want) {
			t.Fatalf("ASCII board lacks %q:\n%s", want, got)
		}
	}
	if strings.ContainsAny(got, "♜♖·") {
		t.Fatalf("ASCII board with Unicode:\n%s", got)
	}
}

// A check is marked on the king and in the turn line, the last move on its
// two cells; a pawn's move to the last rank opens the promotion chooser,
// whose choice is the move played.
func TestChessCheckAndPromotion(t *testing.T) {
	m, p := startFixture(t, chessPromotion(), 100, 30)
	m = keys(t, m, "Rh8+", "enter")
	v := m.View()
	if !strings.Contains(v, " 8 +♔+ ·  ·  ·  ·  ·  ·  ♜") || !strings.Contains(v, "White (human) in check") {
		t.Fatalf("check not shown:\n%s", v)
	}
	if got := p.lastCells(); got != [2]int{sq("h1"), sq("h8")} {
		t.Fatalf("last move cells %v", got)
	}
	p.cursor = sq("e7")
	m = keys(t, m, "enter", "up", "enter")
	if !p.choosing() || !strings.Contains(m.View(), "choose the move: [e8=Q ♕]  e8=R ♖  e8=B ♗  e8=N ♘") {
		t.Fatalf("no chooser:\n%s", m.View())
	}
	if !strings.Contains(m.View(), "←/→ choose a move") {
		t.Fatalf("the chooser's keys are not in the help:\n%s", m.View())
	}
	m = keys(t, m, "left", "left", "esc")
	if p.choosing() || len(p.names) != 1 {
		t.Fatalf("esc did not cancel the chooser: %v", p.names)
	}
	p.cursor = sq("e7")
	keys(t, m, "enter", "up", "enter", "right", "right", "enter")
	if len(p.names) != 2 || p.names[1] != "e8=B" {
		t.Fatalf("moves %v, want the bishop promotion", p.names)
	}
	if got := p.state.Board().Cells[sq("e8")]; got.Piece != 'B' {
		t.Fatalf("e8 holds %q", got.Piece)
	}
	_ = games.Chess
}

// Havannah is drawn on the hex board view with stones, White's (who moves
// first) as ○ and Black's as ●; at game over the cells of the winning
// bridge are marked, not the winner's other stones, and the banner says
// which structure won. The review shows the same marks at the last ply.
func TestHavannahWinningStructureHighlighted(t *testing.T) {
	m, p := start(t, "havannah:base=4")
	m = keys(t, m, "a1", "enter", "g4", "enter", "b2", "enter", "g5", "enter", "a2", "enter", "e4", "enter", "a3", "enter", "f5", "enter")
	if v := m.View(); !strings.Contains(v, "a1  ○   ○   ○   ·  a4") || !strings.Contains(v, "g4  ●   ●   ·   ·  g7") {
		t.Fatalf("White's stones are not ○ and Black's ●:\n%s", v)
	}
	m = keys(t, m, "a4", "enter")
	if !p.state.Terminal() {
		t.Fatalf("a4 did not end the game: %s", p.state.String())
	}
	v := m.View()
	for _, want := range []string{"a1 [○] [○] [○] [○] a4", "Game over: White wins 1-0", "(bridge)"} {
		if !strings.Contains(v, want) {
			t.Errorf("the view lacks %q:\n%s", want, v)
		}
	}
	if !strings.Contains(v, "b1  ·   ○   ·") {
		t.Errorf("the spur b2 is marked as part of the bridge:\n%s", v)
	}
	m = keys(t, m, "ctrl+r")
	if _, ok := m.current.(*review); !ok {
		t.Fatalf("ctrl+r opened %T", m.current)
	}
	if v := m.View(); !strings.Contains(v, "[○] [○] [○] [○]") {
		t.Errorf("the review at the last ply does not mark the bridge:\n%s", v)
	}
}

// The promotion chooser shows each piece's glyph after its move's check or
// mate sign as well (b8=Q+ ♕), not only after a bare promotion.
func TestChooserGlyphsAfterCheck(t *testing.T) {
	t.Setenv("MCARENA_ASCII", "0") // glyphs, on the Linux console too
	g, err := games.New("chess")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition("7k/1P6/8/8/8/8/8/K7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	human, _ := parsePlayer(nil, "human", g)
	p := newPlay(g, s, [2]player{human, human})
	p.autosaving = false
	for _, m := range s.Legal(nil) {
		if strings.HasPrefix(s.MoveString(m), "b8") {
			p.choices = append(p.choices, m)
		}
	}
	e := &env{styles: DefaultStyles()}
	if got, want := p.chooserText(e), "choose the move: [b8=Q+ ♕]  b8=R+ ♖  b8=B ♗  b8=N ♘"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
