package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
	"mcarena/tournament"
)

// fits fails unless the view fits a terminal of w x h cells, its first line
// being want: a view taller than the terminal loses its top lines, one
// wider wraps and pushes them off.
func fits(t *testing.T, v string, w, h int, want string) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) > h {
		t.Fatalf("the view has %d lines for a terminal of %d:\n%s", len(lines), h, v)
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Fatalf("line %d is %d cells wide for a terminal of %d:\n%s", i+1, lw, w, v)
		}
	}
	if !strings.HasPrefix(lines[0], want) {
		t.Fatalf("the first line is %q, want it to start %q", lines[0], want)
	}
}

// withStats gives the play screen the statistics of a short UCT search of
// its position, with a fixed elapsed time so that the screen is the same on
// every machine.
func withStats(t *testing.T, p *play) { withStatsOf(t, p, "uct", 2000) }

// withStatsOf gives p the statistics of a seeded search by the engine of
// spec, iterations long.
func withStatsOf(t *testing.T, p *play, spec string, iterations int64) {
	t.Helper()
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Search(context.Background(), p.request(engines.Budget{Iterations: iterations}, 1))
	if err != nil {
		t.Fatal(err)
	}
	res.Stats.Elapsed = time.Second
	p.stats, p.statsFor, p.statsBy = res.Stats, p.state.Clone(), spec
}

// playSized opens a game of spec between humans, plays moves and resizes.
func playSized(t *testing.T, spec string, w, h int, moves ...string) (Model, *play) {
	t.Helper()
	m, p := start(t, spec)
	for _, mv := range moves {
		m = keys(t, m, mv, "enter")
	}
	if len(p.moves) != len(moves) {
		t.Fatalf("played %v of %v", p.names, moves)
	}
	return send(t, m, tea.WindowSizeMsg{Width: w, Height: h}), p
}

var moves8x8 = []string{"a2-a3", "a7-a6", "b2-b3", "b7-b6", "c2-c3", "c7-c6", "d2-d3", "d7-d6"}

// At 80x24 the play screen shows the engine's statistics and the moves
// beside an 8x8 board, within the terminal.
func TestPlayAt80x24ShowsStatsAndMoves(t *testing.T) {
	m, p := playSized(t, "breakthrough:size=8x8", 80, 24, moves8x8...)
	withStats(t, p)
	v := m.View()
	fits(t, v, 80, 24, "breakthrough:size=8x8")
	for _, want := range []string{"Moves", "4. d2-d3   d7-d6", "Engine", "uct (last search)", "visits", "PV ", "White (human) to move", "move: "} {
		if !strings.Contains(v, want) {
			t.Fatalf("the view lacks %q:\n%s", want, v)
		}
	}
}

// At the least size the board stays on screen under the title: nothing is
// cut from the top, the panes go under the board.
func TestPlayAtMinimumKeepsBoard(t *testing.T) {
	for _, spec := range []string{"breakthrough:size=8x8", "kalah"} {
		var mv []string
		if spec == "kalah" {
			mv = []string{"c1", "f1"}
		} else {
			mv = moves8x8[:2]
		}
		m, p := playSized(t, spec, minWidth, minHeight, mv...)
		withStats(t, p)
		v := m.View()
		fits(t, v, minWidth, minHeight, spec)
		for _, want := range []string{"a ", "Moves", "Engine", "move: "} {
			if !strings.Contains(v, want) {
				t.Fatalf("%s: the view lacks %q:\n%s", spec, want, v)
			}
		}
		// A click on the board still picks the cell under it.
		if spec != "kalah" {
			x, y := p.boardAt[0]+3*0+4, p.boardAt[1]+5 // a3, on the sixth rank line from the top
			m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			if got := cellName(p.state.Board(), p.cursor); got != "a3" {
				t.Fatalf("a click at %d,%d picked %s, want a3", x, y, got)
			}
		}
	}
}

// paneColumns returns the columns where the view's pane frames start.
func paneColumns(v string) []int {
	var cols []int
	for _, l := range strings.Split(v, "\n") {
		for i, r := range []rune(l) {
			if r == '╭' {
				cols = append(cols, i)
			}
		}
	}
	return cols
}

