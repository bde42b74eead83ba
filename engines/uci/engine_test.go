package uci_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/internal/tools"
)

// helperSpec is the spec of a uci engine running this test binary as the
// helper program args, and the path of the program's log.
func helperSpec(t *testing.T, args, extra string) (spec, log string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(exe, " ,'") {
		t.Skipf("the test binary's path %q cannot be given in a spec", exe)
	}
	log = filepath.Join(t.TempDir(), "uci.log")
	return "uci:cmd='" + exe + " uci-helper " + args + "',log=" + log + extra, log
}

// play plays a game of at most plies plies between two engines, the
// first with White, each search under budget b, and returns the end and
// the moves. It fails t where an engine's move is not legal, or its
// statistics name another move first.
func play(t *testing.T, white, black engines.Engine, b engines.Budget, plies int) (games.State, []games.Move) {
	t.Helper()
	g, _ := games.New("chess")
	start := g.NewState()
	s := start.Clone()
	var history []games.Move
	for i := 0; i < plies && !s.Terminal(); i++ {
		e := white
		if s.ToMove() == games.Second {
			e = black
		}
		req := engines.Request{Position: s.Clone(), Start: start, History: append([]games.Move(nil), history...), Budget: b, Seed: uint64(i)}
		res, err := e.Search(context.Background(), req)
		if err != nil {
			t.Fatalf("ply %d, %s: %v", i+1, e.Spec(), err)
		}
		if !slices.Contains(s.Legal(nil), res.Move) {
			t.Fatalf("ply %d, %s: move %v is not legal in %s", i+1, e.Spec(), res.Move, s)
		}
		if pv := res.Stats.PV; len(pv) > 0 && pv[0] != res.Move {
			t.Errorf("ply %d, %s: played %s, its PV starts with %s", i+1, e.Spec(), s.MoveString(res.Move), s.MoveString(pv[0]))
		}
		s.Play(res.Move)
		history = append(history, res.Move)
	}
	return s, history
}

// session is a game from the start position in which a uci engine had
// the side seat.
type session struct {
	moves []games.Move
	seat  games.Player
}

// checkSession checks the session in a uci engine's log against the games
// it played, in order: one position command and one bestmove for each of
// its plies, the position the game's moves before that ply, the bestmove
// the move played. So the games' moves are those the program chose, and
// the program saw the games.
func checkSession(t *testing.T, logPath string, played ...session) {
	t.Helper()
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	pos := ""
	for _, line := range strings.Split(string(log), "\n") {
		if p, ok := strings.CutPrefix(line, "uci> "); ok && strings.HasPrefix(p, "position ") {
			pos = p
		}
		if a, ok := strings.CutPrefix(line, "uci< bestmove "); ok {
			got = append(got, pos+" -> "+strings.Fields(a)[0])
		}
	}
	g, _ := games.New("chess")
	var want []string
	for _, p := range played {
		s := g.NewState().(*chess.State)
		moves := "position startpos"
		for i, m := range p.moves {
			if s.ToMove() == p.seat {
				want = append(want, moves+" -> "+s.UCI(m))
			}
			if i == 0 {
				moves += " moves"
			}
			moves += " " + s.UCI(m)
			s.Play(m)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("the program's session does not follow the games:\ngot  %q\nwant %q\nlog:\n%s", got, want, log)
	}
}

// mcarena plays itself through UCI: the uci family runs the test binary as
// 'mcarena uci', a short game with small counted budgets.
func TestSelfPlayThroughUCI(t *testing.T) {
	spec, log := helperSpec(t, "serve uct 300", ",timeout=10")
	remote, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer remote.(interface{ Close() error }).Close()
	local, _ := engines.New("uct")
	_, moves := play(t, remote, local, engines.Budget{States: 300}, 16)
	checkSession(t, log, session{moves, games.First})
}

func TestProgramFailures(t *testing.T) {
	for _, tc := range []struct{ helper, want string }{
		{"die", `uci program uci.test closed its output after the command "go nodes 100" (exit: exit status 3); the last line of its stderr: "helper: out of cheese"`},
		{"garbage", `uci program uci.test gave no uciok to "uci" within 500ms (received: "hello there")`},
		{"illegal", `uci program uci.test answered "bestmove a1a1" to "go nodes 100", not a legal move in`},
	} {
		spec, _ := helperSpec(t, tc.helper, ",timeout=0.5")
		e, err := engines.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := games.New("chess")
		_, err = e.Search(context.Background(), engines.NewRequest(g.NewState(), engines.Budget{States: 100}, 1))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "its log is ") {
			t.Errorf("%s: got %v\nwant %q", tc.helper, err, tc.want)
		}
		e.(interface{ Close() error }).Close()
	}
}

