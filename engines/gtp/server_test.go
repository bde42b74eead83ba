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

// session runs a script through a server of game spec with the random
// engine and returns what it wrote.
func session(t *testing.T, spec, script string) string {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engines.New("random")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := gtp.NewServer(g, e, engines.Budget{Iterations: 1}, 1).Serve(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatalf("serve: %v", err)
	}
	return out.String()
}

// The framing: ids echoed, answers ended by an empty line, blank and
// comment lines ignored, control characters dropped, tabs as spaces,
// unknown commands and wrong case refused, nothing after quit.
func TestServerProtocol(t *testing.T) {
	script := "protocol_version\n" +
		"\n   \n# a comment line\n" +
		"12 name # a comment after a command\n" +
		"13\tknown_command\tplay\r\n" +
		"known_command frobnicate\n" +
		"7 frobnicate\n" +
		"NAME\n" +
		"14\n" +
		"version\x01\n" +
		"quit\n" +
		"name\n"
	want := "= 2\n\n" +
		"=12 mcarena\n\n" +
		"=13 true\n\n" +
		"= false\n\n" +
		"?7 unknown command\n\n" +
		"? unknown command\n\n" +
		"?14 syntax error: no command\n\n" +
		"= dev\n\n" +
		"= \n\n"
	if got := session(t, "havannah:base=4", script); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// Moves: colours and vertices in any case, the turn, illegal moves with
// the game's reason, undo and its limit, the winner, and castro's resign
// to genmove after the end.
func TestServerMoves(t *testing.T) {
	for _, tc := range []struct {
		name, spec, script, want string
	}{
		{"play and undo", "havannah:base=4", "play W D4\nplay white d4\nplay b d4\nplay b z9\nplay b e4\nhistory\n1 undo\nhistory\nundo 2\nundo\nhistory",
			"= \n\n? illegal move: Black is to move, not White\n\n? illegal move: d4: taken by White\n\n" +
				"? syntax error: z9: off the board (rows a-g)\n\n= \n\n= d4 e4\n\n" +
				"=1 \n\n= d4\n\n? cannot undo: 1 moves played\n\n= \n\n= \n\n"},
		{"syntax", "havannah:base=4", "play w\nplay green d4\nplay w zz\nboardsize x\nundo -1\ntime_settings 1 2",
			"? syntax error: play COLOR VERTEX\n\n? syntax error: invalid color \"green\": want white or black\n\n" +
				"? syntax error: \"zz\": not a cell: want a row letter a-g and a number, like d4\n\n" +
				"? syntax error: boardsize \"x\": not a whole number\n\n? syntax error: undo \"-1\": want a positive whole number\n\n" +
				"? syntax error: time_settings MAIN BYO STONES\n\n"},
		{"boardsize", "havannah", "boardsize 11\nboardsize 4\nplay w g7\nplay b g8",
			"? unacceptable size: game \"havannah\": option \"base\": 11 is out of range (want base=4..10)\n\n= \n\n= \n\n" +
				"? syntax error: g8: off the board (row g holds g4-g7)\n\n"},
		// A game of one board takes its own size, which clears it, and
		// no other; a size option of rows and columns is set square.
		{"boardsize of one board", "loa", "play b b1-b3\nboardsize 8\nplay b b1-b3\nboardsize 9",
			"= \n\n= \n\n= \n\n? unacceptable size: loa is played on 8x8 only\n\n"},
		{"boardsize of rows and columns", "breakthrough:size=6x8", "boardsize 7\nshowboard",
			"= \n\n= \nbreakthrough:size=7x7, White to move\n"},
		{"boardsize of a mancala", "kalah", "boardsize 6",
			"? unacceptable size: kalah has no board size to set\n\n"},
		// a1 a2 a3 a4 with White's stones: a bridge a1-a4 ends the game.
		{"winner", "havannah:base=4", "havannah_winner\nwhite a1\nblack g4\nwhite a2\nblack g5\nwhite a3\nblack g6\nhavannah_winner\nwhite a4\nhavannah_winner\nplay b g7\ngenmove b",
			"= none\n\n= \n\n= \n\n= \n\n= \n\n= \n\n= \n\n= none\n\n= \n\n= white\n\n" +
				"? illegal move: the game is over (bridge)\n\n= resign\n\n"},
		// X is black (the first player), O white.
		{"tictactoe colours", "tictactoe", "play x b2\nplay b a1\nplay o a1\nplay w c3\nknown_command havannah_winner\nshowboard",
			"= \n\n? illegal move: O is to move, not X\n\n= \n\n? illegal move: X is to move, not O\n\n= false\n\n" +
				"= \ntictactoe, X to move\n3/1x1/o2 x\n 3  . . .\n 2  . x .\n 1  o . .\n    a b c\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := session(t, tc.spec, tc.script)
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// genmove answers a legal move and plays it; showboard draws the board
// with no empty line inside the answer.
func TestServerGenmoveAndShowboard(t *testing.T) {
	got := session(t, "havannah:base=4", "play w d4\ngenmove b\ngenmove b\ngenmove w 0.01\nhistory\nshowboard\n")
	answers := strings.Split(strings.TrimSuffix(got, "\n\n"), "\n\n")
	if len(answers) != 6 {
		t.Fatalf("want 6 answers, got %q", got)
	}
	if !strings.HasPrefix(answers[1], "= ") || answers[2] != "? White is to move, not Black" || !strings.HasPrefix(answers[3], "= ") {
		t.Errorf("genmove answers %q", answers[1:4])
	}
	moves := strings.Fields(strings.TrimPrefix(answers[4], "="))
	if len(moves) != 3 || moves[1] != answers[1][2:] || moves[2] != answers[3][2:] {
		t.Errorf("history %q after genmoves %q and %q", answers[4], answers[1], answers[3])
	}
	board := strings.Split(answers[5], "\n")
	if len(board) != 3+7 || board[0] != "= " || board[1] != "havannah:base=4, Black to move" || !strings.HasPrefix(board[6], "d1  ") || board[6][10] != 'w' {
		t.Errorf("showboard:\n%s", answers[5])
	}
}

// time_settings and castro's time set the per-move budget, and time shows
// it.
func TestServerTime(t *testing.T) {
	got := session(t, "havannah:base=4", "time_settings 0 6 3\ntime\ntime_settings 36 0 0\ntime\ntime -m 0.5 -i 20\ntime\ntime_settings 0 1 0\ntime\n")
	for _, want := range []string{
		"time per move 2s (0: none), iterations 1, states 0 (0: none)\ncastro's clock: off",
		"time per move 2s (0: none), iterations 1", // 36 s over 18 moves
		"time per move 500ms (0: none), iterations 20, states 0 (0: none)\ncastro's clock: -s 2 (stats) -m 0.5 -g 0 -r 0 -f 1\n" +
			"set with time [-p [PERCENT] | -e [X] | -s [X]] [-m SECONDS] [-g SECONDS] [-r SECONDS] [-f 0|1] [-i N]",
		"time per move 0s (0: none), iterations 20, states 0 (0: none)\ncastro's clock: off",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
		_, got, _ = strings.Cut(got, want)
	}
}

// budgets is an engine that plays the first legal move and keeps the
// budget of each search.
type budgets struct{ got []engines.Budget }

func (b *budgets) Spec() string { return "budgets" }

func (b *budgets) Search(_ context.Context, req engines.Request) (engines.Result, error) {
	b.got = append(b.got, req.Budget)
	return engines.Result{Move: req.Position.Legal(nil)[0]}, nil
}

// time_left gives the next genmove of that colour the clock (main time,
// from which the engine takes its time by mcarena's rule) or a byo-yomi
// period's share; the genmove after it has the time_settings budget again.
func TestServerTimeLeft(t *testing.T) {
	g, err := games.New("havannah:base=4")
	if err != nil {
		t.Fatal(err)
	}
	e := &budgets{}
	script := "time_settings 0 6 3\ntime_left w 30 0\ntime_left b 12.5 0\ngenmove w\ngenmove b\ntime_left w 10 4\ngenmove w\ngenmove b\ntime_left x 1 0\ntime_left w 1\ntime_left b -5 0\ntime_left b soon 0\n"
	var out strings.Builder
	if err := gtp.NewServer(g, e, engines.Budget{Iterations: 7}, 1).Serve(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	s := time.Second
	want := []engines.Budget{
		{Time: 2 * s, Iterations: 7, Clocks: engines.Clocks{Left: [2]time.Duration{30 * s, 12500 * time.Millisecond}, On: true}},
		{Time: 2 * s, Iterations: 7, Clocks: engines.Clocks{Left: [2]time.Duration{0, 12500 * time.Millisecond}, On: true}},
		{Time: 2500 * time.Millisecond, Iterations: 7},
		{Time: 2 * s, Iterations: 7},
	}
	if len(e.got) != len(want) {
		t.Fatalf("%d searches, want %d:\n%s", len(e.got), len(want), out.String())
	}
	for i := range want {
		if e.got[i] != want[i] {
			t.Errorf("search %d: budget %+v, want %+v", i+1, e.got[i], want[i])
		}
	}
	// The last four commands are refused: a colour that is none, a
	// command without its stones, time below 0 and a time that is no
	// number.
	answers := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	if n := len(answers); n != 12 || !strings.HasPrefix(answers[n-4], "? syntax error: invalid color \"x\"") ||
		!strings.HasPrefix(answers[n-3], "? syntax error: time_left COLOR SECONDS STONES") ||
		!strings.Contains(answers[n-2], `"-5": want seconds in 0..1000000`) || !strings.Contains(answers[n-1], `"soon": not a number of seconds`) {
		t.Errorf("answers %q, want 12, the last four refusing the colour x, the missing stones, -5 s and soon", answers)
	}
}

// A line longer than a command can be (1 MiB) is answered with an error,
// and the session goes on.
func TestServerLongLine(t *testing.T) {
	script := "play w " + strings.Repeat("a", 1<<20) + "\n1 name\n"
	out := session(t, "havannah", script)
	if want := "? a line of more than 1048576 bytes, skipped\n\n=1 mcarena\n\n"; out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
}
