package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"mcarena/config"
)

// eliminationPreset returns a preset of n engines e1..en in seeding order,
// count games a pairing.
func eliminationPreset(t *testing.T, n, count int) *config.Preset {
	t.Helper()
	var names []string
	for i := 1; i <= n; i++ {
		names = append(names, fmt.Sprintf("e%d", i))
	}
	return namedElimination(t, names, count)
}

// namedElimination returns a preset of random engines of the given names in
// seeding order, count games a pairing.
func namedElimination(t *testing.T, names []string, count int) *config.Preset {
	t.Helper()
	var text strings.Builder
	for _, n := range names {
		fmt.Fprintf(&text, "[engines.%s]\nfamily = \"random\"\n", n)
	}
	fmt.Fprintf(&text, "[presets.el]\ngames = [\"tictactoe\"]\nelimination = [\"%s\"]\ncount = %d\n", strings.Join(names, `", "`), count)
	p, _ := load(t, text.String()).Preset("el")
	return p
}

// decide fills a bracket round by round with records whose games the
// given rule decides (the index in Names of each game's winner, -1 for a
// draw), and returns the bracket and the records.
func decide(p *config.Preset, rule func(names [2]string, index int) int) (*Bracket, []Record) {
	var recs []Record
	for {
		b := NewBracket(p, recs, 0)
		r := b.current()
		if r == nil {
			return b, recs
		}
		for _, pr := range r.Pairings {
			for i := range p.Count {
				recs = append(recs, Record{Preset: p.Name, Match: pr.Match.Key(p), Index: i, Names: pr.Match.Names, Winner: rule(pr.Match.Names, i)})
			}
		}
	}
}

// shape writes a bracket's rounds as "a-b c-d bye:e | ...", the winner
// last.
func shape(b *Bracket) string {
	var out []string
	for _, r := range b.Rounds {
		var parts []string
		for _, pr := range r.Pairings {
			parts = append(parts, pr.Match.Names[0]+"-"+pr.Match.Names[1])
		}
		if r.Bye != "" {
			parts = append(parts, "bye:"+r.Bye)
		}
		out = append(out, strings.Join(parts, " "))
	}
	return strings.Join(out, " | ") + " => " + b.Winner
}

// The bracket folds each round's order, the first entrant against the
// last, gives the middle one a bye, seeds the next round with the winners
// in pairing order and then the bye, and plays n-1 pairings to one winner.
func TestBracketFoldsEachRoundToOneWinner(t *testing.T) {
	lower := func(names [2]string, _ int) int { // the lower seed wins every game
		var a, z int
		fmt.Sscanf(names[0], "e%d", &a)
		fmt.Sscanf(names[1], "e%d", &z)
		if z > a {
			return 1
		}
		return 0
	}
	tests := []struct {
		engines int
		want    string
	}{
		{2, "e1-e2 => e2"},
		{3, "e1-e3 bye:e2 | e3-e2 => e3"},
		{5, "e1-e5 e2-e4 bye:e3 | e5-e3 bye:e4 | e5-e4 => e5"},
		{8, "e1-e8 e2-e7 e3-e6 e4-e5 | e8-e5 e7-e6 | e8-e7 => e8"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d engines", tt.engines), func(t *testing.T) {
			p := eliminationPreset(t, tt.engines, 2)
			b, _ := decide(p, lower)
			if got := shape(b); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			pairings := 0
			for _, r := range b.Rounds {
				pairings += len(r.Pairings)
			}
			if pairings != tt.engines-1 {
				t.Errorf("%d pairings, want %d", pairings, tt.engines-1)
			}
		})
	}
	// A later round can put the lower seed first: a tie there still goes
	// to the higher seed.
	b, _ := decide(eliminationPreset(t, 3, 2), func(names [2]string, _ int) int {
		if names == [2]string{"e1", "e3"} {
			return 1
		}
		return -1
	})
	if got, want := shape(b), "e1-e3 bye:e2 | e3-e2 => e2"; got != want || !b.Rounds[1].Pairings[0].BySeed {
		t.Errorf("a tie of e3 (first) and e2: got %q, want %q by seed", got, want)
	}
}