// A uci engine is for chess only, and needs cmd.
func TestSpecErrors(t *testing.T) {
	if _, err := engines.New("uci"); err == nil || !strings.Contains(err.Error(), "option cmd: the program's command line is required") {
		t.Errorf("uci without cmd: %v", err)
	}
	e, err := engines.New("uci:cmd=stockfish,option.Skill Level=0")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Spec(), "uci:cmd=stockfish,option.skill level=0"; got != want {
		t.Errorf("spec %q, want %q", got, want)
	}
	g, _ := games.New("tictactoe")
	if err := engines.CheckGame(e, g); err == nil || !strings.Contains(err.Error(), "plays chess through UCI, not tictactoe") {
		t.Errorf("CheckGame(tictactoe): %v", err)
	}
}

// A short game against Debian's stockfish at its lowest skill, 10 ms a
// move; skipped where stockfish is not installed.
func TestAgainstStockfish(t *testing.T) {
	bin := tools.Find(t, "stockfish", "stockfish")
	if strings.ContainsAny(bin, " ,'") {
		t.Skipf("stockfish's path %q cannot be given in a spec", bin)
	}
	log := filepath.Join(t.TempDir(), "sf.log")
	sf, err := engines.New("uci:cmd=" + bin + ",option.Skill Level=0,option.Threads=1,option.Hash=16,log=" + log)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.(interface{ Close() error }).Close()
	local, _ := engines.New("uct")
	_, moves := play(t, local, sf, engines.Budget{Time: 10 * time.Millisecond}, 20)
	checkSession(t, log, session{moves, games.Second})
}

// Under a clock the program is sent both sides' clocks and increments,
// and leaves the time of the move to the program ('mcarena uci' here, which
// takes it by mcarena's rule).
func TestClockGo(t *testing.T) {
	spec, logPath := helperSpec(t, "serve uct 300", ",timeout=10")
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer e.(interface{ Close() error }).Close()
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		b    engines.Budget
		want string
	}{
		{"clock", engines.Budget{Clocks: engines.Clocks{Left: [2]time.Duration{2000 * ms, 3000 * ms}, Increment: [2]time.Duration{100 * ms, 100 * ms}, On: true}},
			"uci> go wtime 2000 btime 3000 winc 100 binc 100\n"},
		{"moves to go and a time budget", engines.Budget{Time: 50 * ms, Clocks: engines.Clocks{Left: [2]time.Duration{60 * time.Second, 1500 * ms}, MovesToGo: 12, On: true}},
			"uci> go wtime 60000 btime 1500 winc 0 binc 0 movestogo 12 movetime 50\n"},
		{"a states budget", engines.Budget{States: 50, Clocks: engines.Clocks{Left: [2]time.Duration{time.Second, time.Second}, On: true}},
			"uci> go wtime 1000 btime 1000 winc 0 binc 0 nodes 50\n"},
		{"no clock", engines.Budget{Time: 20 * ms}, "uci> go movetime 20\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := games.New("chess")
			if _, err := e.Search(context.Background(), engines.NewRequest(g.NewState(), tc.b, 1)); err != nil {
				t.Fatal(err)
			}
			log, err := os.ReadFile(logPath)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(log), tc.want) {
				t.Errorf("the session has no %q:\n%s", tc.want, log)
			}
		})
	}
}

// prepare starts the program of a uci engine as a runner does before a
// game, and stops it.
func prepare(t *testing.T, spec string) error {
	t.Helper()
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer e.(interface{ Close() error }).Close()
	g, _ := games.New("chess")
	return engines.Prepare(e, g)
}

