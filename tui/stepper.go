package tui

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/config"
	"mcarena/engines/nmcs"
	"mcarena/games"
	"mcarena/games/spec"
	"mcarena/internal/words"
)

// stepperSetup asks for the position and the nested search to step through.
type stepperSetup struct {
	form
	err string
}

func newStepperSetup(game, position string) *stepperSetup {
	return &stepperSetup{form: newForm(field{"game", game}, field{"position", position},
		field{"search", "nmcs:level=2,discount"}, field{"seed", "1"})}
}

func (s *stepperSetup) keys(e *env) keyHelp { return formHelp(e.keys, "start stepping") }

func (s *stepperSetup) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case matches(k, e.keys.Back):
			return goBack(), nil
		case matches(k, e.keys.Next):
			s.move(1)
			return s, nil
		case matches(k, e.keys.Prev):
			s.move(-1)
			return s, nil
		case matches(k, e.keys.Select):
			st, field, err := s.build(e.cfg)
			if err != nil {
				s.err = err.Error()
				s.focusOn(field)
				return s, nil
			}
			return swapTo(st), st.compute()
		}
	}
	return s, s.form.update(msg)
}

// build validates the form into a stepper over the NMC(n+1) playout whose
// first step is the policy Π(V(NMC(n))) of the search given; an error
// comes with the index of the field at fault.
func (s *stepperSetup) build(conf *config.Config) (*stepper, int, error) {
	g, err := games.New(s.value(0))
	if err != nil {
		return nil, 0, err
	}
	pos := g.NewState()
	if text := strings.TrimSpace(s.value(1)); text != "" {
		if pos, err = g.ParsePosition(text); err != nil {
			return nil, 1, err
		}
	}
	if pos.Terminal() {
		return nil, 1, fmt.Errorf("the game is over in that position")
	}
	text := strings.TrimSpace(s.value(2))
	name, opts, has := spec.Split(text)
	if name != "nmcs" && conf != nil {
		// A named engine of the nmcs family (nmcd1), its options as the
		// configuration gives them and any given after its name.
		if eng, err := config.ResolveEngine(conf, text); err == nil {
			if n, o, h := spec.Split(eng.Spec()); n == "nmcs" {
				name, opts, has = n, o, h
			}
		}
	}
	if name != "nmcs" {
		return nil, 2, fmt.Errorf("search: want nmcs:OPTIONS, like nmcs:level=2,discount,pod=3, or a named engine of the nmcs family")
	}
	v, err := spec.Resolve("search", nmcs.Options, opts, has)
	if err != nil {
		return nil, 2, err
	}
	cfg := nmcs.Config{Level: v.Int("level"), Discount: v.Bool("discount"), COW: v.Int("cow"), POD: v.Int("pod")}
	seed, err := strconv.ParseUint(strings.TrimSpace(s.value(3)), 10, 64)
	if err != nil {
		return nil, 3, fmt.Errorf("seed %q: want a whole number in 0..%d", strings.TrimSpace(s.value(3)), uint64(math.MaxUint64))
	}
	st := &stepper{g: g, cfg: cfg, spec: spec.Canonical("nmcs", nmcs.Options, v)}
	st.push(nmcs.NewTracer(cfg, nmcs.PlayoutCall(cfg.Level+1, pos, seed)), "")
	return st, 0, nil
}

func (s *stepperSetup) view(e *env) string {
	var b strings.Builder
	b.WriteString(e.styles.Title.Render("NMCS stepper") + "\n\n")
	b.WriteString(s.form.view())
	if s.err != "" {
		b.WriteString(e.styles.Error.Width(e.width).Render(s.err) + "\n")
	}
	b.WriteString("\n" + e.styles.Subtle.Width(e.width).Render("Steps through the NMC(n+1) playout whose first step is the policy of nmcs:level=n: every successor in the order it was evaluated, its nested value, and which was chosen. An empty position is the start. Same seed, same playout.") + "\n")
	return b.String()
}

// level is one nested call being stepped through.
type level struct {
	tr     *nmcs.Tracer
	label  string // how it was reached
	step   int
	cursor int // selected successor
}

