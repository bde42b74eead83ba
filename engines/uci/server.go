// Package uci speaks the Universal Chess Interface both ways: Server lets a
// chess GUI or a match runner (cutechess-cli, fastchess) run an mcarena
// engine ('mcarena uci'), and the engine family "uci" plays through an
// external UCI program such as Stockfish.
package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/rng"
	"mcarena/internal/lines"
)

// Server answers UCI commands with one mcarena engine playing chess:
//
//   - uci: id name and author, then uciok; isready: readyok, also during a
//     search; setoption: no option is declared, so each is answered with an
//     info string saying so; ucinewgame: stops a search and sets the start
//     position.
//   - position startpos|fen FEN [moves M...]: the start and the moves,
//     which the searches receive as the game's history (repetitions count
//     from the start). A bad position or move is reported as "info string
//     error: ..." (UCI has no error answer), and a go before the next
//     good position or ucinewgame is answered bestmove 0000: the GUI's
//     position is not the one held.
//   - go starts a search and answers bestmove (with ponder, the PV's second
//     move, when known). Budget: movetime T is exactly T; wtime, btime,
//     winc, binc and movestogo give the side to move the time that
//     mcarena's rule (engines.MoveTime) gives a clock: its remaining time
//     divided by movestogo (30 without it) plus 3/4 of its increment, at
//     most 90% of the remaining time less 20 ms; nodes N caps the states
//     visited
//     (each move played in the search, playouts included); depth D caps the
//     engine's iterations (alpha-beta's completed depths, MCTS's
//     iterations); infinite and ponder search until stop (or ponderhit,
//     after which the clock's time runs). Limits given together hold
//     together; go with none uses the server's budget (mcarena uci's
//     flags).
//   - stop ends a search at once with the best move so far; quit ends the
//     session.
//
// Info lines, at most one each engines.ReportEvery and one at the end:
// depth (the engine's "depth" figure, else the PV's length), nodes (states
// visited), nps, time (ms), the score and pv. The score is given only
// where the engine declares one: "mate N" when the best move is proven won
// (or lost, -N) and its PV ends in checkmate, N moves away; "cp 0" for a
// proven draw; else, from an engine's "value" column (the mean result in
// [-1, 1] of an MCTS move, from the mover's view) the centipawns of the
// logistic rule cp = 400 log10(p / (1-p)) with p = (1+value)/2, the winning
// expectation that the Elo scale gives a pawn-up of 100 cp at 64%, p kept
// within [0.005, 0.995] (±920 cp). An alpha-beta score with an evaluation
// is read back as the evaluation's value in [-1, 1] (its column's Unit) and
// given by the same rule; one without an evaluation is not reported.
type Server struct {
	// Name and Author are the answers to uci.
	Name, Author string

	eng     engines.Engine
	game    games.Game
	base    engines.Budget
	seeds   uint64
	start   games.State
	history []games.Move
	// prepared: the engine's one-time work was done at an isready.
	prepared bool
	// refused is the error of the last position command, nil once one is
	// accepted: a go after a refused position is refused too, rather than
	// searching the position before it, where the GUI's side to move and
	// moves may not be.
	refused error

	out    *bufio.Writer
	outMu  sync.Mutex
	search *running
}

// running is a search in progress.
type running struct {
	cancel context.CancelFunc
	done   chan struct{}
	// release lets an infinite or pondering search answer bestmove; it is
	// closed by stop or ponderhit.
	release chan struct{}
	// hit starts the clock of a pondering search.
	hit       chan struct{}
	releaseMu sync.Once
	wait      bool // infinite or ponder: bestmove only after stop or ponderhit
}

// NewServer returns a server for chess game g (a variant of "chess"),
// searching with e, under budget b where go names no limit, its seeds
// drawn from seed.
func NewServer(g games.Game, e engines.Engine, b engines.Budget, seed uint64) *Server {
	return &Server{Name: "mcarena " + e.Spec(), Author: "the mcarena authors", eng: e, game: g, base: b, seeds: seed, start: g.NewState()}
}