// A spec's option names, lower-case, are matched to those the program
// declares and sent as it spells them, for programs that compare names
// with case; values are checked against the option's type.
func TestOptions(t *testing.T) {
	spec, logPath := helperSpec(t, "strict", ",timeout=5,option.skill level=3,option.PONDER=True,option.style=risky,option.clear hash=x")
	if err := prepare(t, spec); err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"uci> setoption name Clear Hash\n", "uci> setoption name Ponder value true\n",
		"uci> setoption name Skill Level value 3\n", "uci> setoption name Style value Risky\n", "uci< readyok\n"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the session has no %q:\n%s", want, log)
		}
	}
	if strings.Contains(string(log), "No such option") {
		t.Errorf("the program refused an option:\n%s", log)
	}

	all := "it declares the options Skill Level (spin 0..20), Ponder (check), Style (combo Solid|Normal|Risky), Clear Hash (button), Ghost (spin 0..1); its log is "
	for _, tc := range []struct{ option, want string }{
		{"option.skill=3", `uci program uci.test: option.skill=3: the program declares no option "skill"; ` + all},
		{"option.skill level=21", "uci program uci.test: option.skill level=21: the program's option Skill Level takes a whole number in 0..20; its log is "},
		{"option.skill level=high", "option.skill level=high: the program's option Skill Level takes a whole number in 0..20"},
		{"option.ponder=maybe", "option.ponder=maybe: the program's option Ponder takes true or false"},
		{"option.style=wild", "option.style=wild: the program's option Style takes one of Solid, Normal, Risky"},
		{"option.ghost=1", `uci program uci.test refused its options: "No such option: Ghost" to "setoption name Ghost value 1"; ` + all},
	} {
		spec, _ := helperSpec(t, "strict", ",timeout=5,"+tc.option)
		if err := prepare(t, spec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v\nwant %q", tc.option, err, tc.want)
		}
	}
}

// mcarena uci declares no option: one in the spec fails the first search,
// where nothing prepared the engine, naming it.
func TestOptionsOfMcarenaUCI(t *testing.T) {
	spec, _ := helperSpec(t, "serve uct 300", ",timeout=10,option.threads=1")
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer e.(interface{ Close() error }).Close()
	g, _ := games.New("chess")
	_, err = e.Search(context.Background(), engines.NewRequest(g.NewState(), engines.Budget{States: 100}, 1))
	want := `uci program uci.test: option.threads=1: the program declares no option "threads"; it declares no options; its log is `
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v\nwant %q", err, want)
	}
}

// Stockfish's options: names sent as it declares them, and one it does
// not have refused before it could print "No such option" and carry on.
func TestStockfishOptions(t *testing.T) {
	bin := tools.Find(t, "stockfish", "stockfish")
	if strings.ContainsAny(bin, " ,'") {
		t.Skipf("stockfish's path %q cannot be given in a spec", bin)
	}
	logPath := filepath.Join(t.TempDir(), "sf.log")
	if err := prepare(t, "uci:cmd="+bin+",option.skill level=0,option.uci_limitstrength=TRUE,option.threads=1,log="+logPath); err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"uci> setoption name Skill Level value 0\n", "uci> setoption name Threads value 1\n", "uci> setoption name UCI_LimitStrength value true\n"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the session has no %q:\n%s", want, log)
		}
	}
	for _, tc := range []struct {
		option string
		want   []string
	}{
		{"option.skill=0", []string{`uci program stockfish: option.skill=0: the program declares no option "skill"; it declares the options Debug Log File (string), Threads (spin 1..`,
			", Skill Level (spin 0..20), ", ", UCI_LimitStrength (check), "}},
		{"option.skill level=21", []string{"uci program stockfish: option.skill level=21: the program's option Skill Level takes a whole number in 0..20; its log is "}},
	} {
		err := prepare(t, "uci:cmd="+bin+","+tc.option+",log="+logPath)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: got %v\nwant %q", tc.option, err, w)
			}
		}
	}
}
