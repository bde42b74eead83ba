package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// play is the play screen: a board, the move list, an engine statistics
// pane, a move prompt and a status line. Humans move by typed notation or by
// the cursor; engines think in background goroutines whose reports arrive as
// messages tagged with a search id, so that a report from a search that undo
// or a new game made stale is dropped.
type play struct {
	g      games.Game
	start  games.State
	state  games.State // start with moves played
	seats  [2]player
	moves  []games.Move
	names  []string       // moves in notation, as written when played
	redo   [][]games.Move // what each undo took back, the last undo last
	input  textinput.Model
	status string
	isErr  bool
	cursor int
	from   int // first cell of a two-cell move being picked, or -1
	// choices are the moves that join the two cells picked, when there
	// are several (a pawn's promotions), and choice the one chosen.
	choices []games.Move
	choice  int
	flip    bool
	buf     []games.Move

	// Engines.
	searchID int     // id of the search that counts; older reports are dropped
	cur      *search // the engine to move searching, if any
	hintOn   *search // a hint being computed for the human to move, if any
	stats    engines.Stats
	statsFor games.State // the position stats describe
	statsBy  string      // the engine that produced them
	trend    []float64   // the chosen move's value at each snapshot of the search
	// statsSkip is how many moves of the engine pane's table are scrolled
	// above it (pgup and pgdn), statsPage how many the last view showed.
	statsSkip, statsPage int
	paused               bool
	delay                time.Duration // pause between engine moves, for watching
	seed                 uint64
	// autosaving keeps the game in its autosave file, autosavePath (named
	// at the first move), after every move, undo and redo.
	autosaving   bool
	autosavePath string
	// unsaved says the game changed since it was loaded or saved with
	// ctrl+w; leaving it then asks first (confirming), unless undo and redo
	// brought it back to what was saved (savedAs, the game's moves and end
	// then).
	unsaved    bool
	savedAs    string
	confirming bool

	// clocks is the time each side has been to move, counted while engines
	// are not paused; turnFrom is when the side to move started counting
	// (zero when the clock is stopped).
	clocks   [2]time.Duration
	turnFrom time.Time
	// control is the game's time control, zero for none. Under one, left
	// is the time each side has left (less the running turn, as clocks
	// holds the time used), leftAt[i] both clocks after i plies (undo and
	// redo go back to them), flagged the side whose flag fell, which ends
	// the game (-1: none), and ticking says clockTick tickID is on its way
	// (a tick of another id is stale).
	control engines.TimeControl
	left    [2]time.Duration
	leftAt  [][2]time.Duration
	flagged int
	// resigned is the side that resigned, which ends the game: a human
	// by ctrl+x, an engine by its answer (engines.ErrResigned, a GTP
	// program's resign); -1: none. Undo lifts it.
	resigned int
	ticking  bool
	tickID   int

	// prepared marks the seats whose engine has done its one-time work
	// (engines.Prepare: building endgame tables), which runs before the
	// engine's first move with its clock stopped; preparing is the seat
	// doing it now (-1: none).
	prepared  [2]bool
	preparing int

	history scroller // the move list
	boardAt [2]int   // where the last view drew the board (x, y), for clicks
}

// watchDelays are the speeds of engine-versus-engine watching.
var watchDelays = []time.Duration{0, 250 * time.Millisecond, time.Second, 3 * time.Second}

func newPlay(g games.Game, start games.State, seats [2]player) *play {
	in := textinput.New()
	in.Prompt = "move: "
	in.Placeholder = "type a move, or pick cells with the arrows and enter"
	in.Focus()
	r := rng.New(uint64(time.Now().UnixNano()))
	return &play{turnFrom: clock(), g: g, start: start.Clone(), state: start.Clone(), seats: seats, input: in, from: -1,
		buf: make([]games.Move, 0, g.MaxMoves()), delay: watchDelays[1], seed: r.Uint64(), autosaving: true,
		boardAt: [2]int{0, boardTop}, flagged: -1, resigned: -1, preparing: -1}
}

// preparedMsg says seat's engine finished its one-time work, err its
// failure.
type preparedMsg struct {
	seat games.Player
	err  error
}

// prepare runs the one-time work of the engine of seat in the background
// (engines.Prepare), the clocks stopped, and says so on the status line.
func (p *play) prepare(seat games.Player) tea.Cmd {
	p.preparing = int(seat)
	p.turnFrom = time.Time{} // not the engine's time: its clock waits
	p.setStatus(fmt.Sprintf("%s is getting ready (one-time work such as building endgame tables)...", p.seats[seat].text), false)
	e, g := p.seats[seat].engine, p.g
	return func() tea.Msg { return preparedMsg{seat: seat, err: engines.Prepare(e, g)} }
}

// setControl puts the game under the time control tc (none when zero),
// both clocks full.
func (p *play) setControl(tc engines.TimeControl) {
	p.control = tc
	p.left = [2]time.Duration{tc.Base, tc.Base}
	p.leftAt = make([][2]time.Duration, len(p.moves)+1)
	for i := range p.leftAt {
		p.leftAt[i] = p.left
	}
}

// timed reports whether the game has a clock.
func (p *play) timed() bool { return p.control != (engines.TimeControl{}) }

// over reports whether the game has ended, by its rules, on time or by a
// resignation.
func (p *play) over() bool { return p.flagged >= 0 || p.resigned >= 0 || p.state.Terminal() }

// clockTick asks the screen to look at the clock of the side to move: a
// flag may have fallen.
type clockTick struct{ id int }

// clockEvery is how often a running clock is looked at and redrawn.
const clockEvery = 100 * time.Millisecond

// tick arms the next clockTick while a clock runs.
func (p *play) tick() tea.Cmd {
	if !p.timed() || p.ticking || p.over() {
		return nil
	}
	p.ticking = true
	id := p.tickID
	return tea.Tick(clockEvery, func(time.Time) tea.Msg { return clockTick{id} })
}

// checkFlag ends the game on time when the side to move has no time
// left, and says so.
func (p *play) checkFlag() bool {
	if !p.timed() || p.over() {
		return p.flagged >= 0
	}
	mover := p.state.ToMove()
	if p.leftOf(mover) >= 0 {
		return false
	}
	p.stopSearch()
	p.stopClock()
	p.flagged = int(mover)
	p.setStatus(flagText(p.g, p.state, mover), false)
	p.unsaved = true
	p.autosave()
	return true
}