// Panes keep their widths from one move to the next, with statistics or
// none, and with a move list of any length.
func TestPaneWidthsStable(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {minWidth, minHeight}} {
		m, p := playSized(t, "breakthrough:size=8x8", size[0], size[1])
		before := m.View()
		for _, mv := range moves8x8 {
			m = keys(t, m, mv, "enter")
		}
		withStats(t, p)
		after := m.View()
		if b, a := paneColumns(before), paneColumns(after); fmt.Sprint(b) != fmt.Sprint(a) || len(a) == 0 {
			t.Fatalf("%dx%d: pane frames start at columns %v before the moves, %v after:\n%s\n%s", size[0], size[1], b, a, before, after)
		}
		if wb, wa := lipgloss.Width(before), lipgloss.Width(after); wb != wa {
			t.Fatalf("%dx%d: the screen is %d wide before, %d after", size[0], size[1], wb, wa)
		}
	}
}

// wrapWords breaks lines at spaces only, keeping 1/2-1/2 and e2-e4 whole.
func TestWrapWords(t *testing.T) {
	for _, tc := range []struct {
		s     string
		width int
		want  string
	}{
		{"Game over: draw 1/2-1/2 (full board)", 20, "Game over: draw\n1/2-1/2 (full board)"},
		{"Game over: draw 1/2-1/2 (full board)", 18, "Game over: draw\n1/2-1/2 (full\nboard)"},
		{"a  b", 10, "a b"},
		{"unbreakable-word-longer-than-width x", 8, "unbreakable-word-longer-than-width\nx"},
		{"", 5, ""},
	} {
		if got := wrapWords(tc.s, tc.width); got != tc.want {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
	}
	// wrapAfter may also break after the given bytes, keeping them.
	for _, tc := range []struct {
		s     string
		width int
		want  string
	}{
		{"order=native|rowmajor|colmajor-reversed, size=2..8", 22, "order=native|rowmajor|\ncolmajor-reversed,\nsize=2..8"},
		{"a|b c", 10, "a|b c"},
		{"hav-edge, hav-lgr1", 9, "hav-edge,\nhav-lgr1"},
		{"x|", 1, "x|"},
	} {
		if got := wrapAfter(tc.s, tc.width, "|"); got != tc.want {
			t.Errorf("wrapAfter(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
	}
}

// A long message wraps at the terminal's width instead of running off it.
func TestLongMessageWraps(t *testing.T) {
	m, p := playSized(t, "breakthrough", minWidth, minHeight)
	p.setStatus("a message long enough to need two or three lines at the least width, ending here: END", true)
	v := m.View()
	fits(t, v, minWidth, minHeight, "breakthrough")
	if !strings.Contains(v, "END") {
		t.Fatalf("the end of the message is cut:\n%s", v)
	}
}

// The NMCS stepper on Domineering 8x8 (56 successors) scrolls its table
// with the selection, the board and title staying on top.
func TestStepperScrolls(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {minWidth, minHeight}} {
		m := send(t, New(nil), tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "domineering:size=8x8", "tab", "tab", "ctrl+u", "nmcs:level=1")
		next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		m = drain(t, next.(Model), cmd, 10)
		st, ok := m.current.(*stepper)
		if !ok {
			t.Fatalf("screen %T:\n%s", m.current, m.View())
		}
		for range 40 {
			m = keys(t, m, "down")
		}
		v := m.View()
		fits(t, v, size[0], size[1], "NMCS stepper")
		if st.top().cursor != 40 || !strings.Contains(v, " 41 ") || !strings.Contains(v, "of 56") {
			t.Fatalf("%dx%d: cursor %d, view:\n%s", size[0], size[1], st.top().cursor, v)
		}
		m = keys(t, m, "pgup")
		if st.top().cursor >= 40 {
			t.Fatalf("pgup left the cursor at %d", st.top().cursor)
		}
	}
}

// A list of 58 saves scrolls with the cursor.
func TestBrowserScrolls(t *testing.T) {
	tempSaves(t)
	for i := range 58 {
		os.WriteFile(filepath.Join(SavesDir, fmt.Sprintf("game-%02d.pgn", i)), []byte("[Game \"tictactoe\"]\n\n*\n"), 0o644)
	}
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = openItem(t, m, itemLoad)
	for range 57 {
		m = keys(t, m, "down")
	}
	v := m.View()
	fits(t, v, 80, 24, "Load game")
	if !strings.Contains(v, "> game-00.pgn") || !strings.Contains(v, "of 58") {
		t.Fatalf("the last save is not on screen:\n%s", v)
	}
	m = keys(t, m, "pgup")
	if b := m.current.(*browser); b.cursor >= 57 || !strings.Contains(m.View(), "> "+b.files[b.cursor]) {
		t.Fatalf("pgup: cursor %d:\n%s", b.cursor, m.View())
	}
}

const manyConfig = `
[engines.r]
family = "random"
[engines.q]
family = "random"
[presets.many]
description = "every 5x5 game of the NMCS paper, three pairs of random players"
games = ["breakthrough", "breakthrough:misere", "knightthrough", "knightthrough:misere", "domineering", "domineering:misere", "nogo", "nogo:misere", "atarigo"]
pairs = [["r", "q"], ["q", "r"], ["r", "r"]]
count = 1
swap = false
`

// At 80x24 the preset screen shows each match's games, win rate with its
// interval and the paper's figure; the 27 matches scroll with the cursor.
func TestPresetAt80x24(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = openItem(t, m, itemPresets)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	v := m.View()
	fits(t, v, 80, 24, "Preset tiny")
	for _, want := range []string{"6/6", "% [", "70.0", "90.0", "done"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the view lacks %q:\n%s", want, v)
		}
	}

	cfg, err = config.Parse("c.toml", []byte(manyConfig))
	if err != nil {
		t.Fatal(err)
	}
	m = send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = openItem(t, m, itemPresets)
	next, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	for range 26 {
		m = keys(t, m, "down")
	}
	v = m.View()
	fits(t, v, 80, 24, "Preset many")
	if !strings.Contains(v, "atarigo              r v r") || !strings.Contains(v, "of 27") {
		t.Fatalf("the last match is not on screen:\n%s", v)
	}
}

// A resumed run shows the games the file holds at once, not 0/0.
var zeroCount = regexp.MustCompile(`(^|[^0-9/])0/0([^0-9]|$)`)

func TestResumedRunShowsCounts(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("tiny")
	if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), filepath.Join(ResultsDir, "tiny.jsonl"), tournament.Options{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = keys(t, openItem(t, m, itemPresets), "4")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	r := m.current.(*runScreen)
	pr, _, _ := r.snapshot()
	v := m.View()
	// "0/0" as a count, not inside the temporary directory's name.
	if pr.Total != 8 || pr.Done < 4 || zeroCount.MatchString(v) || !strings.Contains(v, "/8") {
		t.Fatalf("progress %+v before the first new game, view:\n%s", pr, v)
	}
	m = drain(t, m, cmd, 200)
	if !r.finished || r.err != nil {
		t.Fatalf("the run did not finish: %v", r.err)
	}
}

// Each match's ETA comes from that match's own games: a match of slow
// games is expected to take longer than one of fast games.
func TestMatchETAFromOwnGames(t *testing.T) {
	fast, slow := tally{done: 2, seconds: 2}, tally{done: 2, seconds: 20}
	for _, tc := range []struct {
		t    tally
		want time.Duration
	}{{fast, time.Second}, {slow, 10 * time.Second}, {tally{done: 4, seconds: 9}, 0}} {
		if got, ok := matchETA(tc.t, 4, 2); !ok || got != tc.want {
			t.Errorf("matchETA(%+v, 4 games, 2 workers) = %v, %v; want %v", tc.t, got, ok, tc.want)
		}
	}
	if _, ok := matchETA(tally{}, 4, 2); ok {
		t.Error("a match with no game has an ETA")
	}
	eta, unknown := runETA([]string{"a", "b", "c"}, map[string]tally{"a": fast, "b": slow}, 4, 2)
	if eta != 11*time.Second || !unknown {
		t.Errorf("runETA = %v, %v; want 11s and unknown", eta, unknown)
	}
}

// The picker marks a finished preset and a partly run one.
func TestPickerMarksPresets(t *testing.T) {
	tempResults(t)
	text := presetConfig + strings.Replace(presetConfig[strings.Index(presetConfig, "[presets.tiny]"):], "[presets.tiny]", "[presets.tiny2]", 1)
	cfg, err := config.Parse("c.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for name, count := range map[string]int{"tiny": 0, "tiny2": 2} {
		p, _ := cfg.Preset(name)
		if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), filepath.Join(ResultsDir, name+".jsonl"), tournament.Options{Count: count}, nil); err != nil {
			t.Fatal(err)
		}
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	mn := m.current.(*menu)
	mn.cursor = 3 // Run a preset
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	v := m.View()
	if !strings.Contains(v, "tiny   done") || !strings.Contains(v, "tiny2  4/12 games") {
		t.Fatalf("the view lacks the marks:\n%s", v)
	}
}

