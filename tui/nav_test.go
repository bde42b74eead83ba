package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games/pgn"
)

// esc on the play screen, which also cancels a half-picked move, never drops
// a game that is not saved: it asks first.
func TestEscAsksBeforeLeavingGame(t *testing.T) {
	tempSaves(t)
	m, _ := start(t, "breakthrough")
	// A game with no moves leaves at once.
	m = keys(t, m, "esc")
	if _, ok := m.current.(*menu); !ok {
		t.Fatalf("esc on an empty game: screen %T, want the menu", m.current)
	}
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter")
	// esc first cancels a half-picked move, and stays.
	m = keys(t, m, "up", "up", "up", "enter") // a4, a Black piece
	if p.from < 0 {
		t.Fatal("the first cell of a move was not picked")
	}
	m = keys(t, m, "esc")
	if m.current != screen(p) || p.from >= 0 || p.confirming {
		t.Fatalf("esc with a half-picked move: screen %T, from %d, confirming %v", m.current, p.from, p.confirming)
	}
	// So does a half-typed move.
	m = keys(t, m, "b4-")
	m = keys(t, m, "esc")
	if m.current != screen(p) || p.input.Value() != "" || p.confirming {
		t.Fatalf("esc with a half-typed move: screen %T, prompt %q, confirming %v", m.current, p.input.Value(), p.confirming)
	}
	// Then it asks; n stays.
	m = keys(t, m, "esc")
	if m.current != screen(p) || !strings.Contains(m.View(), "Leave this game?") {
		t.Fatalf("esc left or did not ask:\n%s", m.View())
	}
	m = keys(t, m, "n")
	if m.current != screen(p) || p.confirming || p.input.Value() != "" {
		t.Fatalf("n: screen %T, confirming %v, prompt %q", m.current, p.confirming, p.input.Value())
	}
	// A message from before the question goes with it.
	m = keys(t, m, "zz", "enter", "ctrl+u")
	if !strings.Contains(m.View(), "not a move: ") {
		t.Fatalf("zz was not refused:\n%s", m.View())
	}
	m = keys(t, m, "esc", "n")
	if v := m.View(); strings.Contains(v, "not a move: ") {
		t.Fatalf("the refusal of zz came back after the question:\n%s", v)
	}
	// esc also stays; y leaves.
	m = keys(t, m, "esc", "esc")
	if m.current != screen(p) {
		t.Fatalf("esc to the question left the game")
	}
	m = keys(t, m, "esc", "y")
	if _, ok := m.current.(*menu); !ok {
		t.Fatalf("y: screen %T, want the menu", m.current)
	}
	// ctrl+w to the question saves, then leaves.
	m, _ = start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "esc", "ctrl+w")
	if _, ok := m.current.(*menu); !ok {
		t.Fatalf("ctrl+w: screen %T, want the menu", m.current)
	}
	if saves, _ := filepath.Glob(filepath.Join(SavesDir, "breakthrough-*.pgn")); len(saves) != 1 {
		t.Fatalf("saves %v, want one", saves)
	}
}

// Each game has an autosave of its own: the next game's first move does not
// overwrite the last one's, and only the last ten are kept.
func TestAutosavesRotate(t *testing.T) {
	tempSaves(t)
	firstMoves := []string{"a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3", "a2-b3", "b2-a3", "b2-c3", "c2-b3", "c2-d3", "d2-c3", "d2-e3"}
	for i, mv := range firstMoves {
		m, _ := start(t, "breakthrough")
		keys(t, m, mv, "enter", "esc", "y")
		files := autosaves()
		if want := min(i+1, keepAutosaves); len(files) != want {
			t.Fatalf("after game %d: %d autosaves, want %d: %v", i+1, len(files), want, files)
		}
		// The newest is this game's, and the one before is the previous game's.
		for back, f := range files[:min(2, len(files))] {
			r, err := pgn.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := movesText(r), firstMoves[i-back]; got != want {
				t.Fatalf("after game %d, autosave %s holds %q, want %q", i+1, f, got, want)
			}
		}
		time.Sleep(2 * time.Millisecond) // distinct modification times
	}
	for _, f := range autosaves() {
		if !strings.HasPrefix(filepath.Base(f), "autosave-breakthrough-") {
			t.Fatalf("autosave %s is not named by its game", f)
		}
	}
}