// flagOutcome is the result of a game whose side to move in s, mover, ran
// out of time: a loss, or a draw where the opponent could not have won by
// any series of legal moves (games.CanWin; FIDE's rule in chess).
func flagOutcome(s games.State, mover games.Player) games.Outcome {
	if !games.CanWin(s, mover.Other()) {
		return games.Draw
	}
	return games.WinFor(mover.Other())
}

// flagText says whose flag fell and what it made of the game.
func flagText(g games.Game, s games.State, mover games.Player) string {
	names := g.PlayerNames()
	o := flagOutcome(s, mover)
	if o == games.Draw {
		return fmt.Sprintf("draw %s (%s's flag fell; %s cannot win)", o, names[mover], names[mover.Other()])
	}
	return fmt.Sprintf("%s wins on time %s (%s's flag fell)", names[mover.Other()], o, names[mover])
}

// resign ends the game with a human's resignation: the human seat's where
// one side is an engine, the side to move's where both are human. Engines
// resign through their answers (engines.ErrResigned); a game of two
// engines is not resigned from the keyboard. Undo takes it back.
func (p *play) resign() {
	switch {
	case p.over():
		p.setStatus(gameOverNote, true)
		return
	case !p.seats[0].human() && !p.seats[1].human():
		p.setStatus("no human plays this game: only a human seat resigns (ctrl+p pauses the engines)", true)
		return
	}
	who := p.state.ToMove()
	if !p.seats[who].human() {
		who = who.Other()
	}
	p.stopSearch()
	p.endByResignation(who)
}

// endByResignation ends the game with who's resignation, a human's or an
// engine's: the clocks stop and the game is saved.
func (p *play) endByResignation(who games.Player) {
	p.stopClock()
	p.resigned = int(who)
	p.setStatus(resignText(p.g, who), false)
	p.unsaved = true
	p.autosave()
}

// resignText says who resigned and who won.
func resignText(g games.Game, loser games.Player) string {
	names := g.PlayerNames()
	return fmt.Sprintf("%s wins %s (%s resigns)", names[loser.Other()], games.WinFor(loser.Other()), names[loser])
}

// leftOf returns the time side i has left now, the running turn taken
// off.
func (p *play) leftOf(i games.Player) time.Duration {
	d := p.left[i]
	if !p.turnFrom.IsZero() && p.state.ToMove() == i {
		d -= clock().Sub(p.turnFrom)
	}
	return d
}

// clocksNow is the game's clocks for a search starting now.
func (p *play) clocksNow() engines.Clocks {
	if !p.timed() {
		return engines.Clocks{}
	}
	inc := p.control.Increment
	return engines.Clocks{Left: [2]time.Duration{p.leftOf(games.First), p.leftOf(games.Second)}, Increment: [2]time.Duration{inc, inc}, On: true}
}

func (p *play) keys(e *env) keyHelp {
	k := e.keys
	leave, stay, saveLeave := as(k.Yes, "leave the game"), as(k.No, "stay"), as(k.Save, "save and leave")
	if p.confirming {
		return keyHelp{short: []key.Binding{leave, saveLeave, stay, as(k.Back, "stay")}, full: [][]key.Binding{{leave, saveLeave, stay, as(k.Back, "stay")}}}
	}
	if p.choosing() {
		ch := key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "choose a move"))
		play, cancel := as(k.Select, "play it"), as(k.Back, "cancel")
		return keyHelp{short: []key.Binding{ch, play, cancel, k.Help}, full: [][]key.Binding{{ch, play, cancel}, {k.Help, k.Quit}}}
	}
	sel := as(k.Select, "play the move / pick a cell")
	back := as(k.Back, "cancel a pick or typed move / leave")
	cursor := key.NewBinding(key.WithKeys("up", "down", "left", "right"), key.WithHelp("←↑↓→", "cursor (hex: ↑↖ ↓↘)"))
	help := k.Help
	if p.typing() {
		help = k.HelpF1
	}
	short := []key.Binding{as(k.Select, "play"), k.Undo, k.Redo, k.Hint, k.Save, as(k.Back, "leave"), help}
	if p.over() {
		// Nothing is left to play or hint at: the footer offers what is.
		short = []key.Binding{k.Undo, k.Save, k.Review, as(k.Back, "leave"), help}
	}
	return keyHelp{
		short: short,
		full: [][]key.Binding{
			{sel, cursor, as(k.Click, "pick a cell")},
			{k.UpRight, k.DownLeft, key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "promotion (asked)"))},
			{k.Undo, k.Redo, k.Flip, k.Save, k.Stepper, k.Review, k.Resign},
			{k.Stop, k.Pause, k.Hint, k.Faster, k.Slower},
			{as(k.PageUp, "engine's moves up"), as(k.PageDown, "engine's moves down")},
			{back, as(k.Help, "help (f1 once a move is typed, where ? is typed)"), k.Quit},
			{as(k.Yes, "leave (when asked)"), as(k.Save, "save and leave (when asked)"), as(k.No, "stay (when asked)")},
		},
	}
}

func (p *play) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case clockTick:
		if msg.id != p.tickID {
			return p, nil // a tick from before the screen was left
		}
		p.ticking = false
		p.checkFlag()
		return p, p.tick()
	case statsTick:
		sr := p.running(msg.id)
		if sr == nil {
			return p, nil // a stale tick: its search is gone
		}
		if st, fresh := sr.snapshot(); fresh {
			p.setStats(st, sr.root)
		}
		return p, tickStats(msg.id)
	case searchDone:
		return p, p.searchDone(e, msg)
	case engineTurn:
		if msg.id != p.searchID {
			return p, nil
		}
		return p, p.startEngine()
	case preparedMsg:
		p.preparing, p.prepared[msg.seat] = -1, true
		if msg.err != nil {
			p.setStatus(fmt.Sprintf("%s: %v", p.seats[msg.seat].text, msg.err), true)
		} else {
			p.setStatus("", false)
		}
		p.startClock()
		return p, tea.Batch(p.startEngine(), p.tick())
	case tea.KeyMsg:
		return p.key(e, msg)
	case tea.MouseMsg:
		return p, p.click(e, msg)
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return p, cmd
}

// typing reports whether a move is being typed: ? goes into it then.
func (p *play) typing() bool { return p.input.Value() != "" }

// close stops the engines when the screen leaves the stack.
func (p *play) close() { p.stopSearch() }

// reveal starts the clock and the engine to move again when a screen opened
// from the game (the stepper, a review) closes.
func (p *play) reveal(e *env) tea.Cmd {
	if p.turnFrom.IsZero() {
		p.startClock()
	}
	return p.next(e)
}

