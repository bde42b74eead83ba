package config

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"mcarena/engines"
)

// presetBase names three engines for the preset tests.
const presetBase = "[engines.a]\nfamily = \"random\"\n[engines.b]\nfamily = \"random\"\n[engines.c]\nfamily = \"random\"\n\n"

// Mistakes inside a preset name the preset's key, the real range and what
// is valid; line numbers count from the first line of presetBase (line 8 is
// the preset's header).
func TestPresetErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"broken header", "[presets.p\ngames = [\"nogo\"]\n", "x.toml:8: [presets.p: expected '.' or ']' to end table name"},
		{"description a number", "[presets.p]\ndescription = 5\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\n",
			`x.toml:9: presets.p.description: want text in quotes, like description = "..."`},
		{"reading a list", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nreading = [\"a\"]\n",
			`x.toml:11: presets.p.reading: want text in quotes, like reading = "..."`},
		{"syntax inside", "[presets.p]\ngames = [\"nogo\"]\ncount 3\n", "x.toml:10: presets.p: expected '.' or '='"},
		{"paper of the wrong shape", "[presets.p]\ngames = [\"nogo\", \"tictactoe\"]\npairs = [[\"a\", \"b\"]]\npaper = [[[70]]]\n",
			`x.toml:11: presets.p.paper: want 1 list (one per pair) of 1 list (one per budget) of 2 percentages (one per game)`},
		{"no games", "[presets.p]\npairs = [[\"a\", \"b\"]]\n", `x.toml:8: presets.p.games: want a list of game specs`},
		{"same game twice", "[presets.p]\ngames = [\"nogo\", \"nogo:size=5\"]\npairs = [[\"a\", \"b\"]]\n",
			`x.toml:9: presets.p.games: "nogo" and "nogo:size=5" are the same game (nogo): list each game once`},
		{"same pair twice", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"], [\"a\", \"b\"]]\n",
			`x.toml:10: presets.p.pairs: the pair ["a", "b"] comes twice`},
		{"a pair and its reverse", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"], [\"b\", \"a\"]]\n",
			`x.toml:10: presets.p.pairs: the pairs ["a", "b"] and ["b", "a"] are one match, since seats swap every game (swap = true)`},
		{"round robin repeats", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\", \"b\"]\n",
			`x.toml:10: presets.p.round_robin: engine "b" is listed twice: list each engine once`},
		{"round robin repeats apart", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\", \"a\"]\n",
			`x.toml:10: presets.p.round_robin: engine "a" is listed twice: list each engine once, or it meets itself`},
		{"gauntlet repeats its champion", "[presets.p]\ngames = [\"nogo\"]\ngauntlet = [\"a\", \"a\", \"b\"]\n",
			`x.toml:10: presets.p.gauntlet: engine "a" is listed twice`},
		{"same budget twice", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"1s\", \"1000ms\"]\n",
			`x.toml:11: presets.p.budgets: budgets "1s" and "1000ms" are the same`},
		{"negative budget", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"-1s\"]\n",
			`x.toml:11: presets.p.budgets: budget "-1s": want a duration above 0 and at most 24h0m0s`},
		{"malformed clock", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"1s\", \"clock=5m+x\"]\n",
			`x.toml:11: presets.p.budgets: budget "clock=5m+x": clock= needs BASE or BASE+INCREMENT, Go durations with BASE above 0 and both at most 24h, like 5m, 5m+2s or 90s+500ms`},
		{"same clock twice", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"clock=5m\", \"clock=300s+0s\"]\n",
			`x.toml:11: presets.p.budgets: budgets "clock=5m" and "clock=300s+0s" are the same`},
		{"negative iterations", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"iterations=-5\"]\n",
			`x.toml:11: presets.p.budgets: budget "iterations=-5": iterations needs a whole number in 1..1000000000000`},
		{"paper budget on a board the paper did not time", "[presets.p]\ngames = [\"nogo\", \"breakthrough:size=8x8\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"paper=10ms\"]\n",
			`x.toml:11: presets.p.budgets: budget "paper=10ms" is time on the NMCS paper's machine, whose speed (Table 3) is known for atarigo, breakthrough, breakthrough:misere, domineering, domineering:misere, knightthrough, knightthrough:misere, nogo, nogo:misere; not for "breakthrough:size=8x8"`},
		{"count too large", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\ncount = 10000001\n",
			"x.toml:11: presets.p.count: want a whole number of games per match in 1..10000000"},
		{"paper nan", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper = [[[nan]]]\n",
			"x.toml:11: presets.p.paper: NaN is not a percentage: want 0..100, or -1 for none"},
		{"paper inf", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper = [[[inf]]]\n",
			"x.toml:11: presets.p.paper: +Inf is not a percentage: want 0..100, or -1 for none"},
		{"protocol unknown", "[presets.p]\ngames = [\"kalah:start=random\"]\npairs = [[\"a\", \"b\"]]\nprotocol = \"pair\"\n",
			`x.toml:11: presets.p.protocol: want "games" (every game scored on its own) or "pairs" (seat-swapped pairs from one random start, each pair scored)`},
		{"protocol pairs without swap", "[presets.p]\ngames = [\"kalah:start=random\"]\npairs = [[\"a\", \"b\"]]\nswap = false\nprotocol = \"pairs\"\n",
			`x.toml:11: presets.p.swap: protocol "pairs" plays every start twice with seats swapped: swap must be true`},
		{"protocol pairs odd count", "[presets.p]\ngames = [\"kalah:start=random\"]\npairs = [[\"a\", \"b\"]]\ncount = 7\nprotocol = \"pairs\"\n",
			`x.toml:11: presets.p.count: protocol "pairs" plays games in seat-swapped pairs: want an even number of games per match, not 7`},
		{"protocol pairs fixed start", "[presets.p]\ngames = [\"kalah:start=random\", \"kalah:houses=3\"]\npairs = [[\"a\", \"b\"]]\nprotocol = \"pairs\"\n",
			`x.toml:9: presets.p.games: protocol "pairs" plays each pair from a random start, and kalah:houses=3 starts from a fixed position: give games with a random start (kalah:start=random)`},
		{"elimination of one engine", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\"]\n",
			`x.toml:10: presets.p.elimination: want a list of at least two engine names in seeding order`},
		{"elimination not a list", "[presets.p]\ngames = [\"nogo\"]\nelimination = \"a\"\n",
			`x.toml:10: presets.p.elimination: want a list of at least two engine names in seeding order`},
		{"elimination engine twice", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\", \"a\"]\n",
			`x.toml:10: presets.p.elimination: engine "a" is listed twice: list each engine once`},
		{"elimination unknown engine", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"z\"]\n",
			`x.toml:10: presets.p.elimination: unknown engine "z": the file names a, b, c`},
		{"elimination with pairs", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\nelimination = [\"a\", \"b\"]\n",
			`x.toml:11: presets.p.elimination: an elimination tournament makes its own pairs round by round: give elimination alone, without pairs`},
		{"elimination with round robin and gauntlet", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\nround_robin = [\"a\", \"b\"]\ngauntlet = [\"a\", \"b\"]\n",
			`x.toml:10: presets.p.elimination: an elimination tournament makes its own pairs round by round: give elimination alone, without round_robin or gauntlet`},
		{"elimination on two games", "[presets.p]\ngames = [\"nogo\", \"tictactoe\"]\nelimination = [\"a\", \"b\"]\n",
			`x.toml:9: presets.p.games: an elimination tournament plays one bracket on one game: give one game, not 2`},
		{"elimination under two budgets", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\nbudgets = [\"1s\", \"2s\"]\n",
			`x.toml:11: presets.p.budgets: an elimination tournament plays one bracket under one budget: give one budget, not 2`},
		{"elimination in pairs of an odd count", "[presets.p]\ngames = [\"kalah:start=random\"]\nelimination = [\"a\", \"b\"]\nprotocol = \"pairs\"\ncount = 5\n",
			`x.toml:12: presets.p.count: protocol "pairs" plays games in seat-swapped pairs: want an even number of games per match, not 5`},
		{"elimination with paper win rates", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper = [[[50]]]\n",
			`x.toml:11: presets.p.paper: an elimination tournament has no fixed pairs to give win rates for: name the paper's winner with paper_winner`},
		{"paper winner not an entrant", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_winner = \"c\"\n",
			`x.toml:11: presets.p.paper_winner: want one of the engines of elimination (a, b)`},
		{"paper winner without elimination", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper_winner = \"a\"\n",
			`x.toml:11: presets.p.paper_winner: is given for an elimination tournament: give it with elimination (pairs take paper, round robins and gauntlets paper_elo and paper_los)`},
		{"paper bracket without elimination", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper_bracket = [\"a 3-1 b\"]\n",
			`x.toml:11: presets.p.paper_bracket: is given for an elimination tournament`},
		{"paper bracket not a list", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_bracket = \"a 3-1 b\"\n",
			`x.toml:11: presets.p.paper_bracket: want a list of pairings with their results, like ["im-fet20 104-96 im-fet30"]`},
		{"paper bracket malformed", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_bracket = [\"a 3:1 b\"]\n",
			`x.toml:11: presets.p.paper_bracket: "a 3:1 b": "3:1" is not two whole numbers W-L`},
		{"paper bracket names an outsider", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_bracket = [\"a 3-1 c\"]\n",
			`x.toml:11: presets.p.paper_bracket: "a 3-1 c": c is not an engine of elimination (a, b)`},
		{"paper bracket pairs twice", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_bracket = [\"a 3-1 b\", \"b 2-2 a\"]\n",
			`x.toml:11: presets.p.paper_bracket: "b 2-2 a": b and a are paired twice`},
		{"paper bracket pairs twice alike", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_bracket = [\"a 3-1 b\", \"a 2-2 b\"]\n",
			`x.toml:11: presets.p.paper_bracket: "a 2-2 b": a and b are paired twice`},
		{"protocol in analysis", "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\"]\nprotocol = \"pairs\"\n",
			"x.toml:12: presets.p.protocol: unknown key of an analysis preset"},
		{"analysis same engine", "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\", \"a\"]\n",
			`x.toml:11: presets.p.engines: engine "a" is listed twice`},
		{"analysis frequency nan", "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\"]\npaper_frequency = [nan]\n",
			"x.toml:12: presets.p.paper_frequency: NaN is not a percentage: want 0..100, or -1 for none"},
		{"analysis states inf", "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\"]\npaper_states = [-inf]\n",
			"x.toml:12: presets.p.paper_states: -Inf is not a number of thousands of states"},
		{"paper los with pairs", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper_los = [[-1, 60], [40, -1]]\n",
			"x.toml:11: presets.p.paper_los: gives a row of likelihoods per engine of round_robin or gauntlet"},
		{"paper los short row", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\"]\npaper_los = [[-1, 60], [40]]\n",
			"x.toml:11: presets.p.paper_los: row 2: want 2 rows of 2 likelihoods in percent"},
		{"paper los diagonal", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\"]\npaper_los = [[0, 60], [40, -1]]\n",
			"x.toml:11: presets.p.paper_los: row 1, column 1: the diagonal is -1"},
		{"paper los not a percentage", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\"]\npaper_los = [[-1, 160], [40, -1]]\n",
			"x.toml:11: presets.p.paper_los: row 1, column 2: 160 is not a percentage"},
		{"paper los pair off 100", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\"]\npaper_los = [[-1, 60], [60, -1]]\n",
			"x.toml:11: presets.p.paper_los: row 2 column 1 (60) and row 1 column 2 (60) do not sum to 100"},
		{"paper los not a number", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\"]\npaper_los = [[-1, nan], [nan, -1]]\n",
			"x.toml:11: presets.p.paper_los: row 1, column 2: NaN is not a percentage"},
		{"paper los on an elimination", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_los = [[-1, 60], [40, -1]]\n",
			"x.toml:11: presets.p.paper_los: is given for pairs, round robins and gauntlets: an elimination tournament takes paper_winner and paper_bracket"},
		{"paper first without paper", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper_first = [[[60]]]\n",
			"x.toml:11: presets.p.paper_first: splits the paper's figures by seat: give paper too"},
		{"paper second of the wrong shape", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper = [[[55]]]\npaper_second = [[[60], [61]]]\n",
			"x.toml:12: presets.p.paper_second: "},
		{"paper bracket loser first", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_bracket = [\"a 1-3 b\"]\n",
			`x.toml:11: presets.p.paper_bracket: "a 1-3 b": the engine that advanced comes first, with its wins: b 3-1 a`},
		{"paper bracket against the winner", "[presets.p]\ngames = [\"nogo\"]\nelimination = [\"a\", \"b\"]\npaper_winner = \"b\"\npaper_bracket = [\"a 3-1 b\"]\n",
			`x.toml:12: presets.p.paper_bracket: "a 3-1 b": b, the paper's winner, does not advance`},
		{"paper elo with pairs", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\npaper_elo = [10, 0]\n",
			"x.toml:11: presets.p.paper_elo: gives one rating per engine of round_robin or gauntlet, in their order"},
		{"paper elo too short", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\", \"c\"]\npaper_elo = [10, 0]\n",
			"x.toml:11: presets.p.paper_elo: want 3 Elo ratings, one per engine in the order listed (a, b, c), relative to the one rated 0"},
		{"paper elo without a base", "[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\"]\npaper_elo = [10, 5]\n",
			"x.toml:11: presets.p.paper_elo: no engine is rated 0: want 2 Elo ratings"},
		{"paper elo nan", "[presets.p]\ngames = [\"nogo\"]\ngauntlet = [\"a\", \"b\"]\npaper_elo = [nan, 0]\n",
			"x.toml:11: presets.p.paper_elo: NaN is not an Elo rating"},
		{"analysis runs", "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\"]\nruns = 0\n",
			"x.toml:12: presets.p.runs: want a whole number of runs in 1..10000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.toml", []byte(presetBase+tt.text))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("got error %v, want prefix %q", err, tt.want)
			}
		})
	}
}

func TestParseBudget(t *testing.T) {
	tests := []struct {
		text, want string // want: an error's part, or "" for none
	}{
		{"", ""},
		{"320ms", ""},
		{"24h", ""},
		{"iterations=1", ""},
		{"states=1000000000000", ""},
		{"25h", "at most 24h0m0s"},
		{"0s", "want a duration above 0"},
		{"-1s", "want a duration above 0"},
		{"NaN", "want a duration above 0"},
		{"iterations=0", "in 1..1000000000000"},
		{"states=1000000000001", "in 1..1000000000000"},
		{"iterations=x", "in 1..1000000000000"},
		{"paper=10ms", ""},
		{"paper=0s", "paper= needs a duration above 0"},
		{"paper=", "paper= needs a duration above 0"},
		{"clock=5m", ""},
		{"clock=5m+2s", ""},
		{"clock=0s", `budget "clock=0s": clock= needs BASE or BASE+INCREMENT`},
		{"clock=5m+", "like 5m, 5m+2s"},
		{"clock=", "clock= needs BASE"},
		{"clock5m", "clock=BASE or clock=BASE+INC"},
	}
	for _, tt := range tests {
		_, err := ParseBudget(tt.text)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if (tt.want == "") != (err == nil) || !strings.Contains(got, tt.want) {
			t.Errorf("ParseBudget(%q): got error %q, want %q", tt.text, got, tt.want)
		}
	}
}

// A preset with protocol = "pairs" on games with a random start parses with
// the protocol set; without the key a preset scores games one by one.
func TestPresetProtocol(t *testing.T) {
	tests := []struct {
		name, text string
		want       Protocol
	}{
		{"pairs", "[presets.p]\ngames = [\"kalah:start=random\", \"kalah:houses=4,start=random\"]\npairs = [[\"a\", \"b\"]]\ncount = 4\nprotocol = \"pairs\"\n", SeatPairs},
		{"games", "[presets.p]\ngames = [\"kalah\"]\npairs = [[\"a\", \"b\"]]\ncount = 3\nprotocol = \"games\"\n", PerGame},
		{"default", "[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\n", PerGame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse("x.toml", []byte(presetBase+tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if p, _ := cfg.Preset("p"); p.Protocol != tt.want {
				t.Errorf("protocol %q, want %q", p.Protocol, tt.want)
			}
		})
	}
}

// A paper=T budget is T of the NMCS paper's machine: T times the game's
// speed in its Table 3, whatever reading of the rules or move order.
func TestPaperBudget(t *testing.T) {
	b, err := ParseBudget("paper=10ms")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		game   string
		states int64
	}{
		{"breakthrough", 4110}, // 10 ms at 411k states/s
		{"breakthrough:misere", 4090},
		{"knightthrough", 2640},
		{"nogo:misere", 6480},
		{"atarigo", 2800},
		{"domineering:order=colmajor", 5500},
		{"breakthrough:order=rowmajor,misere", 4090},
	} {
		if got := b.For(tt.game); got.States != tt.states || got.Time != 0 || got.Iterations != 0 {
			t.Errorf("paper=10ms on %s: %+v, want %d states", tt.game, got, tt.states)
		}
	}
	if got := mustBudget(t, "320ms").For("nogo"); got.Time.Milliseconds() != 320 {
		t.Errorf("a time budget changed: %+v", got)
	}
	if _, ok := PaperSpeed("nogo:size=7"); ok {
		t.Error("a paper speed for NoGo 7x7")
	}
}

func mustBudget(t *testing.T, text string) Budget {
	t.Helper()
	b, err := ParseBudget(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// An elimination preset keeps its engines in seeding order and the paper's
// winner, and has no pairs of its own.
func TestPresetElimination(t *testing.T) {
	cfg, err := Parse("x.toml", []byte(presetBase+"[presets.p]\ngames = [\"nogo\"]\nelimination = [\"c\", \"a\", \"b\"]\nbudgets = [\"1s\"]\ncount = 200\npaper_winner = \"a\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("p")
	if got, want := strings.Join(p.Elimination, " "), "c a b"; got != want || p.PaperWinner != "a" || len(p.Pairs) != 0 || p.Count != 200 || !p.Swap {
		t.Fatalf("got elimination %q, paper winner %q, pairs %v, count %d, swap %v; want %q, a, none, 200, true", got, p.PaperWinner, p.Pairs, p.Count, p.Swap, want)
	}
}

// A round robin's paper_elo gives the paper's rating of each engine, in
// the order listed, relative to the one rated 0 (the chess thesis' Tables
// 1, 3, 5 and 8 are BayesElo ratings of this kind).
func TestPresetPaperElo(t *testing.T) {
	cfg, err := Parse("x.toml", []byte(presetBase+"[presets.p]\ngames = [\"nogo\"]\nround_robin = [\"c\", \"a\", \"b\"]\npaper_elo = [56, 13.5, 0]\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cfg.Preset("p")
	want := []PaperRating{{"c", 56}, {"a", 13.5}, {"b", 0}}
	if fmt.Sprint(p.PaperElo) != fmt.Sprint(want) {
		t.Fatalf("paper Elo %v, want %v", p.PaperElo, want)
	}
}

// A preset's clock budgets parse into time controls, beside the other
// budgets, which keep no clock.
func TestPresetClock(t *testing.T) {
	text := "[presets.p]\ngames = [\"chess\"]\npairs = [[\"a\", \"b\"]]\nbudgets = [\"clock=5m\", \"clock=5m+2s\", \"1s\"]\n"
	cfg, err := Parse("x.toml", []byte(presetBase+text))
	if err != nil {
		t.Fatal(err)
	}
	want := []engines.TimeControl{{Base: 5 * time.Minute}, {Base: 5 * time.Minute, Increment: 2 * time.Second}, {}}
	p := cfg.Presets["p"]
	if len(p.Budgets) != len(want) {
		t.Fatalf("got %d budgets, want %d", len(p.Budgets), len(want))
	}
	for i, w := range want {
		if got := p.Budgets[i].Clock; got != w {
			t.Errorf("budget %q: got clock %+v, want %+v", p.Budgets[i].Text, got, w)
		}
	}
}

// An analysis preset's budgets are read as a match preset's, each once;
// a clock, which times a whole game, is refused; without budgets the
// engines search at their defaults (Budgets nil).
func TestAnalysisBudgets(t *testing.T) {
	const head = "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\"]\n"
	tests := []struct {
		name, text string
		want       []string // the budgets' texts; nil for none
		err        string
	}{
		{"none", "", nil, ""},
		{"counted", "budgets = [\"iterations=1000\", \"states=50\", \"20ms\"]\n", []string{"iterations=1000", "states=50", "20ms"}, ""},
		{"twice", "budgets = [\"iterations=1000\", \"iterations=1000\"]\n", nil,
			`x.toml:12: presets.p.budgets: budgets "iterations=1000" and "iterations=1000" are the same: list each budget once`},
		{"malformed", "budgets = [\"iterations=x\"]\n", nil,
			`x.toml:12: presets.p.budgets: budget "iterations=x": iterations needs a whole number in 1..1000000000000`},
		{"clock", "budgets = [\"clock=5m\"]\n", nil,
			`x.toml:12: presets.p.budgets: budget "clock=5m" is a clock for a whole game, and an analysis runs one search: give a budget for the search, a duration like 320ms, iterations=N, states=N, paper=T, or "" (the engine's default)`},
		{"empty", "budgets = []\n", nil, `x.toml:12: presets.p.budgets: want a list of budgets`},
		{"with the whole playout", "budgets = [\"iterations=10\"]\nplayout = true\n", nil,
			"x.toml:12: presets.p.budgets: playout = true plays the whole NMCS playout at the engine's level, which takes no budget: give budgets or playout = true, not both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse("x.toml", []byte(presetBase+head+tt.text))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("got error %v, want prefix %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, b := range cfg.Presets["p"].Budgets {
				got = append(got, b.Text)
			}
			if !slices.Equal(got, tt.want) || (tt.want == nil) != (cfg.Presets["p"].Budgets == nil) {
				t.Fatalf("budgets %q, want %q", got, tt.want)
			}
		})
	}
}

// A match preset's budget may give some engines budgets of their own, after
// semicolons; every other engine takes the budget before them. Mistakes
// name the budget and what is valid.
func TestEngineBudgets(t *testing.T) {
	const head = "[presets.p]\ngames = [\"tictactoe\"]\npairs = [[\"a\", \"b\"]]\n"
	tests := []struct {
		name, budgets string
		a, b          engines.Budget // the engines' budgets of the last budget
		err           string
	}{
		{"one for b", `["iterations=200; b states=3000"]`, engines.Budget{Iterations: 200}, engines.Budget{States: 3000}, ""},
		{"spaces", `["  iterations=200 ;b   states=3000  "]`, engines.Budget{Iterations: 200}, engines.Budget{States: 3000}, ""},
		{"both their own", `["; a 20ms; b iterations=5"]`, engines.Budget{Time: 20 * time.Millisecond}, engines.Budget{Iterations: 5}, ""},
		{"a budget like another but for b", `["iterations=200; b states=3000", "iterations=200"]`, engines.Budget{Iterations: 200}, engines.Budget{Iterations: 200}, ""},
		{"not in the preset", `["iterations=200; c states=3000"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budget "iterations=200; c states=3000" gives a budget to "c", which this preset does not play: its engines are a, b`},
		{"no budget after the name", `["iterations=200; b"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budget "iterations=200; b": after each semicolon, want an engine's name and its budget`},
		{"malformed own", `["iterations=200; b states=x"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budget "iterations=200; b states=x", engine b: budget "states=x": states needs a whole number`},
		{"twice", `["iterations=200; b states=3; b states=4"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budget "iterations=200; b states=3; b states=4" gives engine "b" two budgets`},
		{"a clock", `["clock=5m; b states=3"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budget "clock=5m; b states=3": a clock is the whole game's`},
		{"an own clock", `["iterations=2; b clock=5m"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budget "iterations=2; b clock=5m", engine b: want a per-move budget`},
		{"the same twice", `["iterations=2; b states=3", "iterations=2;b states=3"]`, engines.Budget{}, engines.Budget{},
			`x.toml:11: presets.p.budgets: budgets "iterations=2; b states=3" and "iterations=2;b states=3" are the same`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse("x.toml", []byte(presetBase+head+"budgets = "+tt.budgets+"\n"))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("got error %v, want prefix %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b := cfg.Presets["p"].Budgets[len(cfg.Presets["p"].Budgets)-1] // the last
			if got := b.ForEngine("a", "tictactoe"); got != tt.a {
				t.Errorf("a's budget %+v, want %+v", got, tt.a)
			}
			if got := b.ForEngine("b", "tictactoe"); got != tt.b {
				t.Errorf("b's budget %+v, want %+v", got, tt.b)
			}
		})
	}
	const analysis = "[presets.p]\nkind = \"analysis\"\ngame = \"tictactoe\"\nengines = [\"a\"]\nbudgets = [\"iterations=2; a states=3\"]\n"
	if _, err := Parse("x.toml", []byte(presetBase+analysis)); err == nil || !strings.Contains(err.Error(), "gives engines budgets of their own, which is for matches") {
		t.Errorf("an analysis with an engine's own budget: %v", err)
	}
}

// Two budgets are one where they give every engine the same budget,
// whether as the budget's first part or as an engine's own; they differ
// where any engine's differs.
func TestSameBudget(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"iterations=50", "iterations=50", true},
		{"iterations=50", "iterations=050", true},
		{"50ms", "0.05s", true},
		{"iterations=50", "iterations=50; u iterations=50; r iterations=50", true},
		{"iterations=50; u iterations=50", "iterations=50; r iterations=50", true},
		{"iterations=50; u states=9", "iterations=50; u states=9", true},
		{"iterations=50", "iterations=60", false},
		{"iterations=50", "iterations=50; u iterations=60", false},
		{"iterations=50; u iterations=60", "iterations=50; r iterations=60", false},
		{"iterations=50; u states=9", "iterations=50; u states=10", false},
	}
	for _, tt := range tests {
		a, err := parseEngineBudgets(tt.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := parseEngineBudgets(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := sameBudget(a, b); got != tt.same || sameBudget(b, a) != tt.same {
			t.Errorf("sameBudget(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

// Without swapped seats a pair and its reverse are the two seatings, both
// kept.
func TestReversedPairWithoutSwap(t *testing.T) {
	cfg, err := Parse("x.toml", []byte(presetBase+"[presets.p]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"], [\"b\", \"a\"]]\nswap = false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Presets["p"].Pairs; len(got) != 2 {
		t.Fatalf("pairs %v", got)
	}
}
