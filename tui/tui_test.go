package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcarena/config"
	"mcarena/games"
	"mcarena/games/pgn"
	"mcarena/tournament"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

func init() { lipgloss.SetColorProfile(termenv.Ascii) }

// send runs msg through the model. Screens change by returning the next
// screen, so the commands (cursor blinks) need not run.
func send(t *testing.T, m Model, msg tea.Msg) Model {
	t.Helper()
	next, _ := m.Update(msg)
	return next.(Model)
}

// namedKeys are the keys tests press by name; any other string is typed.
var namedKeys = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"ctrl+z": tea.KeyCtrlZ, "ctrl+y": tea.KeyCtrlY, "ctrl+w": tea.KeyCtrlW, "ctrl+u": tea.KeyCtrlU,
	"ctrl+n": tea.KeyCtrlN, "ctrl+t": tea.KeyCtrlT, "ctrl+p": tea.KeyCtrlP, "ctrl+s": tea.KeyCtrlS,
	"ctrl+f": tea.KeyCtrlF, "F1": tea.KeyF1, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"ctrl+r": tea.KeyCtrlR, "ctrl+x": tea.KeyCtrlX, "home": tea.KeyHome, "end": tea.KeyEnd,
}

// keys presses named keys ("F1" is the function key) and types anything
// else, as one message of runes.
func keys(t *testing.T, m Model, ks ...string) Model {
	t.Helper()
	for _, k := range ks {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		if kt, ok := namedKeys[k]; ok {
			msg = tea.KeyMsg{Type: kt}
		}
		m = send(t, m, msg)
	}
	return m
}

// openItem chooses a menu item, the menu being on screen.
func openItem(t *testing.T, m Model, item string) Model {
	t.Helper()
	mn, ok := m.current.(*menu)
	if !ok {
		t.Fatalf("screen %T, want the menu", m.current)
	}
	for i, it := range mn.items {
		if it == item {
			mn.cursor = i
			return keys(t, m, "enter")
		}
	}
	t.Fatalf("no menu item %q", item)
	return m
}

func start(t *testing.T, spec string) (Model, *play) {
	t.Helper()
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = keys(t, m, "enter", "ctrl+u", spec, "tab", "tab", "ctrl+u", "human", "enter")
	p, ok := m.current.(*play)
	if !ok {
		t.Fatalf("after choosing %q the screen is %T: %s", spec, m.current, m.View())
	}
	return m, p
}

// A bad game stays on the form with the error, the game field focused
// whichever field enter was pressed in.
func TestBadSpecStaysOnSetup(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = keys(t, m, "enter", "ctrl+u", "shogi", "tab", "tab", "enter")
	s, ok := m.current.(*setup)
	if !ok {
		t.Fatalf("screen %T, want setup", m.current)
	}
	if v := m.View(); !strings.Contains(v, `unknown game "shogi"`) {
		t.Fatalf("view lacks the error:\n%s", v)
	}
	if s.focus != 0 {
		t.Errorf("field %d focused, want the game's", s.focus)
	}
}

