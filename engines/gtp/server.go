package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
	"mcarena/internal/lines"
)

// Server answers GTP commands for one game with one engine. Its commands
// are those of castro's Havannah GTP where castro has one, under castro's
// names and aliases (name, version, protocol_version, list_commands, help,
// quit and exit, boardsize, clear_board and clear, play, white, black,
// playgame, genmove, undo, showboard and print, time, winner and
// havannah_winner, all_legal, history), morat's size for boardsize, and
// the specification's own (known_command, time_settings, time_left):
//
//   - boardsize N (and size N) sets the game's base (Havannah) or its side
//     (the square games with an option size), keeping its other options,
//     and clears the board; a game without either refuses every size.
//   - play COLOR VERTEX and white/black VERTEX play a move of the player to
//     move; another colour, or an illegal move, is refused with "illegal
//     move: " and the game's reason, a vertex that names no move of the
//     game (malformed, or off the board) with "syntax error: " and the
//     game's reason.
//   - playgame VERTEX... plays the moves in turn, each by the player to
//     move, up to the first one refused, which it names; the moves before
//     it stay played, as in castro.
//   - genmove [COLOR [SECONDS]] searches with the engine under the
//     per-move budget (or SECONDS of wall time for this move alone), plays
//     the move and answers it; after the end of the game it answers
//     resign, as castro does (castro's drivers stop on it).
//   - undo [N] takes back N moves (default 1).
//   - time_settings MAIN BYO STONES (seconds, seconds, stones) sets the
//     per-move time: BYO/STONES where there is byo-yomi, else MAIN shared
//     over half the moves of the empty board (MaxMoves/2), and the
//     command line's budget again for no limits (BYO > 0 with STONES 0, or
//     all three 0). The counted caps of the command line stay.
//   - time_left COLOR SECONDS STONES gives that colour's clock for its next
//     genmove alone: with STONES 0 (main time) the engine takes the time
//     of the move by mcarena's time-management rule
//     (engines.MoveTime, as for a clock in a tournament, with no
//     increment, which GTP cannot say), with STONES > 0 (byo-yomi)
//     SECONDS/STONES. The counted caps stay.
//   - time FLAG..., castro's, with castro's flags and meaning (see
//     castroClock): -m SECONDS a move, added to a share of the game's time
//     left; -g SECONDS the game's time, the time left at the start of each
//     game (at once if no move has been played); -r SECONDS the time left
//     now; -p [PERCENT] (default 10) the share as a percentage of the time
//     left, -e [X] and -s [X] (default 2, and -s 2 before any) as 2*X
//     times the time left over the legal moves; -f 0|1 whether the time a
//     move saves of -m is kept (an overrun always costs); -i N caps the
//     iterations (0: none). Until the first time with a flag, -m is the
//     time per move in force and the time left 0; from then on each
//     genmove's time is castro's, the wall time it takes is booked, and a
//     forced move under -f 1 is played without a search, as castro does;
//     without any time and any counted cap a move gets 1 ms.
//     time_settings ends castro's clock. Without arguments time shows the
//     budget of the next move and castro's clock.
//   - winner answers none before the end, then draw or the winner's colour
//     (white or black, castro's words; in games whose players are not
//     White and Black, black for the first player and white for the
//     second); havannah_winner (Havannah only) is castro's alias for it.
//   - help lists the commands with their arguments; clear, exit and print
//     are castro's aliases for clear_board, quit and showboard.
//
// Each genmove's seed is drawn from the server's seed in turn, so a session
// with a counted budget plays the same moves every time.
type Server struct {
	// Name and Version are the answers to name and version.
	Name, Version string

	eng     engines.Engine
	game    games.Game
	state   games.State
	history []games.Move
	base    engines.Budget // the command line's budget
	budget  engines.Budget // the budget now
	left    [2]clockLeft   // each colour's time_left, until its next genmove
	castro  castroClock    // castro's time command's clock
	now     func() time.Time
	seeds   uint64
	cmds    map[string]func(ctx context.Context, args []string) (string, error)
}

// clockLeft is what a time_left command said of one colour's clock.
type clockLeft struct {
	set    bool
	time   time.Duration
	stones int
}

// errQuit ends a session after quit's answer.
var errQuit = errors.New("quit")