// leave stops the engines and the clocks while a screen opened from the
// game (the stepper, a review) is on top; reveal starts them again.
func (p *play) leave() {
	p.stopSearch()
	p.stopClock()
	p.ticking, p.tickID = false, p.tickID+1
}

func (p *play) key(e *env, k tea.KeyMsg) (screen, tea.Cmd) {
	if p.confirming {
		return p.confirmLeave(e, k)
	}
	if p.choosing() {
		return p, p.choose(e, k)
	}
	empty := p.input.Value() == ""
	switch {
	case matches(k, e.keys.Back):
		if p.from >= 0 {
			p.from = -1
			p.setStatus("", false)
			return p, nil
		}
		if !empty {
			p.input.SetValue("") // a half-typed move goes first, as a half-picked one does
			p.setStatus("", false)
			return p, nil
		}
		if p.unsaved && len(p.moves) > 0 && p.saveKey() != p.savedAs {
			p.confirming = true
			return p, nil
		}
		return goBack(), nil
	case matches(k, e.keys.Undo):
		p.undo()
		return p, p.next(e)
	case matches(k, e.keys.Redo):
		p.redoMove()
		return p, p.next(e)
	case matches(k, e.keys.Flip):
		if p.state.Board().Kind == games.Pits {
			p.setStatus(noPitFlip, false)
			return p, nil
		}
		p.flip = !p.flip
		return p, nil
	case matches(k, e.keys.Stop):
		if p.cur != nil {
			p.cur.cancel() // the engine answers at once with its best move
			p.setStatus("asked the engine to move now", false)
		}
		return p, nil
	case matches(k, e.keys.Pause):
		p.stopClock()
		p.paused = !p.paused
		p.startClock()
		if p.paused {
			p.stopSearch()
			p.setStatus("engines paused (ctrl+p resumes)", false)
			return p, nil
		}
		p.setStatus("", false)
		return p, p.next(e)
	case matches(k, e.keys.Hint):
		return p, p.hint(e)
	case matches(k, e.keys.PageDown):
		page := max(p.statsPage-1, 1)
		p.statsSkip = min(p.statsSkip+page, max(len(p.stats.Moves)-page, 0))
		return p, nil
	case matches(k, e.keys.PageUp):
		p.statsSkip = max(p.statsSkip-max(p.statsPage-1, 1), 0)
		return p, nil
	case matches(k, e.keys.Save):
		p.save()
		return p, nil
	case matches(k, e.keys.Resign):
		p.resign()
		return p, nil
	case matches(k, e.keys.Review):
		r := p.reviewOf()
		p.leave()
		return r, nil
	case matches(k, e.keys.Stepper):
		p.leave()
		return newStepperSetup(p.g.Spec(), p.state.String()), nil
	case matches(k, e.keys.Faster), matches(k, e.keys.Slower):
		p.changeSpeed(matches(k, e.keys.Faster))
		return p, nil
	case matches(k, e.keys.Select):
		if p.over() {
			p.setStatus(gameOverNote, true)
			return p, nil
		}
		if !p.humanToMove() {
			p.setStatus("an engine is to move", true)
			return p, nil
		}
		if !empty {
			p.playText(p.input.Value())
		} else {
			p.pick(p.cursor)
		}
		return p, p.next(e)
	}
	if d, ok := cursorKey(e, k); ok && empty {
		p.moveCursor(e, d)
		return p, nil
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(k)
	return p, cmd
}

// noPitFlip answers ctrl+f on a board of pits, which is drawn one way only.
const noPitFlip = "a board of pits does not flip: each row is labelled with its owner, the stores with theirs"

// confirmLeave answers the question whether to leave a game not saved.
func (p *play) confirmLeave(e *env, k tea.KeyMsg) (screen, tea.Cmd) {
	switch {
	case matches(k, e.keys.Yes):
		return goBack(), nil
	case matches(k, e.keys.Save):
		if p.save() {
			return goBack(), nil
		}
		p.confirming = false
	case matches(k, e.keys.No), matches(k, e.keys.Back):
		p.confirming = false
		p.setStatus("", false) // a message from before the question is done with
	}
	return p, nil
}

// boardTop is the screen line where the play screen draws the board when
// there is room: after the title and a blank line.
const boardTop = 2

// click picks the cell under a left click, as enter does on the cursor.
func (p *play) click(e *env, m tea.MouseMsg) tea.Cmd {
	if m.Action != tea.MouseActionPress || m.Button != tea.MouseButtonLeft {
		return nil
	}
	cell := p.boardView(e).cellAt(m.X-p.boardAt[0], m.Y-p.boardAt[1])
	if cell < 0 || p.choosing() {
		return nil
	}
	p.cursor = cell
	if !p.humanToMove() {
		return nil
	}
	p.pick(cell)
	return p.next(e)
}

// humanToMove reports whether a human is to move in a game not over.
func (p *play) humanToMove() bool {
	return !p.over() && p.seats[p.state.ToMove()].human()
}

// next starts the engine to move, if one is and nothing stops it: at once
// after a human's move, after the watching delay between engines. It keeps
// a clock ticking.
func (p *play) next(e *env) tea.Cmd {
	return tea.Batch(p.tick(), p.nextEngine())
}

func (p *play) nextEngine() tea.Cmd {
	if p.paused || p.cur != nil || p.over() || p.seats[p.state.ToMove()].human() {
		return nil
	}
	p.searchID++
	id := p.searchID
	if p.delay == 0 || len(p.moves) == 0 || p.seats[p.state.ToMove().Other()].human() {
		return p.startEngine()
	}
	p.stopClock() // the pause for watching is no one's time; startEngine restarts it
	return tea.Tick(p.delay, func(time.Time) tea.Msg { return engineTurn{id} })
}

func (p *play) startEngine() tea.Cmd {
	if p.paused || p.cur != nil || p.over() || p.seats[p.state.ToMove()].human() {
		return nil
	}
	seat := p.seats[p.state.ToMove()]
	if mover := p.state.ToMove(); !p.prepared[mover] {
		if p.preparing >= 0 {
			return nil // the other seat's engine is getting ready first
		}
		if _, ok := seat.engine.(engines.Preparer); ok {
			return p.prepare(mover)
		}
		p.prepared[mover] = true
	}
	p.searchID++
	b := seat.budget
	p.turnFrom = clock() // the engine's time starts now, not before a watching pause
	if p.timed() {
		if seat.defaulted {
			b.Time = 0 // the clock alone says how long
		}
		b.Clocks = p.clocksNow()
	}
	cur, cmd := startSearch(p.searchID, seat.engine, p.request(b, p.seed+uint64(len(p.moves))))
	p.cur, p.statsBy = cur, seat.text
	p.stats, p.statsFor, p.trend, p.statsSkip = engines.Stats{}, cur.root, p.trend[:0], 0
	return cmd
}

// gameOverNote answers a move or a hint asked for after the end.
const gameOverNote = "the game is over (ctrl+z takes moves back)"

// clearStats empties the engine pane after an undo or a redo: the search
// it showed was of a line no longer on the board.
func (p *play) clearStats() {
	p.stats, p.statsFor, p.trend, p.statsSkip = engines.Stats{}, nil, p.trend[:0], 0
}

// running returns the search of id, the engine's or the hint's, if it still
// counts.
func (p *play) running(id int) *search {
	switch {
	case p.cur != nil && p.cur.id == id:
		return p.cur
	case p.hintOn != nil && p.hintOn.id == id:
		return p.hintOn
	}
	return nil
}

// hint asks an engine for a move for the human to move: the opponent's
// engine if it has one that searches, else UCT for a second. The hint
// searches beside the game, never in the engine's place: a move, undo or
// redo cancels it, and its answer is only ever shown, for the position it
// was asked for.
func (p *play) hint(e *env) tea.Cmd {
	if p.over() {
		p.setStatus(gameOverNote, true)
		return nil
	}
	if !p.humanToMove() || p.cur != nil {
		p.setStatus("a hint is for a human to move, with no engine thinking", true)
		return nil
	}
	if p.hintOn != nil {
		p.setStatus("already thinking about a hint...", false)
		return nil
	}
	seat := p.seats[p.state.ToMove().Other()]
	if seat.human() || seat.engine.Spec() == "random" {
		var err error
		if seat, err = parsePlayer(e.cfg, "uct 1s", p.g); err != nil {
			p.setStatus(err.Error(), true)
			return nil
		}
	}
	p.searchID++
	cur, cmd := startSearch(p.searchID, seat.engine, p.request(seat.budget, p.seed^0x4e4e))
	p.hintOn, p.statsBy, p.trend, p.statsSkip = cur, "hint by "+seat.text, p.trend[:0], 0
	p.stats, p.statsFor = engines.Stats{}, cur.root
	p.setStatus("thinking about a hint...", false)
	return cmd
}

func (p *play) searchDone(e *env, d searchDone) tea.Cmd {
	if h := p.hintOn; h != nil && d.id == h.id {
		p.hintDone(h, d)
		return nil
	}
	if p.cur == nil || d.id != p.cur.id {
		return nil // stale: a move, undo, pause or a new game made it moot
	}
	cur := p.cur
	p.cur = nil
	if st, fresh := cur.snapshot(); fresh {
		p.setStats(st, cur.root)
	}
	if d.res.Stats.Done {
		p.setStats(d.res.Stats, cur.root)
	}
	if errors.Is(d.err, engines.ErrResigned) {
		p.endByResignation(p.state.ToMove())
		return nil
	}
	if d.err != nil {
		p.setStatus(p.statsBy+": "+d.err.Error(), true)
		p.stopClock()
		p.paused = true
		return nil
	}
	name := cur.root.MoveString(d.res.Move)
	if _, err := p.state.ParseMove(name); err != nil {
		p.setStatus(fmt.Sprintf("%s played an illegal move %s: %v", p.statsBy, name, err), true)
		p.stopClock()
		p.paused = true
		return nil
	}
	p.playMove(d.res.Move)
	return p.next(e)
}

// hintDone shows a hint's answer, for the position it was asked for.
func (p *play) hintDone(h *search, d searchDone) {
	p.hintOn = nil
	if st, fresh := h.snapshot(); fresh {
		p.setStats(st, h.root)
	}
	if d.res.Stats.Done {
		p.setStats(d.res.Stats, h.root)
	}
	if d.err != nil {
		p.setStatus("hint: "+d.err.Error(), true)
		return
	}
	if h.root.String() != p.state.String() {
		return // the position changed: the answer is for another one
	}
	name := h.root.MoveString(d.res.Move)
	if _, err := p.state.ParseMove(name); err != nil {
		p.setStatus(fmt.Sprintf("the hint engine proposed an illegal move %s: %v", name, err), true)
		return
	}
	p.setStatus("hint: "+name, false)
}

// stopSearch abandons the running searches, the engine's and the hint's;
// their results will be dropped.
func (p *play) stopSearch() {
	if p.cur != nil {
		p.cur.cancel()
		p.cur = nil
	}
	p.stopHint()
	p.searchID++
}

// stopHint abandons the hint being computed, if any.
func (p *play) stopHint() {
	if p.hintOn != nil {
		p.hintOn.cancel()
		p.hintOn = nil
	}
}

func (p *play) changeSpeed(faster bool) {
	i := 0
	for j, d := range watchDelays {
		if d == p.delay {
			i = j
		}
	}
	if faster && i > 0 {
		i--
	} else if !faster && i < len(watchDelays)-1 {
		i++
	}
	p.delay = watchDelays[i]
	p.setStatus(fmt.Sprintf("pause between engine moves: %v", p.delay), false)
}

// boardView lays out the board on screen, for drawing and for clicks.
func (p *play) boardView(e *env) *boardView {
	return newBoardView(e.styles, boardOf(p.state, p.moves), p.flip, e.width, p.g.PlayerNames())
}

// cursorKey returns the direction of a cursor key, if k is one: the arrows,
// and on a hex board shift+↑ and shift+↓ for the other two of its six.
func cursorKey(e *env, k tea.KeyMsg) (direction, bool) {
	for _, c := range [...]struct {
		b key.Binding
		d direction
	}{
		{e.keys.Up, dirUp}, {e.keys.Down, dirDown}, {e.keys.Left, dirLeft},
		{e.keys.Right, dirRight}, {e.keys.UpRight, dirUpRight}, {e.keys.DownLeft, dirDownLeft},
	} {
		if matches(k, c.b) {
			return c.d, true
		}
	}
	return 0, false
}

// moveCursor moves the board cursor on screen, whatever the flip.
func (p *play) moveCursor(e *env, d direction) {
	p.cursor = p.boardView(e).step(p.cursor, d)
}

// choosing reports whether the player is choosing among the moves that
// join the same two cells (a promotion).
func (p *play) choosing() bool { return len(p.choices) > 0 }

// choose answers the chooser: ←/→ pick a move, enter plays it, esc
// cancels.
func (p *play) choose(e *env, k tea.KeyMsg) tea.Cmd {
	switch {
	case matches(k, e.keys.Left):
		p.choice = (p.choice + len(p.choices) - 1) % len(p.choices)
	case matches(k, e.keys.Right):
		p.choice = (p.choice + 1) % len(p.choices)
	case matches(k, e.keys.Select):
		m := p.choices[p.choice]
		p.choices = nil
		p.playMove(m)
		return p.next(e)
	case matches(k, e.keys.Back):
		p.choices = nil
		p.setStatus("", false)
	}
	return nil
}

// chooserText lists the moves to choose from, the chosen one in brackets,
// with the chessman each promotes to on a chess board.
func (p *play) chooserText(e *env) string {
	b := p.state.Board()
	parts := make([]string, len(p.choices))
	for i, m := range p.choices {
		name := p.state.MoveString(m)
		if b.Kind == games.Chess && !e.styles.ASCII {
			// The promotion's letter, before a check or mate sign (b8=Q+).
			if bare := strings.TrimRight(name, "+#"); bare != "" && strings.IndexByte("QRBN", bare[len(bare)-1]) >= 0 {
				name += " " + pieceGlyph(b, games.Cell{Piece: bare[len(bare)-1]}, false)
			}
		}
		if i == p.choice {
			name = "[" + name + "]"
		}
		parts[i] = name
	}
	return "choose the move: " + strings.Join(parts, "  ")
}

// pick selects a cell: it plays the one-cell move there, or starts or
// finishes a two-cell move; where several moves join the two cells (a
// pawn's promotions), it opens a chooser.
func (p *play) pick(cell int) {
	var one, starts, both []games.Move
	legal := p.state.Legal(p.buf)
	oneCell := len(legal) > 0 // every legal move names one cell (a stone placed, a pit sown)
	for _, m := range legal {
		from, to := p.state.MoveCells(m)
		oneCell = oneCell && to < 0
		if p.from >= 0 && ((from == p.from && to == cell) || (from == cell && to == p.from)) {
			both = append(both, m)
			continue
		}
		if from == cell {
			if to < 0 {
				one = append(one, m)
			} else {
				starts = append(starts, m)
			}
		}
	}
	switch {
	case len(both) == 1:
		p.from = -1
		p.playMove(both[0])
	case len(both) > 1:
		p.from = -1
		p.choices, p.choice = append([]games.Move(nil), both...), 0
	case len(one) == 1:
		p.from = -1
		p.playMove(one[0])
	case len(starts) > 0:
		p.from = cell
		p.setStatus("now pick the second cell (esc cancels)", false)
	case p.from >= 0:
		// No move joins the two cells: the first stays picked, and the
		// game says why, as it does for the move typed.
		b := p.state.Board()
		why := "no legal move goes from " + cellName(b, p.from) + " to " + cellName(b, cell)
		if err := p.refusal(p.moveText(legal, p.from, cell)); err != nil {
			why = refusalText(err)
		}
		p.setStatus(why+" ("+cellName(b, p.from)+" stays picked; esc cancels)", true)
	default:
		b := p.state.Board()
		why := "no legal move starts on " + cellName(b, cell)
		if oneCell { // a cell's name is a move to ask the game about
			if err := p.refusal(cellName(b, cell)); err != nil {
				why = refusalText(err)
			}
		}
		p.setStatus(why, true)
	}
}

// moveText writes the move from one cell to another as the game writes its
// moves from one cell: the cells' names with what the game puts between
// them in the legal moves that start on from ("b2-b3"; "-" where it also
// writes another, such as LOA's "x" of a capture, which would claim one),
// or nothing between them where its names of moves do not read so (chess's
// SAN: its ParseMove reads UCI too). legal is the position's legal moves.
func (p *play) moveText(legal []games.Move, from, to int) string {
	b := p.state.Board()
	a := cellName(b, from)
	sep, found := "", false
	for _, m := range legal {
		f, t := p.state.MoveCells(m)
		if f != from || t < 0 {
			continue
		}
		text, end := p.state.MoveString(m), cellName(b, t)
		if !strings.HasPrefix(text, a) || !strings.HasSuffix(text, end) || len(text) < len(a)+len(end) {
			continue
		}
		if s := text[len(a) : len(text)-len(end)]; !found || s == "-" {
			sep, found = s, true
		}
	}
	return a + sep + cellName(b, to)
}

// refusalText is the status line of a refused move: "not a move: " where
// the text names no move of the game (malformed, a cell off the board),
// "illegal: " where the move is refused in this position.
func refusalText(err error) string {
	if games.IsNotation(err) {
		return "not a move: " + err.Error()
	}
	return "illegal: " + err.Error()
}

// refusal is the game's reason for refusing the move text, nil where it
// takes it.
func (p *play) refusal(text string) error {
	_, err := p.state.ParseMove(text)
	return err
}

func cellName(b games.Board, i int) string { return b.Name(i) }

func (p *play) playText(text string) {
	m, err := p.state.ParseMove(strings.TrimSpace(text))
	if err != nil {
		p.setStatus(refusalText(err), true)
		return
	}
	p.input.SetValue("")
	p.playMove(m)
}

func (p *play) playMove(m games.Move) {
	p.stopHint() // a hint is for the position before the move
	p.stopClock()
	if p.timed() && p.left[p.state.ToMove()] < 0 {
		p.startClock()
		p.checkFlag()
		return
	}
	p.from = -1 // a half-picked move is for the position before
	mover := p.state.ToMove()
	p.names = append(p.names, p.state.MoveString(m))
	p.moves = append(p.moves, m)
	p.redo = p.redo[:0]
	p.state.Play(m)
	if p.timed() {
		p.left[mover] += p.control.Increment
		p.leftAt = append(p.leftAt[:min(len(p.moves), len(p.leftAt))], p.left)
	}
	p.startClock()
	p.setStatus("", false)
	p.unsaved = true
	p.autosave()
}

// startClock starts the clock of the side to move, unless the game is over
// or engines are paused.
func (p *play) startClock() {
	if !p.paused && !p.over() {
		p.turnFrom = clock()
	}
}

// stopClock adds the time since the side to move started to its clock.
func (p *play) stopClock() {
	if !p.turnFrom.IsZero() {
		d := clock().Sub(p.turnFrom)
		p.clocks[p.state.ToMove()] += d
		p.left[p.state.ToMove()] -= d
		p.turnFrom = time.Time{}
	}
}

// clockOf returns side i's clock now.
func (p *play) clockOf(i games.Player) time.Duration {
	d := p.clocks[i]
	if !p.turnFrom.IsZero() && p.state.ToMove() == i {
		d += clock().Sub(p.turnFrom)
	}
	return d
}

// undo takes back moves until a human is to move (one move when both or
// neither side is human), abandoning any search.
func (p *play) undo() {
	p.stopSearch()
	p.stopClock()
	defer p.startClock()
	if p.resigned >= 0 && (p.seats[p.resigned].human() || len(p.moves) == 0) {
		// A human's resignation is taken back alone: the moves stand.
		p.resigned = -1
		p.setStatus("resignation taken back", false)
		p.unsaved = true
		p.autosave()
		return
	}
	if len(p.moves) == 0 {
		p.setStatus("nothing to undo", true)
		return
	}
	p.from = -1
	p.clearStats()
	taken := append([]games.Move(nil), p.moves...)
	for {
		last := len(p.moves) - 1
		p.moves, p.names = p.moves[:last], p.names[:last]
		p.replay()
		if len(p.moves) == 0 || p.seats[p.state.ToMove()].human() || (p.seats[0].human() == p.seats[1].human()) {
			break
		}
	}
	p.redo = append(p.redo, taken[len(p.moves):])
	p.resigned = -1
	p.restoreClocks()
	p.setStatus("", false)
	if !p.seats[0].human() && !p.seats[1].human() && !p.paused {
		// Two engines would play the ply taken back again at once: they
		// stop, so that the position undone to stays on the board.
		p.paused = true
		p.setStatus("engines paused at the position undone to (ctrl+p resumes, ctrl+y redoes)", false)
	}
	p.unsaved = true
	p.autosave()
}

func (p *play) redoMove() {
	p.stopSearch()
	p.stopClock()
	defer p.startClock()
	if len(p.redo) == 0 {
		p.setStatus("nothing to redo", true)
		return
	}
	p.from = -1
	p.clearStats()
	// The plies the last undo took back, all of them: against an engine,
	// the human's move and the engine's answer.
	for _, m := range p.redo[len(p.redo)-1] {
		p.names = append(p.names, p.state.MoveString(m))
		p.moves = append(p.moves, m)
		p.state.Play(m)
	}
	p.redo = p.redo[:len(p.redo)-1]
	p.restoreClocks()
	p.setStatus("", false)
	p.unsaved = true
	p.autosave()
}

// restoreClocks sets a clock back to what it showed after the moves on the
// board, after an undo or a redo, and lifts a fallen flag.
func (p *play) restoreClocks() {
	if !p.timed() {
		return
	}
	p.flagged = -1
	if n := len(p.moves); n < len(p.leftAt) {
		p.left = p.leftAt[n]
	}
}

func (p *play) replay() {
	p.state.CopyFrom(p.start)
	for _, m := range p.moves {
		p.state.Play(m)
	}
}

func (p *play) setStatus(s string, isErr bool) { p.status, p.isErr = s, isErr }

// lastCells returns the cells of the last move, for highlighting.
func (p *play) lastCells() [2]int { return lastCells(p.start, p.moves) }

// lastCells returns the cells of the last of moves played from start.
func lastCells(start games.State, moves []games.Move) [2]int {
	if len(moves) == 0 {
		return [2]int{-1, -1}
	}
	prev := start.Clone()
	for _, m := range moves[:len(moves)-1] {
		prev.Play(m)
	}
	a, b := prev.MoveCells(moves[len(moves)-1])
	return [2]int{a, b}
}

// posNotes is what a position adds to whose turn it is: an extra move
// (the side that moved moves again), a king in check, the cursor's cell on
// a hex board.
type posNotes struct {
	extra, check bool
	cursor       string
}

// turn says that who is to move, with the notes.
func (n posNotes) turn(who string) string {
	text := who + " to move"
	if n.check {
		text = who + " in check"
	}
	if n.extra {
		text += ": extra move"
	}
	if n.cursor != "" {
		text += " · cursor " + n.cursor
	}
	return text
}

// positionNotes returns the notes of the position s after moves from
// start, drawn as bv with the cursor on cursor.
func positionNotes(start games.State, moves []games.Move, s games.State, bv *boardView, cursor int) posNotes {
	var n posNotes
	if k := len(moves); k > 0 && !s.Terminal() {
		prev := start.Clone()
		for _, m := range moves[:k-1] {
			prev.Play(m)
		}
		n.extra = prev.ToMove() == s.ToMove()
	}
	for _, c := range bv.b.Cells {
		n.check = n.check || c.Mark&games.Check != 0
	}
	if bv.b.Kind == games.HexGrid && cursor >= 0 && cursor < len(bv.b.Cells) {
		n.cursor = bv.b.Name(cursor)
	}
	return n
}

// Play screen layout. With room beside the board, the move list goes under
// the board and the engine pane fills the column to its right; in a narrow
// terminal both panes go under the board, side by side. Pane widths depend
// only on the terminal and the game, never on what the panes hold, so that
// nothing moves from one move to the next.
const (
	minEnginePane = 40 // the engine pane's least width (with its frame) beside the board
	maxEnginePane = 100
	gap           = 2 // columns between the board column and the engine pane
)

// movesWidth is the move list's width inside its frame: a ply number, the
// longest player name and a move, or a move number and two moves (of 7
// characters, as long as chess's longest, "exd8=Q+").
func (p *play) movesWidth() int {
	names := p.g.PlayerNames()
	return max(5+1+max(len(names[0]), len(names[1]))+1+8, 20)
}

func (p *play) view(e *env) string {
	st := e.styles
	w, h := e.width, e.bodyHeight
	names := p.g.PlayerNames()
	bv := p.boardView(e)
	board := bv.render(e, boardMarks{last: p.lastCells(), cursor: p.cursor, from: p.from, flip: p.flip})
	boardW, boardH := lipgloss.Width(board), lipgloss.Height(board)
	var turn string
	banner := p.over()
	switch {
	case p.flagged >= 0:
		turn = "Game over: " + flagText(p.g, p.state, games.Player(p.flagged))
	case p.resigned >= 0:
		turn = "Game over: " + resignText(p.g, games.Player(p.resigned))
	case banner:
		turn = "Game over: " + resultText(p.g, p.state)
	case p.cur != nil:
		turn = fmt.Sprintf("%s (%s) is thinking...", names[p.state.ToMove()], p.seats[p.state.ToMove()].text)
	default:
		who := fmt.Sprintf("%s (%s)", names[p.state.ToMove()], p.seats[p.state.ToMove()].text)
		turn = positionNotes(p.start, p.moves, p.state, bv, p.cursor).turn(who)
	}
	title := cut(st.Title.Render(p.g.Spec())+"  "+st.Subtle.Render(fmt.Sprintf("%s: %s  %s: %s", names[0], p.seats[0].text, names[1], p.seats[1].text)), w)

	// Under the panes: the prompt, then the message (wrapped) or, when
	// there is none, the position.
	p.input.Width = max(w-lipgloss.Width(p.input.Prompt)-1, 1)
	var msg string
	turnBelow := false
	switch {
	case p.choosing():
		msg = st.Status.Width(w).Render(p.chooserText(e))
	case p.confirming:
		msg = st.Error.Width(w).Render("Leave this game? It is not saved to a file (its autosave stays: Resume last game in the menu). y: leave · ctrl+w: save and leave · n or esc: stay")
	case p.status != "" && p.isErr:
		msg = st.Error.Width(w).Render(p.status)
	case p.status != "":
		msg = st.Status.Width(w).Render(p.status)
	case boardH+1 > h-3:
		// A board as tall as the screen (a hex board of base 10): whose
		// turn it is goes here, in place of the position.
		turnBelow = true
		if banner {
			msg = st.Banner.Render(cut(turn, w-st.Banner.GetHorizontalFrameSize()))
		} else {
			msg = cut(turn, w)
		}
	default:
		msg = cut(st.Subtle.Render("position: "+p.state.String()), w)
	}
	bottom := lipgloss.JoinVertical(lipgloss.Left, cut(p.input.View(), w), msg)
	mainH := h - 1 - lipgloss.Height(bottom) // below the title, above the prompt
	// A board taller than the room shows the window of its lines around
	// the cursor; clicks map through the same offset.
	boardOff := 0
	if boardH > mainH && mainH > 0 {
		y := 0
		if p.cursor >= 0 && p.cursor < len(bv.cells) {
			y = bv.cells[p.cursor].y
		}
		boardOff = min(max(y-mainH/2, 0), boardH-mainH)
		board = strings.Join(strings.Split(board, "\n")[boardOff:boardOff+mainH], "\n")
		boardH = mainH
	}

	frame := st.Pane.GetHorizontalFrameSize()
	movesW := p.movesWidth() + frame
	colW := max(boardW, movesW)
	engineW := min(w-colW-gap, maxEnginePane)
	top := 1 // a blank line between the title and the board, when there is room
	var main string
	if engineW >= minEnginePane {
		if banner {
			turn = st.Banner.Width(colW).Render(wrapWords(turn, colW-st.Banner.GetHorizontalFrameSize()))
		} else {
			turn = st.Wrap(colW).Render(turn)
		}
		left := []string{"", board, turn} // the blank line under the title
		if p.timed() {
			left[0] = p.clockLine(e, colW)
		}
		if movesH := mainH - top - boardH - lipgloss.Height(turn); movesH >= 3 {
			left = append(left, p.pane(e, "Moves", p.moveLines(e, colW-frame, movesH-2), colW, movesH))
		}
		engine := p.pane(e, "Engine", p.statsLines(e, engineW-frame, mainH-2), engineW, mainH)
		main = lipgloss.JoinHorizontal(lipgloss.Top, st.Wrap(colW).Render(lipgloss.JoinVertical(lipgloss.Left, left...)), strings.Repeat(" ", gap), engine)
	} else {
		if banner {
			turn = st.Banner.Render(cut(turn, w-st.Banner.GetHorizontalFrameSize()))
		} else {
			turn = cut(turn, w)
		}
		panesH := mainH - top - boardH - 1
		if panesH < 5 {
			top = 0 // the blank line goes first
			panesH++
		}
		rows := []string{board, turn}
		if turnBelow {
			rows = rows[:1]
		}
		if panesH >= 3 {
			engineW = w - movesW - 1
			moves := p.pane(e, "Moves", p.moveLines(e, movesW-frame, panesH-2), movesW, panesH)
			engine := p.pane(e, "Engine", p.statsLines(e, engineW-frame, panesH-2), engineW, panesH)
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, moves, " ", engine))
		} else {
			// The board leaves no room for the panes: say so, rather than
			// let them go without a word.
			title = cut(title+"  "+st.Subtle.Render("(panes hidden: enlarge the terminal)"), w)
		}
		main = lipgloss.JoinVertical(lipgloss.Left, rows...)
		if top == 1 && p.timed() {
			main = p.clockLine(e, w) + "\n" + main
		} else if top == 1 {
			main = "\n" + main
		}
	}
	p.boardAt = [2]int{0, 1 + top - boardOff}
	return lipgloss.JoinVertical(lipgloss.Left, title, padLines(fitBox(main, w, mainH), mainH), bottom)
}

