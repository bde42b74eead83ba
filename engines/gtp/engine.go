package gtp

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"mcarena/engines"
	"mcarena/engines/internal/child"
	"mcarena/games"
	"mcarena/games/spec"
)

// The engine family "gtp" plays through an external GTP program.
//
// The command line (option cmd) is split on spaces into the program and its
// arguments, so no argument can hold a space (wrap such a program in a
// script). A spec writes the value in single quotes when it holds a comma
// or a parenthesis, which engine specs given as arguments often do:
//
//	gtp:cmd='mcarena gtp --engine mcts:c=0.5,rave --iterations 2000'
//
// config.toml can name it, which the terminal UI needs (its players are
// written without spaces):
//
//	[engines.castro]
//	family = "gtp"
//	cmd = "castro -f config"
//	games = "havannah"
//
// GTP cannot say which games a program plays: option games names them
// (separated by /), so that the engine is offered, and accepted, for those
// alone; without it the engine is offered for every game.
//
// Each search replays the game into the program: boardsize (where the game
// has a base or a square size) when the program is new or the game
// changed, clear_board, then play COLOR MOVE for each move from the
// game's start to the position, then genmove COLOR; the program's answer
// must be a legal move here. A program that already holds the start of
// the game (the previous search's moves and its own answer) is sent only
// the moves since, without clear_board. The moves come from the request's
// Start and History; where Start is not the game's start position, or the
// history is unknown (analyse), they are made up from the stones on the
// board, the players' in turn, for the games whose moves each place one
// stone (Havannah, NoGo, AtariGo, TicTacToe), and the search fails for
// the others.
//
// Budgets: a search with a time budget first sends time_settings 0 T 1
// (byo-yomi of T seconds for each move; option timesettings=false leaves it
// out, and a program that refuses it keeps its own clock). In a game under
// a clock it sends instead time_settings MAIN 0 0 (absolute time) once a
// game, then time_left COLOR SECONDS 0 for both sides before each genmove,
// and the answer may take the mover's remaining time; GTP cannot say an
// increment, which the program sees only in the time left. A counted
// budget (iterations, states) cannot be said in GTP: set the program's
// own on its command line (mcarena gtp --iterations N). Every answer must
// come within the time budget plus the timeout option (seconds); a
// program that is late, dies or answers something that is not GTP fails
// the search with an error naming the command sent and the answer (or the
// exit status and the last line the program wrote to stderr), and the
// next search starts the program anew. A cancelled search stops the
// program the same way: GTP cannot interrupt a genmove.
//
// The program's stderr, and the commands and answers of the session
// ("gtp> ", "gtp< "), go to a log file: the file named by option log
// (appended to), else a new file mcarena-gtp-*.log in the system's
// temporary directory for each start of the program. Errors name it.
//
// Concurrency: an Engine owns one program, started at its first search and
// kept for the next; a mutex makes searches on one Engine wait for each
// other. The tournament's workers each build their own engines, so each
// worker has its own program. Close stops the program; an Engine dropped
// without Close stops it when the garbage collector frees the Engine.
type Engine struct {
	spec     string
	plays    []string // the games option's names; nil: any game
	argv     []string
	timeout  time.Duration
	logPath  string
	sendTime bool
	h        *child.Holder[*proc]
}

func init() {
	engines.Register(engines.Family{
		Name: "gtp",
		Doc:  "an external program that speaks GTP (castro, another mcarena): the game is replayed into it and it answers genmove",
		Options: []spec.Option{
			{Name: "cmd", Kind: spec.Text, Default: "", Doc: "the program's command line, split on spaces; in single quotes when it holds a comma"},
			{Name: "timeout", Kind: spec.Float, Default: "30", FloatMin: 0.01, FloatMax: 86400, Doc: "seconds to wait for an answer beyond the move's time budget"},
			{Name: "log", Kind: spec.Text, Default: "", Doc: "file the program's stderr and the session are appended to; empty: a new mcarena-gtp-*.log in the temporary directory"},
			{Name: "timesettings", Kind: spec.Bool, Default: "true", Doc: "send time_settings 0 T 1 before a search with a time budget T, and time_settings and time_left under a clock"},
			{Name: "games", Kind: spec.Text, Default: "", Doc: "the games the program plays, by name, separated by / (havannah/nogo); empty: any game, as GTP cannot say"},
		},
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			argv := strings.Fields(v.String("cmd"))
			if len(argv) == 0 {
				return nil, fmt.Errorf("option cmd: the program's command line is required, like gtp:cmd='castro'")
			}
			plays, err := playsOption(v.String("games"))
			if err != nil {
				return nil, err
			}
			e := &Engine{spec: canonical, plays: plays, argv: argv, timeout: time.Duration(v.Float("timeout") * float64(time.Second)),
				logPath: v.String("log"), sendTime: v.Bool("timesettings"), h: &child.Holder[*proc]{}}
			runtime.AddCleanup(e, func(h *child.Holder[*proc]) { h.Close() }, e.h)
			return e, nil
		},
	})
}

