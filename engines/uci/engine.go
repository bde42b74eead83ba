package uci

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"mcarena/engines"
	"mcarena/engines/internal/child"
	"mcarena/games"
	"mcarena/games/spec"
)

// The engine family "uci" plays chess through an external UCI program:
//
//	uci:cmd=stockfish,option.Skill Level=0
//	uci:cmd='mcarena uci --engine mcts:solver',timeout=5
//
// The command line (option cmd) is split on spaces, as the gtp family's.
// At its start the program is sent uci (and must answer uciok, having
// declared its options), then setoption name NAME value VALUE for each
// option.NAME=VALUE of the spec, then isready (readyok). A spec's names are
// lower-case; each is matched without case to an option the program
// declared and sent as the program spells it, and its value is checked
// against the option's type (see setOptions). An option the program does
// not declare, a value it would not take, or an answer that refuses an
// option ("No such option") fails the start with an error that lists the
// options the program declares. Each search sends position startpos (or
// fen, the request's start) moves ... with the moves from the start, then,
// in a game under a clock, go wtime W btime B winc WI binc BI (both sides'
// clocks and increments in ms, movestogo N where the clock has one,
// movetime T and nodes N beside them where the budget also has a time T or
// a count N),
// which leaves the time of the move to the program; else go movetime T for a
// time budget T, else go nodes N for a states budget N (an iterations budget
// where no states budget is given), which a program may read as its own kind
// of node; with option nodes=false a counted budget is refused. The
// program's info lines become the search's statistics (depth, nodes, PV);
// its bestmove must be a legal move here.
//
// Every answer must come within the time budget (under a clock, the mover's
// remaining time) plus the timeout option (seconds); a program that is late,
// dies or answers something other than UCI fails the search with an error
// naming the command sent and the answer (or the exit status and the last
// line of its stderr), and the next search starts the program anew. A
// cancelled search sends stop and takes the bestmove that answers it. The
// program's stderr and the session ("uci> ", "uci< ") go to a log file:
// option log (appended to), else a new mcarena-uci-*.log in the temporary
// directory for each start. A search whose position does not continue the
// game of the last search (the same start and moves, and maybe more) is
// another game: the program is sent ucinewgame and isready first.
//
// An Engine owns one program, started by Prepare (which runners call
// before a game) or at its first search, and kept; Close stops it, as does
// the garbage collector once the Engine is freed.
type Engine struct {
	spec    string
	argv    []string
	timeout time.Duration
	logPath string
	nodes   bool
	options [][2]string
	h       *child.Holder[*proc]
	// last is the position command of the program's last search, "" when
	// it has searched none since its start (guarded by h's lock).
	last string
}

func init() {
	engines.Register(engines.Family{
		Name: "uci",
		Doc:  "an external chess program that speaks UCI (stockfish, another mcarena): the game is sent as position ... moves and it answers go",
		Options: []spec.Option{
			{Name: "cmd", Kind: spec.Text, Default: "", Doc: "the program's command line, split on spaces; in single quotes when it holds a comma"},
			{Name: "timeout", Kind: spec.Float, Default: "30", FloatMin: 0.01, FloatMax: 86400, Doc: "seconds to wait for an answer beyond the move's time budget"},
			{Name: "log", Kind: spec.Text, Default: "", Doc: "file the program's stderr and the session are appended to; empty: a new mcarena-uci-*.log in the temporary directory"},
			{Name: "nodes", Kind: spec.Bool, Default: "true", Doc: "send go nodes N for a counted budget (states, else iterations)"},
			{Name: "option.", Kind: spec.Text, Default: "", Doc: "option.NAME=VALUE: setoption name NAME value VALUE at the program's start (option.skill level=0), NAME one the program declares, in any case"},
		},
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			argv := strings.Fields(v.String("cmd"))
			if len(argv) == 0 {
				return nil, fmt.Errorf("option cmd: the program's command line is required, like uci:cmd=stockfish")
			}
			e := &Engine{spec: canonical, argv: argv, timeout: time.Duration(v.Float("timeout") * float64(time.Second)),
				logPath: v.String("log"), nodes: v.Bool("nodes"), options: v.Prefixed("option."), h: &child.Holder[*proc]{}}
			runtime.AddCleanup(e, func(h *child.Holder[*proc]) { h.Close() }, e.h)
			return e, nil
		},
	})
}