// The implicit-minimax paper's tuning tournaments, as its arXiv appendix
// ("Tournaments and Playout Comparisons") prints them, are the
// paper_bracket of config.toml's im-tuning presets: each pairing with its
// wins (Breakthrough's of 200 games; Kalah's the pairs each player won of
// 1000, the rest drawn). Given each pairing's published wins, the bracket
// meets exactly the appendix's pairings, the two tied pairings (efLH
// fet5-fet16 and ege30-ege50, 100-100) going to the higher seed as the
// appendix did, and ends on the appendix's winner.
func TestBracketIsTheImplicitMinimaxAppendixs(t *testing.T) {
	cfg, err := config.Load(filepath.Join("..", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range cfg.PresetNames() {
		paper, _ := cfg.Preset(name)
		if !strings.HasPrefix(name, "im-tuning-") || strings.HasSuffix(name, "-counted") || paper.PaperBracket == nil {
			continue
		}
		checked++
		if twin, ok := cfg.Preset(name + "-counted"); !ok || !slices.Equal(twin.PaperBracket, paper.PaperBracket) {
			t.Errorf("%s-counted does not give %s's paper_bracket", name, name)
		}
		t.Run(name, func(t *testing.T) {
			results := map[[2]string][2]int{}
			count := 0
			for _, q := range paper.PaperBracket {
				results[q.Names] = q.Wins
				results[[2]string{q.Names[1], q.Names[0]}] = [2]int{q.Wins[1], q.Wins[0]}
				count = max(count, q.Wins[0]+q.Wins[1])
			}
			p := namedElimination(t, paper.Elimination, count)
			b, _ := decide(p, func(names [2]string, i int) int {
				w, ok := results[names]
				if !ok {
					t.Fatalf("pairing %s-%s is not in the appendix", names[0], names[1])
				}
				switch {
				case i < w[0]:
					return 0
				case i < w[0]+w[1]:
					return 1
				}
				return -1
			})
			met := 0
			for _, r := range b.Rounds {
				met += len(r.Pairings)
			}
			if met != len(paper.PaperBracket) {
				t.Errorf("the bracket played %d pairings, the appendix %d", met, len(paper.PaperBracket))
			}
			if b.Winner != paper.PaperWinner {
				t.Errorf("winner %s, want %s", b.Winner, paper.PaperWinner)
			}
		})
	}
	if checked != 7 {
		t.Errorf("%d tuning tournaments with the appendix's bracket, want its 7", checked)
	}
}

// The engine with the higher score advances; on equal scores, the higher
// seed (Names[0]) does.
func TestBracketAdvancesByScoreTieToHigherSeed(t *testing.T) {
	tests := []struct {
		name    string
		winners []int // of the pairing's games, in Names
		errors  int   // games that ended in an error, after those
		want    string
		bySeed  bool
	}{
		{"higher seed scores more", []int{0, 0, 1, -1}, 0, "e1", false},
		{"lower seed scores more", []int{1, -1, -1, -1}, 0, "e2", false},
		{"equal wins and draws", []int{0, 1, -1, -1}, 0, "e1", true},
		{"all draws", []int{-1, -1, -1, -1}, 0, "e1", true},
		{"errors are not scored", []int{1}, 3, "e2", false},
		{"every game an error", nil, 4, "e1", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := eliminationPreset(t, 2, 4)
			key := Match{Game: p.Games[0], Names: [2]string{"e1", "e2"}}.Key(p)
			var recs []Record
			for i, w := range tt.winners {
				recs = append(recs, Record{Preset: "el", Match: key, Index: i, Winner: w})
			}
			for i := range tt.errors {
				recs = append(recs, Record{Preset: "el", Match: key, Index: len(tt.winners) + i, Winner: -1, Error: "boom"})
			}
			b := NewBracket(p, recs, 0)
			pr := b.Rounds[0].Pairings[0]
			if b.Winner != tt.want || pr.BySeed != tt.bySeed {
				t.Errorf("winner %q (by seed %v), want %q (by seed %v)", b.Winner, pr.BySeed, tt.want, tt.bySeed)
			}
		})
	}
}

// A round is decided only when every game of every pairing is recorded: a
// missing game, a game past the count, another preset's game or a repeat
// does not complete it, and no later round is made meanwhile.
func TestBracketWaitsForEveryGameOfARound(t *testing.T) {
	p := eliminationPreset(t, 4, 2)
	k14 := Match{Game: p.Games[0], Names: [2]string{"e1", "e4"}}.Key(p)
	k23 := Match{Game: p.Games[0], Names: [2]string{"e2", "e3"}}.Key(p)
	full := []Record{
		{Preset: "el", Match: k14, Index: 0}, {Preset: "el", Match: k14, Index: 1},
		{Preset: "el", Match: k23, Index: 0, Winner: 1}, {Preset: "el", Match: k23, Index: 1, Winner: 1},
	}
	tests := []struct {
		name   string
		recs   []Record
		rounds int
	}{
		{"all recorded", full, 2},
		{"one missing", full[:3], 1},
		{"past the count", append(full[:3:3], Record{Preset: "el", Match: k23, Index: 2}), 1},
		{"another preset's", append(full[:3:3], Record{Preset: "other", Match: k23, Index: 1}), 1},
		{"a repeat", append(full[:3:3], full[2]), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBracket(p, tt.recs, 0)
			if len(b.Rounds) != tt.rounds || b.Winner != "" {
				t.Fatalf("%d rounds, winner %q; want %d rounds, no winner", len(b.Rounds), b.Winner, tt.rounds)
			}
			if tt.rounds == 2 {
				if got := shape(b); got != "e1-e4 e2-e3 | e1-e3 => " {
					t.Errorf("bracket %q", got)
				}
			}
		})
	}
}