// stepper walks a nested playout step by step and drills into successors.
// A step is computed in the background, with a context that esc (or leaving
// the screen any way) cancels.
type stepper struct {
	g     games.Game
	cfg   nmcs.Config
	spec  string
	stack []*level
	err   string

	table scroller // the successors of the step on screen

	busy   bool
	reqID  int // id of the computation that counts
	cancel context.CancelFunc
	began  time.Time // when the computation started
	now    time.Time // the last tick, for the elapsed time shown
	from   int64     // the tracer's states when it started
}

// stepReady is a step computed in the background, or given up.
type stepReady struct {
	id  int
	err error
}

// stepTick redraws the progress of computation id.
type stepTick struct{ id int }

// stepTickEvery is how often the progress of a step is redrawn.
const stepTickEvery = 200 * time.Millisecond

func (st *stepper) push(tr *nmcs.Tracer, label string) {
	st.stack = append(st.stack, &level{tr: tr, label: label})
}

func (st *stepper) top() *level { return st.stack[len(st.stack)-1] }

// compute makes sure the current step exists, computing it in the
// background: a step at a high level evaluates many nested playouts.
func (st *stepper) compute() tea.Cmd {
	l := st.top()
	if l.step < l.tr.Steps() || st.busy {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	st.busy, st.cancel = true, cancel
	st.reqID++
	st.began = time.Now()
	st.now, st.from = st.began, l.tr.States()
	id, tr, k := st.reqID, l.tr, l.step
	return tea.Batch(func() tea.Msg {
		_, _, err := tr.StepContext(ctx, k)
		return stepReady{id, err}
	}, st.tick())
}

func (st *stepper) tick() tea.Cmd {
	id := st.reqID
	return tea.Tick(stepTickEvery, func(time.Time) tea.Msg { return stepTick{id} })
}

// stop gives up the computation running, if any; its answer is dropped.
func (st *stepper) stop() {
	if st.busy {
		st.cancel()
		st.busy = false
	}
	st.reqID++
}

// close stops the computation when the stepper leaves the screen.
func (st *stepper) close() { st.stop() }

func (st *stepper) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case stepTick:
		if msg.id != st.reqID || !st.busy {
			return st, nil
		}
		st.now = time.Now()
		return st, st.tick()
	case stepReady:
		if msg.id != st.reqID {
			return st, nil // given up: esc made it moot
		}
		st.busy = false
		st.cancel()
		l := st.top()
		if _, ok := l.tr.Step(l.step); !ok && l.step > 0 {
			l.step--
		}
		return st, nil
	case tea.KeyMsg:
		if st.busy && !matches(msg, e.keys.Back) {
			return st, nil // one computation at a time
		}
		l := st.top()
		switch {
		case matches(msg, e.keys.Back):
			st.stop()
			if len(st.stack) == 1 {
				return goBack(), nil
			}
			st.stack = st.stack[:len(st.stack)-1]
			return st, nil
		case matches(msg, e.keys.Right):
			if step, ok := l.tr.Step(l.step); ok && !step.End {
				l.step++
				l.cursor = 0
				return st, st.compute()
			}
		case matches(msg, e.keys.Left):
			if l.step > 0 {
				l.step--
				l.cursor = 0
			}
		case matches(msg, e.keys.ListUp):
			if l.cursor > 0 {
				l.cursor--
			}
		case matches(msg, e.keys.ListDown):
			if step, ok := l.tr.Step(l.step); ok && l.cursor < len(step.Successors)-1 {
				l.cursor++
			}
		case matches(msg, e.keys.PageUp):
			l.cursor = max(l.cursor-max(st.table.rows, 1), 0)
		case matches(msg, e.keys.PageDown):
			if step, ok := l.tr.Step(l.step); ok {
				l.cursor = max(min(l.cursor+max(st.table.rows, 1), len(step.Successors)-1), 0)
			}
		case matches(msg, e.keys.Select):
			step, ok := l.tr.Step(l.step)
			if !ok || l.cursor >= len(step.Successors) {
				return st, nil
			}
			sc := step.Successors[l.cursor]
			if sc.CutByCOW {
				st.err = "COW cut this successor: it was never evaluated"
				return st, nil
			}
			st.err = ""
			st.push(nmcs.NewTracer(st.cfg, sc.Call), fmt.Sprintf("step %d, %s", l.step+1, step.State.MoveString(sc.Move)))
			return st, st.compute()
		}
	}
	return st, nil
}

