package uci_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcarena/config"
	"mcarena/games"
	"mcarena/internal/tools"
	"mcarena/tournament"
)

// A preset of four short games through the uci family: mcarena's own
// 'mcarena uci' (this test binary as its helper) against uct, three
// hundred states a move.
func TestTournamentThroughUCI(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	if strings.ContainsAny(exe, " '\"\\") {
		t.Skipf("the test binary's path %q holds a space, a quote or a backslash", exe)
	}
	runPreset(t, `cmd = "`+exe+` uci-helper serve uct 300"`, "states=300")
}

// The same against Debian's stockfish at its lowest skill, 10 ms a move;
// skipped where stockfish is not installed.
func TestTournamentAgainstStockfish(t *testing.T) {
	bin := tools.Find(t, "stockfish", "stockfish")
	if strings.ContainsAny(bin, " '\"\\") {
		t.Skipf("stockfish's path %q holds a space, a quote or a backslash", bin)
	}
	runPreset(t, `cmd = "`+bin+`"
"option.Skill Level" = 0
"option.Threads" = 1`, "10ms")
}

// An option the program does not declare stops a run before its first
// game: the engine is prepared, and its program started, before a game.
func TestTournamentStopsAtUnknownOption(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	if strings.ContainsAny(exe, " '\"\\") {
		t.Skipf("the test binary's path %q holds a space, a quote or a backslash", exe)
	}
	dir := t.TempDir()
	text := `[engines.remote]
family = "uci"
cmd = "` + exe + ` uci-helper serve uct 300"
"option.Threads" = 1
log = "` + filepath.Join(dir, "program.log") + `"

[engines.local]
family = "uct"

[presets.uci]
games = ["chess"]
pairs = [["remote", "local"]]
budgets = ["states=300"]
count = 2
`
	out := filepath.Join(dir, "uci.jsonl")
	n, err := playUCIPreset(t, text, out)
	want := `option.threads=1: the program declares no option "threads"; it declares no options`
	if n != 0 || err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("played %d games: %v\nwant the error %q", n, err, want)
	}
	if recs, _, _, err := tournament.ReadResults(out); len(recs) != 0 {
		t.Errorf("%d games recorded (%v)", len(recs), err)
	}
}

// playUCIPreset reads the TOML text, whose preset uci it plays on one
// worker into the results file out, and returns the games played and the
// run's error.
func playUCIPreset(t *testing.T, text, out string) (int, error) {
	t.Helper()
	cfg, err := config.Parse("uci.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("uci")
	plan, err := tournament.NewPlan(cfg, p)
	if err != nil {
		t.Fatal(err)
	}
	return tournament.Run(context.Background(), plan, out, tournament.Options{Workers: 1}, nil)
}

// runPreset plays four games of chess, 40 plies at most, between the uci
// engine of the TOML lines program and uct under budget, and checks that
// every game was recorded and scored by the rules from its moves, that
// each engine moved first in two, and that the program's log holds the
// sessions of the four games, its program started once and told of each
// new game.
func runPreset(t *testing.T, program, budget string) {
	const count, game = 4, "chess:maxplies=40"
	dir := t.TempDir()
	logPath := filepath.Join(dir, "program.log")
	text := `[engines.remote]
family = "uci"
` + program + `
log = "` + logPath + `"

[engines.local]
family = "uct"

[presets.uci]
games = ["` + game + `"]
pairs = [["remote", "local"]]
budgets = ["` + budget + `"]
count = 4
seed = 9
`
	out := filepath.Join(dir, "uci.jsonl")
	n, err := playUCIPreset(t, text, out)
	if err != nil || n != count {
		t.Fatalf("played %d games: %v", n, err)
	}
	recs, _, tail, err := tournament.ReadResults(out)
	if err != nil || tail != nil || len(recs) != count {
		t.Fatalf("results: %d records, %v, %v", len(recs), tail, err)
	}
	g, err := games.New(game)
	if err != nil {
		t.Fatal(err)
	}
	firsts := 0
	var sessions []session
	for _, r := range recs {
		if r.Error != "" || r.Reason != "" {
			t.Errorf("game %d: error %q, reason %q", r.Index, r.Error, r.Reason)
		}
		if r.FirstSeat == 0 {
			firsts++
		}
		s := g.NewState()
		var moves []games.Move
		for i, ms := range r.Moves {
			m, err := s.ParseMove(ms.Move)
			if err != nil || s.Terminal() {
				t.Fatalf("game %d, ply %d: %s: %v (terminal: %v)", r.Index, i+1, ms.Move, err, s.Terminal())
			}
			s.Play(m)
			moves = append(moves, m)
		}
		winner := -1
		switch s.Outcome() {
		case games.FirstWins:
			winner = r.FirstSeat
		case games.SecondWins:
			winner = 1 - r.FirstSeat
		}
		if !s.Terminal() || r.Plies != len(r.Moves) || r.Result != s.Outcome().String() || r.Winner != winner || r.Score != s.Score() {
			t.Errorf("game %d: %d plies (%d moves), result %q, winner %d, score %d; its moves end (terminal: %v) in %s, winner %d, score %d",
				r.Index, r.Plies, len(r.Moves), r.Result, r.Winner, r.Score, s.Terminal(), s.Outcome(), winner, s.Score())
		}
		seat := games.First
		if r.FirstSeat == 1 {
			seat = games.Second
		}
		sessions = append(sessions, session{moves, seat})
	}
	if firsts != count/2 {
		t.Errorf("the program moved first in %d of %d games, want %d", firsts, count, count/2)
	}
	checkSession(t, logPath, sessions...)
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), "uci: start "); n != 1 {
		t.Errorf("the program was started %d times, want once:\n%s", n, log)
	}
	// Each game begins with ucinewgame, answered before its first search.
	if n := strings.Count(string(log), "uci> ucinewgame\n"); n != count {
		t.Errorf("the program was sent ucinewgame %d times, want once a game (%d):\n%s", n, count, log)
	}
}
