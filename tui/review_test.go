package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games"
	"mcarena/tournament"
)

// Stepping through the moves in a review shows each position and changes
// nothing of the game: leaving the review finds the game as it was.
func TestReviewSteppingKeepsTheGame(t *testing.T) {
	m, p := start(t, "tictactoe")
	for _, mv := range []string{"b2", "a1", "c3", "a3"} {
		m = keys(t, m, mv, "enter")
	}
	before, moves := p.state.String(), strings.Join(p.names, " ")
	m = keys(t, m, "ctrl+r")
	r, ok := m.current.(*review)
	if !ok {
		t.Fatalf("ctrl+r opened %T", m.current)
	}
	if r.ply != 4 {
		t.Fatalf("the review opens at ply %d, want the last, 4", r.ply)
	}
	m = keys(t, m, "up", "up")
	if got := r.position().String(); got != "3/1x1/o2 x" {
		t.Fatalf("after two steps back the board is %q", got)
	}
	if v := m.View(); !strings.Contains(v, "after 1... a1 (O)") || !strings.Contains(v, "position: 3/1x1/o2 x") || !strings.Contains(v, "ply 2 of 4") {
		t.Fatalf("view:\n%s", v)
	}
	m = keys(t, m, "home")
	if r.ply != 0 || !strings.Contains(m.View(), "start position") {
		t.Fatalf("home: ply %d\n%s", r.ply, m.View())
	}
	m = keys(t, m, "right", "end", "down")
	if r.ply != 4 {
		t.Fatalf("end then down: ply %d", r.ply)
	}
	if p.state.String() != before || strings.Join(p.names, " ") != moves || len(p.redo) != 0 {
		t.Fatalf("the review changed the game: %q %v", p.state.String(), p.names)
	}
	m = keys(t, m, "esc")
	if m.current != p || p.state.String() != before {
		t.Fatalf("esc returned to %T with %q", m.current, p.state.String())
	}
}

