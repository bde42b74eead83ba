package gtp_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
	"mcarena/tournament"
)

// helperEngine returns a gtp engine whose program is this test binary as
// the helper named by args (see TestMain), its log in a temporary
// directory, and the log's path.
func helperEngine(t *testing.T, opts string, args ...string) (engines.Engine, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	if strings.ContainsAny(exe, " '") {
		t.Skipf("the test binary's path %q holds a space or a quote", exe)
	}
	log := filepath.Join(t.TempDir(), "program.log")
	spec := "gtp:cmd='" + exe + " gtp-helper " + strings.Join(args, " ") + "',log=" + log
	if opts != "" {
		spec += "," + opts
	}
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.(interface{ Close() error }).Close() })
	return e, log
}

// mcarena plays itself through GTP: a Havannah base 4 game between the
// program (MCTS, 30 iterations a move, in another process) and MCTS in
// this one, each seat once. Every move is legal, the games end, and the
// program's log holds the session.
func TestSelfPlayThroughGTP(t *testing.T) {
	g, err := games.New("havannah:base=4")
	if err != nil {
		t.Fatal(err)
	}
	remote, log := helperEngine(t, "", "serve", g.Spec(), "mcts:c=0.5,rave=100", "30")
	local, err := engines.New("mcts")
	if err != nil {
		t.Fatal(err)
	}
	for i, seats := range [][2]engines.Engine{{remote, local}, {local, remote}} {
		p, ok := tournament.Play(context.Background(), g, seats, engines.Budget{Iterations: 30}, uint64(i+1))
		if !ok || p.Err != "" {
			t.Fatalf("game %d: %v %s", i, ok, p.Err)
		}
		s := g.NewState()
		for j, m := range p.Moves {
			mv, err := s.ParseMove(m.Move)
			if err != nil {
				t.Fatalf("game %d, ply %d: %v", i, j+1, err)
			}
			s.Play(mv)
		}
		if !s.Terminal() || s.Outcome() != p.Outcome {
			t.Errorf("game %d: %d moves, terminal %v, outcome %v (reported %v)", i, len(p.Moves), s.Terminal(), s.Outcome(), p.Outcome)
		}
	}
	text, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"helper: serving havannah:base=4 with mcts:c=0.5,rave=100", "gtp> 1 boardsize 4", "gtp> 2 clear_board", "genmove w", "genmove b"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the log has no %q:\n%s", want, text)
		}
	}
	// One program for both games: the second game cleared the board once
	// more, and each search sent only the moves since the last.
	if n := strings.Count(string(text), "clear_board"); n != 2 {
		t.Errorf("%d clear_board in the log, want 2", n)
	}
	if n := strings.Count(string(text), "gtp: start"); n != 1 {
		t.Errorf("the program started %d times, want 1", n)
	}
}