func quit(context.Context, []string) (string, error) { return "", errQuit }

// commandForms are the commands' arguments and what they do, for help.
var commandForms = map[string]string{
	"protocol_version": "protocol_version: 2",
	"name":             "name: the program's name",
	"version":          "version: the program's version",
	"list_commands":    "list_commands: the commands",
	"help":             "help: the commands with their arguments",
	"known_command":    "known_command COMMAND: true or false",
	"quit":             "quit: end the session",
	"exit":             "exit: castro's alias for quit",
	"boardsize":        "boardsize N: set the board size and clear the board",
	"size":             "size N: morat's alias for boardsize",
	"clear_board":      "clear_board: start a new game",
	"clear":            "clear: castro's alias for clear_board",
	"play":             "play COLOR VERTEX: play a move",
	"white":            "white VERTEX: castro's play white",
	"black":            "black VERTEX: castro's play black",
	"playgame":         "playgame VERTEX...: castro's: play moves in turn from the player to move",
	"genmove":          "genmove [COLOR [SECONDS]]: search, play and answer a move; resign after the end",
	"undo":             "undo [N]: take back N moves (1)",
	"showboard":        "showboard: the position",
	"print":            "print: castro's alias for showboard",
	"time_settings":    "time_settings MAIN BYO STONES: the time of each move",
	"time_left":        "time_left COLOR SECONDS STONES: that colour's clock for its next move",
	"time":             castroTimeForm + ": castro's clock; alone, the budget",
	"winner":           "winner: castro's: none, draw, or the winner's colour",
	"havannah_winner":  "havannah_winner: castro's alias for winner",
	"all_legal":        "all_legal: the legal moves",
	"history":          "history: the moves played",
}

// NewServer returns a server for game g with engine e searching under
// budget b, its genmove seeds drawn from seed.
func NewServer(g games.Game, e engines.Engine, b engines.Budget, seed uint64) *Server {
	s := &Server{Name: "mcarena", Version: "dev", eng: e, game: g, state: g.NewState(), base: b, budget: b, castro: castroDefaults, now: time.Now, seeds: seed}
	s.cmds = map[string]func(context.Context, []string) (string, error){
		"protocol_version": s.fixed("2"),
		"name":             func(context.Context, []string) (string, error) { return s.Name, nil },
		"version":          func(context.Context, []string) (string, error) { return s.Version, nil },
		"list_commands":    s.listCommands,
		"known_command":    s.knownCommand,
		"help":             s.help,
		"quit":             quit,
		"exit":             quit,
		"boardsize":        s.boardsize,
		"size":             s.boardsize,
		"clear_board":      s.clearBoard,
		"clear":            s.clearBoard,
		"play":             s.play,
		"white":            s.playAs("white"),
		"black":            s.playAs("black"),
		"playgame":         s.playgame,
		"genmove":          s.genmove,
		"undo":             s.undo,
		"showboard":        s.showboard,
		"print":            s.showboard,
		"time_settings":    s.timeSettings,
		"time_left":        s.timeLeft,
		"time":             s.time,
		"winner":           s.winner,
		"all_legal":        s.allLegal,
		"history":          s.historyCmd,
	}
	if g.Name() == "havannah" {
		s.cmds["havannah_winner"] = s.winner
	}
	return s
}

// maxLine bounds a command line; a longer one is answered with an error
// and the session goes on.
const maxLine = 1 << 20

// Serve reads commands from r and writes the answers to w until quit, the
// end of r, or an error writing w. A cancelled context stops a genmove's
// search early (the engine answers its best move so far) and ends the
// session before the next command.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	sc := lines.Scanner(r, maxLine)
	bw := bufio.NewWriter(w)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if sc.Text() == lines.TooLong {
			if _, err := bw.WriteString(response("", false, fmt.Sprintf("a line of more than %d bytes, skipped", maxLine))); err != nil {
				return err
			}
			if err := bw.Flush(); err != nil {
				return err
			}
			continue
		}
		c := parseLine(sc.Text())
		if c.empty {
			continue
		}
		text, err := s.do(ctx, c)
		if errors.Is(err, errQuit) {
			_, err = bw.WriteString(response(c.id, true, ""))
			if err == nil {
				err = bw.Flush()
			}
			return err
		}
		ok := err == nil
		if !ok {
			text = err.Error()
		}
		if _, err := bw.WriteString(response(c.id, ok, text)); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// do runs one command.