func TestTypedMovesUndoRedo(t *testing.T) {
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "a4-a3", "enter")
	if got := p.state.String(); got != "bbbbb/bbbbb/w4/1wwww/wwwww b" {
		t.Fatalf("position %q", got)
	}
	if !strings.Contains(m.View(), "illegal: a4-a3: a straight step cannot capture") {
		t.Fatalf("illegal move not explained:\n%s", m.View())
	}
	if p.input.Value() != "a4-a3" {
		t.Fatalf("refused move should stay in the prompt, got %q", p.input.Value())
	}
	m = keys(t, m, "ctrl+u", "b4-a3", "enter", "ctrl+z")
	if len(p.moves) != 1 || p.state.String() != "bbbbb/bbbbb/w4/1wwww/wwwww b" {
		t.Fatalf("after undo: %d moves, %q", len(p.moves), p.state.String())
	}
	m = keys(t, m, "ctrl+y")
	if len(p.moves) != 2 || p.names[1] != "b4-a3" {
		t.Fatalf("after redo: %v", p.names)
	}
	if v := m.View(); !strings.Contains(v, "1. a2-a3   b4-a3") || !strings.Contains(v, "White (human) to move") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestCursorPicks(t *testing.T) {
	// TicTacToe: one-cell moves. The cursor starts on a1.
	m, p := start(t, "tictactoe")
	keys(t, m, "up", "right", "enter")
	if len(p.names) != 1 || p.names[0] != "b2" {
		t.Fatalf("moves %v, want [b2]", p.names)
	}
	// Breakthrough: from and to cells.
	m, p = start(t, "breakthrough")
	m = keys(t, m, "up", "enter", "up", "right", "enter")
	if len(p.names) != 1 || p.names[0] != "a2-b3" {
		t.Fatalf("moves %v, want [a2-b3]", p.names)
	}
	// A cell with no move is refused with a reason.
	m = keys(t, m, "left", "enter")
	if !strings.Contains(m.View(), "no legal move starts on a3") {
		t.Fatalf("view:\n%s", m.View())
	}
	// A half-picked move is dropped by a typed move, an undo or a redo:
	// enter on a cell after them starts a new pick, it plays nothing.
	for _, tc := range []struct {
		cell int // a piece of the side to move: b4 (Black), c2 (White)
		drop []string
	}{
		{16, []string{"a4-a3", "enter"}}, {7, []string{"ctrl+z"}}, {16, []string{"ctrl+y"}},
	} {
		p.cursor = tc.cell
		m = keys(t, m, "enter")
		if p.from != tc.cell {
			t.Fatalf("before %v: pick %d, want %d:\n%s", tc.drop, p.from, tc.cell, m.View())
		}
		m = keys(t, m, tc.drop...)
		if p.from >= 0 {
			t.Errorf("after %v: the pick of cell %d survived", tc.drop, p.from)
		}
	}
	if len(p.names) != 2 || p.names[1] != "a4-a3" {
		t.Errorf("moves %v, want a2-b3 a4-a3", p.names)
	}
}

// A second cell that no move reaches is refused with the game's reason, as
// the move typed would be, and the first cell stays picked; a taken cell
// of a one-cell game gets the game's reason too.
func TestPickRefusalsGiveTheGamesReason(t *testing.T) {
	m, p := start(t, "breakthrough") // the cursor starts on a1
	m = keys(t, m, "up", "right", "enter", "up", "up", "enter")
	if v := m.View(); !strings.Contains(v, "b2-b4: not a breakthrough step for White (b2 stays picked; esc cancels)") {
		t.Fatalf("b2 to b4:\n%s", v)
	}
	keys(t, m, "down", "right", "enter")
	if len(p.names) != 1 || p.names[0] != "b2-c3" {
		t.Fatalf("moves %v, want b2-c3 from the pick kept", p.names)
	}
	m, _ = start(t, "chess")
	p = m.current.(*play)
	p.cursor = 12 // e2
	m = keys(t, m, "enter")
	p.cursor = 36 // e5
	m = keys(t, m, "enter")
	if v := m.View(); !strings.Contains(v, "e2e5: the pawn on e2 cannot move to e5 here (e2 stays picked") {
		t.Fatalf("e2 to e5:\n%s", v)
	}
	m, p = start(t, "tictactoe")
	m = keys(t, m, "b2", "enter", "a1", "enter")
	p.cursor = 4 // b2
	m = keys(t, m, "enter")
	if v := m.View(); !strings.Contains(v, "illegal: b2: ") || strings.Contains(v, "no legal move starts") {
		t.Fatalf("the taken b2:\n%s", v)
	}
}

// A finished game says so, and a move or a hint asked for after the end
// is refused with that reason.
func TestGameOverBanner(t *testing.T) {
	m, p := start(t, "tictactoe")
	for _, mv := range []string{"a1", "a2", "b1", "b2", "c1"} {
		m = keys(t, m, mv, "enter")
	}
	if v := m.View(); !strings.Contains(v, "Game over: X wins 1-0") {
		t.Fatalf("view:\n%s", v)
	}
	// The footer offers what a finished game still has.
	footer := lastLine(m.View())
	if strings.Contains(footer, "play") || strings.Contains(footer, "hint") || !strings.Contains(footer, "undo") || !strings.Contains(footer, "review") {
		t.Errorf("the footer of a finished game: %q", footer)
	}
	for _, k := range [][]string{{"c3", "enter"}, {"ctrl+t"}} {
		m = keys(t, m, k...)
		if !p.isErr || p.status != gameOverNote {
			t.Errorf("%v after the end: status %q", k, p.status)
		}
		m = keys(t, m, "ctrl+u")
	}
}