// pane draws lines in a frame of the given outer size, a title on top.
func (p *play) pane(e *env, title string, lines []string, width, height int) string {
	st := e.styles
	inW, inH := width-st.Pane.GetHorizontalFrameSize(), height-st.Pane.GetVerticalFrameSize()
	text := append([]string{st.Title.Render(title)}, lines...)
	return st.Pane.Width(width - 2).Height(inH).Render(fitBox(strings.Join(text, "\n"), inW, inH))
}

// moveLines is the move list in a window of height lines (less its title)
// that follows the last move (moveRows).
func (p *play) moveLines(e *env, width, height int) []string {
	if len(p.moves) == 0 {
		return []string{e.styles.Subtle.Render("none yet")}
	}
	lines := moveRows(p.g, p.start, p.moves, p.names)
	return strings.Split(p.history.render(lines, len(lines)-1, width, height-1), "\n")
}

// moveRows lays out the moves played from start, names their notation.
// While the players have taken turns, a row is a full move, numbered as
// chess numbers them: "1. e4 e5", a first move of the second player
// written "1... e5", the numbers of a chess game continuing its FEN's.
// Once a player has moved twice in a row (a Kalah extra move), each ply
// is a row, numbered, with its mover's name.
func moveRows(g games.Game, start games.State, moves []games.Move, names []string) []string {
	players := g.PlayerNames()
	movers, alternate := turns(start, moves)
	rows := make([]string, 0, len(moves))
	if !alternate {
		nameW := max(len(players[0]), len(players[1]))
		for i := range moves {
			rows = append(rows, fmt.Sprintf("%4d. %-*s %s", i+1, nameW, players[movers[i]], names[i]))
		}
		return rows
	}
	number := firstMoveNumber(g, start)
	for i := 0; i < len(moves); {
		if movers[i] != games.First {
			rows = append(rows, fmt.Sprintf("%3d... %s", number, names[i]))
			i, number = i+1, number+1
			continue
		}
		row := fmt.Sprintf("%3d. %s", number, names[i])
		if i+1 < len(moves) {
			row = fmt.Sprintf("%3d. %-7s %s", number, names[i], names[i+1])
		}
		rows = append(rows, row)
		i, number = i+2, number+1
	}
	return rows
}

