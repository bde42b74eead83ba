package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// 'mcarena search' prints the columns and figures the engine declares,
// whose view each value is from, and cells only where a move has a number.
func TestSearchJSON(t *testing.T) {
	code, out, errs := run("search", "tictactoe", "--engine", "nmcs:level=1", "--iterations", "3", "--moves", "b2 a1", "--json")
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	var rep SearchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Position != "3/1x1/o2 x" || rep.ToMove != "X" || len(rep.Moves) != 7 {
		t.Fatalf("position %q, to move %q, %d moves; want 3/1x1/o2 x, X, 7", rep.Position, rep.ToMove, len(rep.Moves))
	}
	views := map[string]string{}
	for _, c := range rep.Columns {
		views[c.Key] = c.View
	}
	if views["outcome"] != "mover" || views["length"] != "" {
		t.Errorf("views %v: want outcome from the mover's, length from none", views)
	}
	withOutcome := 0
	for _, m := range rep.Moves {
		if _, ok := m.Cells["outcome"]; ok {
			withOutcome++
		}
	}
	if withOutcome != 3 || len(rep.Figures) == 0 || rep.Figures[0].Key != "evaluated" || rep.Figures[0].Value != 3 {
		t.Errorf("%d moves with an outcome, figures %v; want 3 and evaluated 3", withOutcome, rep.Figures)
	}
}

// A zero beside another limit is no limit of its kind, as it always was.
func TestSearchZeroBesideALimit(t *testing.T) {
	code, out, errs := run("search", "tictactoe", "--engine", "uct", "--time", "0s", "--iterations", "50")
	if code != ExitOK || !strings.Contains(out, "(iterations 50,") {
		t.Fatalf("--time 0s --iterations 50: %d %q %q", code, out, errs)
	}
}

// An engine named in the configuration is printed by its name and spec,
// one given as a spec by its spec alone.
func TestSearchNamesTheEngine(t *testing.T) {
	for _, tc := range []struct{ engine, want, name string }{
		{"hav-base", "hav-base (mcts:c=0.4,reading=mate,rave=50) plays ", "hav-base"},
		{"mcts:c=0.4,rave=50", "mcts:c=0.4,rave=50 plays ", ""},
		{"uct", "uct plays ", ""},
		{"hav-base:nodes=6000000", "hav-base:nodes=6000000 (mcts:c=0.4,nodes=6000000,reading=mate,rave=50) plays ", "hav-base:nodes=6000000"},
	} {
		code, out, errs := run("search", "havannah", "--engine", tc.engine, "--config", "../config.toml", "--iterations", "50")
		if code != ExitOK || !strings.HasPrefix(out, tc.want) {
			t.Errorf("--engine %s: %d %q %q, want it to start %q", tc.engine, code, out, errs, tc.want)
		}
		code, out, errs = run("search", "havannah", "--engine", tc.engine, "--config", "../config.toml", "--iterations", "50", "--json")
		var rep SearchReport
		if err := json.Unmarshal([]byte(out), &rep); code != ExitOK || err != nil || rep.Name != tc.name {
			t.Errorf("--engine %s --json: %d %v %q, name %q, want %q", tc.engine, code, err, errs, rep.Name, tc.name)
		}
	}
}

func TestSearchErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "tictactoe"}, "--engine is required"},
		// The tests run where no config.toml is.
		{[]string{"search", "tictactoe", "--engine", "uct-nmc1-cow"}, `unknown engine "uct-nmc1-cow": valid engines are alphabeta, gtp, mcts, nmcs, random, uci, uct, and no config.toml here names engines`},
		{[]string{"search", "tictactoe", "--engine", "uct", "--moves", "b2 b2"}, `move 2, "b2"`},
		{[]string{"search", "tictactoe", "--engine", "uct", "--iterations", "-5"}, "--iterations -5: want 1..1000000000000 (or none)"},
		{[]string{"search", "tictactoe", "--engine", "uct", "--iterations", "0"}, "--iterations 0: want 1..1000000000000 (or none)"},
		{[]string{"search", "tictactoe", "--engine", "uct", "--states", "0"}, "--states 0: want 1..1000000000000 (or none)"},
		{[]string{"analyse", "tictactoe", "--engine", "uct", "--time", "0s"}, "--time 0s: want a duration above 0"},
		{[]string{"search", "tictactoe", "--engine", "uct", "--moves", "a1 b1 a2 b2 a3"}, "is over"},
		{[]string{"search", "tictactoe", "--engine", "uct", "--clock", "5m+"}, `--clock "5m+": want BASE or BASE+INCREMENT`},
	} {
		code, _, errs := run(tc.args...)
		if code != ExitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: code %d, stderr %q; want %d and %q", tc.args, code, errs, ExitUsage, tc.want)
		}
	}
}

// --clock gives the engine the mover's clock, from which it takes the time
// of the move: a thirtieth of 300 ms is 10 ms.
func TestSearchClock(t *testing.T) {
	code, out, errs := run("search", "breakthrough", "--engine", "uct", "--clock", "300ms", "--json")
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	var rep SearchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	// The search stops at 10 ms (a loaded machine may answer later), not
	// at the 10000 iterations of a search without a budget.
	if rep.Seconds < 0.0095 || rep.Iterations == 10000 {
		t.Errorf("searched %.3f s, %d iterations; want about 10 ms", rep.Seconds, rep.Iterations)
	}
}

// The JSON's moves come in the order of its rank column, as the text's
// rows do, and the budget is the one the flags gave.
func TestSearchJSONRanksTheMoves(t *testing.T) {
	args := []string{"search", "breakthrough:size=6x6", "--engine", "mcts", "--iterations", "2000", "--seed", "1"}
	code, out, errs := run(append(args, "--json")...)
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	var rep SearchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Rank != "visits" || len(rep.Moves) != 16 {
		t.Fatalf("rank %q, %d moves; want visits, 16", rep.Rank, len(rep.Moves))
	}
	if rep.Budget != (ReportBudget{Iterations: 2000}) {
		t.Errorf("budget %+v; want iterations 2000 alone", rep.Budget)
	}
	_, text, _ := run(args...)
	rows := strings.Split(text, "\n")
	for i, m := range rep.Moves {
		if i > 0 && m.Cells["visits"] > rep.Moves[i-1].Cells["visits"] {
			t.Errorf("move %d, %s, has %v visits, more than %s before it", i, m.Move, m.Cells["visits"], rep.Moves[i-1].Move)
		}
		// The text's rows start after the move line, the PV, the views
		// and the header.
		if f := strings.Fields(rows[4+i]); len(f) == 0 || f[0] != m.Move {
			t.Errorf("text row %d is %q, the JSON's move %s", i, rows[4+i], m.Move)
		}
	}
}