func TestKalahBoard(t *testing.T) {
	m, _ := start(t, "kalah")
	m = keys(t, m, "c1", "enter")
	v := m.View()
	for _, want := range []string{"4   4   0   5   5   5", "South (human) to move", "4,4,4,4,4,4/4,4,0,5,5,5 1 0 s"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
}

func TestTooSmall(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 40, Height: 10})
	if v := m.View(); !strings.Contains(v, "too small") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestHelpToggle(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = keys(t, m, "?")
	if v := m.View(); !strings.Contains(v, "q/esc") || !strings.Contains(v, "quit") || strings.Contains(v, "flip board") {
		t.Fatalf("the menu's full help not shown:\n%s", v)
	}
	m = keys(t, m, "esc")
	if _, ok := m.current.(*menu); !ok || m.showHelp {
		t.Fatalf("esc should close the help and stay on the menu: %T", m.current)
	}
}

// drain runs a command as the Bubble Tea runtime would, feeding its messages
// back to the model, until nothing is left or limit messages were handled.
func drain(t *testing.T, m Model, cmd tea.Cmd, limit int) Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < limit; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if batch, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, batch...)
			continue
		}
		if msg == nil {
			continue
		}
		next, more := m.Update(msg)
		m = next.(Model)
		queue = append(queue, more)
	}
	return m
}

func startWith(t *testing.T, spec, first, second string) (Model, tea.Cmd) {
	t.Helper()
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 40})
	m = keys(t, m, "enter", "ctrl+u", spec, "tab", "ctrl+u", first, "tab", "ctrl+u", second)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	return next.(Model), cmd
}

func TestEngineAnswers(t *testing.T) {
	m, cmd := startWith(t, "tictactoe", "human", "random")
	if cmd != nil {
		t.Fatal("the engine should wait for the human")
	}
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("b2")})
	m = next.(Model)
	next, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	m = drain(t, m, cmd, 50)
	p := m.current.(*play)
	if len(p.moves) != 2 {
		t.Fatalf("moves %v: the engine did not answer", p.names)
	}
	if v := m.View(); !strings.Contains(v, "random (last search)") || !strings.Contains(v, "X (human) to move") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestEnginesPlayToTheEnd(t *testing.T) {
	m, cmd := startWith(t, "tictactoe", "nmcs:level=1", "uct iterations=300")
	p := m.current.(*play)
	p.delay = 0
	m = drain(t, m, cmd, 500)
	if !p.state.Terminal() {
		t.Fatalf("game not over: %v", p.names)
	}
	if v := m.View(); !strings.Contains(v, "Game over") {
		t.Fatalf("view:\n%s", v)
	}
}

// A search abandoned by undo reports into the void.
func TestStaleSearchDropped(t *testing.T) {
	m, _ := startWith(t, "breakthrough", "human", "uct 5s")
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a2-a3")})
	m = next.(Model)
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	p := m.current.(*play)
	if p.cur == nil {
		t.Fatal("no search started")
	}
	old := p.cur
	m = keys(t, m, "ctrl+z")
	if len(p.moves) != 0 || p.cur != nil {
		t.Fatalf("after undo: moves %v, search %v", p.names, p.cur)
	}
	msg := old.wait()() // the cancelled search still answers
	next, _ = m.Update(msg)
	m = next.(Model)
	if len(p.moves) != 0 {
		t.Fatalf("the stale answer was played: %v", p.names)
	}
}

// A bad player stays on the form with the error, naming the seat, and
// focuses that seat's field.
func TestBadPlayer(t *testing.T) {
	for _, tc := range []struct{ engine, want string }{
		{"monte", `Black: unknown engine "monte"`},
		{"mcts:leaf=heuristic,heuristic=efms", `game "nogo" has no heuristic "efms"`},
		{"uct 0s", `budget "0s": want a duration above 0 and at most 24h0m0s like 320ms, iterations=N or states=N (N in 1..1000000000000), paper=T (T a duration); a clock is the game's, in the clock field`},
	} {
		m, _ := startWith(t, "nogo", tc.engine, "human")
		s, ok := m.current.(*setup)
		if !ok || !strings.Contains(strings.Join(strings.Fields(m.View()), " "), tc.want) {
			t.Fatalf("%s: view:\n%s", tc.engine, m.View())
		}
		if s.focus != 1 {
			t.Errorf("%s: field %d focused, want the first player's, at fault", tc.engine, s.focus)
		}
	}
}