// turns returns who made each of moves, played from start, and whether
// the players took turns throughout.
func turns(start games.State, moves []games.Move) (movers []games.Player, alternate bool) {
	movers = make([]games.Player, len(moves))
	s := start.Clone()
	alternate = true
	for i, m := range moves {
		movers[i] = s.ToMove()
		alternate = alternate && (i == 0 || movers[i] != movers[i-1])
		s.Play(m)
	}
	return movers, alternate
}

// firstMoveNumber is the number of the first full move from start: a
// chess FEN's fullmove number, else 1.
func firstMoveNumber(g games.Game, start games.State) int {
	if f := strings.Fields(start.String()); g.Name() == "chess" && len(f) == 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			return n
		}
	}
	return 1
}

// resultText says who won a finished game, with the score where it means
// more, and why it ended where the game says.
func resultText(g games.Game, s games.State) string {
	names := g.PlayerNames()
	var text string
	switch s.Outcome() {
	case games.FirstWins:
		text = names[0] + " wins"
	case games.SecondWins:
		text = names[1] + " wins"
	default:
		text = "draw"
	}
	if sc := s.Score(); sc != int(s.Outcome()) {
		text += fmt.Sprintf(" (margin %+d)", sc)
	}
	text += " " + s.Outcome().String()
	if r, ok := s.(games.Reasoner); ok && r.EndReason() != "" {
		text += " (" + r.EndReason() + ")" // a Havannah ring, bridge or fork
	}
	return text
}

