package tournament

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcarena/config"
	"mcarena/games"
)

// pairsPreset plays two Kalah variants from random starts in seat-swapped
// pairs; added to testConfig, whose engines it uses.
const pairsPreset = `
[presets.kp]
games = ["kalah:houses=3,seeds=3,start=random", "kalah:houses=4,seeds=2,start=random"]
pairs = [["u", "r"], ["n", "r"]]
budgets = ["iterations=40"]
count = 8
seed = 11
protocol = "pairs"
`

// winnerOf returns the winner (index in Names) of a game with a PGN result
// from the first mover's view, Names[firstSeat] moving first.
func winnerOf(result string, firstSeat int) int {
	switch result {
	case "1-0":
		return firstSeat
	case "0-1":
		return 1 - firstSeat
	}
	return -1
}

// The paper's pair rule on hand-made pairs: in game one engine a moves
// first, in game two engine b does.
func TestScorePair(t *testing.T) {
	tests := []struct {
		name       string
		one, two   string // results from the first mover's view
		want       PairResult
		wantString string
	}{
		{"win and draw is a pair win", "1-0", "1/2-1/2", PairWon, "won"},
		{"draw and win is a pair win", "1/2-1/2", "0-1", PairWon, "won"},
		{"win from both seats is a pair win", "1-0", "0-1", PairWon, "won"},
		{"loss and draw is a pair loss", "0-1", "1/2-1/2", PairLost, "lost"},
		{"draw and loss is a pair loss", "1/2-1/2", "1-0", PairLost, "lost"},
		{"loss from both seats is a pair loss", "0-1", "1-0", PairLost, "lost"},
		{"draw and draw is a drawn pair", "1/2-1/2", "1/2-1/2", PairDrawn, "drawn"},
		{"first seat wins both is discarded", "1-0", "1-0", PairDiscarded, "discarded"},
		{"second seat wins both is discarded", "0-1", "0-1", PairDiscarded, "discarded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ScorePair(winnerOf(tt.one, 0), winnerOf(tt.two, 1))
			if got != tt.want || got.String() != tt.wantString {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// Both games of a pair start from the same random board, with seats
// swapped; every match on a game deals the same boards; each record's moves
// replayed from its start give its result.
func TestPairGamesShareStartAndSwapSeats(t *testing.T) {
	cfg := load(t, testConfig+pairsPreset)
	p, _ := cfg.Preset("kp")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, path, Options{Count: 4, Workers: 2}, nil); err != nil || n != 16 {
		t.Fatalf("%d games, %v", n, err)
	}
	recs, _, _, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	type pairKey struct {
		match string
		pair  int
	}
	byPair := map[pairKey][2]*Record{}
	boards := map[string]map[int]string{} // game to pair number to start
	for i := range recs {
		r := &recs[i]
		if r.Protocol != "pairs" || r.Start == "" {
			t.Fatalf("%s #%d: protocol %q, start %q", r.Match, r.Index, r.Protocol, r.Start)
		}
		k := pairKey{r.Match, r.Index / 2}
		games2 := byPair[k]
		games2[r.Index%2] = r
		byPair[k] = games2
		if boards[r.Game] == nil {
			boards[r.Game] = map[int]string{}
		}
		if b, ok := boards[r.Game][r.Index/2]; ok && b != r.Start {
			t.Errorf("%s pair %d: start %s, another match on %s dealt %s", r.Match, r.Index/2, r.Start, r.Game, b)
		}
		boards[r.Game][r.Index/2] = r.Start
		replayRecord(t, r)
	}
	if len(byPair) != 8 {
		t.Fatalf("%d pairs, want 2 matches x 2 games x 2 pairs", len(byPair))
	}
	for k, g := range byPair {
		if g[0] == nil || g[1] == nil {
			t.Fatalf("%v: a game missing", k)
		}
		if g[0].Start != g[1].Start || g[0].FirstSeat != 0 || g[1].FirstSeat != 1 {
			t.Errorf("%v: starts %q and %q, first seats %d and %d; want one start, seats 0 then 1", k, g[0].Start, g[1].Start, g[0].FirstSeat, g[1].FirstSeat)
		}
	}
	for game, b := range boards {
		if b[0] == b[1] {
			t.Errorf("%s: pairs 0 and 1 dealt the same board %s", game, b[0])
		}
	}
	// The schedule says the same: a pair's jobs share a start seed and a
	// group, and swap seats.
	jobs := Jobs(p, 4)
	for j := 0; j < len(jobs); j += 2 {
		a, b := jobs[j], jobs[j+1]
		if a.Match != b.Match || a.Index/2 != b.Index/2 || a.StartSeed != b.StartSeed || a.Group != b.Group || a.FirstSeat == b.FirstSeat {
			t.Fatalf("jobs %d and %d: %+v and %+v are not one pair", j, j+1, a, b)
		}
	}
}

// replayRecord plays a record's moves from its start and checks the result.
func replayRecord(t *testing.T, r *Record) {
	t.Helper()
	g, err := games.New(r.Game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition(r.Start)
	if err != nil {
		t.Fatalf("%s #%d: start %q: %v", r.Match, r.Index, r.Start, err)
	}
	for _, m := range r.Moves {
		mv, err := s.ParseMove(m.Move)
		if err != nil {
			t.Fatalf("%s #%d: %v", r.Match, r.Index, err)
		}
		s.Play(mv)
	}
	if !s.Terminal() || s.Outcome().String() != r.Result {
		t.Fatalf("%s #%d: replayed from its start to %s, recorded %s", r.Match, r.Index, s, r.Result)
	}
}

// A run stopped in the middle of pairs, with a pair's second game lost,
// resumes to the games of an uninterrupted run; each pair is counted once,
// also when the file repeats records.
func TestPairsResumeMidPairCountsEachPairOnce(t *testing.T) {
	cfg := load(t, testConfig+pairsPreset)
	p, _ := cfg.Preset("kp")
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	if n, err := runPreset(context.Background(), cfg, p, whole, Options{Workers: 2}, nil); err != nil || n != 32 {
		t.Fatalf("whole run: %d games, %v", n, err)
	}
	parts := filepath.Join(dir, "parts.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	n1, err := runPreset(ctx, cfg, p, parts, Options{Workers: 2}, func(pr Progress) {
		if pr.Done >= 9 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || n1 < 9 || n1 >= 32 {
		t.Fatalf("interrupted run: %d games, %v", n1, err)
	}
	// Make sure a pair is half played: drop the second game of the first
	// complete pair found.
	recs, _, _, _ := ReadResults(parts)
	have := map[string]bool{}
	for _, r := range recs {
		have[fmt.Sprintf("%s#%d", r.Match, r.Index)] = true
	}
	var kept bytes.Buffer
	dropped := false
	lines := strings.SplitAfter(string(mustRead(t, parts)), "\n")
	for i, r := range recs {
		if !dropped && r.Index%2 == 1 && have[fmt.Sprintf("%s#%d", r.Match, r.Index-1)] {
			dropped = true
			continue
		}
		kept.WriteString(lines[i])
	}
	if !dropped {
		t.Fatal("no complete pair to cut in half")
	}
	os.WriteFile(parts, kept.Bytes(), 0o644)
	if s := summaryOf(t, parts, "kp"); s.Incomplete == 0 {
		t.Fatal("the half pair is not reported incomplete")
	}
	n2, err := runPreset(context.Background(), cfg, p, parts, Options{Workers: 1}, nil)
	if err != nil || n1-1+n2 != 32 {
		t.Fatalf("resumed run: %d more games after %d, %v", n2, n1-1, err)
	}
	if a, b := canonical(t, whole), canonical(t, parts); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("resumed results differ from the uninterrupted run")
	}
	// Every record twice: games and pairs are still counted once.
	os.WriteFile(parts, append(mustRead(t, parts), mustRead(t, whole)...), 0o644)
	recs, _, _, err = ReadResults(parts)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Summarise(recs, nil) {
		if !s.Paired || s.Pairs+s.Discarded != 4 || s.Incomplete != 0 || s.Games != 8 || s.Duplicates != 8 {
			t.Errorf("%s: %d pairs scored, %d discarded, %d incomplete, %d games, %d duplicates; want 4 pairs in all, none incomplete, 8 games, 8 duplicates",
				s.Match, s.Pairs, s.Discarded, s.Incomplete, s.Games, s.Duplicates)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// summaryOf returns the first match summary of a results file.
func summaryOf(t *testing.T, path, preset string) MatchSummary {
	t.Helper()
	recs, _, _, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Summarise(recs, nil) {
		if s.Preset == preset && s.Incomplete > 0 {
			return s
		}
	}
	return MatchSummary{}
}

// Shards take whole pairs: every shard's file holds complete pairs only,
// and the shards together hold the preset.
func TestPairsShardsKeepPairsWhole(t *testing.T) {
	cfg := load(t, testConfig+pairsPreset)
	p, _ := cfg.Preset("kp")
	dir := t.TempDir()
	total := 0
	for i := range 3 {
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i))
		n, err := runPreset(context.Background(), cfg, p, path, Options{Count: 2, Shard: i, Shards: 3, Workers: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		total += n
		recs, _, _, _ := ReadResults(path)
		for _, s := range Summarise(recs, nil) {
			if s.Incomplete != 0 {
				t.Errorf("shard %d, %s: %d incomplete pairs", i, s.Match, s.Incomplete)
			}
		}
	}
	if total != 8 {
		t.Fatalf("shards played %d games, want 8", total)
	}
	var union []string
	jobs := Jobs(p, 2)
	for i := range 3 {
		for _, j := range Shard(jobs, i, 3) {
			union = append(union, fmt.Sprintf("%s#%d", j.Match.Key(p), j.Index))
		}
	}
	if len(union) != len(jobs) {
		t.Fatalf("shards hold %d jobs of %d", len(union), len(jobs))
	}
}

// An odd number of games per match would split a pair: the run is refused.
// A results file of pairs cannot be resumed by the same preset scored by
// games.
func TestPairsRefusals(t *testing.T) {
	cfg := load(t, testConfig+pairsPreset)
	p, _ := cfg.Preset("kp")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 3}, nil); err == nil || !strings.Contains(err.Error(), "games per match 3: preset kp plays seat-swapped pairs") {
		t.Fatalf("odd count: %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a refused run created the results file: %v", err)
	}
	if _, err := runPreset(context.Background(), cfg, p, path, Options{Count: 2}, nil); err != nil {
		t.Fatal(err)
	}
	cfg2 := load(t, testConfig+strings.Replace(pairsPreset, `protocol = "pairs"`, `protocol = "games"`, 1))
	p2, _ := cfg2.Preset("kp")
	var re *ResumeError
	if _, err := runPreset(context.Background(), cfg2, p2, path, Options{Count: 2}, nil); !errors.As(err, &re) || !strings.Contains(re.What, `protocol "pairs", the preset's is "games"`) {
		t.Fatalf("protocol changed: %v", err)
	}
}

// The report prints the pair table beside the game table: pair W-D-L,
// discarded and incomplete pairs, the pair score and its interval, and the
// paper's figure against the pair interval.
func TestPairsReport(t *testing.T) {
	var recs []Record
	add := func(index int, result string) {
		first := index % 2
		recs = append(recs, Record{Preset: "p", Match: "m", Index: index, Game: "kalah:start=random", Names: [2]string{"a", "b"},
			FirstSeat: first, Result: result, Winner: winnerOf(result, first), Protocol: string(config.SeatPairs)})
	}
	// Pairs: won (win, draw), won (win, win), discarded (first seat twice),
	// drawn, lost (loss, loss), and a half pair.
	for _, g := range [][2]string{{"1-0", "1/2-1/2"}, {"1-0", "0-1"}, {"1-0", "1-0"}, {"1/2-1/2", "1/2-1/2"}, {"0-1", "1-0"}} {
		add(len(recs), g[0])
		add(len(recs), g[1])
	}
	add(len(recs), "1-0")
	sums := Summarise(recs, func(string, string) float64 { return 90 })
	s := sums[0]
	if s.Pairs != 4 || s.PairWins != 2 || s.PairDraws != 1 || s.PairLosses != 1 || s.Discarded != 1 || s.Incomplete != 1 {
		t.Fatalf("pairs %d (%d-%d-%d), %d discarded, %d incomplete; want 4 (2-1-1), 1, 1", s.Pairs, s.PairWins, s.PairDraws, s.PairLosses, s.Discarded, s.Incomplete)
	}
	if s.PairScore != 0.625 || s.Outside {
		t.Fatalf("pair score %v, outside %v; want 0.625 and 90 inside its interval", s.PairScore, s.Outside)
	}
	var b strings.Builder
	if err := WriteReport(&b, sums, Text); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Seat-swapped pairs", "pair W-D-L", "2-1-1", "62.5", "21.9-90.8", "90.0", "discarded"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	if err := WriteReport(&b, sums, CSV); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(b.String()), "\n"); len(lines) != 2 || !strings.HasSuffix(lines[1], "4,2-1-1,1,1,62.5,21.9-90.8,90.0,") {
		t.Fatalf("CSV:\n%s", b.String())
	}
}