// eliminationConfig is five tiny engines on tictactoe, 4 games a pairing.
const eliminationConfig = `
[engines.r1]
family = "random"
[engines.n1]
family = "nmcs"
level = 0
[engines.r2]
family = "random"
[engines.n2]
family = "nmcs"
level = 0
[engines.r3]
family = "random"

[presets.el]
games = ["tictactoe"]
elimination = ["r1", "n1", "r2", "n2", "r3"]
budgets = ["iterations=1"]
count = 4
seed = 3
paper_winner = "n1"
`

// An elimination run stopped mid-round or between rounds and resumed
// plays every game once and reaches the bracket of an uninterrupted run.
func TestEliminationResumeCountsNothingTwice(t *testing.T) {
	cfg := load(t, eliminationConfig)
	p, _ := cfg.Preset("el")
	const games = 4 * 4 // 5 engines, 4 pairings of 4 games
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, whole, Options{Workers: 2}, nil); err != nil || n != games {
		t.Fatalf("whole run: %d games, %v", n, err)
	}
	wholeRecs, _, _, _ := ReadResults(whole)
	want := NewBracket(p, wholeRecs, 0)
	if want.Winner == "" {
		t.Fatalf("no winner: %s", shape(want))
	}
	tests := []struct {
		name   string
		stopAt int // games done when the run is stopped
	}{
		{"mid-round", 3},
		{"between rounds", 8}, // round 1: two pairings of 4 games
		{"in the final", 13},  // round 2: one pairing and a bye
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "parts.jsonl")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var totals []int
			// One worker: at most the game in its hands ends after the stop.
			n1, err := runPreset(ctx, cfg, p, path, Options{Workers: 1}, func(pr Progress) {
				totals = append(totals, pr.Total)
				if pr.Done >= tt.stopAt {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) || n1 < tt.stopAt || n1 >= games {
				t.Fatalf("interrupted run: %d games, %v", n1, err)
			}
			if tt.stopAt == 8 && n1 != 8 {
				t.Fatalf("stopped after %d games, want 8: round 2 began before round 1 ended", n1)
			}
			if totals[0] != games {
				t.Errorf("progress total %d, want %d", totals[0], games)
			}
			n2, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 2}, func(pr Progress) {
				if pr.Resumed != n1 || pr.Total != games {
					t.Errorf("resumed %d of %d, want %d of %d", pr.Resumed, pr.Total, n1, games)
				}
			})
			if err != nil || n1+n2 != games {
				t.Fatalf("resumed run: %d more games after %d, %v", n2, n1, err)
			}
			if a, b := canonical(t, whole), canonical(t, path); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatal("resumed results differ from the uninterrupted run")
			}
			recs, _, _, _ := ReadResults(path)
			if _, dups := Unique(recs); dups != 0 {
				t.Errorf("%d games recorded twice", dups)
			}
			if got := NewBracket(p, recs, 0); !reflect.DeepEqual(got, want) {
				t.Errorf("bracket differs from the uninterrupted run's:\ngot  %+v\nwant %+v", got, want)
			}
			if n, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil || n != 0 {
				t.Fatalf("third run played %d games: %v", n, err)
			}
		})
	}
}