// maxLine bounds a command line (a position with thousands of moves fits
// many times over); a longer one is answered with an error and the session
// goes on.
const maxLine = 1 << 20

// Serve reads commands from r and writes to w until quit or the end of r;
// at the end of r a search with a limit runs to its bestmove, an infinite
// one is stopped.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	s.out = bufio.NewWriter(w)
	defer s.stop()
	sc := lines.Scanner(r, maxLine)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if sc.Text() == lines.TooLong {
			s.send(fmt.Sprintf("info string error: a line of more than %d bytes, skipped", maxLine))
			continue
		}
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			s.send("id name "+s.Name, "id author "+s.Author, "uciok")
		case "isready":
			// The first isready outside a search is where a GUI waits for
			// slow set-up: the engine's one-time work (engines.Prepare,
			// building endgame tables) is done before readyok.
			if !s.prepared && s.search == nil {
				s.prepared = true
				if err := engines.Prepare(s.eng, s.game); err != nil {
					s.send("info string error: " + err.Error())
				}
			}
			s.send("readyok")
		case "setoption":
			s.send("info string no option " + strings.Join(f[1:], " ") + ": mcarena uci declares none")
		case "ucinewgame":
			s.stop()
			s.start, s.history, s.refused = s.game.NewState(), nil, nil
		case "position":
			s.stop()
			s.refused = s.position(f[1:])
			if s.refused != nil {
				s.send("info string error: " + s.refused.Error())
			}
		case "go":
			s.stop()
			// A refused go still answers bestmove (the null move), so that a
			// GUI waiting for one is not left waiting.
			if err := s.goCmd(ctx, f[1:]); err != nil {
				s.send("info string error: "+err.Error(), "bestmove 0000")
			}
		case "stop":
			s.stop()
		case "ponderhit":
			if sr := s.search; sr != nil {
				select {
				case sr.hit <- struct{}{}:
				default:
				}
			}
		case "quit":
			return nil
		case "debug", "register":
		default:
			s.send("info string unknown command " + f[0])
		}
	}
	// The end of the input: a search with a limit still answers.
	if sr := s.search; sr != nil && !sr.wait {
		<-sr.done
	}
	return sc.Err()
}

// send writes lines and flushes them.
func (s *Server) send(lines ...string) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	for _, l := range lines {
		s.out.WriteString(l + "\n")
	}
	s.out.Flush()
}

// stop ends a search in progress and waits for its bestmove.
func (s *Server) stop() {
	sr := s.search
	if sr == nil {
		return
	}
	sr.releaseMu.Do(func() { close(sr.release) })
	sr.cancel()
	<-sr.done
	s.search = nil
}

func (s *Server) position(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position startpos|fen FEN [moves ...]")
	}
	var start games.State
	rest := args[1:]
	switch args[0] {
	case "startpos":
		start = s.game.NewState()
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		var err error
		if start, err = s.game.ParsePosition(strings.Join(rest[:i], " ")); err != nil {
			return err
		}
		rest = rest[i:]
	default:
		return fmt.Errorf("position %s: want startpos or fen", args[0])
	}
	if len(rest) > 0 && rest[0] != "moves" {
		return fmt.Errorf("position: %q where moves was expected", rest[0])
	}
	var history []games.Move
	st := start.Clone()
	for i, t := range rest[min(1, len(rest)):] {
		m, err := st.ParseMove(t)
		if err != nil {
			return fmt.Errorf("position: move %d: %v", i+1, err)
		}
		st.Play(m)
		history = append(history, m)
	}
	s.start, s.history = start, history
	return nil
}

// Time limits of the server's own: see the comment on Server.
const forever = 365 * 24 * time.Hour

