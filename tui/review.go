package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"mcarena/games"
	"mcarena/games/pgn"
	"mcarena/internal/terminal"
	"mcarena/tournament"
)

// review steps through a game's moves without changing it: the board shows
// the position after the move selected in the move list (↑/↓ on the list),
// with the figures of that move's search where the game comes from a
// results file. It reviews the game on the play screen (ctrl+r there) or a
// game of a results file, and copies the position, the PV or the game.
type review struct {
	g          games.Game
	start      games.State
	moves      []games.Move
	names      []string                 // the moves in notation
	figures    []tournament.MoveSummary // each move's search, or nil
	clockAfter []time.Duration          // under a clock, the mover's clock after each move, else nil
	ending     string                   // how a game of a results file ended on time, if it did
	ply        int                      // the board shows the position after ply moves
	rec        *pgn.Record              // the game, for copying it
	source     string                   // where the game comes from, for the title
	sourcePath string                   // the file it comes from, if any, shown after source
	pv         []games.Move             // an engine's principal variation...
	pvFor      string                   // ...for the position of this text
	flip       bool
	status     string
	isErr      bool
	list       scroller
	boardAt    [2]int // where the last view drew the board
}

// sourceLine says where the game comes from, the file's path shortened
// from the left so that the line fits width cells where the source leaves
// the path at least 12 (the view cuts a longer line at its end).
func (r *review) sourceLine(width int) string {
	if r.sourcePath == "" {
		return r.source
	}
	return r.source + " (" + elidePath(r.sourcePath, max(width-ansi.StringWidth(r.source)-3, 12)) + ")"
}

// newReview opens a review of moves played from start, at the last move.
func newReview(g games.Game, start games.State, moves []games.Move, rec *pgn.Record, source string) *review {
	r := &review{g: g, start: start.Clone(), moves: append([]games.Move(nil), moves...), rec: rec, source: source}
	s := start.Clone()
	for _, m := range moves {
		r.names = append(r.names, s.MoveString(m))
		s.Play(m)
	}
	r.ply = len(moves)
	return r
}

// reviewOf reviews the game on the play screen, with the principal
// variation of its last search for the position that search was about and,
// under a clock, each mover's clock after its move.
func (p *play) reviewOf() *review {
	r := newReview(p.g, p.start, p.moves, p.record(), "the game on the play screen")
	r.flip = p.flip
	if p.timed() && len(p.leftAt) > len(p.moves) {
		movers, _ := turns(p.start, p.moves)
		for i, who := range movers {
			r.clockAfter = append(r.clockAfter, p.leftAt[i+1][who])
		}
	}
	if p.statsFor != nil && len(p.stats.PV) > 0 {
		r.pv, r.pvFor = append([]games.Move(nil), p.stats.PV...), p.statsFor.String()
	}
	return r
}

// recordReview reviews game rec of the results file path, with its moves'
// figures: the game rebuilt from its spec, its start and its moves.
func recordReview(rec tournament.Record, path string) (*review, error) {
	g, err := games.New(rec.Game)
	if err != nil {
		return nil, err
	}
	start := g.NewState()
	if rec.Start != "" {
		if start, err = g.ParsePosition(rec.Start); err != nil {
			return nil, fmt.Errorf("start %q: %w", rec.Start, err)
		}
	}
	s := start.Clone()
	var moves []games.Move
	for i, ms := range rec.Moves {
		m, err := s.ParseMove(ms.Move)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", i+1, err)
		}
		moves = append(moves, m)
		s.Play(m)
	}
	pr := &pgn.Record{Game: g, Start: start, Moves: moves}
	if rec.Start != "" {
		pr.Set("Position", rec.Start)
	}
	for seat := range 2 {
		i := (rec.FirstSeat + seat) % 2
		tag := pgn.SeatTag(games.Player(seat))
		pr.Set(tag, rec.Names[i])
		if rec.Specs[i] != "" {
			pr.Set(tag+"Spec", rec.Specs[i])
		}
	}
	pr.Set("Seed", fmt.Sprint(rec.Seed))
	pr.Set("Event", fmt.Sprintf("%s %s game %d", rec.Preset, rec.Match, rec.Index+1))
	r := newReview(g, start, moves, pr, fmt.Sprintf("%s game %d", strings.Join(strings.Fields(rec.Game+" "+matchPlayers(rec)+" "+rec.BudgetLabel()), " "), rec.Index+1))
	r.sourcePath = path
	r.figures = rec.Moves
	for _, f := range rec.Moves {
		if f.ClockMillis > 0 {
			r.clockAfter = make([]time.Duration, len(rec.Moves))
			for i, f := range rec.Moves {
				r.clockAfter[i] = time.Duration(f.ClockMillis * float64(time.Millisecond))
			}
			break
		}
	}
	if rec.Reason != "" {
		r.ending = rec.Result + " " + rec.Reason
	}
	return r, nil
}