// writeResults writes records as a results file in dir.
func writeResults(t *testing.T, dir, name string, recs []tournament.Record) string {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// resultsRecords are two TicTacToe games and a Breakthrough game with
// made-up figures.
func resultsRecords() []tournament.Record {
	ms := func(moves ...string) []tournament.MoveSummary {
		out := make([]tournament.MoveSummary, len(moves))
		for i, m := range moves {
			out[i] = tournament.MoveSummary{Move: m, States: int64(1000 * (i + 1)), Iterations: int64(100 * (i + 1)), Millis: float64(10 * (i + 1))}
		}
		return out
	}
	return []tournament.Record{
		{Preset: "tiny", Match: "tictactoe|uct|random|", Index: 0, Game: "tictactoe", Names: [2]string{"uct", "random"},
			Specs: [2]string{"uct", "random"}, FirstSeat: 0, Seed: 7, Result: "1-0", Winner: 0, Plies: 5,
			Moves: ms("b2", "a1", "c3", "a3", "a2"), Seconds: 0.5},
		{Preset: "tiny", Match: "tictactoe|uct|random|", Index: 1, Game: "tictactoe", Names: [2]string{"uct", "random"},
			Specs: [2]string{"uct", "random"}, FirstSeat: 1, Seed: 8, Result: "0-1", Winner: 0, Plies: 6,
			Moves: ms("a1", "b2", "a2", "a3", "c1", "c2"), Seconds: 0.6},
		{Preset: "tiny", Match: "breakthrough|uct|random|", Index: 0, Game: "breakthrough", Names: [2]string{"uct", "random"},
			FirstSeat: 0, Seed: 9, Result: "1-0", Winner: 0, Plies: 2, Moves: ms("a2-a3", "e4-e3"), Seconds: 0.1},
	}
}

// The menu's Review results lists the results files, then a file's games;
// enter reviews the game chosen, opened at its end, and each ply shows
// the position after it and that move's figures.
func TestResultsReviewOpensGameAtPly(t *testing.T) {
	tempResults(t)
	path := writeResults(t, ResultsDir, "tiny.jsonl", resultsRecords())
	m := openItem(t, send(t, New(nil), sizeMsg(120, 40)), itemResults)
	if v := m.View(); !strings.Contains(v, "> tiny.jsonl") {
		t.Fatalf("the results file is not listed:\n%s", v)
	}
	m = keys(t, m, "enter")
	gl, ok := m.current.(*gameList)
	if !ok || len(gl.recs) != 3 {
		t.Fatalf("screen %T: %s", m.current, m.View())
	}
	// Aligned columns: game, players, number in the match (from 1), who
	// moved first, result, length, time.
	if v := m.View(); !strings.Contains(v, "  tictactoe     uct v random  #2  random first  0-1     6 plies     0.6s") {
		t.Fatalf("game list:\n%s", v)
	}
	m = keys(t, m, "down", "enter")
	r, ok := m.current.(*review)
	if !ok {
		t.Fatalf("screen %T: %s", m.current, m.View())
	}
	if r.ply != 6 || r.position().String() != "o2/xoo/x1x x" {
		t.Fatalf("opened at ply %d, %q", r.ply, r.position().String())
	}
	if got := strings.Join(r.names, " "); got != "a1 b2 a2 a3 c1 c2" {
		t.Fatalf("the review has the moves %q, want game 1's", got)
	}
	m = keys(t, m, "up", "up", "up")
	v := m.View()
	for _, want := range []string{"after 2. a2 (X)", "position: 3/xo1/x2 o", "> " + "  2.   a2", "3k", "300", "30ms", "X: random  O: uct", "ply 3 of 6", "tictactoe uct v random game 2 (", filepath.Base(path) + ")"} {
		if !strings.Contains(v, want) {
			t.Fatalf("review at ply 3 lacks %q:\n%s", want, v)
		}
	}
	// esc goes back to the list, then to the files, then to the menu.
	m = keys(t, m, "esc", "esc", "esc")
	if _, ok := m.current.(*menu); !ok {
		t.Fatalf("esc thrice: %T", m.current)
	}
}

// The preset screen's ctrl+r opens the results files with the chosen
// preset's file under the cursor.
func TestPresetScreenOpensResults(t *testing.T) {
	tempResults(t)
	writeResults(t, ResultsDir, "analysis.jsonl", nil)
	writeResults(t, ResultsDir, "table3.jsonl", resultsRecords()[:1])
	m := pickerScreen(t, func(m Model) Model { return send(t, m, sizeMsg(100, 30)) })
	m.current.(*presetPicker).cursor = 1 // the presets are sorted: analysis, table3
	m = keys(t, m, "ctrl+r")
	b, ok := m.current.(*resultsBrowser)
	if !ok || b.files[b.cursor] != "table3.jsonl" {
		t.Fatalf("screen %T %v", m.current, b)
	}
	// At a budget scale, the file a run at that scale writes.
	writeResults(t, ResultsDir, "table3.scale-0.05.jsonl", resultsRecords()[:1])
	writeResults(t, ResultsDir, "table3.scale-0.5.jsonl", resultsRecords()[:1])
	for _, scale := range []string{"0.05", "0.5"} {
		m = pickerScreen(t, func(m Model) Model { return send(t, m, sizeMsg(100, 30)) })
		m.current.(*presetPicker).cursor = 1
		m = keys(t, m, "tab", scale)
		if got := m.current.(*presetPicker).scale; fmt.Sprint(got) != scale {
			t.Fatalf("the scale field reads %v, want %s", got, scale)
		}
		m = keys(t, m, "ctrl+r")
		if b, ok := m.current.(*resultsBrowser); !ok || b.files[b.cursor] != "table3.scale-"+scale+".jsonl" {
			t.Errorf("at scale %s: screen %T %v", scale, m.current, b)
		}
	}
}

// p, v and g copy the position, the PV and the game to files under the
// saves, and to the clipboard where the terminal takes it.
func TestReviewCopies(t *testing.T) {
	tempSaves(t)
	m, p := start(t, "tictactoe")
	for _, mv := range []string{"b2", "a1"} {
		m = keys(t, m, mv, "enter")
	}
	// As if an engine had searched the position after b2: its PV a1 c3.
	after := p.start.Clone()
	b2, _ := after.ParseMove("b2")
	after.Play(b2)
	a1, _ := after.ParseMove("a1")
	c3, _ := p.state.ParseMove("c3")
	p.statsFor, p.stats.PV = after, []games.Move{a1, c3}
	var clip []string
	m.ctx.clipboard = func(text string) bool { clip = append(clip, text); return true }
	m = keys(t, m, "ctrl+r", "p")
	dir := filepath.Join(SavesDir, "copied")
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if got := read("position.txt"); got != "3/1x1/o2 x\n" {
		t.Fatalf("position.txt %q", got)
	}
	if v := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(v, "copied the position to "+filepath.Join(dir, "position.txt")+" and to the clipboard") {
		t.Fatalf("status:\n%s", v)
	}
	m = keys(t, m, "v")
	if v := m.View(); !strings.Contains(v, "no principal variation for this position") {
		t.Fatalf("a PV copied for the wrong position:\n%s", v)
	}
	m = keys(t, m, "up", "v")
	if got := read("pv.txt"); got != "a1 c3\n" {
		t.Fatalf("pv.txt %q", got)
	}
	m = keys(t, m, "g")
	game := read("game.pgn")
	for _, want := range []string{`[Game "tictactoe"]`, `[First "human"]`, "1. b2 a1 *"} {
		if !strings.Contains(game, want) {
			t.Fatalf("game.pgn lacks %q:\n%s", want, game)
		}
	}
	if len(clip) != 3 || clip[0] != "3/1x1/o2 x\n" || clip[1] != "a1 c3\n" || clip[2] != game {
		t.Fatalf("clipboard got %q", clip)
	}
}

func sizeMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// Opening a results file replays its games under the rules in the
// background: a game they refuse is marked, its reason shown under the
// list when the cursor is on it, and the verdict names the way out.
func TestGameListVerifiesTheFile(t *testing.T) {
	tempResults(t)
	recs := resultsRecords() // hand-made: their results do not follow from their moves
	won := recs[0]
	won.Index, won.Seed, won.Moves, won.Plies, won.Score = 5, 12, nil, 5, 1
	for _, mv := range []string{"a1", "b1", "a2", "b2", "a3"} { // X takes the a file
		won.Moves = append(won.Moves, tournament.MoveSummary{Move: mv})
	}
	writeResults(t, ResultsDir, "tiny.jsonl", []tournament.Record{won, recs[1]})
	m := openItem(t, send(t, New(nil), sizeMsg(160, 40)), itemResults)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	if v := m.View(); !strings.Contains(v, "replaying the games under the rules...") {
		t.Fatalf("before the verdict:\n%s", v)
	}
	m = drain(t, m, cmd, 10)
	v := m.View()
	// Both games are TicTacToe's: the game is in the heading, not the rows.
	for _, want := range []string{"1 line of the file wrong (1 game marked ! here)", "mcarena repair --check", "(all: tictactoe)", "  uct v random  #6", "! uct v random  #2"} {
		if !strings.Contains(v, want) {
			t.Fatalf("after the verdict, no %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "line 2: ") {
		t.Fatalf("the reason of line 2 shown with the cursor on line 1:\n%s", v)
	}
	m = keys(t, m, "down")
	if v := m.View(); !strings.Contains(v, "line 2: the moves stop at ply 6 in a game still in progress") {
		t.Fatalf("the cursor on the wrong game:\n%s", v)
	}
	// A file of right games only.
	writeResults(t, ResultsDir, "tiny.jsonl", []tournament.Record{won})
	m = keys(t, m, "esc")
	next, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	if v := m.View(); !strings.Contains(v, "verified: 1 game, every record checked under the rules") || strings.Contains(v, "! ") {
		t.Fatalf("a right file:\n%s", v)
	}
}

// A verdict that comes while a game is reviewed is not lost: the list
// checks again when it shows. An answer of a superseded check is dropped,
// so a verdict older than the file's repair never replaces a newer one.
func TestGameListVerdictSurvivesAReview(t *testing.T) {
	tempResults(t)
	recs := resultsRecords()
	writeResults(t, ResultsDir, "tiny.jsonl", []tournament.Record{recs[0], recs[1]})
	m := openItem(t, send(t, New(nil), sizeMsg(160, 40)), itemResults)
	next, first := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	gl := m.current.(*gameList)
	stale := first() // the first check's answer, held back
	m = keys(t, m, "enter")
	if _, ok := m.current.(*review); !ok {
		t.Fatalf("screen %T", m.current)
	}
	m = send(t, m, stale) // reaches the review, not the list
	next, again := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	m = drain(t, next.(Model), again, 10)
	if v := m.View(); m.current != gl || !strings.Contains(v, "2 lines of the file wrong") {
		t.Fatalf("back on the list after the review:\n%s", v)
	}
	// The file is repaired meanwhile; a check started now finds it right,
	// and the held-back answer of the first, coming last, is dropped.
	won := recs[0]
	won.Moves = nil
	for _, mv := range []string{"a1", "b1", "a2", "b2", "a3"} {
		won.Moves = append(won.Moves, tournament.MoveSummary{Move: mv})
	}
	won.Score = 1
	writeResults(t, ResultsDir, "tiny.jsonl", []tournament.Record{won})
	m = drain(t, m, gl.verify(m.ctx), 10)
	m = send(t, m, stale)
	if v := m.View(); !strings.Contains(v, "verified: 1 game") || strings.Contains(v, "wrong") {
		t.Fatalf("a stale answer replaced the verdict:\n%s", v)
	}
}

// A file of searches only (an analysis preset's) says what it checked.
func TestGameListVerdictOfSearches(t *testing.T) {
	tempResults(t)
	writeResults(t, ResultsDir, "a.jsonl", []tournament.Record{{Kind: tournament.AnalysisKind, Preset: "a", Match: "analysis|u", Game: "tictactoe",
		Names: [2]string{"u", ""}, Specs: [2]string{"uct", ""}, Winner: -1, Moves: []tournament.MoveSummary{{Move: "b2"}}}})
	m := openItem(t, send(t, New(nil), sizeMsg(160, 40)), itemResults)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	if v := m.View(); !strings.Contains(v, "verified: 1 search, every record checked under the rules") {
		t.Fatalf("%s", v)
	}
}