func (s *Server) goCmd(ctx context.Context, args []string) error {
	if s.refused != nil {
		return fmt.Errorf("go: no position to search, the last position command was refused (%v)", s.refused)
	}
	pos := s.start.Clone()
	for _, m := range s.history {
		pos.Play(m)
	}
	if pos.Terminal() {
		s.send("info string the game is over: "+games.EndReason(pos), "bestmove 0000")
		return nil
	}
	var b engines.Budget
	var clock [2]time.Duration
	var inc [2]time.Duration
	haveClock, infinite, ponder := false, false, false
	movesToGo := 0
	for i := 0; i < len(args); i++ {
		word := args[i]
		switch word {
		case "infinite":
			infinite = true
			continue
		case "ponder":
			ponder = true
			continue
		case "searchmoves":
			return fmt.Errorf("go searchmoves is not supported")
		}
		if i+1 >= len(args) {
			return fmt.Errorf("go %s needs a value", word)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return fmt.Errorf("go %s %q: want a whole number", word, args[i])
		}
		switch {
		case (word == "movetime" || word == "nodes" || word == "depth" || word == "movestogo" || word == "mate") && n < 1:
			return fmt.Errorf("go %s %d: want 1 or more", word, n)
		case (word == "winc" || word == "binc") && n < 0:
			return fmt.Errorf("go %s %d: want 0 or more milliseconds", word, n)
		case n > math.MaxInt64/int64(time.Millisecond):
			return fmt.Errorf("go %s %d: more than a program can wait", word, n)
		}
		// A clock below zero (a GUI's overrun) is a clock at zero: the
		// search gets the least time.
		ms := time.Duration(max(n, 0)) * time.Millisecond
		switch word {
		case "wtime":
			clock[0], haveClock = ms, true
		case "btime":
			clock[1], haveClock = ms, true
		case "winc":
			inc[0] = ms
		case "binc":
			inc[1] = ms
		case "movestogo":
			movesToGo = int(n)
		case "movetime":
			b.Time = max(ms, time.Millisecond)
		case "nodes":
			b.States = max(n, 1)
		case "depth":
			b.Iterations = max(n, 1)
		case "mate":
		default:
			return fmt.Errorf("go %s: unknown", word)
		}
	}
	side := pos.ToMove()
	if haveClock {
		clockBudget := engines.MoveTime(clock[side], inc[side], movesToGo)
		if b.Time == 0 || clockBudget < b.Time {
			b.Time = clockBudget
		}
	}
	wait := infinite || ponder
	hitBudget := b // a pondering search's budget from ponderhit on
	if hitBudget == (engines.Budget{}) {
		hitBudget = s.base
	}
	if wait {
		b = engines.Budget{Time: forever, Iterations: b.Iterations, States: b.States}
	} else if b == (engines.Budget{}) {
		b = s.base
	}
	sctx, cancel := context.WithCancel(ctx)
	sr := &running{cancel: cancel, done: make(chan struct{}), release: make(chan struct{}), hit: make(chan struct{}, 1), wait: wait}
	s.search = sr
	req := engines.Request{Position: pos.Clone(), Start: s.start.Clone(), History: append([]games.Move(nil), s.history...),
		Budget: b, Seed: rng.SplitMix64(&s.seeds)}
	t0 := time.Now()
	finalSent := false
	req.Report = func(st engines.Stats) {
		s.send(infoLine(pos, st))
		finalSent = st.Done
	}
	if ponder {
		go func() {
			select {
			case <-sr.hit:
				sr.releaseMu.Do(func() { close(sr.release) })
				if hitBudget.Time > 0 {
					select {
					case <-time.After(hitBudget.Time):
						cancel()
					case <-sctx.Done():
					}
				}
			case <-sctx.Done():
			}
		}()
	}
	go func() {
		defer close(sr.done)
		defer cancel()
		res, err := s.eng.Search(sctx, req)
		if wait {
			<-sr.release // bestmove only after stop (or ponderhit)
		}
		if err != nil {
			s.send("info string error: "+err.Error(), "bestmove 0000")
			return
		}
		res.Stats.Elapsed = max(res.Stats.Elapsed, time.Since(t0))
		line := "bestmove " + uciMove(pos, res.Move)
		if pv := res.Stats.PV; len(pv) >= 2 && pv[0] == res.Move {
			c := pos.Clone()
			c.Play(pv[0])
			if !c.Terminal() {
				line += " ponder " + uciMove(c, pv[1])
			}
		}
		if !finalSent {
			s.send(infoLine(pos, res.Stats))
		}
		s.send(line)
	}()
	return nil
}