// tempSaves points SavesDir at a folder of the test's own until it ends,
// then back at the package's, so that no later test writes into a folder
// the testing package has removed.
func tempSaves(t *testing.T) {
	t.Helper()
	old := SavesDir
	SavesDir = t.TempDir()
	t.Cleanup(func() { SavesDir = old })
}

// tempResults does for ResultsDir what tempSaves does for SavesDir.
func tempResults(t *testing.T) {
	t.Helper()
	old := ResultsDir
	ResultsDir = t.TempDir()
	t.Cleanup(func() { ResultsDir = old })
}

// TestMain gives the package's tests one folder for saves and results, so
// that none writes into the working directory, and removes it at the end.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcarena-tui-")
	if err != nil {
		panic(err)
	}
	SavesDir, ResultsDir = filepath.Join(dir, "saves"), filepath.Join(dir, "results")
	// The players' clocks stand still, so that screens show 0:00.
	fixed := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	clock = func() time.Time { return fixed }
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestSaveAndLoad(t *testing.T) {
	tempSaves(t)
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "e4-e3", "enter")
	if got := autosaves(); len(got) != 1 {
		t.Fatalf("autosaves %v, want one", got)
	}
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	m = next.(Model)
	if !strings.Contains(p.status, "saved to ") {
		t.Fatalf("status %q", p.status)
	}
	// Back to the menu (the game is saved: no question), then Load game:
	// the newest file comes first.
	m = openItem(t, keys(t, m, "esc"), itemLoad)
	b, ok := m.current.(*browser)
	if !ok || len(b.files) != 2 {
		t.Fatalf("screen %T files %v", m.current, b)
	}
	m = keys(t, m, "enter")
	q, ok := m.current.(*play)
	if !ok || strings.Join(q.names, " ") != "a2-a3 e4-e3" || q.seats[0].text != "human" {
		t.Fatalf("loaded %T %v", m.current, q)
	}
}

// A game brought back by undo and redo to what was saved leaves without
// asking; one that differs from the save asks.
func TestLeaveAfterUndoRedoToTheSave(t *testing.T) {
	tempSaves(t)
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "e4-e3", "enter", "ctrl+w", "ctrl+z", "ctrl+y")
	if !p.unsaved {
		t.Fatal("undo and redo did not mark the game changed (the test needs them to)")
	}
	if m = keys(t, m, "esc"); p.confirming {
		t.Fatalf("leaving the game as saved asked first:\n%s", m.View())
	}
	m, p = start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "e4-e3", "enter", "ctrl+w", "ctrl+z")
	if keys(t, m, "esc"); !p.confirming {
		t.Fatal("leaving a game that differs from its save did not ask")
	}
}

// Two saves within one second make two files, the second named -2: a save
// never replaces another (both once went to one name, the first lost).
func TestSavesInOneSecondKeepBoth(t *testing.T) {
	tempSaves(t)
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "e4-e3", "enter")
	var paths []string
	for range 3 {
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
		m = next.(Model)
		path, ok := strings.CutPrefix(p.status, "saved to ")
		if !ok {
			t.Fatalf("status %q", p.status)
		}
		paths = append(paths, path)
	}
	if paths[0] == paths[1] || paths[1] == paths[2] || paths[0] == paths[2] {
		t.Fatalf("three saves went to %v, want three files", paths)
	}
	for _, path := range paths {
		if r, err := pgn.Load(path); err != nil || len(r.Moves) != 2 {
			t.Fatalf("%s: %v, %v", path, r, err)
		}
	}
}