func (r *review) keys(e *env) keyHelp {
	k := e.keys
	up, down := as(k.ListUp, "previous move"), as(k.ListDown, "next move")
	return keyHelp{
		short: []key.Binding{up, down, k.CopyPosition, k.CopyPV, k.CopyGame, k.Back, k.Help},
		full: [][]key.Binding{
			{up, down, as(k.Left, "previous move"), as(k.Right, "next move"), k.PageUp, k.PageDown, k.Home, k.End},
			{k.CopyPosition, k.CopyPV, k.CopyGame, k.Flip},
			{as(k.Back, "back"), k.Help, k.Quit},
		},
	}
}

func (r *review) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if msg, ok := msg.(tea.KeyMsg); ok {
		k := e.keys
		switch {
		case matches(msg, k.Back):
			return goBack(), nil
		case matches(msg, k.ListUp, k.Left):
			r.to(r.ply - 1)
		case matches(msg, k.ListDown, k.Right):
			r.to(r.ply + 1)
		case matches(msg, k.PageUp):
			r.to(r.ply - max(r.list.rows, 1))
		case matches(msg, k.PageDown):
			r.to(r.ply + max(r.list.rows, 1))
		case matches(msg, k.Home):
			r.to(0)
		case matches(msg, k.End):
			r.to(len(r.moves))
		case matches(msg, k.Flip):
			if r.start.Board().Kind == games.Pits {
				r.status, r.isErr = noPitFlip, false
				break
			}
			r.flip = !r.flip
		case matches(msg, k.CopyPosition):
			r.copyPosition(e)
		case matches(msg, k.CopyPV):
			r.copyPV(e)
		case matches(msg, k.CopyGame):
			r.copyGame(e)
		}
	}
	return r, nil
}

// to selects the position after ply moves, within the game.
func (r *review) to(ply int) {
	r.ply = min(max(ply, 0), len(r.moves))
	r.status = ""
}

// position returns the position after the selected ply.
func (r *review) position() games.State {
	s := r.start.Clone()
	for _, m := range r.moves[:r.ply] {
		s.Play(m)
	}
	return s
}

// copiedDir is where copies are written, beside the saves.
func copiedDir() string { return filepath.Join(SavesDir, "copied") }

// copyOut writes text to the file name in copiedDir and, where the terminal
// takes it, to the clipboard by OSC 52, and says where it went.
func (r *review) copyOut(e *env, what, name, text string) {
	dir := copiedDir()
	path := filepath.Join(dir, name)
	err := os.MkdirAll(dir, 0o755)
	if err == nil {
		err = os.WriteFile(path, []byte(text), 0o644)
	}
	if err != nil {
		r.status, r.isErr = "could not copy: "+err.Error(), true
		return
	}
	r.status, r.isErr = "copied "+what+" to "+path, false
	if e.clipboard != nil && e.clipboard(text) {
		r.status += " and to the clipboard"
	}
}

func (r *review) copyPosition(e *env) {
	r.copyOut(e, "the position", "position.txt", r.position().String()+"\n")
}

func (r *review) copyPV(e *env) {
	s := r.position()
	if len(r.pv) == 0 || s.String() != r.pvFor {
		r.status, r.isErr = "no principal variation for this position: only the last engine search's, for the position it searched, is known", true
		return
	}
	r.copyOut(e, "the PV", "pv.txt", pvText(s, r.pv, len(r.pv))+"\n")
}