// Without a history (analyse), the stones on the board are replayed in
// turn; a set-up position of a game that does not place stones fails
// with a clear error.
func TestReplayWithoutHistory(t *testing.T) {
	g, _ := games.New("havannah:base=4")
	s, err := g.ParsePosition("w.../...../....../...b.../....../...../..w. b")
	if err != nil {
		t.Fatal(err)
	}
	e, log := helperEngine(t, "", "serve", g.Spec(), "random", "1")
	res, err := e.Search(context.Background(), engines.NewRequest(s, engines.Budget{Iterations: 1}, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ParseMove(s.MoveString(res.Move)); err != nil {
		t.Errorf("answer %s: %v", s.MoveString(res.Move), err)
	}
	text, _ := os.ReadFile(log)
	if !strings.Contains(string(text), "play w a1") || !strings.Contains(string(text), "play b d4") || !strings.Contains(string(text), "play w g6") {
		t.Errorf("the stones were not replayed:\n%s", text)
	}

	bt, _ := games.New("breakthrough")
	pos := bt.NewState()
	pos.Play(pos.Legal(nil)[0])
	_, err = e.Search(context.Background(), engines.NewRequest(pos, engines.Budget{Iterations: 1}, 1))
	if err == nil || !strings.Contains(err.Error(), "cannot replay the position") {
		t.Errorf("breakthrough without history: %v", err)
	}
}

// A program that answers resign resigns the game: the search fails with
// engines.ErrResigned, naming the program, which stays up for the next.
func TestProgramResigns(t *testing.T) {
	g, _ := games.New("havannah:base=4")
	e, log := helperEngine(t, "", "resign")
	req := engines.Request{Position: g.NewState(), Start: g.NewState(), Budget: engines.Budget{Iterations: 1}}
	for range 2 {
		res, err := e.Search(context.Background(), req)
		if !errors.Is(err, engines.ErrResigned) || res.Move != games.NoMove || !strings.Contains(err.Error(), "gtp program") {
			t.Fatalf("move %v, error %v; want a resignation", res.Move, err)
		}
	}
	text, _ := os.ReadFile(log)
	if n := strings.Count(string(text), "gtp: start"); n != 1 {
		t.Errorf("started %d times, want once:\n%s", n, text)
	}
}

// A program that dies, answers garbage or says nothing fails the search
// with an error that names the command, what came back and the log; the
// next search starts the program again.
func TestProgramFailures(t *testing.T) {
	g, _ := games.New("havannah:base=4")
	for _, tc := range []struct {
		name string
		opts string
		args []string
		want []string
	}{
		{"dies", "", []string{"die", "2"}, []string{`after the command "play w d4"`, "exit status 3", `"helper: out of cheese"`, "its log is "}},
		{"garbage", "", []string{"garbage"}, []string{`answered "hello there" to "boardsize 4": not a GTP answer`, "its log is "}},
		{"mute", "timeout=0.2", []string{"mute"}, []string{`gave no answer to "boardsize 4" within 200ms`, "its log is "}},
		{"not a program", "", []string{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e engines.Engine
			var log string
			if tc.want == nil {
				var err error
				e, err = engines.New("gtp:cmd=/nonexistent/gtp-program")
				if err != nil {
					t.Fatal(err)
				}
				tc.want = []string{"cannot start /nonexistent/gtp-program"}
			} else {
				e, log = helperEngine(t, tc.opts, tc.args...)
			}
			s := g.NewState()
			d4, _ := s.ParseMove("d4")
			s.Play(d4)
			req := engines.Request{Position: s, Start: g.NewState(), History: []games.Move{d4}, Budget: engines.Budget{Iterations: 1}}
			for try := range 2 {
				_, err := e.Search(context.Background(), req)
				if err == nil {
					t.Fatalf("try %d: no error", try)
				}
				for _, w := range tc.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("try %d: error %q lacks %q", try, err, w)
					}
				}
				if log != "" && !strings.Contains(err.Error(), log) {
					t.Errorf("error %q does not name the log %s", err, log)
				}
			}
			if log != "" {
				text, _ := os.ReadFile(log)
				if n := strings.Count(string(text), "gtp: start"); n != 2 {
					t.Errorf("started %d times, want 2:\n%s", n, text)
				}
			}
		})
	}
}