// infoLine writes a statistics snapshot as a UCI info line.
func infoLine(pos games.State, st engines.Stats) string {
	var b strings.Builder
	depth := len(st.PV)
	if d := st.Figure("depth"); !math.IsNaN(d) {
		depth = int(d)
	}
	ms := st.Elapsed.Milliseconds()
	fmt.Fprintf(&b, "info depth %d nodes %d nps %d time %d", max(depth, 1), st.States, int64(st.StatesPerSecond()), ms)
	if sc := score(pos, st); sc != "" {
		b.WriteString(" score " + sc)
	}
	if len(st.PV) > 0 {
		b.WriteString(" pv")
		c := pos.Clone()
		for _, m := range st.PV {
			if c.Terminal() || !legal(c, m) {
				break
			}
			b.WriteString(" " + uciMove(c, m))
			c.Play(m)
		}
	}
	return b.String()
}

// uciMove writes m, a legal move of s, as UCI does.
func uciMove(s games.State, m games.Move) string {
	return s.(*chess.State).UCI(m)
}

func legal(s games.State, m games.Move) bool {
	for _, x := range s.Legal(nil) {
		if x == m {
			return true
		}
	}
	return false
}

// score is the UCI score of the snapshot's best move, "" where the engine
// declares none: see the comment on Server.
func score(pos games.State, st engines.Stats) string {
	if len(st.PV) == 0 {
		return ""
	}
	best := -1
	for i, ms := range st.Moves {
		if ms.Move == st.PV[0] {
			best = i
			break
		}
	}
	if best < 0 {
		return ""
	}
	switch st.Moves[best].Proven {
	case engines.ProvenDraw:
		return "cp 0"
	case engines.ProvenWin, engines.ProvenLoss:
		c := pos.Clone()
		mover := pos.ToMove()
		plies := 0
		for _, m := range st.PV {
			if c.Terminal() || !legal(c, m) {
				break
			}
			c.Play(m)
			plies++
		}
		if c.Terminal() && c.Outcome() != games.Draw {
			if c.Outcome() == games.WinFor(mover) {
				return "mate " + strconv.Itoa((plies+1)/2)
			}
			return "mate -" + strconv.Itoa(plies/2)
		}
	}
	if col := st.Column("value"); col >= 0 && st.Columns[col].Kind == engines.Value && st.Columns[col].View == engines.MoverView {
		if v := st.Cell(best, "value"); !math.IsNaN(v) {
			return "cp " + strconv.Itoa(Centipawns(v))
		}
		return ""
	}
	// A score that scales a heuristic's value (alpha-beta with an
	// evaluation): the value read back, by the same rule. A score beyond
	// the scale is a proof, reported above when its PV ends the game.
	if col := st.Column("score"); col >= 0 && st.Columns[col].Kind == engines.Score && st.Columns[col].View == engines.MoverView && st.Columns[col].Unit > 0 {
		unit := st.Columns[col].Unit
		if v := st.Cell(best, "score"); !math.IsNaN(v) && math.Abs(v) <= unit {
			return "cp " + strconv.Itoa(Centipawns(v/unit))
		}
	}
	return ""
}

// Centipawns maps a value in [-1, 1] (a mean result, from the mover's view)
// to centipawns by the logistic rule of the comment on Server.
func Centipawns(v float64) int {
	p := min(max((1+v)/2, 0.005), 0.995)
	return int(math.Round(400 * math.Log10(p/(1-p))))
}