func (r *review) copyGame(e *env) {
	r.copyOut(e, "the game", "game.pgn", pgn.Format(r.rec))
}

// osc52 copies text to the clipboard of the terminal on standard output,
// when it is one, by OSC 52 (through tmux or screen where they run); it
// reports whether it sent the text.
func osc52(text string) bool {
	if !terminal.Is(os.Stdout) {
		return false
	}
	termenv.NewOutput(os.Stdout).Copy(text)
	return true
}

// Review layout: the board on the left with whose turn it is under it, the
// move list (with each move's figures) to its right when it fits there,
// else under the board.
func (r *review) view(e *env) string {
	st := e.styles
	w, h := e.width, e.bodyHeight
	s := r.position()
	pnames := r.g.PlayerNames()
	bv := newBoardView(st, boardOf(s, r.moves[:r.ply]), r.flip, w, pnames)
	board := bv.render(e, boardMarks{last: lastCells(r.start, r.moves[:r.ply]), cursor: -1, from: -1, flip: r.flip})
	boardW, boardH := lipgloss.Width(board), lipgloss.Height(board)
	seats := ""
	if r.rec != nil {
		first, _ := r.rec.Player(games.First)
		second, _ := r.rec.Player(games.Second)
		seats = fmt.Sprintf("%s: %s  %s: %s", pnames[0], first, pnames[1], second)
	}
	title := cut(st.Title.Render("Review")+"  "+st.Subtle.Render(r.g.Spec()+"  "+seats), w) + "\n" +
		cut(st.Subtle.Render(r.sourceLine(w)), w)
	var at string
	switch {
	case r.ply == 0:
		at = "start position"
	default:
		at = fmt.Sprintf("after %d. %s %s", r.ply, r.mover(r.ply-1), r.names[r.ply-1])
		if labels, _, byMove := r.plyLabels(); byMove {
			at = fmt.Sprintf("after %s %s (%s)", strings.TrimSpace(labels[r.ply-1]), r.names[r.ply-1], r.mover(r.ply-1))
		}
	}
	if s.Terminal() {
		at += " · game over: " + resultText(r.g, s)
	} else {
		n := positionNotes(r.start, r.moves[:r.ply], s, bv, -1)
		at += " · " + n.turn(pnames[s.ToMove()])
	}
	var msg string
	switch {
	case r.status != "" && r.isErr:
		msg = st.Error.Width(w).Render(r.status)
	case r.status != "":
		msg = st.Status.Width(w).Render(r.status)
	default:
		msg = cut(st.Subtle.Render("position: "+s.String()), w)
	}
	mainH := h - 2 - lipgloss.Height(msg)
	boardOff := 0
	if boardH > mainH-1 && mainH > 1 {
		boardOff = (boardH - (mainH - 1)) / 2
		board = strings.Join(strings.Split(board, "\n")[boardOff:boardOff+mainH-1], "\n")
		boardH = mainH - 1
	}
	listW := r.listWidth() + st.Pane.GetHorizontalFrameSize()
	var main string
	if w-boardW-gap >= listW { // the list beside the board
		left := lipgloss.JoinVertical(lipgloss.Left, board, st.Wrap(boardW).Render(at))
		if lipgloss.Width(at) > boardW {
			left = lipgloss.JoinVertical(lipgloss.Left, board)
			msg = cut(at, w) + "\n" + msg
			mainH--
		}
		main = lipgloss.JoinHorizontal(lipgloss.Top, left, strings.Repeat(" ", gap), r.moveList(e, listW, mainH))
	} else {
		listH := mainH - boardH - 1
		main = lipgloss.JoinVertical(lipgloss.Left, board, cut(at, w))
		if listH >= 3 {
			main = lipgloss.JoinVertical(lipgloss.Left, main, r.moveList(e, min(w, listW), listH))
		}
	}
	r.boardAt = [2]int{0, 2 - boardOff}
	return lipgloss.JoinVertical(lipgloss.Left, title, padLines(fitBox(main, w, mainH), mainH), msg)
}

