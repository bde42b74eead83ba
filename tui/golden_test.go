package tui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
	"mcarena/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata")

// golden compares a screen with testdata/NAME.golden (trailing spaces
// trimmed), or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(got, "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	got = strings.TrimRight(strings.Join(lines, "\n"), "\n") + "\n"
	path := filepath.Join("testdata", name+".golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui -run Golden -update)", err)
	}
	if got != string(want) {
		t.Fatalf("%s differs from %s:\n%s", name, path, got)
	}
}

// goldenSizes are the terminal sizes of the golden screens.
var goldenSizes = [][2]int{{80, 24}, {100, 30}, {200, 60}}

// Screens at 80x24, 100x30 and 200x60 with the ASCII colour profile (set
// in tui_test.go): testdata/NAME-WxH.golden.
func TestGoldenScreens(t *testing.T) {
	saves, results := SavesDir, ResultsDir
	defer func() { SavesDir, ResultsDir = saves, results }()
	for _, size := range goldenSizes {
		w, h := size[0], size[1]
		suffix := fmt.Sprintf("-%dx%d", w, h)
		sized := func(m Model) Model { return send(t, m, tea.WindowSizeMsg{Width: w, Height: h}) }

		SavesDir, ResultsDir = "saves", "results" // named on screen, never written here
		golden(t, "menu"+suffix, sized(New(nil)).View())
		golden(t, "presets"+suffix, pickerScreen(t, sized).View())
		golden(t, "preset-run"+suffix, runScreenWith(t, sized).View())
		SavesDir = t.TempDir()

		m, p := start(t, "breakthrough")
		m = keys(t, m, "a2-a3", "enter", "e4-e3", "enter", "d2xe3", "enter", "b5-b4")
		withStats(t, p)
		golden(t, "play"+suffix, sized(m).View())

		m, p = start(t, "kalah")
		m = keys(t, m, "c1", "enter", "f1", "enter")
		withStats(t, p)
		golden(t, "kalah"+suffix, sized(m).View())

		// Lines of Action, with an implicit-minimax search's columns: the
		// minimax value and the static evaluation of each root move.
		m, p = start(t, "loa")
		m = keys(t, m, "b1-b3", "enter", "a2-c2", "enter")
		withStatsOf(t, p, "mcts:c=0.5,heuristic=mia-sub,alpha=0.2", 1000)
		golden(t, "loa"+suffix, sized(m).View())

		m = sized(New(nil))
		m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "tictactoe", "tab", "ctrl+u", "1x1/1o1/xo1 x", "tab", "ctrl+u", "nmcs:level=1,discount")
		next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		m = drain(t, next.(Model), cmd, 10)
		golden(t, "stepper"+suffix, m.View())
	}
	golden(t, "too-small", send(t, New(nil), tea.WindowSizeMsg{Width: 50, Height: 12}).View())
}

const goldenConfig = `
[engines.nmcd1]
family = "nmcs"
level = 1
discount = true
[engines.nmc1]
family = "nmcs"
level = 1
[engines.uct]
family = "uct"
[presets.table3]
description = "discounted NMCS against plain NMCS"
games = ["breakthrough", "knightthrough", "domineering", "nogo"]
pairs = [["nmcd1", "nmc1"], ["uct", "nmc1"]]
count = 20
paper = [[[61.2, 58.0, 55.4, 70.1]], [[80, 81, 82, 83]]]
[presets.analysis]
kind = "analysis"
description = "how often the level-1 policy finds the win"
game = "tictactoe"
position = "1x1/1o1/xo1 x"
engines = ["nmcd1", "nmc1"]
move = "a3"
runs = 100
`

// pickerScreen is the preset picker with one preset marked done and the
// other partly run.
func pickerScreen(t *testing.T, sized func(Model) Model) Model {
	t.Helper()
	cfg, err := config.Parse("c.toml", []byte(goldenConfig))
	if err != nil {
		t.Fatal(err)
	}
	m := sized(New(cfg))
	m = openItem(t, m, itemPresets)
	p := m.current.(*presetPicker)
	p.marks = map[string]string{"table3": "88/160 games", "analysis": "done"}
	return m
}