// Spec implements engines.Engine.
func (e *Engine) Spec() string { return e.spec }

// Close stops the program, if it runs.
func (e *Engine) Close() error {
	e.h.Close()
	return nil
}

// CheckGame implements engines.GameChecker: UCI is for chess.
func (e *Engine) CheckGame(g games.Game) error {
	if g.Name() != "chess" {
		return fmt.Errorf("engine %s plays chess through UCI, not %s", e.spec, g.Spec())
	}
	return nil
}

// clockGo is the go command of a search under a clock: both sides'
// remaining times and increments (White's are games.First's), movestogo
// where the clock has one, and the budget's own limits beside them (its
// counted one as nodes where nodes is set).
func clockGo(b engines.Budget, nodes bool) string {
	ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 0), 10) }
	c := b.Clocks
	cmd := "go wtime " + ms(c.Left[games.First]) + " btime " + ms(c.Left[games.Second]) +
		" winc " + ms(c.Increment[games.First]) + " binc " + ms(c.Increment[games.Second])
	if c.MovesToGo > 0 {
		cmd += " movestogo " + strconv.Itoa(c.MovesToGo)
	}
	if b.Time > 0 {
		cmd += " movetime " + strconv.FormatInt(max(b.Time.Milliseconds(), 1), 10)
	}
	if n := cmp.Or(b.States, b.Iterations); nodes && n > 0 {
		cmd += " nodes " + strconv.FormatInt(n, 10)
	}
	return cmd
}

// Search implements engines.Engine: see the comment on Engine.
func (e *Engine) Search(ctx context.Context, req engines.Request) (engines.Result, error) {
	t0 := time.Now()
	none := engines.Result{Move: games.NoMove}
	if err := req.Check(); err != nil {
		return none, err
	}
	if err := e.CheckGame(req.Position.Game()); err != nil {
		return none, err
	}
	if req.Position.Terminal() {
		return none, engines.ErrNoMoves
	}
	var goCmd string
	b := req.Budget
	wait := b.Time
	switch {
	case b.Clocks.On:
		goCmd, wait = clockGo(b, e.nodes), max(b.Clocks.Left[req.Position.ToMove()], 0)
	case b.Time > 0:
		goCmd = "go movetime " + strconv.FormatInt(max(b.Time.Milliseconds(), 1), 10)
	case e.nodes && (b.States > 0 || b.Iterations > 0):
		n := b.States
		if n == 0 {
			n = b.Iterations
		}
		goCmd = "go nodes " + strconv.FormatInt(n, 10)
	default:
		return none, fmt.Errorf("engine %s: a UCI program needs a time budget (or, with nodes, a counted one)", e.spec)
	}
	start, history := req.Start, req.History
	if start == nil {
		start, history = req.Position, nil
	}
	pos := "position startpos"
	if start.String() != start.Game().NewState().String() {
		pos = "position fen " + start.String()
	}
	if len(history) > 0 {
		pos += " moves"
		c := start.Clone()
		for _, m := range history {
			pos += " " + uciMove(c, m)
			c.Play(m)
		}
	}
	p := e.h.Lock()
	defer e.h.Unlock()
	if p == nil {
		var err error
		if p, err = e.startProc(ctx); err != nil {
			return none, err
		}
		e.h.Set(p)
		e.last = ""
	}
	fail := func(err error) (engines.Result, error) {
		p.Stop()
		e.h.Set(nil)
		return none, err
	}
	if !continues(e.last, pos) {
		// Another game: UCI's ucinewgame, so that the program clears what
		// it learnt of the last one (its hash), then isready.
		if err := p.Send("ucinewgame"); err != nil {
			return fail(p.died("ucinewgame", nil))
		}
		if _, err := p.await(ctx, "isready", "readyok", e.timeout, nil); err != nil {
			return fail(err)
		}
	}
	e.last = pos
	st, m, err := p.search(ctx, req, pos, goCmd, e.timeout+wait)
	if err != nil {
		return fail(err)
	}
	st.Elapsed, st.Done, st.Rank = time.Since(t0), true, -1
	if len(st.PV) == 0 || st.PV[0] != m {
		st.PV = []games.Move{m}
	}
	if req.Report != nil {
		req.Report(st)
	}
	return engines.Result{Move: m, Stats: st}, nil
}