// A resumed run checks the file against the bracket: a game of a pairing
// the file's own earlier rounds do not lead to stops it before it plays.
func TestEliminationResumeRefusesAnotherBracket(t *testing.T) {
	cfg := load(t, eliminationConfig)
	p, _ := cfg.Preset("el")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	// The same engines in another seeding order make other pairings.
	cfg2 := load(t, strings.Replace(eliminationConfig, `["r1", "n1", "r2", "n2", "r3"]`, `["n1", "r1", "r2", "n2", "r3"]`, 1))
	p2, _ := cfg2.Preset("el")
	_, err := runPreset(context.Background(), cfg2, p2, path, Options{}, nil)
	var re *ResumeError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "not a pairing of the bracket") {
		t.Fatalf("got %v, want a ResumeError naming the bracket", err)
	}
}

// Shards cannot split an elimination tournament: each round needs the
// whole of the round before.
func TestEliminationRefusesShards(t *testing.T) {
	cfg := load(t, eliminationConfig)
	p, _ := cfg.Preset("el")
	_, err := runPreset(context.Background(), cfg, p, filepath.Join(t.TempDir(), "r.jsonl"), Options{Shard: 0, Shards: 2}, nil)
	if err == nil || !strings.Contains(err.Error(), "preset el is an elimination tournament") {
		t.Fatalf("got %v", err)
	}
}

// The report shows every round's pairings with their scores, the byes, the
// advancing engines and the winner beside the paper's.
func TestWriteBracketShowsRoundsAndWinner(t *testing.T) {
	cfg := load(t, eliminationConfig)
	p, _ := cfg.Preset("el")
	b, _ := decide(p, func(names [2]string, i int) int {
		if names == [2]string{"r1", "n1"} {
			return []int{0, 1, -1, 1}[i] // n1 advances 2.5 to 1.5
		}
		return 0 // the entrant earlier in the round wins
	})
	var buf bytes.Buffer
	if err := WriteBracket(&buf, p, b, Text); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		"Elimination tournament el: tictactoe, budget iterations=1, 4 games a pairing, 5 engines in seeding order",
		"1      1     r1      5     r3        4      4-0-0  100.0    51.0-100.0    r1",
		"3      1     r1      2     n1        4      1-1-2  37.5     9.2-78.1      n1",
		"1      3     r2      -     (bye)",
		"winner: n1; the paper's: n1, the same",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	// A bracket in play says so.
	half := NewBracket(p, nil, 0)
	buf.Reset()
	WriteBracket(&buf, p, half, Text)
	if !strings.Contains(buf.String(), "0/4") || !strings.Contains(buf.String(), "winner: not yet (round 1 in play); the paper's: n1") {
		t.Errorf("report of a bracket in play:\n%s", buf.String())
	}
}