// Spec implements engines.Engine.
func (e *Engine) Spec() string { return e.spec }

// playsOption reads option games: game names separated by /, each known,
// written once, in lower case and in order, so that one set of games has
// one spec (a results file compares engines by their specs); nil for "".
func playsOption(text string) ([]string, error) {
	if text == "" {
		return nil, nil
	}
	var plays []string
	for _, name := range strings.Split(text, "/") {
		name = strings.ToLower(strings.TrimSpace(name))
		if _, ok := games.Lookup(name); !ok {
			return nil, fmt.Errorf("option games: unknown game %q: valid games are %s", name, strings.Join(games.Names(), ", "))
		}
		plays = append(plays, name)
	}
	slices.Sort(plays)
	plays = slices.Compact(plays)
	if want := strings.Join(plays, "/"); want != text {
		return nil, fmt.Errorf("option games: write %q as %s (lower case, in order, each game once), so that the engine has one spec", text, want)
	}
	return plays, nil
}

// CheckGame implements engines.GameChecker: a program plays the games its
// games option names, or any game when it names none (GTP has no command
// that says which games a program plays).
func (e *Engine) CheckGame(g games.Game) error {
	if e.plays == nil || slices.Contains(e.plays, g.Name()) {
		return nil
	}
	return fmt.Errorf("engine %s plays %s through GTP (its option games), not %s", e.spec, strings.Join(e.plays, ", "), g.Spec())
}

// Close stops the program, if it runs. A later search starts it again.
func (e *Engine) Close() error {
	e.h.Close()
	return nil
}

// Search implements engines.Engine: see the comment on Engine.
func (e *Engine) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	t0 := time.Now()
	if err := req.Check(); err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	if err := e.CheckGame(req.Position.Game()); err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	if req.Position.Terminal() {
		return engines.Result{Move: games.NoMove}, engines.ErrNoMoves
	}
	moves, err := replayMoves(req)
	if err != nil {
		return engines.Result{Move: games.NoMove}, err
	}
	p := e.h.Lock()
	defer e.h.Unlock()
	if p == nil {
		if p, err = startProc(e.argv, e.logPath); err != nil {
			return engines.Result{Move: games.NoMove}, err
		}
		e.h.Set(p)
	}
	m, err := e.search(ctx, p, req, moves)
	if err != nil {
		switch why := err.(type) {
		case *refusal:
			p.synced = false
		case *resigned:
			// The program is well: its game stays as it is.
			return engines.Result{Move: games.NoMove}, why.err
		default:
			p.Stop() // late, dead, confused or interrupted: start anew next time
			e.h.Set(nil)
		}
		return engines.Result{Move: games.NoMove}, err
	}
	st := engines.Stats{Elapsed: time.Since(t0), PV: []games.Move{m}, Rank: -1, Done: true}
	if req.Report != nil {
		req.Report(st)
	}
	return engines.Result{Move: m, Stats: st}, nil
}

// resigned is the error of a genmove the program answered resign.
type resigned struct{ err error }

func (r *resigned) Error() string { return r.err.Error() }

