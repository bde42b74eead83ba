package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/config"
)

// runAll starts every command of cmd (a batch or one command) in its own
// goroutine, as the runtime does, and returns their messages as they come.
func runAll(cmd tea.Cmd) <-chan tea.Msg {
	out := make(chan tea.Msg, 16)
	var start func(tea.Cmd)
	start = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			msg := c()
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					start(c)
				}
				return
			}
			out <- msg
		}()
	}
	start(cmd)
	return out
}

// A step of a level-2 playout on Domineering 8x8 takes many seconds. While
// it computes, the stepper shows the time and the states per second; when
// the user leaves, the computation stops at once rather than keep a core
// busy, and its late answer is dropped.
func TestStepperStopsWhenLeft(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 120, Height: 40})
	m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "domineering:size=8x8", "tab", "ctrl+u", "", "tab", "ctrl+u", "nmcs:level=2")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	st, ok := m.current.(*stepper)
	if !ok || !st.busy {
		t.Fatalf("screen %T, want a busy stepper", m.current)
	}
	msgs := runAll(cmd)
	// The first redraw shows the progress.
	var tick tea.Msg
	select {
	case tick = <-msgs:
	case <-time.After(10 * time.Second):
		t.Fatal("no progress tick")
	}
	if _, ok := tick.(stepTick); !ok {
		t.Fatalf("first message %T, want a tick (a level-2 step should not be that quick)", tick)
	}
	time.Sleep(300 * time.Millisecond) // let the tracer count states
	m = send(t, m, tick)
	if v := m.View(); !strings.Contains(v, "computing step 1... ") || !strings.Contains(v, "states/s") {
		t.Fatalf("no progress shown:\n%s", v)
	}
	// Leave: the computation answers within moments, and is dropped.
	m = keys(t, m, "esc")
	if _, ok := m.current.(*menu); !ok {
		t.Fatalf("screen %T, want the menu", m.current)
	}
	deadline := time.After(5 * time.Second)
	for {
		select {
		case msg := <-msgs:
			if r, ok := msg.(stepReady); ok {
				if r.err == nil {
					t.Fatal("the step finished instead of stopping")
				}
				m = send(t, m, msg)
				if _, ok := m.current.(*menu); !ok {
					t.Fatalf("the stale answer changed the screen to %T", m.current)
				}
				return
			}
		case <-deadline:
			t.Fatal("the step still computes after leaving the stepper")
		}
	}
}

// The stepper's search may be a named engine of the nmcs family, with
// options after its name as anywhere else; another family's is refused.
func TestStepperTakesANamedNMCSEngine(t *testing.T) {
	cfg, err := config.Parse("c.toml", []byte("[engines.nmcd1]\nfamily = \"nmcs\"\nlevel = 1\ndiscount = true\n[engines.u]\nfamily = \"uct\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ search, want string }{
		{"nmcd1", "nmcs:discount"}, // level 1, the default
		{"nmcd1:level=2", "nmcs:level=2,discount"},
	} {
		m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
		m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "tictactoe", "tab", "ctrl+u", "", "tab", "ctrl+u", tc.search)
		next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		m = drain(t, next.(Model), cmd, 10)
		st, ok := m.current.(*stepper)
		if !ok || st.spec != tc.want {
			t.Fatalf("%s: screen %T, want a stepper of %s:\n%s", tc.search, m.current, tc.want, m.View())
		}
	}
	m := send(t, New(cfg), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "tictactoe", "tab", "ctrl+u", "", "tab", "ctrl+u", "u", "enter")
	if _, ok := m.current.(*stepperSetup); !ok || !strings.Contains(m.View(), "a named engine of the nmcs family") {
		t.Fatalf("u, a uct engine: %T\n%s", m.current, m.View())
	}
}

// esc inside a successor's playout stops its computation and comes back up
// a level; the stepper stays usable.
func TestStepperEscStopsInnerComputation(t *testing.T) {
	m := send(t, New(nil), tea.WindowSizeMsg{Width: 140, Height: 40})
	m = keys(t, openItem(t, m, itemStepper), "ctrl+u", "tictactoe", "tab", "ctrl+u", "", "tab", "ctrl+u", "nmcs:level=1")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 10)
	st := m.current.(*stepper)
	m = keys(t, m, "enter") // look inside: a computation starts
	if len(st.stack) != 2 || !st.busy {
		t.Fatalf("stack %d busy %v", len(st.stack), st.busy)
	}
	old := st.reqID
	m = keys(t, m, "esc")
	if len(st.stack) != 1 || st.busy {
		t.Fatalf("after esc: stack %d busy %v", len(st.stack), st.busy)
	}
	m = send(t, m, stepReady{id: old})
	if st.busy || !strings.Contains(m.View(), "step 1 at depth 0") {
		t.Fatalf("the stale answer changed the stepper:\n%s", m.View())
	}
	// A stale answer that comes during the next computation leaves that
	// one running: it is not the answer to it.
	m = keys(t, m, "enter")
	if len(st.stack) != 2 || !st.busy {
		t.Fatalf("looking inside again: stack %d busy %v", len(st.stack), st.busy)
	}
	m = send(t, m, stepReady{id: old})
	if !st.busy {
		t.Fatal("the stale answer ended the computation that came after it")
	}
	keys(t, m, "esc")
}

