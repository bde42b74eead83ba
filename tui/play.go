package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/games"
)

// play is the play screen: a board, the move list, a move prompt and a status
// line. Both sides move from the keyboard, by typed notation or by the cursor.
type play struct {
	g      games.Game
	start  games.State
	state  games.State // start with moves played
	moves  []games.Move
	names  []string // moves in notation, as written when played
	redo   []games.Move
	input  textinput.Model
	status string
	isErr  bool
	cursor int
	from   int // first cell of a two-cell move being picked, or -1
	flip   bool
	buf    []games.Move
}

func newPlay(g games.Game, start games.State) *play {
	in := textinput.New()
	in.Prompt = "move: "
	in.Placeholder = "type a move, or pick cells with the arrows and enter"
	in.Focus()
	return &play{g: g, start: start.Clone(), state: start.Clone(), input: in, from: -1,
		buf: make([]games.Move, 0, g.MaxMoves())}
}

func (p *play) typing() bool { return true }

func (p *play) update(ctx *context, msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		var cmd tea.Cmd
		p.input, cmd = p.input.Update(msg)
		return p, cmd
	}
	empty := p.input.Value() == ""
	switch {
	case key.Matches(k, ctx.keys.Back):
		if p.from >= 0 {
			p.from = -1
			return p, nil
		}
		return newMenu(), nil
	case key.Matches(k, ctx.keys.Undo):
		p.undo()
		return p, nil
	case key.Matches(k, ctx.keys.Redo):
		p.redoMove()
		return p, nil
	case key.Matches(k, ctx.keys.Flip):
		p.flip = !p.flip
		return p, nil
	case key.Matches(k, ctx.keys.Select):
		if !empty {
			p.playText(p.input.Value())
		} else {
			p.pick(p.cursor)
		}
		return p, nil
	case empty && (key.Matches(k, ctx.keys.Up) || key.Matches(k, ctx.keys.Down) ||
		key.Matches(k, ctx.keys.Left) || key.Matches(k, ctx.keys.Right)):
		p.moveCursor(ctx, k)
		return p, nil
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return p, cmd
}

// moveCursor moves the board cursor on screen, whatever the flip.
func (p *play) moveCursor(ctx *context, k tea.KeyMsg) {
	b := p.state.Board()
	cols, rows := b.Cols, b.Rows
	r, f := p.cursor/cols, p.cursor%cols
	dr, df := 0, 0
	switch {
	case key.Matches(k, ctx.keys.Up):
		dr = 1
	case key.Matches(k, ctx.keys.Down):
		dr = -1
	case key.Matches(k, ctx.keys.Left):
		df = -1
	case key.Matches(k, ctx.keys.Right):
		df = 1
	}
	if p.flip && b.Kind != games.Pits {
		dr, df = -dr, -df
	}
	r = min(max(r+dr, 0), rows-1)
	f = min(max(f+df, 0), cols-1)
	p.cursor = r*cols + f
}

// pick selects a cell: it plays the one-cell move there, or starts or
// finishes a two-cell move.
func (p *play) pick(cell int) {
	var one, starts []games.Move
	for _, m := range p.state.Legal(p.buf) {
		from, to := p.state.MoveCells(m)
		if p.from >= 0 && ((from == p.from && to == cell) || (from == cell && to == p.from)) {
			p.from = -1
			p.playMove(m)
			return
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
	case len(one) == 1:
		p.from = -1
		p.playMove(one[0])
	case len(starts) > 0:
		p.from = cell
		p.setStatus("now pick the second cell (esc cancels)", false)
	default:
		p.from = -1
		p.setStatus("no legal move starts on "+cellName(p.state.Board(), cell), true)
	}
}

func cellName(b games.Board, i int) string { return games.CellName(i, b.Cols) }

func (p *play) playText(text string) {
	m, err := p.state.ParseMove(strings.TrimSpace(text))
	if err != nil {
		p.setStatus("illegal: "+err.Error(), true)
		return
	}
	p.input.SetValue("")
	p.playMove(m)
}

func (p *play) playMove(m games.Move) {
	p.names = append(p.names, p.state.MoveString(m))
	p.moves = append(p.moves, m)
	p.redo = p.redo[:0]
	p.state.Play(m)
	p.setStatus("", false)
}

func (p *play) undo() {
	if len(p.moves) == 0 {
		p.setStatus("nothing to undo", true)
		return
	}
	last := len(p.moves) - 1
	p.redo = append(p.redo, p.moves[last])
	p.moves, p.names = p.moves[:last], p.names[:last]
	p.replay()
	p.setStatus("", false)
}

func (p *play) redoMove() {
	if len(p.redo) == 0 {
		p.setStatus("nothing to redo", true)
		return
	}
	m := p.redo[len(p.redo)-1]
	p.redo = p.redo[:len(p.redo)-1]
	p.names = append(p.names, p.state.MoveString(m))
	p.moves = append(p.moves, m)
	p.state.Play(m)
	p.setStatus("", false)
}

func (p *play) replay() {
	p.state.CopyFrom(p.start)
	for _, m := range p.moves {
		p.state.Play(m)
	}
}

func (p *play) setStatus(s string, isErr bool) { p.status, p.isErr = s, isErr }

// lastCells returns the cells of the last move, for highlighting.
func (p *play) lastCells() [2]int {
	if len(p.moves) == 0 {
		return [2]int{-1, -1}
	}
	prev := p.start.Clone()
	for _, m := range p.moves[:len(p.moves)-1] {
		prev.Play(m)
	}
	a, b := prev.MoveCells(p.moves[len(p.moves)-1])
	return [2]int{a, b}
}

func (p *play) view(ctx *context) string {
	st := ctx.styles
	names := p.g.PlayerNames()
	board := renderBoard(ctx, p.state.Board(), boardMarks{last: p.lastCells(), cursor: p.cursor, from: p.from, flip: p.flip})
	var turn string
	if p.state.Terminal() {
		turn = st.Banner.Render("Game over: " + resultText(p.g, p.state))
	} else {
		turn = fmt.Sprintf("%s to move", names[p.state.ToMove()])
	}
	left := lipgloss.JoinVertical(lipgloss.Left, st.Title.Render(p.g.Spec()), "", board, "", turn)
	right := st.Pane.Render(p.moveList(ctx))
	body := lipgloss.JoinHorizontal(lipgloss.Top, left, "   ", right)
	status := ""
	if p.status != "" {
		if p.isErr {
			status = st.Error.Render(p.status)
		} else {
			status = st.Status.Render(p.status)
		}
	}
	return lipgloss.JoinVertical(lipgloss.Left, body, "", p.input.View(), status, st.Subtle.Render("position: "+p.state.String()))
}

// moveList shows the last moves that fit, numbered by ply.
func (p *play) moveList(ctx *context) string {
	names := p.g.PlayerNames()
	lines := []string{ctx.styles.Title.Render("Moves")}
	first := max(0, len(p.names)-(ctx.height-12))
	who := p.start.Clone()
	for i, m := range p.moves {
		if i >= first {
			lines = append(lines, fmt.Sprintf("%3d. %-10s %s", i+1, names[who.ToMove()], p.names[i]))
		}
		who.Play(m)
	}
	if len(p.moves) == 0 {
		lines = append(lines, ctx.styles.Subtle.Render("none yet"))
	}
	return strings.Join(lines, "\n")
}

// resultText says who won a finished game, with the score where it means more.
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
	return text + " " + s.Outcome().String()
}