// search brings the program's game to the request's position and asks it
// for a move.
func (e *Engine) search(ctx context.Context, p *proc, req engines.Request, moves []games.Move) (games.Move, error) {
	g := req.Position.Game()
	wait := e.timeout
	if g.Spec() != p.game {
		if _, n := sizeOption(g); n > 0 {
			if _, err := p.call(ctx, wait, "boardsize "+strconv.Itoa(n)); err != nil {
				return games.NoMove, err
			}
		}
		p.game, p.synced = g.Spec(), false
	}
	s := g.NewState()
	from := 0
	if p.synced && len(p.moves) <= len(moves) && slices.Equal(p.moves, moves[:len(p.moves)]) {
		from = len(p.moves)
	} else {
		if _, err := p.call(ctx, wait, "clear_board"); err != nil {
			return games.NoMove, err
		}
		p.moves, p.synced, p.clockMain = p.moves[:0], true, 0
	}
	for i, m := range moves {
		if i >= from {
			cmd := "play " + colorWord(g, s.ToMove()) + " " + s.MoveString(m)
			if _, err := p.call(ctx, wait, cmd); err != nil {
				return games.NoMove, err
			}
			p.moves = append(p.moves, m)
		}
		s.Play(m)
	}
	answerWait := wait + req.Budget.Time
	if c := req.Budget.Clocks; c.On {
		answerWait = wait + max(c.Left[s.ToMove()], 0)
		if e.sendTime {
			if err := sendClocks(ctx, p, wait, g, c); err != nil {
				return games.NoMove, err
			}
		}
	} else if t := req.Budget.Time; e.sendTime && t > 0 && t != p.timeSet {
		secs := strconv.FormatFloat(t.Seconds(), 'f', -1, 64)
		if _, err := p.call(ctx, wait, "time_settings 0 "+secs+" 1"); err != nil {
			if _, refused := err.(*refusal); !refused {
				return games.NoMove, err
			}
		}
		p.timeSet = t
	}
	cmd := "genmove " + colorWord(g, s.ToMove())
	answer, err := p.call(ctx, answerWait, cmd)
	if err != nil {
		return games.NoMove, err
	}
	if strings.EqualFold(answer, "resign") {
		return games.NoMove, &resigned{fmt.Errorf("gtp program %s %w", p.Name(), engines.ErrResigned)}
	}
	m, err := req.Position.ParseMove(answer)
	if err != nil {
		return games.NoMove, fmt.Errorf("gtp program %s answered %q to %q, not a legal move here: %v; its log is %s", p.Name(), answer, cmd, err, p.LogPath())
	}
	p.moves = append(p.moves, m)
	return m, nil
}

// sendClocks tells the program the game's clocks: time_settings MAIN 0 0
// (absolute time, MAIN the larger clock) once a game, then time_left COLOR
// SECONDS 0 for each side. GTP has no increment: the program sees it in
// the time left. A program that refuses either keeps its own clock.
func sendClocks(ctx context.Context, p *proc, wait time.Duration, g games.Game, c engines.Clocks) error {
	secs := func(d time.Duration) string { return strconv.FormatFloat(max(d, 0).Seconds(), 'f', 3, 64) }
	call := func(cmd string) error {
		if _, err := p.call(ctx, wait, cmd); err != nil {
			if _, refused := err.(*refusal); !refused {
				return err
			}
		}
		return nil
	}
	if p.clockMain == 0 {
		main := max(c.Left[0], c.Left[1], time.Millisecond)
		if err := call("time_settings " + secs(main) + " 0 0"); err != nil {
			return err
		}
		p.clockMain, p.timeSet = main, 0
	}
	for _, who := range []games.Player{games.First, games.Second} {
		if err := call("time_left " + colorWord(g, who) + " " + secs(c.Left[who]) + " 0"); err != nil {
			return err
		}
	}
	return nil
}

// replayMoves returns the moves from the game's start position to the
// request's position: Start's made-up stones where Start is not the
// game's start (or Position's, without a history), then History.
func replayMoves(req engines.Request) ([]games.Move, error) {
	from, history := req.Start, req.History
	if from == nil {
		from, history = req.Position, nil
	}
	g := from.Game()
	if from.Hash() == g.NewState().Hash() && from.String() == g.NewState().String() {
		return slices.Clone(history), nil
	}
	setup, err := placements(from)
	if err != nil {
		return nil, err
	}
	return append(setup, history...), nil
}

// placements makes up moves that lead from the game's start to s in a game
// whose moves each place one stone: the stones of the board, in cell
// order, the player to move placing one of theirs each time. It fails
// where that does not reach s.
func placements(s games.State) ([]games.Move, error) {
	g := s.Game()
	b := s.Board()
	var cells [2][]int
	for i, c := range b.Cells {
		if c.Owner == 0 || c.Owner == 1 {
			cells[c.Owner] = append(cells[c.Owner], i)
		}
	}
	fail := func(why string) error {
		return fmt.Errorf("gtp: cannot replay the position %q into the program (its moves from the start are unknown): %s", s.String(), why)
	}
	c := g.NewState()
	var moves []games.Move
	buf := make([]games.Move, 0, g.MaxMoves())
	for len(cells[0])+len(cells[1]) > 0 {
		p := c.ToMove()
		if len(cells[p]) == 0 || c.Terminal() {
			return nil, fail("its stones cannot be placed in turn")
		}
		cell := cells[p][0]
		cells[p] = cells[p][1:]
		found := games.NoMove
		for _, m := range c.Legal(buf) {
			if from, to := c.MoveCells(m); from == cell && to < 0 {
				found = m
				break
			}
		}
		if found == games.NoMove {
			return nil, fail(fmt.Sprintf("no move places a stone on %s", b.Name(cell)))
		}
		c.Play(found)
		moves = append(moves, found)
	}
	if c.Hash() != s.Hash() || c.String() != s.String() {
		return nil, fail("placing its stones in turn gives another position")
	}
	return moves, nil
}