func (s *Server) do(ctx context.Context, c command) (string, error) {
	if c.name == "" {
		return "", errors.New("syntax error: no command")
	}
	f, ok := s.cmds[c.name]
	if !ok {
		return "", errors.New("unknown command")
	}
	return f(ctx, c.args)
}

func (s *Server) fixed(text string) func(context.Context, []string) (string, error) {
	return func(context.Context, []string) (string, error) { return text, nil }
}

func (s *Server) commandNames() []string {
	names := make([]string, 0, len(s.cmds))
	for n := range s.cmds {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func (s *Server) listCommands(context.Context, []string) (string, error) {
	return strings.Join(s.commandNames(), "\n"), nil
}

func (s *Server) help(context.Context, []string) (string, error) {
	var b strings.Builder
	for _, n := range s.commandNames() {
		b.WriteString("\n" + commandForms[n])
	}
	return b.String(), nil
}

func (s *Server) knownCommand(_ context.Context, args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("syntax error: known_command COMMAND")
	}
	_, ok := s.cmds[args[0]]
	return strconv.FormatBool(ok), nil
}

func (s *Server) boardsize(_ context.Context, args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("syntax error: boardsize N")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", fmt.Errorf("syntax error: boardsize %q: not a whole number", args[0])
	}
	g, err := resize(s.game, n)
	if err != nil {
		return "", fmt.Errorf("unacceptable size: %v", err)
	}
	if err := engines.CheckGame(s.eng, g); err != nil {
		return "", fmt.Errorf("unacceptable size: %v", err)
	}
	s.game = g
	return s.clearBoard(context.Background(), nil)
}

func (s *Server) clearBoard(context.Context, []string) (string, error) {
	s.state, s.history, s.left = s.game.NewState(), nil, [2]clockLeft{}
	s.castro.left = s.castro.game
	return "", nil
}

func (s *Server) play(_ context.Context, args []string) (string, error) {
	if len(args) != 2 {
		return "", errors.New("syntax error: play COLOR VERTEX")
	}
	return s.playMove(args[0], args[1])
}

// playAs is castro's white and black: play for one colour.
func (s *Server) playAs(color string) func(context.Context, []string) (string, error) {
	return func(_ context.Context, args []string) (string, error) {
		if len(args) != 1 {
			return "", fmt.Errorf("syntax error: %s VERTEX", color)
		}
		return s.playMove(color, args[0])
	}
}

func (s *Server) playMove(color, vertex string) (string, error) {
	p, err := parseColor(s.game, color)
	if err != nil {
		return "", fmt.Errorf("syntax error: %v", err)
	}
	if err := s.playFor(p, vertex); err != nil {
		return "", moveRefusal(err)
	}
	return "", nil
}

// moveRefusal is GTP's answer to a refused move: "syntax error: " where the
// vertex names no move of the game (games.IsNotation), else "illegal
// move: ", with the game's reason.
func moveRefusal(err error) error {
	if games.IsNotation(err) {
		return fmt.Errorf("syntax error: %v", err)
	}
	return fmt.Errorf("illegal move: %v", err)
}

// playFor plays vertex as p's move. A vertex that names no move of the
// game is refused for that first, whoever is to move and whether or not
// the game is over, so that GTP answers it "syntax error".
func (s *Server) playFor(p games.Player, vertex string) error {
	m, err := s.state.ParseMove(vertex)
	if games.IsNotation(err) {
		return err
	}
	if err := s.toMove(p); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	s.state.Play(m)
	s.history = append(s.history, m)
	return nil
}

// playgame is castro's: the moves in turn, each by the player to move,
// up to the first refused one; the moves before it stay played.
func (s *Server) playgame(_ context.Context, args []string) (string, error) {
	for i, v := range args {
		if err := s.playFor(s.state.ToMove(), v); err != nil {
			return "", moveRefusal(fmt.Errorf("playgame's move %d, %s: %w (the %d before it are played)", i+1, v, err, i))
		}
	}
	return "", nil
}