// Undo and redo rewrite the autosave.
func TestUndoRedoRewriteAutosave(t *testing.T) {
	tempSaves(t)
	m, p := start(t, "tictactoe")
	m = keys(t, m, "a1", "enter", "b2", "enter")
	moves := func() string {
		t.Helper()
		r, err := pgn.Load(p.autosavePath)
		if err != nil {
			t.Fatal(err)
		}
		return movesText(r)
	}
	if got := moves(); got != "a1 b2" {
		t.Fatalf("autosave holds %q", got)
	}
	m = keys(t, m, "ctrl+z")
	if got := moves(); got != "a1" {
		t.Fatalf("after undo the autosave holds %q, want a1", got)
	}
	m = keys(t, m, "ctrl+z")
	if got := moves(); got != "" {
		t.Fatalf("after undoing every move the autosave holds %q", got)
	}
	keys(t, m, "ctrl+y", "ctrl+y")
	if got := moves(); got != "a1 b2" {
		t.Fatalf("after redo the autosave holds %q", got)
	}
}

// ctrl+n opens the stepper on the game's position; esc, from its form or
// from the stepper, comes back to the game, not the menu, and the engine to
// move thinks again.
func TestStepperReturnsToGame(t *testing.T) {
	tempSaves(t)
	m, p := start(t, "breakthrough")
	m = keys(t, m, "a2-a3", "enter", "ctrl+n")
	if _, ok := m.current.(*stepperSetup); !ok {
		t.Fatalf("ctrl+n: screen %T", m.current)
	}
	m = keys(t, m, "esc")
	if m.current != screen(p) {
		t.Fatalf("esc from the stepper's form: screen %T, want the game", m.current)
	}
	m = keys(t, m, "ctrl+n", "tab", "tab", "ctrl+u", "nmcs:level=1", "enter")
	if _, ok := m.current.(*stepper); !ok {
		t.Fatalf("screen %T, want the stepper", m.current)
	}
	m = keys(t, m, "esc")
	if m.current != screen(p) || len(p.moves) != 1 {
		t.Fatalf("esc from the stepper: screen %T, want the game", m.current)
	}
	// Against an engine: leaving the stepper lets it think again.
	m, cmd := startWith(t, "breakthrough", "random", "human")
	q := m.current.(*play)
	if q.cur == nil || cmd == nil {
		t.Fatal("the engine is not thinking")
	}
	m = keys(t, m, "ctrl+n")
	if q.cur != nil {
		t.Fatal("the engine still thinks under the stepper")
	}
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	m = drain(t, next.(Model), cmd, 20)
	if m.current != screen(q) || len(q.moves) != 1 {
		t.Fatalf("back in the game, the engine did not move: %v", q.names)
	}
}

// writeSave puts a save in SavesDir.
func writeSave(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(SavesDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(SavesDir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A save in the format the pgn package documents loads with its players,
// their budgets and its seed; an engine name the configuration lacks is
// rebuilt from its recorded spec.
func TestLoadRestoresPlayersAndSeed(t *testing.T) {
	tempSaves(t)
	writeSave(t, "doc.pgn", `[Game "breakthrough:size=6x6"]
[First "human"]
[Second "uct 1s"]
[Date "2026.11.25"]
[Seed "12345"]
[Result "*"]

1. a2-a3 b5-b4 2. c2-c3 *
`)
	m := openItem(t, send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30}), itemLoad)
	m = keys(t, m, "enter")
	p, ok := m.current.(*play)
	if !ok {
		t.Fatalf("screen %T:\n%s", m.current, m.View())
	}
	if !p.seats[0].human() || p.seats[1].human() || p.seats[1].text != "uct 1s" || p.seats[1].budget.Time != time.Second {
		t.Fatalf("seats %+v", p.seats)
	}
	if p.seed != 12345 || len(p.moves) != 3 || !p.paused {
		t.Fatalf("seed %d, %d moves, paused %v", p.seed, len(p.moves), p.paused)
	}
	// What the UI writes reads back the same way.
	r := p.record()
	if text, _ := r.Player(1); text != "uct 1s" || r.Get("Seed") != "12345" {
		t.Fatalf("written tags %+v", r.Tags)
	}

	writeSave(t, "spec.pgn", "[Game \"tictactoe\"]\n[First \"mine 2s\"]\n[FirstSpec \"random\"]\n[Second \"human\"]\n\n*\n")
	p = loadedPlay(m.ctx, mustLoad(t, filepath.Join(SavesDir, "spec.pgn")))
	if p.seats[0].human() || p.seats[0].text != "mine 2s" || p.seats[0].budget.Time != 2*time.Second || p.seats[0].engine.Spec() != "random" {
		t.Fatalf("seat from the spec: %+v", p.seats[0])
	}
}

// "Resume last game" passes over a newest autosave that cannot be read to
// the one before, says so, and leaves the damaged file as it was; with
// none readable it stays on the menu and says why.
func TestResumeFallsBackPastADamagedAutosave(t *testing.T) {
	tempSaves(t)
	const damaged = "[Game \"tictactoe\"]\n[Result \"*\"]\n\n1. b2 b2 *\n"
	writeSave(t, "autosave-tictactoe-20260101-000000.pgn", "[Game \"tictactoe\"]\n[First \"human\"]\n[Second \"human\"]\n\n1. b2 a1 *\n")
	writeSave(t, "autosave-tictactoe-20260102-000000.pgn", damaged)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(SavesDir, "autosave-tictactoe-20260101-000000.pgn"), old, old)
	m := openItem(t, send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30}), itemResume)
	p, ok := m.current.(*play)
	if !ok || strings.Join(p.names, " ") != "b2 a1" {
		t.Fatalf("screen %T\n%s\nwant the older autosave resumed", m.current, m.View())
	}
	if !strings.HasPrefix(p.status, "resumed autosave-tictactoe-20260101-000000.pgn: 1 newer autosave could not be read and is left as it was (") ||
		!strings.Contains(p.status, "autosave-tictactoe-20260102-000000.pgn") || !strings.Contains(p.status, "; loaded 2 moves") {
		t.Fatalf("status %q, want the file resumed, the damaged autosave named, and the load's own status", p.status)
	}
	if data, _ := os.ReadFile(filepath.Join(SavesDir, "autosave-tictactoe-20260102-000000.pgn")); string(data) != damaged {
		t.Fatalf("the damaged autosave now holds %q", data)
	}
	// Two damaged ones before it.
	writeSave(t, "autosave-tictactoe-20260103-000000.pgn", "not a save\n")
	m = openItem(t, send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30}), itemResume)
	if p, ok = m.current.(*play); !ok || !strings.HasPrefix(p.status, "resumed autosave-tictactoe-20260101-000000.pgn: 2 newer autosaves could not be read and are left as they were (") {
		t.Fatalf("with two damaged autosaves: screen %T\n%s", m.current, m.View())
	}
	os.Remove(filepath.Join(SavesDir, "autosave-tictactoe-20260101-000000.pgn"))
	m = openItem(t, send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30}), itemResume)
	if _, ok := m.current.(*menu); !ok || !strings.Contains(m.View(), "cannot resume") {
		t.Fatalf("with only a damaged autosave: screen %T\n%s", m.current, m.View())
	}
}