func TestDamagedSaveRefused(t *testing.T) {
	tempSaves(t)
	os.WriteFile(filepath.Join(SavesDir, "bad.pgn"), []byte("[Game \"tictactoe\"]\n\n1. a1 a1 *\n"), 0o644)
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = keys(t, openItem(t, m, itemLoad), "enter")
	if _, ok := m.current.(*browser); !ok {
		t.Fatalf("screen %T, want the browser still", m.current)
	}
	if v := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(v, "bad.pgn:3: ply 2: a1: the cell is taken") {
		t.Fatalf("view:\n%s", v)
	}
	data, _ := os.ReadFile(filepath.Join(SavesDir, "bad.pgn"))
	if !strings.Contains(string(data), "1. a1 a1") {
		t.Fatal("the damaged file was changed")
	}
}

// openTicTacToeStepper opens the NMCS stepper on a TicTacToe position where
// X wins with a3, with the discounted level-1 policy.
func openTicTacToeStepper(t *testing.T) (Model, *stepper) {
	t.Helper()
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = openItem(t, m, itemStepper)
	m = keys(t, m, "ctrl+u", "tictactoe", "tab", "ctrl+u", "1x1/1o1/xo1 x", "tab", "ctrl+u", "nmcs:level=1,discount")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	st, ok := m.current.(*stepper)
	if !ok {
		t.Fatalf("screen %T:\n%s", m.current, m.View())
	}
	return m, st
}

func TestStepper(t *testing.T) {
	m, st := openTicTacToeStepper(t)
	v := m.View()
	for _, want := range []string{"NMC(2) playout", "step 1 at depth 0, X to move", "a3", "chosen"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	// The discounted level-1 policy picks the win a3 (Table 1).
	step, _ := st.top().tr.Step(0)
	if step.State.MoveString(step.Chosen) != "a3" {
		t.Fatalf("chose %s", step.State.MoveString(step.Chosen))
	}
	// Step on, then look inside the first successor and come back up.
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRight})
	m = drain(t, next.(Model), cmd, 10)
	if st.top().step != 1 || !strings.Contains(m.View(), "step 2 at depth 1, O to move") {
		t.Fatalf("after right:\n%s", m.View())
	}
	next, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	if len(st.stack) != 2 || !strings.Contains(m.View(), "NMC(1) playout") {
		t.Fatalf("after enter:\n%s", m.View())
	}
	m = keys(t, m, "esc")
	if len(st.stack) != 1 {
		t.Fatal("esc did not come back up")
	}
	m = keys(t, m, "esc")
	if _, ok := m.current.(*menu); !ok {
		t.Fatalf("screen %T", m.current)
	}
}

// The stepper's last step, the playout's end, names no side to move.
func TestStepperLastStep(t *testing.T) {
	m, st := openTicTacToeStepper(t)
	for range 10 {
		if step, _ := st.top().tr.Step(st.top().step); step.State.Terminal() {
			break
		}
		next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRight})
		m = drain(t, next.(Model), cmd, 10)
	}
	v := m.View()
	if !strings.Contains(v, "the game is over, no one to move") || strings.Contains(v, " to move (values are") {
		t.Fatalf("the last step:\n%s", v)
	}
}

// The stepper's form refuses a bad search, position or seed with the
// reason, and focuses the field at fault (enter pressed in the game's).
func TestStepperSetupErrors(t *testing.T) {
	for _, tc := range []struct {
		field       int // the field typed in, and the one at fault
		value, want string
	}{
		{2, "uct", "search: want nmcs:OPTIONS"},
		{2, "nmcs:level=9", "out of range"},
		{1, "xx/xx w", "2 ranks, want 5"},
		{3, "-1", `seed "-1": want a whole number in 0..18446744073709551615`},
		{3, "99999999999999999999999", `seed "99999999999999999999999": want a whole number in 0..18446744073709551615`},
	} {
		m := send(t, New(nil), tea.WindowSizeMsg{Width: 140, Height: 40})
		m = keys(t, openItem(t, m, itemStepper))
		for range tc.field {
			m = keys(t, m, "tab")
		}
		m = keys(t, m, "ctrl+u", tc.value)
		for range 4 - tc.field { // round to the game's field: enter there
			m = keys(t, m, "tab")
		}
		m = keys(t, m, "enter")
		s, ok := m.current.(*stepperSetup)
		if !ok || !strings.Contains(m.View(), tc.want) || s.err == "" {
			t.Fatalf("%s: %T\n%s", tc.value, m.current, m.View())
		}
		if s.focus != tc.field {
			t.Errorf("%s: field %d focused, want %d", tc.value, s.focus, tc.field)
		}
	}
}

