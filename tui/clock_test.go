package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/pgn"
	"mcarena/tournament"
)

// fakeClock makes the players' clocks read now, which the test moves on;
// it puts the standing clock back at the end.
func fakeClock(t *testing.T) *time.Time {
	t.Helper()
	old := clock
	now := old()
	clock = func() time.Time { return now }
	t.Cleanup(func() { clock = old })
	return &now
}

// startClocked opens a game between two humans under a time control given
// in the New game form's clock field.
func startClocked(t *testing.T, spec, control string) (Model, *play) {
	t.Helper()
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m = keys(t, m, "enter", "ctrl+u", spec, "tab", "tab", "ctrl+u", "human", "tab", control, "enter")
	p, ok := m.current.(*play)
	if !ok {
		t.Fatalf("after the clock %q the screen is %T: %s", control, m.current, m.View())
	}
	return m, p
}

// Each side's clock runs while it is to move and gains the increment after
// its move; the screen shows both, the running one marked; when the side
// to move runs out its flag falls and the game is over.
func TestClockRunsAndFlagFalls(t *testing.T) {
	now := fakeClock(t)
	m, p := startClocked(t, "breakthrough", "1m+2s")
	if p.control != (engines.TimeControl{Base: time.Minute, Increment: 2 * time.Second}) {
		t.Fatalf("control %+v, want 1m+2s", p.control)
	}
	*now = now.Add(3 * time.Second)
	m = keys(t, m, "a2-a3", "enter")
	*now = now.Add(10500 * time.Millisecond)
	v := m.View()
	for _, want := range []string{"W 0:59.0   B 0:49.5 ◂", "clock 1m+2s: White 0:59.0  Black 0:49.5"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
	// A tick before the flag falls changes nothing but the clock.
	m = send(t, m, clockTick{})
	if p.over() {
		t.Fatal("the game ended with time left")
	}
	*now = now.Add(50 * time.Second)
	m = send(t, m, clockTick{})
	if p.flagged != int(games.Second) || !p.over() {
		t.Fatalf("flagged %d, over %v: want Black's flag down", p.flagged, p.over())
	}
	v = strings.Join(strings.Fields(m.View()), " ")
	for _, want := range []string{"Game over: White wins", "White wins on time 1-0 (Black's flag fell)", "B 0:00.0 flag", "game over"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
	// No move after the flag; undo lifts it and gives back the clocks.
	m = keys(t, m, "e4-e3", "enter")
	if len(p.moves) != 1 {
		t.Fatalf("%d moves after the flag fell, want 1", len(p.moves))
	}
	m = keys(t, m, "ctrl+z")
	if p.over() || p.left != [2]time.Duration{time.Minute, time.Minute} {
		t.Fatalf("after undo: over %v, clocks %v; want a game on, both at 1m", p.over(), p.left)
	}
	keys(t, m, "ctrl+y")
	if p.left != [2]time.Duration{59 * time.Second, time.Minute} {
		t.Fatalf("after redo: clocks %v, want 59s and 1m", p.left)
	}
}

// Without a clock the time used shown is of the moves made, so that it does
// not stand still on a human's turn and jump at the next key.
func TestTimeUsedShowsMovesMade(t *testing.T) {
	now := fakeClock(t)
	tempSaves(t)
	m, _ := startWith(t, "tictactoe", "human", "human")
	*now = now.Add(15 * time.Second)
	if v := m.View(); !strings.Contains(v, "time used X 0:00  O 0:00") {
		t.Fatalf("during X's first turn:\n%s", v)
	}
	m = keys(t, m, "b2", "enter")
	if v := m.View(); !strings.Contains(v, "time used X 0:15  O 0:00") {
		t.Fatalf("after X's move:\n%s", v)
	}
}

// Without a clock the screen counts each side's thinking time, and the
// pause between engine moves (for watching) is not part of it.
func TestWatchingPauseNotCounted(t *testing.T) {
	now := fakeClock(t)
	tempSaves(t)
	m, _ := startWith(t, "breakthrough", "random", "random")
	p := m.current.(*play)
	if p.cur == nil {
		t.Fatal("the first engine is not thinking")
	}
	m = send(t, m, p.cur.wait()()) // White's move; Black's turn comes after the pause
	*now = now.Add(5 * time.Second)
	if c := p.clockOf(games.Second); c != 0 {
		t.Errorf("during the pause Black's clock reads %v, want 0", c)
	}
	m = send(t, m, engineTurn{p.searchID})
	if p.cur == nil {
		t.Fatal("Black's engine did not start after the pause")
	}
	*now = now.Add(time.Second) // Black thinks a second
	send(t, m, p.cur.wait()())
	if len(p.moves) != 2 || p.clocks != [2]time.Duration{0, time.Second} {
		t.Errorf("%d moves, clocks %v: want White 0s, Black 1s (its thinking, not the pause)", len(p.moves), p.clocks)
	}
}

// Under a clock, a side with less time than the pause between engine
// moves does not lose on time during the pause: its clock has not started.
func TestWatchingPauseUnderAClock(t *testing.T) {
	now := fakeClock(t)
	tempSaves(t)
	m, _ := startWith(t, "breakthrough", "random", "random")
	p := m.current.(*play)
	p.setControl(engines.TimeControl{Base: 2 * time.Second})
	m = send(t, m, p.cur.wait()())
	*now = now.Add(5 * time.Second) // the pause, longer than Black's 2 s
	m = send(t, m, clockTick{})
	if p.over() || p.leftOf(games.Second) != 2*time.Second {
		t.Fatalf("during the pause: over %v, Black's time %v; want the game on, 2s", p.over(), p.leftOf(games.Second))
	}
}

// The clock field refuses a malformed clock with the valid forms, and a
// player's budget refuses a clock, which is the game's.
func TestClockFieldErrors(t *testing.T) {
	for _, tc := range []struct {
		second, clock, want string
		field               int // the field focused after the error: the one at fault
	}{
		{"human", "5m+", "clock: time control \"5m+\": increment \"\": want BASE or BASE+INCREMENT", 3},
		{"human", "soon", "clock: time control \"soon\": base \"soon\"", 3},
		{"uct clock=5m", "", "a clock is the game's, for both sides: give it in the clock field (5m)", 2},
	} {
		t.Run(tc.clock+tc.second, func(t *testing.T) {
			m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
			// enter in the game's field, after the clock's: the error moves
			// the focus to the field at fault.
			m = keys(t, m, "enter", "ctrl+u", "breakthrough", "tab", "tab", "ctrl+u", tc.second, "tab", tc.clock, "tab", "enter")
			s, ok := m.current.(*setup)
			if !ok {
				t.Fatalf("screen %T, want the form", m.current)
			}
			if v := m.View(); !strings.Contains(strings.Join(strings.Fields(v), " "), tc.want) {
				t.Errorf("the form lacks %q:\n%s", tc.want, v)
			}
			if s.focus != tc.field {
				t.Errorf("field %d focused, want %d", s.focus, tc.field)
			}
		})
	}
}

// An engine under a clock gets both clocks in its request, and a budget
// named with it still caps its move; named without one it takes the
// clock's time alone.
func TestEngineGetsTheClock(t *testing.T) {
	fakeClock(t)
	for _, tc := range []struct {
		second string
		want   time.Duration // the budget's own time
	}{
		{"uct", 0},
		{"uct 300ms", 300 * time.Millisecond},
	} {
		t.Run(tc.second, func(t *testing.T) {
			m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
			m = keys(t, m, "enter", "ctrl+u", "breakthrough", "tab", "tab", "ctrl+u", tc.second, "tab", "3m+1s", "enter")
			p := m.current.(*play)
			m = keys(t, m, "a2-a3", "enter")
			if p.cur == nil {
				t.Fatal("no engine search after the human's move")
			}
			b := p.cur.budget
			// The status line says the time the clock's rule gives: 181s/30
			// + 3/4 s, or the budget's own when less.
			wantTime := "0.0s of 6.8s used, 6.8s left"
			if tc.want > 0 {
				wantTime = "0.0s of 300ms used, 0.3s left"
			}
			if v := m.View(); !strings.Contains(v, wantTime) {
				t.Errorf("the status line lacks %q:\n%s", wantTime, v)
			}
			p.stopSearch()
			want := engines.Clocks{Left: [2]time.Duration{181 * time.Second, 3 * time.Minute}, Increment: [2]time.Duration{time.Second, time.Second}, On: true}
			if b.Time != tc.want || b.Clocks != want {
				t.Errorf("budget %+v, want time %v and clocks %+v", b, tc.want, want)
			}
		})
	}
}

func TestLeftText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{5 * time.Minute, "5:00"},
		{61500 * time.Millisecond, "1:01"},
		{59999 * time.Millisecond, "0:59.9"},
		{9 * time.Second, "0:09.0"},
		{-time.Second, "0:00.0"},
		{2 * time.Hour, "2:00:00"},
	} {
		t.Run(fmt.Sprint(tc.d), func(t *testing.T) {
			if got := leftText(tc.d); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A save keeps the time control, both clocks and a flag fall, and loading
// it gives them back: a chess game lost on time says so in PGN's own tags.
func TestClockSaveAndLoad(t *testing.T) {
	tempSaves(t)
	now := fakeClock(t)
	m, p := startClocked(t, "chess", "5m+2s")
	*now = now.Add(4 * time.Second)
	m = keys(t, m, "e4", "enter")
	*now = now.Add(6 * time.Minute)
	send(t, m, clockTick{})
	if !p.over() {
		t.Fatal("Black's flag did not fall")
	}
	text := pgn.Format(p.record())
	for _, want := range []string{`[Result "1-0"]`, `[TimeControl "300+2"]`, `[Clocks "4m58s 0s"]`, `[Termination "time forfeit"]`, "1. e4 {[%clk 0:04:58]} 1-0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the save lacks %s:\n%s", want, text)
		}
	}
	r, err := pgn.Parse("x.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	q := loadedPlay(&env{}, r)
	if q.control != p.control || q.left != [2]time.Duration{298 * time.Second, 0} || q.flagged != int(games.Second) || !q.over() {
		t.Errorf("loaded: control %+v, clocks %v, flagged %d; want 5m+2s, 4m58s and 0, Black's flag down", q.control, q.left, q.flagged)
	}
}

// The review of a game of a results file played under a clock shows each
// mover's clock after the move, and a game lost on time says so.
func TestReviewShowsClocks(t *testing.T) {
	rec := tournament.Record{Preset: "blitz", Match: "tictactoe|a|b|clock=1m+1s", Game: "tictactoe", Names: [2]string{"a", "b"},
		Result: "1-0", Reason: tournament.TimeForfeit, Budget: "clock=1m+1s",
		Moves: []tournament.MoveSummary{{Move: "b2", Millis: 2000, ClockMillis: 59000}, {Move: "a1", Millis: 300, ClockMillis: 60700}}}
	r, err := recordReview(rec, "results/blitz.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 100, Height: 30})
	m.stack = append(m.stack, r)
	m.current = r
	v := m.View()
	for _, want := range []string{"clock", "0:59.0", "1:00", "1-0 time forfeit"} {
		if !strings.Contains(v, want) {
			t.Errorf("the review lacks %q:\n%s", want, v)
		}
	}
}

// The review of a game a scaled run played names the scale with its
// budget, as the list of games does.
func TestReviewNamesTheBudgetScale(t *testing.T) {
	rec := tournament.Record{Preset: "quick", Match: "tictactoe|a|b|iterations=95000", Game: "tictactoe", Names: [2]string{"a", "b"},
		Result: "1-0", Winner: 0, Budget: "iterations=95000", BudgetScale: 0.01,
		Moves: []tournament.MoveSummary{{Move: "b2"}, {Move: "a1"}, {Move: "a2"}, {Move: "a3"}, {Move: "c2"}}}
	r, err := recordReview(rec, "results/quick.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if want := "tictactoe a v b iterations=95000 x0.01 game 1"; r.source != want {
		t.Fatalf("the review's source is %q, want %q", r.source, want)
	}
}

// The move list numbers full moves where the players take turns, as
// chess does (continuing a FEN's number, "N..." for a first move of the
// second player), and plies with the mover's name once a player has moved
// twice in a row.
func TestMoveRows(t *testing.T) {
	for _, tc := range []struct {
		game, position string
		moves          []string
		want           []string
	}{
		{"chess", "", []string{"e4", "e5", "Nf3"}, []string{"  1. e4      e5", "  2. Nf3"}},
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 7", []string{"e5", "Nf3", "Nc6"}, []string{"  7... e5", "  8. Nf3     Nc6"}},
		{"breakthrough", "", []string{"a2-a3", "a4-b3"}, []string{"  1. a2-a3   a4-b3"}},
		{"kalah", "", []string{"c1", "f1", "a2"}, []string{"   1. South c1", "   2. South f1", "   3. North a2"}},
	} {
		t.Run(tc.game+tc.position, func(t *testing.T) {
			g, err := games.New(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			start := g.NewState()
			if tc.position != "" {
				if start, err = g.ParsePosition(tc.position); err != nil {
					t.Fatal(err)
				}
			}
			s := start.Clone()
			var moves []games.Move
			var names []string
			for _, text := range tc.moves {
				m, err := s.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				names = append(names, s.MoveString(m))
				moves = append(moves, m)
				s.Play(m)
			}
			got := moveRows(g, start, moves, names)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// The clocks stop while a review opened from the game is on top, and run
// again when it closes; a tick from before is dropped.
func TestClockStopsDuringReview(t *testing.T) {
	now := fakeClock(t)
	m, p := startClocked(t, "breakthrough", "1m")
	*now = now.Add(5 * time.Second)
	m = keys(t, m, "ctrl+r")
	if _, ok := m.current.(*review); !ok {
		t.Fatalf("screen %T, want the review", m.current)
	}
	*now = now.Add(time.Hour)
	m = keys(t, m, "esc")
	if m.current != screen(p) {
		t.Fatalf("screen %T, want the game", m.current)
	}
	ticking := p.ticking
	next, cmd := m.Update(clockTick{id: p.tickID - 1})
	m = next.(Model)
	if cmd != nil || p.ticking != ticking {
		t.Fatal("a tick from before the review started another chain of ticks")
	}
	*now = now.Add(time.Second)
	if got := p.leftOf(games.First); got != 54*time.Second || p.over() {
		t.Errorf("White has %v left (over %v), want 54s: 5s before the review and 1s after", got, p.over())
	}
}

// ctrl+r on a game under a clock lists each mover's clock after its move.
func TestPlayReviewShowsClocks(t *testing.T) {
	now := fakeClock(t)
	m, _ := startClocked(t, "tictactoe", "1m+1s")
	*now = now.Add(3 * time.Second)
	m = keys(t, m, "b2", "enter")
	*now = now.Add(20 * time.Second)
	m = keys(t, m, "a1", "enter", "ctrl+r")
	r, ok := m.current.(*review)
	if !ok {
		t.Fatalf("screen %T, want the review", m.current)
	}
	if want := []time.Duration{58 * time.Second, 41 * time.Second}; len(r.clockAfter) != 2 || r.clockAfter[0] != want[0] || r.clockAfter[1] != want[1] {
		t.Fatalf("clocks after the moves %v, want %v", r.clockAfter, want)
	}
	v := m.View()
	for _, want := range []string{"clock", "0:58.0", "0:41.0"} {
		if !strings.Contains(v, want) {
			t.Errorf("the review lacks %q:\n%s", want, v)
		}
	}
}

// A chess save keeps the clock after each move (%clk), so that undo after
// loading goes back to the clocks of each move.
func TestClockSaveKeepsEachMove(t *testing.T) {
	tempSaves(t)
	now := fakeClock(t)
	m, p := startClocked(t, "chess", "5m+2s")
	for _, mv := range []struct {
		move string
		took time.Duration
	}{{"e4", 4 * time.Second}, {"e5", 10 * time.Second}, {"Nf3", time.Second}} {
		*now = now.Add(mv.took)
		m = keys(t, m, mv.move, "enter")
	}
	text := pgn.Format(p.record())
	if !strings.Contains(text, "1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:52]} 2. Nf3 {[%clk 0:04:59]}") {
		t.Fatalf("the save lacks the clocks of each move:\n%s", text)
	}
	r, err := pgn.Parse("x.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	q := loadedPlay(&env{}, r)
	want := [][2]time.Duration{{300 * time.Second, 300 * time.Second}, {298 * time.Second, 300 * time.Second}, {298 * time.Second, 292 * time.Second}, {299 * time.Second, 292 * time.Second}}
	if len(q.leftAt) != len(want) {
		t.Fatalf("loaded clocks %v, want %v", q.leftAt, want)
	}
	for i := range want {
		if q.leftAt[i] != want[i] {
			t.Errorf("clocks after %d moves %v, want %v", i, q.leftAt[i], want[i])
		}
	}
}

// slowReady is a random player whose one-time work (engines.Prepare) takes
// ten seconds of the test's clock, as building endgame tables would.
type slowReady struct {
	engines.Engine
	now   *time.Time
	calls int
}

func (e *slowReady) Prepare(games.Game) error {
	e.calls++
	*e.now = e.now.Add(10 * time.Second)
	return nil
}

// An engine's one-time work runs before its first move with its clock
// stopped, once a game: its clock still reads the full time when its search
// starts, and the next move does not prepare again.
func TestEnginePreparesOffTheClock(t *testing.T) {
	now := fakeClock(t)
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engines.New("random")
	if err != nil {
		t.Fatal(err)
	}
	e := &slowReady{Engine: r, now: now}
	p := newPlay(g, g.NewState(), [2]player{{text: "slow", engine: e}, {text: "human"}})
	p.setControl(engines.TimeControl{Base: time.Minute})
	cmd := p.startEngine()
	if p.cur != nil || p.preparing != 0 || cmd == nil {
		t.Fatalf("the first move started a search (%v) or prepared nothing (%d)", p.cur != nil, p.preparing)
	}
	msg := cmd()
	if got := p.leftOf(games.First); got != time.Minute {
		t.Errorf("after ten seconds of preparing, X has %v left, want the full minute", got)
	}
	if p.update(&env{}, msg); p.cur == nil || p.cur.budget.Clocks.Left[0] != time.Minute {
		t.Fatalf("no search after preparing, or its clock is not full: %+v", p.cur)
	}
	p.stopSearch()
	p.cur = nil
	p.startEngine()
	if e.calls != 1 || p.cur == nil {
		t.Errorf("Prepare called %d times; a second move searched: %v", e.calls, p.cur != nil)
	}
	p.stopSearch()
}