// request is a search request for the position on the board, with the
// game's history.
func (p *play) request(b engines.Budget, seed uint64) engines.Request {
	return engines.Request{Position: p.state, Start: p.start, History: p.moves, Budget: b, Seed: seed}
}

// statusLine says whether engines run or are paused, the pace of engine
// games, each side's clock, and what the search on the board has used of
// its budget and has left.
func (p *play) statusLine(e *env) string {
	names := p.g.PlayerNames()
	anyEngine := !p.seats[0].human() || !p.seats[1].human()
	state := ""
	switch {
	case p.over():
		state = "game over"
	case p.paused:
		state = "PAUSED (ctrl+p resumes)"
	case anyEngine:
		state = "engines running"
	}
	pace := ""
	if !p.seats[0].human() && !p.seats[1].human() {
		pace = "pace " + p.delay.String()
	}
	// Without a clock nothing redraws the screen on a human's turn, so the
	// time used is of the moves made: it changes when a move is, never
	// by a jump at the next key.
	clocks := fmt.Sprintf("time used %s %s  %s %s", names[0], clockText(p.clocks[games.First]), names[1], clockText(p.clocks[games.Second]))
	if p.timed() {
		clocks = fmt.Sprintf("clock %s: %s %s  %s %s", p.control, names[0], leftText(p.leftOf(games.First)), names[1], leftText(p.leftOf(games.Second)))
	}
	budget := ""
	for _, sr := range []*search{p.cur, p.hintOn} {
		if sr != nil {
			who := p.statsBy
			// Under a clock, the time the engine takes by the clock's rule.
			b := engines.Request{Position: sr.root, Budget: sr.budget}.MoveBudget()
			budget = who + ": " + budgetText(b, clock().Sub(sr.began), p.stats)
		}
	}
	return statusParts(state, pace, clocks, budget)
}