// runScreenWith is a run of the table3 preset part way, with made-up games
// of fixed lengths: not started, so nothing runs and nothing is written.
func runScreenWith(t *testing.T, sized func(Model) Model) Model {
	t.Helper()
	cfg, err := config.Parse("c.toml", []byte(goldenConfig))
	if err != nil {
		t.Fatal(err)
	}
	pr, _ := cfg.Preset("table3")
	m := sized(New(cfg))
	r := newRunScreen(cfg, pr, tournament.Options{Workers: 2})
	for i, mt := range tournament.Matches(pr) {
		for g := range 2 + 3*i {
			r.recs = append(r.recs, tournament.Record{Preset: pr.Name, Match: mt.Key(pr), Index: g, Game: mt.Game,
				Names: mt.Names, Winner: (g + i) % 3 % 2, FirstSeat: g % 2, Seconds: float64(1 + i)})
		}
	}
	r.progress = tournament.Progress{Done: len(r.recs), Total: 8 * 20}
	m.stack = append(m.stack, r)
	m.current = r
	return m
}

// The board view's test positions on the play screen at 80x24, 100x30,
// 200x60 and the least size 60x20:
// hex boards of base 4, 5 and 10 (a stone played, the cursor moved) and
// chess (the start, under a clock of 5m+2s too, and a check with the
// promotion chooser open).
func TestGoldenBoards(t *testing.T) {
	for _, size := range append(goldenSizes, [2]int{60, 20}) {
		w, h := size[0], size[1]
		suffix := fmt.Sprintf("-%dx%d", w, h)
		for _, f := range []*fixture{hexBase4(), hexBase5(), hexBase10()} {
			m, _ := startFixture(t, f, w, h)
			m = keys(t, m, "right", "right", "up", "enter", "up")
			golden(t, fmt.Sprintf("hex%d%s", f.board.Rows, suffix), m.View())
		}
		m, _ := startFixture(t, chessStart(), w, h)
		golden(t, "chess"+suffix, keys(t, m, "e4", "enter").View())
		m, p := startFixture(t, chessStart(), w, h)
		p.setControl(engines.TimeControl{Base: 5 * time.Minute, Increment: 2 * time.Second})
		golden(t, "chess-clock"+suffix, keys(t, m, "e4", "enter").View())
		m, p = startFixture(t, chessPromotion(), w, h)
		m = keys(t, m, "Rh8+", "enter")
		p.cursor = sq("e7")
		golden(t, "chess-promotion"+suffix, keys(t, m, "enter", "up", "enter", "right").View())
	}
}

// The review of a Breakthrough game from a results file, at its twelfth
// ply of twenty, at 80x24, 100x30, 200x60 and 60x20.
func TestGoldenReview(t *testing.T) {
	g, err := games.New("breakthrough")
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	rec := tournament.Record{Preset: "demo", Match: "breakthrough|uct|nmc1|", Index: 3, Game: "breakthrough",
		Names: [2]string{"uct", "nmc1"}, FirstSeat: 1, Seed: 42, Result: "0-1", Winner: 0, Seconds: 4.2}
	for i := range 20 {
		legal := s.Legal(nil)
		m := legal[(7*i+3)%len(legal)]
		rec.Moves = append(rec.Moves, tournament.MoveSummary{Move: s.MoveString(m), States: int64(20000 + 1500*i), Iterations: int64(500 + 37*i), Millis: float64(180 + 11*i)})
		s.Play(m)
		if s.Terminal() {
			break
		}
	}
	rec.Plies = len(rec.Moves)
	saves := SavesDir
	defer func() { SavesDir = saves }()
	SavesDir = "saves" // named on screen, never written here
	for _, size := range append(goldenSizes, [2]int{60, 20}) {
		r, err := recordReview(rec, "results/demo.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		r.to(12)
		m := send(t, New(nil), tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m.stack = append(m.stack, r)
		m.current = r
		golden(t, fmt.Sprintf("review-%dx%d", size[0], size[1]), m.View())
	}
}