// The marks follow the budget-scale field: typed 0.5, they are those of the
// file a run at that scale writes, and the status line says so; emptied,
// those of the preset's own file again.
func TestPickerMarksFollowScale(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("tiny")
	opt := tournament.Options{Count: 2, Scale: 0.5}
	if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), filepath.Join(ResultsDir, opt.FileName("tiny")), opt, nil); err != nil {
		t.Fatal(err)
	}
	// Each key's commands run and their marks reach the picker, however
	// loaded the machine (a scan gets up to 10 s); the cursor's blink, a
	// timer of half a second, runs and its message is dropped, so that no
	// blink follows it.
	press := func(m Model, ks ...string) Model {
		for _, k := range ks {
			msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
			if kt, ok := namedKeys[k]; ok {
				msg = tea.KeyMsg{Type: kt}
			}
			next, cmd := m.Update(msg)
			m = next.(Model)
			for queue := []tea.Cmd{cmd}; len(queue) > 0; queue = queue[1:] {
				if queue[0] == nil {
					continue
				}
				done := make(chan tea.Msg, 1)
				go func(c tea.Cmd) { done <- c() }(queue[0])
				select {
				case msg := <-done:
					if batch, ok := msg.(tea.BatchMsg); ok {
						queue = append(queue, batch...)
					} else if marks, ok := msg.(presetMarks); ok {
						m = send(t, m, marks)
					}
				case <-time.After(10 * time.Second):
					t.Fatal("a command of the picker took more than 10 s")
				}
			}
		}
		return m
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m.current.(*menu).cursor = slices.Index(m.current.(*menu).items, itemPresets)
	m = press(m, "enter")
	if v := m.View(); strings.Contains(v, "tiny  4/12 games") {
		t.Fatalf("the unscaled preset is marked with the scaled run:\n%s", v)
	}
	m = press(m, "tab", "0", ".", "5")
	if v := m.View(); !strings.Contains(v, "tiny  4/12 games") {
		t.Fatalf("at scale 0.5 the view lacks the scaled run's mark:\n%s", v)
	}
	if s := m.current.(*presetPicker).statusLine(m.ctx); !strings.Contains(s, "marks of runs at budget scale 0.5") {
		t.Errorf("status line %q", s)
	}
	m = press(m, "ctrl+u")
	if v := m.View(); strings.Contains(v, "4/12 games") {
		t.Fatalf("with the field emptied the scaled run's mark stays:\n%s", v)
	}
}