// A save whose Seed tag is damaged still loads, and says that its engines
// search from a new seed, where it kept that quiet.
func TestLoadSaysTheSeedIsDamaged(t *testing.T) {
	tempSaves(t)
	for _, c := range []struct {
		tag  string
		warn bool
	}{{`[Seed "12x"]`, true}, {`[Seed "-1"]`, true}, {`[Seed "7"]`, false}, {"", false}} {
		writeSave(t, "s.pgn", "[Game \"tictactoe\"]\n[First \"human\"]\n[Second \"random\"]\n"+c.tag+"\n\n1. b2 *\n")
		p := loadedPlay(&env{}, mustLoad(t, filepath.Join(SavesDir, "s.pgn")))
		if strings.Contains(p.status, "is no whole number") != c.warn || len(p.moves) != 1 {
			t.Errorf("tag %s: status %q, %d moves; want the damaged seed named %v and the move played", c.tag, p.status, len(p.moves), c.warn)
		}
		if c.tag == `[Seed "7"]` && p.seed != 7 {
			t.Errorf("seed %d, want 7", p.seed)
		}
	}
}

func mustLoad(t *testing.T, path string) *pgn.Record {
	t.Helper()
	r, err := pgn.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// "Resume last game" opens the newest autosave, which the game then keeps
// writing.
func TestResumeLastGame(t *testing.T) {
	tempSaves(t)
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = openItem(t, m, itemResume)
	if _, ok := m.current.(*menu); !ok || !strings.Contains(m.View(), "no game to resume") {
		t.Fatalf("with no autosave: screen %T\n%s", m.current, m.View())
	}
	m, _ = start(t, "tictactoe")
	m = keys(t, m, "b2", "enter", "esc", "y")
	m = openItem(t, m, itemResume)
	p, ok := m.current.(*play)
	if !ok || strings.Join(p.names, " ") != "b2" {
		t.Fatalf("resumed %T %v", m.current, p)
	}
	keys(t, m, "a1", "enter")
	files := autosaves()
	if len(files) != 1 || files[0] != p.autosavePath {
		t.Fatalf("autosaves %v, want the resumed game's one", files)
	}
	if got := movesText(mustLoad(t, files[0])); got != "b2 a1" {
		t.Fatalf("autosave holds %q", got)
	}
}

// movesText is a save's moves in notation, separated by spaces.
func movesText(r *pgn.Record) string {
	s := r.Start.Clone()
	var names []string
	for _, m := range r.Moves {
		names = append(names, s.MoveString(m))
		s.Play(m)
	}
	return strings.Join(names, " ")
}