// Beside the paper's bracket the report gives each pairing the paper also
// played with its wins, in the row's order, "!" where the paper's other
// engine advanced (a tie to the higher seed), and the paper's score of the
// engine, "!" where our interval does not hold it; "-" for a pairing the
// paper did not have, and how many of the paper's pairings the bracket
// met.
func TestWriteBracketBesideThePaper(t *testing.T) {
	cfg := load(t, eliminationConfig+`paper_bracket = ["r3 3-1 r1", "n1 2-2 n2", "n1 3-0 r1"]`+"\n")
	p, _ := cfg.Preset("el")
	b, _ := decide(p, func(names [2]string, i int) int {
		if names == [2]string{"r1", "n1"} {
			return []int{0, 1, -1, 1}[i]
		}
		return 0
	})
	var buf bytes.Buffer
	if err := WriteBracket(&buf, p, b, Text); err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(buf.String(), "\n") {
		lines[strings.TrimRight(l, " ")] = true
	}
	for _, want := range []string{
		"1      1     r1      5     r3        4      4-0-0  100.0    51.0-100.0    r1        1-3 !      25.0 !",
		"1      2     n1      4     n2        4      4-0-0  100.0    51.0-100.0    n1        2-2        50.0 !",
		"2      1     r1      3     r2        4      4-0-0  100.0    51.0-100.0    r1        -          -",
		"3      1     r1      2     n1        4      1-1-2  37.5     9.2-78.1      n1        0-3        0.0 !",
		"paper W-L: the paper's wins of the engine and of the opponent where its bracket paired them too, ! where the other advanced there; paper %: the engine's share of those wins, ! where it lies outside our interval; 3 of its 3 pairings played here",
	} {
		if !lines[want] {
			t.Errorf("report lacks the line %q:\n%s", want, buf.String())
		}
	}
}

// Under the pairs protocol a pairing is scored by seat-swapped pairs: a pair
// each engine won once is discarded, a pair with a game ended by an error
// is an error, and W-D-L counts pairs.
func TestBracketScoresPairsUnderThePairsProtocol(t *testing.T) {
	m := Match{Names: [2]string{"a", "b"}}
	var recs []*Record
	for i, w := range []int{0, 1, 0, -1, -1, -1, 1, -1, 1, 1} { // discarded, won, drawn, error, lost
		r := &Record{Index: i, Winner: w}
		if i == 7 {
			r.Error = "boom"
		}
		recs = append(recs, r)
	}
	pr := scorePairing(m, recs, 10, true)
	got := [6]int{pr.Games, pr.Wins, pr.Draws, pr.Losses, pr.Discarded, pr.Errors}
	if got != [6]int{3, 1, 1, 1, 1, 1} || pr.Winner != 0 || !pr.BySeed || pr.Score != 0.5 {
		t.Errorf("games, W, D, L, discarded, errors = %v, winner %d by seed %v, score %v; want [3 1 1 1 1 1], 0 by seed, 0.5", got, pr.Winner, pr.BySeed, pr.Score)
	}
	// Scored by games, the same records give Names[1] the pairing.
	if byGames := scorePairing(m, recs, 10, false); byGames.Wins != 2 || byGames.Losses != 4 || byGames.Winner != 1 {
		t.Errorf("by games: %+v", byGames)
	}

	// A whole run: both games of a pair start from one random deal, seats
	// swapped, and the report counts pairs.
	cfg := load(t, `
[engines.r1]
family = "random"
[engines.r2]
family = "random"
[engines.r3]
family = "random"
[presets.kp]
games = ["kalah:start=random"]
elimination = ["r1", "r2", "r3"]
budgets = ["iterations=1"]
protocol = "pairs"
count = 6
`)
	p, _ := cfg.Preset("kp")
	path := filepath.Join(t.TempDir(), "kp.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Workers: 2}, nil); err != nil || n != 12 {
		t.Fatalf("run: %d games, %v", n, err)
	}
	recs2, _, _, _ := ReadResults(path)
	starts := map[string]map[int]string{}
	for _, r := range recs2 {
		if starts[r.Match] == nil {
			starts[r.Match] = map[int]string{}
		}
		if r.Protocol != "pairs" || r.Start == "" || r.FirstSeat != r.Index%2 {
			t.Fatalf("record %s #%d: protocol %q, start %q, first seat %d", r.Match, r.Index, r.Protocol, r.Start, r.FirstSeat)
		}
		if s, ok := starts[r.Match][r.Index/2]; ok && s != r.Start {
			t.Errorf("pair %d of %s started from %q and %q", r.Index/2, r.Match, s, r.Start)
		}
		starts[r.Match][r.Index/2] = r.Start
	}
	b := NewBracket(p, recs2, 0)
	if b.Winner == "" {
		t.Fatalf("no winner: %s", shape(b))
	}
	var buf bytes.Buffer
	if err := WriteBracket(&buf, p, b, Text); err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(buf.String(), "\n") {
		if f := strings.Fields(line); len(f) > 6 && (f[0] == "1" || f[0] == "2") && f[4] != "(bye)" {
			rows++
			if f[6] != "pair" && f[6] != "pairs" {
				t.Errorf("a pairing's games cell does not count pairs: %q", line)
			}
		}
	}
	if rows != 2 || !strings.Contains(buf.String(), "W-D-L counts pairs") {
		t.Errorf("the report does not count pairs:\n%s", buf.String())
	}
}