func (st *stepper) keys(e *env) keyHelp {
	k := e.keys
	back := as(k.Back, "up a level / leave")
	if st.busy {
		back = as(k.Back, "stop computing")
	}
	left, right := as(k.Left, "step back"), as(k.Right, "step on")
	up, down, sel := as(k.ListUp, "previous successor"), as(k.ListDown, "next successor"), as(k.Select, "look inside")
	return keyHelp{
		short: []key.Binding{
			key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "step")),
			key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "select")),
			sel, back, k.Help,
		},
		full: [][]key.Binding{{left, right}, {up, down, k.PageUp, k.PageDown, sel}, {back, k.Help, k.Quit}},
	}
}

// progress says how long the step has been computing and how fast.
func (st *stepper) progress(l *level) string {
	elapsed := st.now.Sub(st.began)
	states := l.tr.States() - st.from
	text := fmt.Sprintf("computing step %d... %.1fs, %s states", l.step+1, elapsed.Seconds(), humanCount(float64(states)))
	if elapsed > 0 {
		text += fmt.Sprintf(", %s states/s", humanCount(float64(states)/elapsed.Seconds()))
	}
	return text + " (esc stops)"
}

// Successor table formats: the full one, and a compact one for a table
// beside the board in a narrow terminal.
const (
	fullRow    = "%3d  %-8s %+7.4f  %+7d  %+10.4f  %6d  %7d"
	fullHead   = "  #  move      value  outcome  discounted  length   states  note"
	fullWidth  = 75
	smallRow   = "%3d %-6s %+6.3f %+2d %+6.3f %4d %6s"
	smallHead  = "  # move    value  o   disc  len states note"
	smallWidth = 48
)

func (st *stepper) view(e *env) string {
	s := e.styles
	w, h := e.width, e.bodyHeight
	l := st.top()
	var crumbs []string
	for i, lv := range st.stack {
		c := lv.tr.Call()
		name := fmt.Sprintf("NMC(%d) playout", c.Level)
		if i > 0 {
			name = lv.label + " > " + name
		}
		crumbs = append(crumbs, name)
	}
	title := cut(s.Title.Render("NMCS stepper")+"  "+s.Subtle.Render(st.g.Spec()+"  "+st.spec), w)
	head := s.Wrap(w).Render(strings.Join(crumbs, " > "))
	if st.busy {
		return lipgloss.JoinVertical(lipgloss.Left, title, head, "", s.Status.Width(w).Render(st.progress(l)))
	}
	step, ok := l.tr.Step(l.step)
	if !ok {
		return lipgloss.JoinVertical(lipgloss.Left, title, head, "", "no step")
	}
	c := l.tr.Call()
	names := st.g.PlayerNames()
	pick := "highest"
	if step.State.ToMove() != games.First {
		pick = "lowest"
	}
	info := fmt.Sprintf("step %d at depth %d, %s to move (values are %s's: %s picks the %s)", l.step+1, step.Depth, names[step.State.ToMove()], names[0], names[step.State.ToMove()], pick)
	if step.State.Terminal() {
		info = fmt.Sprintf("step %d at depth %d: the game is over, no one to move", l.step+1, step.Depth)
	}
	if c.HasBound {
		info += fmt.Sprintf("; POD bound %.4f for %s", c.Bound, names[c.Owner])
	}
	info = s.Wrap(w).Render(info)
	board := renderBoard(e, step.State.Board(), st.g.PlayerNames(), boardMarks{last: [2]int{-1, -1}, cursor: -1, from: -1})
	boardW, boardH := lipgloss.Width(board), lipgloss.Height(board)
	errLine := ""
	if st.err != "" {
		errLine = s.Error.Width(w).Render(st.err)
	}
	top := []string{title, head, info, ""}
	avail := h - lipgloss.Height(lipgloss.JoinVertical(lipgloss.Left, top...))
	if errLine != "" {
		avail -= lipgloss.Height(errLine)
	}
	// The table goes beside the board when it fits there, in full or in
	// its compact form, else under it at the terminal's width.
	tableW, beside := w-boardW-3, true
	if tableW < smallWidth {
		tableW, beside = w, false
	}
	tableH := avail
	if !beside {
		tableH = avail - boardH
		if tableH < 4 {
			top = top[:3] // the blank line goes first
			tableH++
		}
	}
	table := st.tableView(e, l, step, tableW, tableH)
	var body string
	if beside {
		body = lipgloss.JoinHorizontal(lipgloss.Top, board, "   ", table)
	} else {
		body = lipgloss.JoinVertical(lipgloss.Left, board, table)
	}
	parts := append(top, body)
	if errLine != "" {
		parts = append(parts, errLine)
	}
	return lipgloss.JoinVertical(lipgloss.Left, parts...)
}