// A hint searches beside the game: moving while it computes cancels it, the
// engine to move then thinks (the game does not stall), and the hint's late
// answer is neither played nor reported as an engine's illegal move.
func TestHintCancelledByMove(t *testing.T) {
	tempSaves(t)
	m, _ := startWith(t, "breakthrough", "human", "uct 2s")
	p := m.current.(*play)
	m = keys(t, m, "ctrl+t")
	h := p.hintOn
	if h == nil || p.cur != nil {
		t.Fatalf("hint %v, engine %v", h, p.cur)
	}
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a2-a3")})
	m = next.(Model)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	if p.hintOn != nil || p.cur == nil || cmd == nil {
		t.Fatalf("after the move: hint %v, engine %v", p.hintOn, p.cur)
	}
	// The cancelled hint answers for the position before the move.
	m = send(t, m, h.wait()())
	if len(p.moves) != 1 || p.paused || p.isErr || strings.Contains(p.status, "illegal") {
		t.Fatalf("the stale hint acted: moves %v, paused %v, status %q", p.names, p.paused, p.status)
	}
	if p.cur == nil {
		t.Fatal("the engine stopped thinking")
	}
	p.cur.cancel() // move now
	m = drain(t, m, cmd, 100)
	if len(p.moves) != 2 {
		t.Fatalf("the engine did not answer: %v", p.names)
	}
}

// A hint that finishes is shown, never played.
func TestHintShown(t *testing.T) {
	m, _ := startWith(t, "tictactoe", "human", "uct iterations=200")
	p := m.current.(*play)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
	m = drain(t, next.(Model), cmd, 50)
	if len(p.moves) != 0 || !strings.HasPrefix(p.status, "hint: ") || p.hintOn != nil {
		t.Fatalf("moves %v, status %q", p.names, p.status)
	}
}

// A hint against the random player comes from UCT: a random move is no
// hint.
func TestHintAgainstRandomIsUCT(t *testing.T) {
	m, _ := startWith(t, "tictactoe", "human", "random")
	p := m.current.(*play)
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
	m = drain(t, next.(Model), cmd, 50)
	if p.statsBy != "hint by uct" && !strings.HasPrefix(p.statsBy, "hint by uct ") || !strings.HasPrefix(p.status, "hint: ") {
		t.Fatalf("hint by %q, status %q", p.statsBy, p.status)
	}
}

// Undo and redo empty the engine pane: the search it showed was of a line
// no longer on the board.
func TestUndoClearsTheEnginePane(t *testing.T) {
	tempSaves(t)
	m, _ := startWith(t, "tictactoe", "human", "uct iterations=200")
	p := m.current.(*play)
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a1")})
	next, cmd := next.(Model).Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 50)
	if len(p.moves) != 2 || p.statsFor == nil {
		t.Fatalf("moves %v, stats for %v", p.names, p.statsFor)
	}
	m = keys(t, m, "ctrl+z")
	if p.statsFor != nil || !strings.Contains(m.View(), "no search yet") {
		t.Fatalf("after undo the pane still shows a search:\n%s", m.View())
	}
}

// Redo replays every ply undo took back: against an engine, the human's
// move and the engine's answer.
func TestRedoReplaysBothPlies(t *testing.T) {
	tempSaves(t)
	m, _ := startWith(t, "breakthrough", "human", "random")
	p := m.current.(*play)
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a2-a3")})
	next, cmd := next.(Model).Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = drain(t, next.(Model), cmd, 50)
	if len(p.moves) != 2 {
		t.Fatalf("moves %v", p.names)
	}
	played := strings.Join(p.names, " ")
	m = keys(t, m, "ctrl+z")
	if len(p.moves) != 0 {
		t.Fatalf("after undo: %v", p.names)
	}
	next, cmd = m.Update(tea.KeyMsg{Type: tea.KeyCtrlY})
	m = next.(Model)
	if got := strings.Join(p.names, " "); got != played || cmd != nil || p.cur != nil {
		t.Fatalf("after redo: %q (want %q), engine %v", got, played, p.cur)
	}
	if !strings.Contains(m.View(), "White (human) to move") {
		t.Fatalf("view:\n%s", m.View())
	}
}