// toMove refuses a move of p where the game is over or p is not to move.
func (s *Server) toMove(p games.Player) error {
	names := s.game.PlayerNames()
	switch {
	case s.state.Terminal():
		return fmt.Errorf("the game is over (%s)", games.EndReason(s.state))
	case p != s.state.ToMove():
		return fmt.Errorf("%s is to move, not %s", names[s.state.ToMove()], names[p])
	}
	return nil
}

func (s *Server) genmove(ctx context.Context, args []string) (string, error) {
	if len(args) > 2 {
		return "", errors.New("syntax error: genmove [COLOR [SECONDS]]")
	}
	if len(args) >= 1 {
		p, err := parseColor(s.game, args[0])
		if err != nil {
			return "", fmt.Errorf("syntax error: %v", err)
		}
		if s.state.Terminal() {
			return "resign", nil // castro's answer after the end
		}
		if err := s.toMove(p); err != nil {
			return "", err
		}
	} else if s.state.Terminal() {
		return "resign", nil
	}
	b, legal := s.budget, s.state.Legal(nil)
	if s.castro.on {
		b.Time = s.castro.moveTime(len(legal))
		if b.Time == 0 && b.Iterations == 0 && b.States == 0 {
			b.Time = time.Millisecond
		}
	}
	mover := s.state.ToMove()
	if l := s.left[mover]; l.set && l.stones > 0 {
		b.Time = max(l.time/time.Duration(l.stones), time.Millisecond)
	} else if l.set {
		b.Clocks = engines.Clocks{Left: [2]time.Duration{s.left[0].time, s.left[1].time}, On: true}
		b.Clocks.Left[mover] = l.time
	}
	s.left[mover] = clockLeft{}
	if len(args) == 2 {
		d, err := seconds(args[1])
		if err != nil || d <= 0 {
			return "", fmt.Errorf("syntax error: genmove seconds %q: want a positive number", args[1])
		}
		b = engines.Budget{Time: d}
	}
	req := engines.Request{Position: s.state.Clone(), Start: s.game.NewState(), History: slices.Clone(s.history),
		Budget: b, Seed: rng.SplitMix64(&s.seeds)}
	start := s.now()
	var res engines.Result
	if s.castro.on && s.castro.flexible && len(legal) == 1 {
		// castro: a forced move takes no time when the time saved is kept.
		res.Move = legal[0]
	} else {
		var err error
		if res, err = s.eng.Search(ctx, req); err != nil {
			return "", fmt.Errorf("%s: %v", s.eng.Spec(), err)
		}
	}
	if s.castro.on {
		s.castro.spent(s.now().Sub(start))
	}
	name := s.state.MoveString(res.Move)
	if _, err := s.state.ParseMove(name); err != nil {
		return "", fmt.Errorf("%s chose an illegal move %s: %v", s.eng.Spec(), name, err)
	}
	s.state.Play(res.Move)
	s.history = append(s.history, res.Move)
	return name, nil
}

func (s *Server) undo(_ context.Context, args []string) (string, error) {
	n := 1
	if len(args) > 1 {
		return "", errors.New("syntax error: undo [N]")
	}
	if len(args) == 1 {
		var err error
		if n, err = strconv.Atoi(args[0]); err != nil || n < 1 {
			return "", fmt.Errorf("syntax error: undo %q: want a positive whole number", args[0])
		}
	}
	if n > len(s.history) {
		return "", fmt.Errorf("cannot undo: %d moves played", len(s.history))
	}
	s.history = s.history[:len(s.history)-n]
	s.state = s.game.NewState()
	for _, m := range s.history {
		s.state.Play(m)
	}
	return "", nil
}

func (s *Server) showboard(context.Context, []string) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s, ", s.game.Spec())
	if s.state.Terminal() {
		fmt.Fprintf(&b, "over: %s (%s)", s.state.Outcome(), games.EndReason(s.state))
	} else {
		fmt.Fprintf(&b, "%s to move", s.game.PlayerNames()[s.state.ToMove()])
	}
	fmt.Fprintf(&b, "\n%s", s.state.String())
	if d := drawing(s.state); d != "" {
		b.WriteString("\n" + d)
	}
	return b.String(), nil
}