// The budget scale and the workers are set on the picker and reach the
// run and its results file; a bad value is refused with the range, its
// field focused.
func TestPickerScaleAndWorkers(t *testing.T) {
	tempResults(t)
	cfg, err := config.Parse("c.toml", []byte(presetConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m = keys(t, openItem(t, m, itemPresets), "2", "tab", "0", "tab", "enter")
	if !strings.Contains(m.View(), `budget scale "0": want a factor above 0`) {
		t.Fatalf("a zero scale was not refused:\n%s", m.View())
	}
	if p, ok := m.current.(*presetPicker); !ok || p.form.focus != 1 {
		t.Fatalf("screen %T: want the picker with the scale's field focused", m.current)
	}
	m = keys(t, m, "ctrl+u", "0.5", "tab", "x", "enter")
	if !strings.Contains(m.View(), `workers "x": want a whole number in 1..1024`) {
		t.Fatalf("bad workers were not refused:\n%s", m.View())
	}
	m = keys(t, m, "ctrl+u", "1", "shift+tab", "shift+tab")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 200)
	r, ok := m.current.(*runScreen)
	if !ok || r.err != nil || r.opt.Scale != 0.5 || r.opt.Workers != 1 || r.opt.Count != 2 {
		t.Fatalf("screen %T, options %+v, err %v", m.current, r.opt, r.err)
	}
	// The file mcarena run --scale 0.5 writes, not the unscaled run's.
	if want := filepath.Join(ResultsDir, "tiny.scale-0.5.jsonl"); r.path != want {
		t.Errorf("results in %s, want %s", r.path, want)
	}
	recs, _, _, err := tournament.ReadResults(r.path)
	if err != nil || len(recs) != 4 || recs[0].BudgetScale != 0.5 {
		t.Fatalf("results: %d records, %v", len(recs), err)
	}
	if s := r.statusLine(m.ctx); !strings.Contains(s, "1 worker ") || !strings.Contains(s, "budgets x0.5") || !strings.Contains(s, "results in "+r.path) {
		t.Fatalf("status line %q", s)
	}
	// Each match names its budget as the run plays it.
	if v := m.View(); strings.Count(v, " x0.5 ") < 2 {
		t.Errorf("the matches do not show their scaled budgets:\n%s", v)
	}
}

// Every screen has a status line: the play screen's says when engines are
// paused, the pace, the clocks and the budget of the search running.
func TestStatusLines(t *testing.T) {
	m, _ := startWith(t, "tictactoe", "uct iterations=100000000", "random")
	v := m.View()
	if !strings.Contains(v, "engines running") || !strings.Contains(v, "time used X 0:00  O 0:00") || !strings.Contains(v, "of 100.0M iterations used") {
		t.Fatalf("play:\n%s", v)
	}
	m = keys(t, m, "ctrl+p")
	if v := m.View(); !strings.Contains(v, "PAUSED") {
		t.Fatalf("paused:\n%s", v)
	}
	m, _ = startWith(t, "tictactoe", "random", "random")
	if v := m.View(); !strings.Contains(v, "pace 250ms") {
		t.Fatalf("engine against engine:\n%s", v)
	}
	m = send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := m.View(); !strings.Contains(v, "saves in ") {
		t.Fatalf("menu:\n%s", v)
	}
}

// The new-game form on a short terminal: a long error wraps whole, and
// the list of games with their options and the engines, cut at the bottom
// before, scrolls with pgdn to its last line.
func TestNewGameFormListScrollsOnShortTerminals(t *testing.T) {
	cfg, err := config.Parse("c.toml", []byte(goldenConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 60, Height: 20})
	m = keys(t, openItem(t, m, itemNewGame), "ctrl+u", "zzz", "enter")
	v := m.View()
	for _, name := range games.Names() {
		if !strings.Contains(v, name) {
			t.Errorf("the error does not name %s whole:\n%s", name, v)
		}
	}
	if strings.Contains(v, "engines:") {
		t.Fatalf("the whole list fits at 60x20? (the test needs a list that scrolls)\n%s", v)
	}
	for range 20 {
		m = keys(t, m, "pgdown")
	}
	v = m.View()
	for _, want := range []string{"engines:  nmc1, nmcd1, uct", "tictactoe"} {
		if !strings.Contains(v, want) {
			t.Errorf("pgdn to the end: the list lacks %q:\n%s", want, v)
		}
	}
	if lines := strings.Split(v, "\n"); len(lines) > 20 || !strings.HasPrefix(lines[0], "New game") {
		t.Errorf("the form is not 20 lines from its title:\n%s", v)
	}
}

// A partly run analysis preset is marked in runs, not games.
func TestPickerMarksAnalysisInRuns(t *testing.T) {
	cfg, err := config.Parse("c.toml", []byte(`
[engines.u]
family = "uct"
[presets.choose]
kind = "analysis"
game = "tictactoe"
position = "1x1/1o1/xo1 x"
engines = ["u"]
runs = 3
move = "a3"
`))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("choose")
	path := filepath.Join(t.TempDir(), "choose.jsonl")
	if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), path, tournament.Options{Count: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if got := presetMark(p, path); got != "1/3 runs" {
		t.Errorf("mark %q, want 1/3 runs", got)
	}
}

// A simulations preset's mark counts only the batches of its playouts as
// they stand: reordered or cut, the list leaves the file's batches of
// other places uncounted, as run and report do.
func TestPickerMarksSimulationsOfThePresetAsItStands(t *testing.T) {
	parse := func(list string) *config.Config {
		cfg, err := config.Parse("c.toml", []byte("[presets.s]\nkind = \"simulations\"\ngame = \"tictactoe\"\ncount = 20\nplayouts = "+list+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	preset := func(list string) *config.Preset {
		p, _ := parse(list).Preset("s")
		return p
	}
	cfg := parse(`["random", "decisive"]`)
	p, _ := cfg.Preset("s")
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), path, tournament.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ list, want string }{
		{`["random", "decisive"]`, "done"},
		{`["random"]`, "done"},
		{`["decisive", "random"]`, ""},
		{`["decisive"]`, ""},
	} {
		if got := presetMark(preset(tc.list), path); got != tc.want {
			t.Errorf("playouts %s: mark %q, want %q", tc.list, got, tc.want)
		}
	}
	// Extended, the list keeps the first playout's batches.
	cfg = parse(`["random"]`)
	p, _ = cfg.Preset("s")
	path = filepath.Join(t.TempDir(), "one.jsonl")
	if _, err := tournament.Run(context.Background(), mustPlan(t, cfg, p), path, tournament.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if got := presetMark(preset(`["random", "decisive"]`), path); got != "1/2 batches" {
		t.Errorf("a file of the first playout, the list extended: mark %q, want 1/2 batches", got)
	}
}

// A path too long for its room loses its leading folders, whole where it
// can, and keeps its file's name.
func TestElidePath(t *testing.T) {
	for _, tc := range []struct {
		path  string
		width int
		want  string
	}{
		{"results/tiny.jsonl", 40, "results/tiny.jsonl"},
		{"results/tiny.jsonl", 18, "results/tiny.jsonl"},
		{"/home/someone/lab/results/tiny.jsonl", 20, "…/results/tiny.jsonl"},
		{"/home/someone/lab/results/tiny.jsonl", 19, "…/tiny.jsonl"},
		{"/home/someone/lab/saves/", 12, "…/lab/saves/"},
		{"/home/someone/lab/saves/", 11, "…/saves/"},
		{"/home/someone/a-very-long-file-name.pgn", 12, "…le-name.pgn"},
		{"/home/someone/lab/saves/", 1, "…"},
		{"/home/someone/lab/saves/", 0, "…"},
		// Whole characters: an accent on its letter, wide runes whole.
		{"/home/e\u0301te\u0301/re\u0301sume\u0301.pgn", 12, "…/re\u0301sume\u0301.pgn"},
		{"/home/e\u0301te\u0301/re\u0301sume\u0301.pgn", 11, "…re\u0301sume\u0301.pgn"},
		{"/home/e\u0301te\u0301/re\u0301sume\u0301.pgn", 6, "…e\u0301.pgn"},
		{"/home/棋譜/対局.pgn", 10, "…/対局.pgn"},
		{"/home/棋譜/対局.pgn", 9, "…対局.pgn"},
		{"/home/棋譜/対局.pgn", 8, "…局.pgn"},
	} {
		got := elidePath(tc.path, tc.width)
		if got != tc.want {
			t.Errorf("elidePath(%q, %d) = %q, want %q", tc.path, tc.width, got, tc.want)
		}
		if ansi.StringWidth(got) > max(tc.width, 1) {
			t.Errorf("elidePath(%q, %d) = %q, wider than its room", tc.path, tc.width, got)
		}
	}
}