// A bracket reads the games of one budget scale, its first record's: the
// same games played again under --scale are a tournament of their own,
// whose header shows the factor.
func TestBracketReadsOneBudgetScale(t *testing.T) {
	cfg := load(t, eliminationConfig)
	p, _ := cfg.Preset("el")
	first := func(names [2]string, i int) int { return 0 }
	last := func(names [2]string, i int) int { return 1 }
	want, plain := decide(p, first)
	other, scaled := decide(p, last)
	for i := range scaled {
		scaled[i].BudgetScale = 0.5
	}
	if got := NewBracket(p, append(append([]Record(nil), plain...), scaled...), 0); shape(got) != shape(want) || got.Scale != 0 {
		t.Errorf("plain games first: got %s at scale %g, want %s", shape(got), got.Scale, shape(want))
	}
	got := NewBracket(p, append(append([]Record(nil), scaled...), plain...), 0)
	if shape(got) != shape(other) || got.Scale != 0.5 {
		t.Errorf("scaled games first: got %s at scale %g, want %s", shape(got), got.Scale, shape(other))
	}
	var buf bytes.Buffer
	if err := WriteBracket(&buf, p, got, Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "budget iterations=1 x0.5, 4 games a pairing") {
		t.Errorf("the header does not show the scale:\n%s", buf.String())
	}
}

// A first look at fewer games a pairing is extended by a run of more: the
// file's games are kept, the new bracket's pairings are played from them,
// and the result is the bracket (and the games) of one run at the larger
// count; the first look's pairings that the new bracket no longer makes
// stay in the file and stop no later run.
func TestEliminationExtendsAFirstLook(t *testing.T) {
	cfg := load(t, eliminationConfig)
	p, _ := cfg.Preset("el")
	dir := t.TempDir()
	whole, parts := filepath.Join(dir, "whole.jsonl"), filepath.Join(dir, "parts.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, whole, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, count := range []int{1, 2, 3} {
		if _, err := runPreset(context.Background(), cfg, p, parts, Options{Count: count}, nil); err != nil {
			t.Fatalf("the first look at %d games a pairing: %v", count, err)
		}
	}
	if _, err := runPreset(context.Background(), cfg, p, parts, Options{}, nil); err != nil {
		t.Fatalf("the run at the preset's 4 games a pairing: %v", err)
	}
	if n, err := runPreset(context.Background(), cfg, p, parts, Options{}, nil); err != nil || n != 0 {
		t.Fatalf("the run again: %d games, %v; want none", n, err)
	}
	a, _, _, _ := ReadResults(whole)
	b, _, _, _ := ReadResults(parts)
	if got, want := shape(NewBracket(p, b, 0)), shape(NewBracket(p, a, 0)); got != want {
		t.Fatalf("extended bracket %q, one run's %q", got, want)
	}
	inBracket := map[string]bool{}
	for _, m := range NewBracket(p, a, 0).Matches() {
		inBracket[m.Key(p)] = true
	}
	same := func(recs []Record) []string {
		var out []string
		for _, r := range recs {
			if inBracket[r.Match] {
				r.Seconds, r.Line, r.Scaled = 0, 0, false
				for i := range r.Moves {
					r.Moves[i].Millis = 0
				}
				out = append(out, fmt.Sprintf("%+v", r))
			}
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(same(a), same(b)) {
		t.Errorf("the extended bracket's games differ from one run's")
	}
}