func (s *Server) timeSettings(_ context.Context, args []string) (string, error) {
	if len(args) != 3 {
		return "", errors.New("syntax error: time_settings MAIN BYO STONES")
	}
	var v [3]float64
	for i, a := range args {
		f, err := strconv.ParseFloat(a, 64)
		if err != nil || f < 0 {
			return "", fmt.Errorf("syntax error: time_settings %q: want a number, 0 or more", a)
		}
		v[i] = f
	}
	main, byo, stones := v[0], v[1], v[2]
	s.castro.on = false
	switch {
	case byo > 0 && stones > 0:
		s.budget.Time = time.Duration(byo / stones * float64(time.Second))
	case main > 0 && byo == 0:
		s.budget.Time = s.share(main)
	default: // no time limits
		s.budget.Time = s.base.Time
	}
	return "", nil
}

// share is the time per move of a game's time: the game's time over half
// the moves of the empty board.
func (s *Server) share(secs float64) time.Duration {
	return time.Duration(secs / float64(max(1, s.game.MaxMoves()/2)) * float64(time.Second))
}

func (s *Server) timeLeft(_ context.Context, args []string) (string, error) {
	if len(args) != 3 {
		return "", errors.New("syntax error: time_left COLOR SECONDS STONES")
	}
	p, err := parseColor(s.game, args[0])
	if err != nil {
		return "", fmt.Errorf("syntax error: %v", err)
	}
	d, err := seconds(args[1])
	if err != nil {
		return "", fmt.Errorf("syntax error: time_left %v", err)
	}
	stones, err := strconv.Atoi(args[2])
	if err != nil || stones < 0 {
		return "", fmt.Errorf("syntax error: time_left stones %q: want a whole number, 0 or more", args[2])
	}
	s.left[p] = clockLeft{set: true, time: d, stones: stones}
	return "", nil
}

func (s *Server) time(_ context.Context, args []string) (string, error) {
	if len(args) == 0 {
		return s.showTime(), nil
	}
	c, its := s.castro, s.budget.Iterations
	if !c.on {
		c.move = s.budget.Time
	}
	if err := c.apply(args, &its, len(s.history) > 0); err != nil {
		return "", err
	}
	s.castro, s.budget.Iterations = c, its
	return "", nil
}

// showTime is time's answer without arguments: the budget of the next
// move and castro's clock.
func (s *Server) showTime() string {
	t := s.budget.Time
	clock := "off (time_settings, or the command line, sets the time per move)"
	if s.castro.on {
		t = s.castro.moveTime(len(s.state.Legal(nil)))
		clock = s.castro.String()
	}
	return fmt.Sprintf("\ntime per move %v (0: none), iterations %d, states %d (0: none)\ncastro's clock: %s\nset with %s",
		t, s.budget.Iterations, s.budget.States, clock, castroTimeForm)
}

// winner is castro's: none before the end, then draw or the winner's
// colour.
func (s *Server) winner(context.Context, []string) (string, error) {
	if !s.state.Terminal() {
		return "none", nil
	}
	switch s.state.Outcome() {
	case games.FirstWins:
		return colorName(s.game, games.First), nil
	case games.SecondWins:
		return colorName(s.game, games.Second), nil
	}
	return "draw", nil
}

func (s *Server) allLegal(context.Context, []string) (string, error) {
	var names []string
	for _, m := range s.state.Legal(nil) {
		names = append(names, s.state.MoveString(m))
	}
	return strings.Join(names, " "), nil
}

func (s *Server) historyCmd(context.Context, []string) (string, error) {
	c := s.game.NewState()
	names := make([]string, 0, len(s.history))
	for _, m := range s.history {
		names = append(names, c.MoveString(m))
		c.Play(m)
	}
	return strings.Join(names, " "), nil
}

// seconds reads a number of seconds.
func seconds(text string) (time.Duration, error) {
	f, err := strconv.ParseFloat(text, 64)
	switch {
	case err != nil || math.IsNaN(f):
		return 0, fmt.Errorf("%q: not a number of seconds", text)
	case f < 0 || f > 1e6:
		return 0, fmt.Errorf("%q: want seconds in 0..1000000", text)
	}
	return time.Duration(f * float64(time.Second)), nil
}