// Searches on one Engine from several goroutines wait for each other:
// each gets a move legal in its own position (crossed answers would give
// one a move of another's, here a cell another has taken).
func TestConcurrentSearches(t *testing.T) {
	g, _ := games.New("havannah:base=4")
	e, _ := helperEngine(t, "", "serve", g.Spec(), "random", "1")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			s := g.NewState()
			var hist []games.Move
			for range i {
				m := s.Legal(nil)[0]
				s.Play(m)
				hist = append(hist, m)
			}
			res, err := e.Search(context.Background(), engines.Request{Position: s, Start: g.NewState(), History: hist, Budget: engines.Budget{Iterations: 1}})
			if err == nil && !slices.Contains(s.Legal(nil), res.Move) {
				err = fmt.Errorf("search %d: move %d is not legal in its position %s", i, res.Move, s)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// A spec needs a command line, and one with commas reads back from its
// canonical form.
func TestSpec(t *testing.T) {
	if _, err := engines.New("gtp"); err == nil || !strings.Contains(err.Error(), "command line is required") {
		t.Errorf("gtp without cmd: %v", err)
	}
	e, err := engines.New("gtp:cmd='mcarena gtp --engine mcts:c=0.5,rave=100',timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	if want := "gtp:cmd='mcarena gtp --engine mcts:c=0.5,rave=100',timeout=5"; e.Spec() != want {
		t.Errorf("spec %q, want %q", e.Spec(), want)
	}
	if again, err := engines.New(e.Spec()); err != nil || again.Spec() != e.Spec() {
		t.Errorf("the canonical spec does not read back: %v", err)
	}
}

// Under a clock the program is told the time control once a game and both
// clocks before each genmove, and the game is played to its end.
func TestClockThroughGTP(t *testing.T) {
	g, err := games.New("havannah:base=4")
	if err != nil {
		t.Fatal(err)
	}
	remote, log := helperEngine(t, "", "serve", g.Spec(), "mcts", "30")
	local, err := engines.New("mcts")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := tournament.PlayClocked(context.Background(), g.NewState(), [2]engines.Engine{remote, local}, engines.Budget{Iterations: 30},
		engines.TimeControl{Base: 20 * time.Second, Increment: time.Second}, 1)
	if !ok || p.Err != "" || p.Reason != "" {
		t.Fatalf("ok %v, error %q, reason %q", ok, p.Err, p.Reason)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	session := string(b)
	if n := strings.Count(session, " time_settings 20.000 0 0\n"); n != 1 {
		t.Errorf("time_settings sent %d times, want once:\n%s", n, session)
	}
	if n, want := strings.Count(session, " time_left w "), (len(p.Moves)+1)/2; n != want {
		t.Errorf("time_left w sent %d times, want %d (once a genmove)", n, want)
	}
	if n, want := strings.Count(session, " time_left b "), (len(p.Moves)+1)/2; n != want {
		t.Errorf("time_left b sent %d times, want %d (once a genmove)", n, want)
	}
	if !strings.Contains(session, " time_left b 20.000 0\n") {
		t.Errorf("no time_left b 20.000 0 before the first genmove:\n%s", session)
	}
}

// mcarena plays a tournament against itself through GTP: a preset of
// config.toml's kind pairs the gtp engine (this test binary serving MCTS in
// another process) with MCTS in this one on Havannah base 4, and the
// runner plays, records and scores its games as any others, with no game
// lost to an error.
func TestTournamentThroughGTP(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	if strings.ContainsAny(exe, " '\"\\") {
		t.Skipf("the test binary's path %q holds a space, a quote or a backslash", exe)
	}
	dir := t.TempDir()
	text := `[engines.remote]
family = "gtp"
cmd = "` + exe + ` gtp-helper serve havannah:base=4 mcts:c=0.5,rave=100 30"
log = "` + filepath.Join(dir, "program.log") + `"

[engines.local]
family = "mcts"

[presets.self]
games = ["havannah:base=4"]
pairs = [["remote", "local"]]
budgets = ["iterations=30"]
count = 4
seed = 9
`
	cfg, err := config.Parse("self.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("self")
	plan, err := tournament.NewPlan(cfg, p)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "self.jsonl")
	n, err := tournament.Run(context.Background(), plan, out, tournament.Options{Workers: 1}, nil)
	if err != nil || n != 4 {
		t.Fatalf("played %d games: %v", n, err)
	}
	recs, _, tail, err := tournament.ReadResults(out)
	if err != nil || tail != nil || len(recs) != 4 {
		t.Fatalf("results: %d records, %v, %v", len(recs), tail, err)
	}
	firsts := 0
	for _, r := range recs {
		if r.Error != "" || r.Result == "" {
			t.Errorf("game %d: result %q, error %q", r.Index, r.Result, r.Error)
		}
		if r.FirstSeat == 0 {
			firsts++
		}
	}
	if firsts != 2 {
		t.Errorf("the program moved first in %d of 4 games, want 2", firsts)
	}
	log, err := os.ReadFile(filepath.Join(dir, "program.log"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), "clear_board"); n != 4 || !strings.Contains(string(log), "genmove") {
		t.Errorf("the program's log holds %d games, want the sessions of 4:\n%s", n, log)
	}
}

// Option games limits the games a program is offered and searched in; an
// unknown name is refused with the valid ones; without it any game goes.
func TestGamesOption(t *testing.T) {
	for spec, want := range map[string]string{
		"gtp:cmd=castro,games=havannah/hex":      `unknown game "hex": valid games are`,
		"gtp:cmd=castro,games=nogo/havannah":     `write "nogo/havannah" as havannah/nogo`,
		"gtp:cmd=castro,games=Havannah":          `write "Havannah" as havannah`,
		"gtp:cmd=castro,games=havannah/havannah": `as havannah (lower case, in order, each game once)`,
	} {
		if _, err := engines.New(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
	if e, err := engines.New("gtp:cmd=castro,games=havannah/nogo"); err != nil || e.Spec() != "gtp:cmd=castro,games=havannah/nogo" {
		t.Errorf("the canonical form: %v", err)
	}
	for _, tc := range []struct {
		spec, game string
		ok         bool
	}{
		{"gtp:cmd=castro,games=havannah", "havannah:base=4", true},
		{"gtp:cmd=castro,games=havannah", "chess", false},
		{"gtp:cmd=castro,games=havannah/nogo", "nogo", true},
		{"gtp:cmd=castro", "chess", true},
	} {
		e, err := engines.New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		g, err := games.New(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		err = engines.CheckGame(e, g)
		if (err == nil) != tc.ok {
			t.Errorf("%s plays %s: %v, want ok %v", tc.spec, tc.game, err, tc.ok)
		}
		if tc.ok {
			continue
		}
		if !strings.Contains(err.Error(), "plays havannah through GTP (its option games), not chess") {
			t.Errorf("message: %v", err)
		}
		// The search refuses too, before any program is started.
		_, err = e.Search(context.Background(), engines.Request{Position: g.NewState(), Start: g.NewState(), Budget: engines.Budget{Iterations: 1}})
		if err == nil || !strings.Contains(err.Error(), "its option games") {
			t.Errorf("search of %s in %s: %v", tc.spec, tc.game, err)
		}
	}
}