// clockText writes a clock as minutes and seconds (hours when it has them).
func clockText(d time.Duration) string {
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// leftText writes the time left on a clock: minutes and seconds, tenths
// under a minute (when every tenth counts), 0:00.0 once the flag fell.
func leftText(d time.Duration) string {
	if d < time.Minute {
		d = max(d, 0)
		return fmt.Sprintf("0:%04.1f", float64(d/(100*time.Millisecond))/10)
	}
	return clockText(d)
}

// clockLine shows both clocks of a game under a time control in width
// columns, the running one marked, a fallen flag named; the players'
// initials stand for their names where the names may not fit.
func (p *play) clockLine(e *env, width int) string {
	st := e.styles
	names := p.g.PlayerNames()
	line := func(short bool) string {
		parts := make([]string, 2)
		for i := range parts {
			who := games.Player(i)
			name := names[i]
			if short {
				name = name[:1]
			}
			text := name + " " + leftText(p.leftOf(who))
			switch {
			case p.flagged == i:
				text = st.Error.Render(text + " flag")
			case !p.over() && p.state.ToMove() == who && !p.turnFrom.IsZero():
				mark := " ◂"
				if st.ASCII {
					mark = " <"
				}
				text = st.Status.Render(text + mark)
			}
			parts[i] = text
		}
		return parts[0] + "   " + parts[1]
	}
	// Names or initials by the widest the line can be (clocks of up to
	// twice the base, or 0:59.9, and " flag"), so that they do not switch
	// as the clocks run.
	clockW := max(len(leftText(2*p.control.Base)), len("0:59.9"))
	widest := len(names[0]) + len(names[1]) + 2*(1+clockW) + 3 + len(" flag")
	return cut(line(widest > width), width)
}

// budgetText says how much of a search's budget it has used and how much
// is left: time, or the iterations or states it counts.
func budgetText(b engines.Budget, elapsed time.Duration, st engines.Stats) string {
	switch {
	case b.Iterations > 0:
		return fmt.Sprintf("%s of %s iterations used, %s left", humanCount(float64(st.Iterations)), humanCount(float64(b.Iterations)), humanCount(float64(max(b.Iterations-st.Iterations, 0))))
	case b.States > 0:
		return fmt.Sprintf("%s of %s states used, %s left", humanCount(float64(st.States)), humanCount(float64(b.States)), humanCount(float64(max(b.States-st.States, 0))))
	case b.Time > 0:
		return fmt.Sprintf("%.1fs of %s used, %.1fs left", elapsed.Seconds(), b.Time.Round(100*time.Millisecond), max(b.Time-elapsed, 0).Seconds())
	}
	return fmt.Sprintf("%.1fs, no budget", elapsed.Seconds())
}