func TestRunPreset(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = openItem(t, m, itemPresets)
	if !strings.Contains(m.View(), "a tiny test") {
		t.Fatalf("view:\n%s", m.View())
	}
	m = keys(t, m, "4")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	r, ok := m.current.(*runScreen)
	if !ok || !r.finished || r.err != nil {
		t.Fatalf("screen %T finished %v err %v", m.current, r.finished, r.err)
	}
	v := m.View()
	for _, want := range []string{"done", "8/8", "70.0", "tictactoe"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	if recs, _, _, err := tournament.ReadResults(r.path); err != nil || len(recs) != 8 {
		t.Fatalf("results file: %d records, %v", len(recs), err)
	}
}

func TestMouseClicks(t *testing.T) {
	m, p := start(t, "breakthrough")
	click := func(x, y int) {
		next, _ := m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		m = next.(Model)
	}
	// The board starts on line 2; rank 2 is the fourth line of a 5x5 board,
	// file a the first cell (columns 3-5), file b the second (6-8).
	click(4, boardTop+3) // a2
	click(7, boardTop+2) // b3
	if len(p.names) != 1 || p.names[0] != "a2-b3" {
		t.Fatalf("moves %v, want [a2-b3]", p.names)
	}
	// Kalah: South's houses are the third board line, 4 columns each after
	// a 4-column margin.
	m, p = start(t, "kalah")
	click(4+2*4+1, boardTop+2) // c1
	if len(p.names) != 1 || p.names[0] != "c1" {
		t.Fatalf("kalah moves %v, want [c1]", p.names)
	}
	// Outside the board nothing happens.
	click(100, 1)
	if len(p.names) != 1 {
		t.Fatalf("a click outside the board played %v", p.names)
	}
}

// The New game form deals a random start where the game's options ask for
// one (Kalah's start=random): stores empty, every seed in a house, and a
// start that differs from the standard one; a save keeps it.
func TestNewGameDealsRandomKalahStart(t *testing.T) {
	tempSaves(t)
	_, p := start(t, "kalah:start=random")
	std := p.g.NewState().String()
	if p.start.String() == std || p.state.String() != p.start.String() {
		t.Fatalf("start %q, the standard %q", p.start, std)
	}
	b := p.state.Board()
	total := 0
	for _, c := range b.Cells {
		total += c.Count
	}
	if total != 48 {
		t.Fatalf("%d seeds on the board %q", total, p.start)
	}
	path := filepath.Join(t.TempDir(), "k.pgn")
	if err := pgn.Save(path, p.record()); err != nil {
		t.Fatal(err)
	}
	r, err := pgn.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if r.Start.String() != p.start.String() {
		t.Fatalf("the save starts at %q, the game at %q", r.Start, p.start)
	}
}

// lastLine is the last line of a view, its key help.
func lastLine(v string) string {
	lines := strings.Split(strings.TrimRight(ansi.Strip(v), "\n"), "\n")
	return lines[len(lines)-1]
}

// cellOf returns the index of the cell named name on the board of s.
func cellOf(t *testing.T, b games.Board, name string) int {
	t.Helper()
	for i := range b.Cells {
		if b.Name(i) == name {
			return i
		}
	}
	t.Fatalf("no cell %s", name)
	return -1
}

// A picked move is written as the game writes a move between its cells,
// with "-" where the game also writes an "x" that would claim a capture:
// LOA's a1 has a capture (a1xa3) and other moves, and a1 to c3 captures
// nothing.
func TestPickedMoveTextClaimsNoCapture(t *testing.T) {
	m, _ := start(t, "loa")
	p := m.current.(*play)
	s, err := p.state.Game().ParsePosition("7b/8/8/4w3/8/w7/8/b7 b")
	if err != nil {
		t.Fatal(err)
	}
	p.state = s
	b := s.Board()
	if got := p.moveText(s.Legal(nil), cellOf(t, b, "a1"), cellOf(t, b, "c3")); got != "a1-c3" {
		t.Errorf("a1 to c3 written %q, want a1-c3", got)
	}
	if _, err := s.ParseMove("a1xa3"); err != nil {
		t.Fatalf("the position has no capture a1xa3: %v", err)
	}
}