// listWidth is the width of the move list's rows: the marker, the label
// (plyLabels), the move and, with figures, states, iterations, time and
// the clock.
func (r *review) listWidth() int {
	_, labelW, _ := r.plyLabels()
	w := 2 + labelW + 1 + 8
	if r.figures != nil {
		w += 1 + 7 + 1 + 7 + 1 + 8
	}
	if r.clockAfter != nil {
		w += 1 + 8
	}
	return max(w, 24)
}

// mover names who made move i.
func (r *review) mover(i int) string {
	s := r.start.Clone()
	for _, m := range r.moves[:i] {
		s.Play(m)
	}
	return r.g.PlayerNames()[s.ToMove()]
}

// plyLabels are the labels of the moves in the list, all of one width:
// the move number as chess writes it ("1." before a first player's move,
// "1..." before the second's) where the players took turns, else the ply
// number and the mover's name.
func (r *review) plyLabels() (labels []string, width int, byMove bool) {
	movers, alternate := turns(r.start, r.moves)
	labels = make([]string, len(r.moves))
	if alternate {
		number := firstMoveNumber(r.g, r.start)
		for i, who := range movers {
			labels[i] = fmt.Sprintf("%3d.", number)
			if who != games.First {
				labels[i] += ".."
				number++
			}
		}
		return labels, 6, true
	}
	names := r.g.PlayerNames()
	nameW := max(len(names[0]), len(names[1]))
	for i, who := range movers {
		labels[i] = fmt.Sprintf("%4d. %-*s", i+1, nameW, names[who])
	}
	return labels, 6 + nameW, false
}

// moveList is the list of moves in a pane, the start first, the selected
// row marked; with figures, each move's states, iterations and time, and
// under a clock the mover's clock after the move.
func (r *review) moveList(e *env, width, height int) string {
	st := e.styles
	labels, labelW, byMove := r.plyLabels()
	rows := []string{fmt.Sprintf("%-*s start", labelW, "   0.")}
	if byMove {
		rows[0] = fmt.Sprintf("%-*s start", labelW, "") // no number: the moves are numbered by full moves
	}
	for i := range r.moves {
		row := fmt.Sprintf("%-*s %-8s", labelW, labels[i], r.names[i])
		if i < len(r.figures) {
			f := r.figures[i]
			row += fmt.Sprintf(" %7s %7s %8s", humanCount(float64(f.States)), humanCount(float64(f.Iterations)), millisText(f.Millis))
		}
		if i < len(r.clockAfter) {
			row += fmt.Sprintf(" %8s", leftText(r.clockAfter[i]))
		}
		rows = append(rows, row)
	}
	for i := range rows {
		if i == r.ply {
			rows[i] = st.MenuSelected.Render("> " + rows[i])
		} else {
			rows[i] = st.MenuItem.Render(rows[i])
		}
	}
	head := st.Title.Render("Moves")
	pad := 2 + labelW + 1 + 8 - 5 // from the title to the move column's end
	if r.figures != nil {
		head += st.Subtle.Render(fmt.Sprintf("%*s %7s %7s %8s", pad, "", "states", "iters", "time"))
		pad = 0
	}
	if r.clockAfter != nil {
		head += st.Subtle.Render(fmt.Sprintf("%*s %8s", pad, "", "clock"))
	}
	inW, inH := width-st.Pane.GetHorizontalFrameSize(), height-st.Pane.GetVerticalFrameSize()
	body := head + "\n" + r.list.render(rows, r.ply, inW, max(inH-1, 1))
	return st.Pane.Width(width - 2).Height(inH).Render(fitBox(body, inW, inH))
}

// millisText writes a move's time: milliseconds under a second, else
// seconds.
func millisText(ms float64) string {
	if ms < 1000 {
		return fmt.Sprintf("%.0fms", ms)
	}
	return fmt.Sprintf("%.2fs", ms/1000)
}

// statusLine says which ply is shown of how many, and where copies go.
func (r *review) statusLine(e *env) string {
	return statusParts(fmt.Sprintf("ply %d of %d", r.ply, len(r.moves)), r.ending, r.list.span(), "copies go to "+copiedDir()+"/")
}