// Prepare implements engines.Preparer: it checks the game and starts the
// program, where it is not running, so that its start and the check of its
// options come before a game's clock, and a run with an option the program
// does not have stops before its first game.
func (e *Engine) Prepare(g games.Game) error {
	if err := e.CheckGame(g); err != nil {
		return err
	}
	p := e.h.Lock()
	defer e.h.Unlock()
	if p != nil {
		return nil
	}
	p, err := e.startProc(context.Background())
	if err != nil {
		return err
	}
	e.h.Set(p)
	return nil
}

// startProc starts the program, sets the spec's options among those it
// declares and brings it to readyok.
func (e *Engine) startProc(ctx context.Context) (*proc, error) {
	c, err := child.Start(e.argv, e.logPath, "uci")
	if err != nil {
		return nil, err
	}
	p := &proc{c}
	fail := func(err error) (*proc, error) {
		p.Stop()
		return nil, err
	}
	var decl []declared
	if _, err := p.await(ctx, "uci", "uciok", e.timeout, func(line string) {
		if d, ok := parseOption(line); ok {
			decl = append(decl, d)
		}
	}); err != nil {
		return fail(err)
	}
	cmds, err := setOptions(e.options, decl)
	if err != nil {
		return fail(fmt.Errorf("uci program %s: %w; its log is %s", p.Name(), err, p.LogPath()))
	}
	for _, c := range cmds {
		if err := p.Send(c); err != nil {
			return fail(p.died(c, nil))
		}
	}
	var refused []string
	if _, err := p.await(ctx, "isready", "readyok", e.timeout, func(line string) {
		if refusal(line) {
			refused = append(refused, line)
		}
	}); err != nil {
		return fail(err)
	}
	if len(refused) > 0 {
		return fail(fmt.Errorf("uci program %s refused its options: %q to %q; it declares %s; its log is %s",
			p.Name(), strings.Join(refused, "\n"), strings.Join(cmds, "\n"), optionList(decl), p.LogPath()))
	}
	return p, nil
}

// continues reports whether the position command pos continues the game of
// the command last: the same start, the same moves and maybe more.
func continues(last, pos string) bool {
	return last != "" && (pos == last || strings.HasPrefix(pos, last+" "))
}

// isUCI reports whether t has the form of a UCI move (e2e4, e7e8q).
func isUCI(t string) bool {
	if len(t) != 4 && len(t) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if t[i] < 'a' || t[i] > 'h' || t[i+1] < '1' || t[i+1] > '8' {
			return false
		}
	}
	return len(t) == 4 || strings.ContainsRune("nbrq", rune(t[4]))
}

// readInfo reads an info line's depth, nodes and pv into st.
func readInfo(pos games.State, line string, st *engines.Stats) bool {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return false
	}
	changed := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			if i+1 < len(f) {
				if d, err := strconv.Atoi(f[i+1]); err == nil {
					st.Figures = []engines.Figure{{Key: "depth", Title: "depth", Kind: engines.Count, Value: float64(d)}}
					st.Iterations = int64(d)
					changed = true
				}
			}
		case "nodes":
			if i+1 < len(f) {
				if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
					st.States, changed = n, true
				}
			}
		case "pv":
			var pv []games.Move
			c := pos.Clone()
			for _, t := range f[i+1:] {
				if c.Terminal() {
					break
				}
				m, err := c.ParseMove(t)
				if err != nil {
					break
				}
				pv = append(pv, m)
				c.Play(m)
			}
			st.PV, changed = pv, true
			return changed
		}
	}
	return changed
}
