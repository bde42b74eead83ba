package gtp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/engines/gtp"
	"mcarena/games"
)

// spender is an engine that plays the first legal move, keeps the budget
// of each search and takes the next of its times on the server's clock.
type spender struct {
	now   time.Time
	spend []time.Duration
	got   []engines.Budget
}

func (e *spender) Spec() string { return "spender" }

func (e *spender) Search(_ context.Context, req engines.Request) (engines.Result, error) {
	if len(e.got) < len(e.spend) {
		e.now = e.now.Add(e.spend[len(e.got)])
	}
	e.got = append(e.got, req.Budget)
	return engines.Result{Move: req.Position.Legal(nil)[0]}, nil
}

// castroSession runs script through a server of game spec with budget b,
// its searches taking the times spend, and returns the answers and the
// budget of each search.
func castroSession(t *testing.T, spec string, b engines.Budget, script []string, spend []time.Duration) ([]string, []engines.Budget) {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	e := &spender{now: time.Unix(0, 0), spend: spend}
	srv := gtp.NewServer(g, e, b, 1)
	srv.SetNow(func() time.Time { return e.now })
	var out strings.Builder
	if err := srv.Serve(context.Background(), strings.NewReader(strings.Join(script, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n"), e.got
}

// secs is x seconds.
func secs(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }

// castro's time command, as castro's own scripts send it, sets the time of
// each move: a share of the game's time left (by the method: -p percent,
// -e and -s twice X times an even share over the legal moves), capped at
// the time left, plus -m; -g sets the time left at the start of a game,
// -r now; after each move the time left gains what the move saved of -m
// (-f 1) or loses what it overran (both); -i caps the iterations.
func TestServerCastroTime(t *testing.T) {
	s := time.Second
	// The iterations of each search, for the cases whose searches differ:
	// castro's -i 50 caps the first search alone, -i 0 lifts the cap and
	// the 1 ms minimum then bounds the second.
	searchIts := map[string][]int64{"counted only": {50, 0}}
	for _, tc := range []struct {
		name    string
		spec    string
		budget  engines.Budget
		script  []string
		spend   []time.Duration
		times   []time.Duration // each search's time budget
		its     int64           // each search's iterations; -1: the case's own in searchIts
		answers map[int]string  // answers by line, parts of them
	}{
		// tournament.rb: time -g G -m M -i N -f 0, boardsize, then
		// genmove and the opponent's moves. Havannah base 4 has 37 cells;
		// stats is castro's default method (param 2), which castro takes
		// as even at a genmove: 2*2*left/legal moves.
		{"tournament.rb", "havannah", engines.Budget{Time: s, Iterations: 7},
			[]string{"time -g 100 -m 0 -i 0 -f 0", "boardsize 4", "genmove white", "play black g4", "genmove white", "play black g5", "genmove white"},
			[]time.Duration{5 * s, 20 * s, 0},
			[]time.Duration{secs(4 * 100.0 / 37), secs(4 * 95.0 / 35), secs(4 * 75.0 / 33)}, 0,
			map[int]string{0: "= ", 1: "= ", 2: "= a1"}},
		// tournament.rb to the second player's program: the first
		// player's moves, genmove until it answers resign (after the
		// end), then winner. White's g4-g7 is a bridge.
		{"tournament.rb, the second program", "havannah", engines.Budget{Time: s, Iterations: 7},
			[]string{"time -g 100 -m 0 -i 0 -f 0", "boardsize 4", "play white g4", "genmove black", "play white g5", "genmove black",
				"play white g6", "genmove black", "play white g7", "genmove black", "winner", "quit"},
			[]time.Duration{5 * s, 5 * s, 5 * s},
			[]time.Duration{secs(4 * 100.0 / 36), secs(4 * 95.0 / 34), secs(4 * 90.0 / 32)}, 0,
			map[int]string{3: "= a1", 5: "= a2", 7: "= a3", 9: "= resign", 10: "= white", 11: "= "}},
		// lg-castro.rb (and solvertests.rb's time): castro's own
		// commands, playgame for the game so far, a fixed time a move and
		// no game time. With -f 0 the time a move saves is not kept, and
		// an overrun costs nothing more when nothing is left.
		{"lg-castro.rb", "havannah:base=4", engines.Budget{Iterations: 7},
			[]string{"hguicoords", "swap 0", "boardsize 4", "player_params -g 1", "time -r 0 -g 0 -m 240 -f 0", "playgame d4 e4 d5",
				"genmove", "play w d6", "genmove b", "play w d7", "genmove b"},
			[]time.Duration{100 * s, 300 * s, 0},
			[]time.Duration{240 * s, 240 * s, 240 * s}, 7,
			map[int]string{0: "? unknown command", 1: "? unknown command", 3: "? unknown command", 4: "= ", 5: "= ", 6: "= a1"}},
		// Every flag, and how they combine: -m is added to the share of
		// -g; -f 1 banks what a move saved; -p, -e and -s with and without
		// their number; -r sets the time left mid-game; the time left
		// never falls below 0.
		{"flags combined", "havannah", engines.Budget{Time: s},
			[]string{
				"time -m 2 -g 60 -f 1 -i 500", "boardsize 4",
				"genmove w", "play b a2", // 4*60/37 + 2; 1 s used: 60 + 1
				"genmove w", "play b a4", // 4*61/35 + 2; 10 s used: 61 - 8
				"time -p", "genmove w", "play b b2", // 10% of 53 + 2; 0 used: 53 + 2
				"time --percent 50 -r 1", "genmove w", "play b b4", // 50% of 1 + 2; 1 + 2
				"time -e 1 -f 0", "genmove w", "play b c1", // 2*3/29 + 2; 5 s used: 3 - 3
				"time -s", "genmove w", "play b c3", // 4*0/27 + 2
				"time -p 150 -r 4", "genmove w", // min(150% of 4, 4) + 2
			},
			[]time.Duration{s, 10 * s, 0, 0, 5 * s, 0, 0},
			[]time.Duration{secs(4*60.0/37 + 2), secs(4*61.0/35 + 2), secs(5.3 + 2), secs(0.5 + 2), secs(2*3.0/29 + 2), 2 * s, 6 * s}, 500, nil},
		// The order of the flags does not matter, but for a repeated one
		// the last wins.
		{"order", "havannah:base=4", engines.Budget{Time: s},
			[]string{"time -g 60 -f 1 -m 5 -i 9 -m 2", "genmove w"}, nil,
			[]time.Duration{secs(4*60.0/37 + 2)}, 9, nil},
		// -g after the first move leaves the time left (0 before any);
		// clear_board and boardsize start the game with it. Without -m the
		// time per move is the one in force (the command line's).
		{"game time at the start", "havannah:base=4", engines.Budget{Time: s},
			[]string{"play w d4", "time -g 50", "genmove b", "clear_board", "genmove w", "time -r 7", "boardsize 4", "genmove w"}, // -r 7, then 50 again
			[]time.Duration{0, 0, 0},
			[]time.Duration{s, secs(4*50.0/37 + 1), secs(4*50.0/37 + 1)}, 0, nil},
		// genmove SECONDS searches that long, and castro's clock books it.
		{"genmove seconds", "havannah:base=4", engines.Budget{Time: s},
			[]string{"time -m 2 -r 10 -f 1", "genmove w 0.5", "genmove b"},
			[]time.Duration{s / 2, 0},
			[]time.Duration{s / 2, secs(4*11.5/36 + 2)}, 0, nil},
		// time_settings replaces castro's clock.
		{"time_settings after time", "havannah:base=4", engines.Budget{Time: s},
			[]string{"time -m 3 -g 100", "time_settings 0 6 3", "genmove w"}, nil,
			[]time.Duration{2 * s}, 0, nil},
		// Only counted caps and no time: the iterations alone, as castro
		// searches without a timer when its time is 0.
		{"counted only", "havannah:base=4", engines.Budget{Time: s},
			[]string{"time -m 0 -g 0 -i 50", "genmove w", "time -i 0", "genmove b"}, nil,
			[]time.Duration{0, time.Millisecond}, -1, nil},
		// castro plays a forced move without a search when the time saved
		// is kept (-f 1), and searches it with -f 0. TicTacToe's X is b.
		{"forced move", "tictactoe", engines.Budget{Time: s},
			[]string{"time -m 1 -f 1", "play b a1", "play w b2", "play b c3", "play w b1", "play b b3", "play w a3", "play b c1", "play w c2", "genmove b", "time"},
			nil, nil, 0,
			map[int]string{9: "= a2", 10: "castro's clock: -s 2 (stats) -m 1 -g 0 -r 1 -f 1\n"}},
		{"forced move, -f 0", "tictactoe", engines.Budget{Time: s},
			[]string{"time -m 1 -f 0", "play b a1", "play w b2", "play b c3", "play w b1", "play b b3", "play w a3", "play b c1", "play w c2", "genmove b", "time"},
			nil, []time.Duration{s}, 0,
			map[int]string{9: "= a2", 10: "castro's clock: -s 2 (stats) -m 1 -g 0 -r 0 -f 0\n"}},
		// A refused command changes nothing; messages name the valid forms.
		{"errors", "havannah:base=4", engines.Budget{Time: s, Iterations: 3},
			[]string{"time -x", "time -m", "time -m abc", "time -f 2", "time -i -3", "time -p 5 -m 4 -q 1", "genmove w"}, nil,
			[]time.Duration{s}, 3,
			map[int]string{
				0: "? syntax error: time -x: not one of castro's flags: time [-p [PERCENT] | -e [X] | -s [X]] [-m SECONDS] [-g SECONDS] [-r SECONDS] [-f 0|1] [-i N]",
				1: "? syntax error: time -m needs SECONDS",
				2: "? syntax error: time -m \"abc\": want seconds, 0 to 1000000",
				3: "? syntax error: time -f \"2\": want 0 or 1",
				4: "? syntax error: time -i \"-3\": want a whole number of iterations, 0 (none) or more",
				5: "? syntax error: time -q: not one of castro's flags",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answers, got := castroSession(t, tc.spec, tc.budget, tc.script, tc.spend)
			if len(answers) != len(tc.script) {
				t.Fatalf("%d answers to %d commands: %q", len(answers), len(tc.script), answers)
			}
			for i, a := range answers {
				if strings.HasPrefix(a, "?") && tc.answers[i] == "" {
					t.Errorf("%s: %s", tc.script[i], a)
				}
			}
			for i, want := range tc.answers {
				if !strings.Contains(answers[i], want) {
					t.Errorf("%s: answer %q, want %q", tc.script[i], answers[i], want)
				}
			}
			if len(got) != len(tc.times) {
				t.Fatalf("%d searches, want %d: %q", len(got), len(tc.times), answers)
			}
			for i, b := range got {
				if d := b.Time - tc.times[i]; d < -time.Microsecond || d > time.Microsecond {
					t.Errorf("search %d: time %v, want %v", i+1, b.Time, tc.times[i])
				}
				its := tc.its
				if its < 0 {
					its = searchIts[tc.name][i]
				}
				if b.Iterations != its {
					t.Errorf("search %d: iterations %d, want %d", i+1, b.Iterations, its)
				}
			}
		})
	}
}

// castro's other names and commands: clear, exit, size (morat's), print,
// white and black, playgame, winner (and havannah_winner in Havannah),
// help; genmove answers resign after the end.
func TestServerCastroCommands(t *testing.T) {
	for _, tc := range []struct {
		name, spec string
		script     []string
		want       []string // answers, prefixes
	}{
		{"aliases", "havannah:base=5", []string{"size 4", "white d4", "black e4", "print", "clear", "history", "size 11", "exit", "name"},
			[]string{"= ", "= ", "= ", "= \nhavannah:base=4, White to move", "= ", "= ", "? unacceptable size: game \"havannah\": option \"base\": 11 is out of range", "= "}},
		// a1-a4 is a bridge: a4, the seventh move of the last playgame,
		// ends the game, the eighth is refused and the seven stay played. A
		// vertex off the board is a syntax error, the moves before it
		// played. After the end a vertex that names no cell is still a
		// syntax error, a cell refused for the end.
		{"playgame and winner", "havannah:base=4", []string{"playgame d4 e4 d5", "history", "playgame d4", "playgame e5 z9", "undo 4",
			"winner", "playgame a1 g4 a2 g5 a3 g6 a4 g7", "history", "winner", "havannah_winner", "black zz", "black g7",
			"genmove", "genmove b", "genmove x", "playgame"},
			[]string{"= ", "= d4 e4 d5", "? illegal move: playgame's move 1, d4: d4: taken by White (the 0 before it are played)",
				"? syntax error: playgame's move 2, z9: z9: off the board (rows a-g) (the 1 before it are played)", "= ",
				"= none", "? illegal move: playgame's move 8, g7: the game is over (bridge) (the 7 before it are played)",
				"= a1 g4 a2 g5 a3 g6 a4", "= white", "= white",
				"? syntax error: \"zz\": not a cell: want a row letter a-g and a number, like d4", "? illegal move: the game is over (bridge)", "= resign", "= resign", "? syntax error: invalid color \"x\": want white or black", "= "}},
		// TicTacToe's X is b: winner names it black.
		{"winner colours", "tictactoe", []string{"playgame a1 b1 a2 b2 a3", "winner", "known_command havannah_winner",
			"clear", "playgame a1 b2 c3 b1 b3 a3 c1 c2", "winner", "black a2", "winner"},
			[]string{"= ", "= black", "= false", "= ", "= ", "= none", "= ", "= draw"}},
		{"help", "havannah:base=4", []string{"help", "known_command clear", "known_command size"},
			[]string{"= \nall_legal: the legal moves\nblack VERTEX: castro's play black\nboardsize N: ", "= true", "= true"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answers, _ := castroSession(t, tc.spec, engines.Budget{Iterations: 1}, tc.script, nil)
			if len(answers) != len(tc.want) {
				t.Fatalf("%d answers, want %d: %q", len(answers), len(tc.want), answers)
			}
			for i, want := range tc.want {
				if !strings.HasPrefix(answers[i], want) {
					t.Errorf("%s: answer %q, want %q", tc.script[i], answers[i], want)
				}
			}
		})
	}
}

// help gives each command its form.
func TestServerHelpCoversCommands(t *testing.T) {
	answers, _ := castroSession(t, "havannah:base=4", engines.Budget{Iterations: 1}, []string{"list_commands", "help"}, nil)
	names := strings.Split(strings.TrimPrefix(answers[0], "= "), "\n")
	forms := strings.Split(strings.TrimPrefix(answers[1], "= \n"), "\n")
	if len(names) != len(forms) {
		t.Fatalf("%d commands, %d forms:\n%s", len(names), len(forms), answers[1])
	}
	for i, n := range names {
		if !strings.HasPrefix(forms[i], n+" ") && !strings.HasPrefix(forms[i], n+":") {
			t.Errorf("command %s: help line %q", n, forms[i])
		}
	}
}