// tableView renders a step's successors in width cells and height lines, a
// window that keeps the selected one in view.
func (st *stepper) tableView(e *env, l *level, step nmcs.Step, width, height int) string {
	s := e.styles
	switch {
	case step.End && step.Pruned:
		return s.Status.Width(width).Render("POD cut the playout here: it returns the bound")
	case step.End:
		return s.Banner.Render(cut("the playout ends: "+resultText(st.g, step.State), width-2))
	case len(step.Successors) == 0:
		return fmt.Sprintf("level 0: a random move, %s", step.State.MoveString(step.Chosen))
	}
	full := width >= fullWidth
	header := smallHead
	if full {
		header = fullHead
	}
	rows := make([]string, 0, len(step.Successors))
	for i, sc := range step.Successors {
		note := ""
		switch {
		case sc.CutByCOW && full:
			note = "cut by COW"
		case sc.Pruned && full:
			note = "cut by POD"
		case sc.CutByCOW:
			note = "COW"
		case sc.Pruned:
			note = "POD"
		}
		if i == step.Best {
			note = strings.TrimSpace("chosen " + note)
		}
		var row string
		switch {
		case sc.CutByCOW && full:
			row = fmt.Sprintf("%3d  %-8s", i+1, step.State.MoveString(sc.Move)) + strings.Repeat(" ", 46)
		case sc.CutByCOW:
			row = fmt.Sprintf("%3d %-6s", i+1, step.State.MoveString(sc.Move)) + strings.Repeat(" ", 31)
		case full:
			row = fmt.Sprintf(fullRow, i+1, step.State.MoveString(sc.Move), sc.Value, sc.Outcome, sc.Discounted, sc.Length, sc.States)
		default:
			row = fmt.Sprintf(smallRow, i+1, step.State.MoveString(sc.Move), sc.Value, sc.Outcome, sc.Discounted, sc.Length, humanCount(float64(sc.States)))
		}
		row = cut(row+"  "+note, width)
		switch {
		case i == l.cursor:
			row = s.CellCursor.Render(row)
		case i == step.Best:
			row = s.Title.Render(row)
		}
		rows = append(rows, row)
	}
	body := st.table.render(rows, l.cursor, width, max(height-1, 1))
	if span := st.table.span(); span != "" && len(header)+len(span)+2 <= width {
		header += "  " + span
	}
	return lipgloss.JoinVertical(lipgloss.Left, s.Subtle.Render(cut(header, width)), body)
}

// statusLine says what the stepper computes, or where it stands.
func (st *stepper) statusLine(e *env) string {
	if len(st.stack) == 0 {
		return ""
	}
	l := st.top()
	if st.busy {
		return st.progress(l)
	}
	c := l.tr.Call()
	where := fmt.Sprintf("step %d, %s computed", l.step+1, words.Plural(l.tr.Steps(), "step"))
	depth := fmt.Sprintf("level %d of %d", len(st.stack), st.cfg.Level+1)
	return statusParts("idle", st.table.span(), where, fmt.Sprintf("NMC(%d) playout", c.Level), depth, fmt.Sprintf("%s states so far", humanCount(float64(l.tr.States()))))
}

// statusLine says that nothing runs until enter.
func (s *stepperSetup) statusLine(e *env) string {
	return "nothing computing: enter starts the first step"
}
