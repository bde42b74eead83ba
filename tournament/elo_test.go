package tournament

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"mcarena/config"
)

// Bradley-Terry without advantage, draw width or prior: 3 wins and 1 loss
// give a rating difference of 400 log10 3 = 190.85 (the draw scale is 1 with
// drawElo 0).
func TestEloBradleyTerry(t *testing.T) {
	games := [][3]int{{0, 1, 1}, {1, 0, -1}, {0, 1, 1}, {1, 0, 1}}
	tab, err := Elo([]string{"a", "b"}, games, EloParams{})
	if err != nil {
		t.Fatal(err)
	}
	d := tab.Ratings[0].Elo - tab.Ratings[1].Elo
	if math.Abs(d-400*math.Log10(3)) > 1e-3 {
		t.Fatalf("difference %v, want %v", d, 400*math.Log10(3))
	}
	if math.Abs(tab.Ratings[0].Elo+tab.Ratings[1].Elo) > 1e-9 {
		t.Fatal("ratings not centred")
	}
	// The variance of the difference by hand: the Fisher information of
	// the log-odds over 4 games at p = 3/4 is 4 p (1-p) = 0.75, so
	// sd(log-odds) = 1/sqrt(.75) and sd(Elo difference) = 400/ln10 * that.
	wantSD := 400 / math.Ln10 / math.Sqrt(0.75)
	gotSD := tab.Ratings[0].CI95 / 1.96 * 2 // each rating is half the difference
	if math.Abs(gotSD-wantSD)/wantSD > 0.01 {
		t.Fatalf("sd of the difference %v, want %v", gotSD, wantSD)
	}
	// LOS = Phi(d / sd).
	if want := phi(d / wantSD); math.Abs(tab.LOS[0][1]-want) > 0.01 {
		t.Fatalf("LOS %v, want %v", tab.LOS[0][1], want)
	}
}

func TestEloSymmetricAndPrior(t *testing.T) {
	var games [][3]int
	for range 10 {
		games = append(games, [3]int{0, 1, 1}, [3]int{1, 0, 1}, [3]int{0, 1, 0}, [3]int{1, 0, 0})
	}
	tab, _ := Elo([]string{"a", "b"}, games, DefaultElo)
	if math.Abs(tab.Ratings[0].Elo) > 1e-6 || math.Abs(tab.LOS[0][1]-0.5) > 1e-6 {
		t.Fatalf("equal players: %+v LOS %v", tab.Ratings, tab.LOS)
	}
	// A clean sweep has a finite rating only thanks to the prior.
	sweep := [][3]int{{0, 1, 1}, {1, 0, -1}, {0, 1, 1}, {1, 0, -1}}
	tab, _ = Elo([]string{"a", "b"}, sweep, DefaultElo)
	if d := tab.Ratings[0].Elo - tab.Ratings[1].Elo; math.IsInf(d, 0) || d <= 0 || d > 1000 {
		t.Fatalf("sweep difference %v", d)
	}
	if tab.LOS[0][1] <= 0.5 || tab.LOS[0][1] >= 1 {
		t.Fatalf("LOS %v", tab.LOS[0][1])
	}
}

// With the first-move advantage modelled, a player who wins only as much
// as moving first is worth rates as its opponent: a always moves first and
// wins 30 of 40, the 3 to 1 that an advantage of 400 log10 3 Elo gives
// equal players. Without the advantage the same games make a 190.85
// stronger.
func TestEloAdvantage(t *testing.T) {
	var games [][3]int
	for i := range 40 {
		r := 1
		if i%4 == 3 {
			r = -1
		}
		games = append(games, [3]int{0, 1, r})
	}
	adv := 400 * math.Log10(3)
	for _, tt := range []struct {
		advantage, want float64
	}{{adv, 0}, {0, adv}} {
		tab, err := Elo([]string{"a", "b"}, games, EloParams{Advantage: tt.advantage})
		if err != nil {
			t.Fatal(err)
		}
		if d := tab.Ratings[0].Elo - tab.Ratings[1].Elo; math.Abs(d-tt.want) > 1e-3 {
			t.Errorf("advantage %.2f: difference %.3f, want %.3f", tt.advantage, d, tt.want)
		}
	}
}

func TestEloFromRecords(t *testing.T) {
	var recs []Record
	for i := range 12 {
		recs = append(recs, Record{Names: [2]string{"strong", "weak"}, FirstSeat: i % 2, Winner: 0})
	}
	recs = append(recs, Record{Names: [2]string{"strong", "weak"}, Winner: 1},
		Record{Names: [2]string{"strong", "weak"}, Error: "boom"})
	tab, err := EloFromRecords(recs, DefaultElo)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Ratings[0].Name != "strong" || tab.Ratings[0].Games != 13 || tab.LOS[0][1] < 0.99 {
		t.Fatalf("%+v %v", tab.Ratings, tab.LOS)
	}
}

func TestWilsonTable(t *testing.T) {
	tests := []struct{ x, n, lo, hi float64 }{
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{575, 1000, 0.5441, 0.6053},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.x, tt.n)
		if math.Abs(lo-tt.lo) > 1e-4 || math.Abs(hi-tt.hi) > 1e-4 {
			t.Errorf("Wilson(%v, %v) = %.4f..%.4f, want %.4f..%.4f", tt.x, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func TestOutside(t *testing.T) {
	lo, hi := Wilson(500, 500)
	if Outside(100, lo, hi) {
		t.Fatal("100% flagged outside the interval of 500 wins in 500")
	}
	if !Outside(97, lo, hi) || Outside(99.5, lo, hi) {
		t.Fatalf("interval %v-%v", lo, hi)
	}
}

// threeEngines is a round robin of preset p: strong wins 30 of its 40 games
// against base, mid wins midWins of 40 against base, and strong wins
// strongWins of 40 against mid, the rest lost, seats alternating.
func threeEngines(midWins, strongWins int) []Record {
	var recs []Record
	add := func(a, b string, n, wins int) {
		for i := range n {
			w := 1
			if i < wins {
				w = 0
			}
			recs = append(recs, Record{Preset: "p", Match: a + "-" + b, Index: i, Game: "chess", Budget: "iterations=10", Names: [2]string{a, b}, FirstSeat: i % 2, Winner: w})
		}
	}
	add("strong", "base", 40, 30)
	add("mid", "base", 40, midWins)
	add("strong", "mid", 40, strongWins)
	return recs
}

// A preset's published ratings (the chess thesis' BayesElo tables, relative
// to its base engine MCC) are printed beside ours, both relative to the
// engine the paper rates 0, flagged where the paper's figure lies outside
// our interval.
func TestWriteEloBesideThePaper(t *testing.T) {
	recs := threeEngines(20, 30)
	paper := []config.PaperRating{{Name: "strong", Elo: 864}, {Name: "mid", Elo: 0.5}, {Name: "base", Elo: 0}}
	var out strings.Builder
	if err := WriteElo(&out, recs, DefaultElo, func(preset string) []config.PaperRating {
		if preset == "p" {
			return paper
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	tab, err := EloFromRecords(recs, DefaultElo)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]float64{}
	for _, r := range tab.Ratings {
		ours[r.Name] = r.Elo
	}
	want := fmt.Sprintf("    beside the paper, relative to base: strong %+.0f (paper +864) !, mid %+.0f (paper +0), base +0 (paper +0)\n",
		ours["strong"]-ours["base"], ours["mid"]-ours["base"])
	if !strings.Contains(out.String(), want) {
		t.Fatalf("got\n%s\nwant a line\n%s", out.String(), want)
	}
	out.Reset()
	if err := WriteElo(&out, recs, DefaultElo, nil); err != nil || strings.Contains(out.String(), "paper") {
		t.Fatalf("without paper figures: %v\n%s", err, out.String())
	}
}

// TestWriteLOS prints every engine's likelihood of superiority over every
// other, in the order of the ratings: the EloTable's figures, each pair's
// two summing to 100.
func TestWriteLOS(t *testing.T) {
	recs := threeEngines(22, 26)
	var out strings.Builder
	if err := WriteLOS(&out, recs, DefaultElo, nil); err != nil {
		t.Fatal(err)
	}
	tab, err := EloFromRecords(recs, DefaultElo)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(lines) != 3+1+len(tab.Ratings) || !strings.Contains(lines[2], "p chess iterations=10") {
		t.Fatalf("got\n%s", out.String())
	}
	for i, r := range tab.Ratings {
		f := strings.Fields(lines[4+i])
		if f[0] != fmt.Sprint(i+1) || f[1] != r.Name || len(f) != 2+len(tab.Ratings) {
			t.Fatalf("row %d: %q for %s", i, lines[4+i], r.Name)
		}
		for j, cell := range f[2:] {
			want := "-"
			if i != j {
				want = fmt.Sprintf("%.0f", 100*tab.LOS[i][j])
				if sum := tab.LOS[i][j] + tab.LOS[j][i]; math.Abs(sum-1) > 1e-9 {
					t.Errorf("LOS %s-%s and back sum to %g", r.Name, tab.Ratings[j].Name, sum)
				}
			}
			if cell != want {
				t.Errorf("row %s column %d: %s, want %s", r.Name, j+1, cell, want)
			}
		}
	}
	if tab.Ratings[0].Name != "strong" || tab.LOS[0][2] < 0.99 {
		t.Errorf("ratings %v, LOS %v: want strong first and surely above base", tab.Ratings, tab.LOS)
	}

	// With the paper's matrix, listed in an order of its own, its figures
	// follow in our rows and columns.
	out.Reset()
	paper := func(preset string) ([]string, [][]float64) {
		if preset != "p" {
			return nil, nil
		}
		return []string{"base", "mid", "strong"}, [][]float64{{-1, 30, 1}, {70, -1, 20}, {99, 80, -1}}
	}
	if err := WriteLOS(&out, recs, DefaultElo, paper); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	i := strings.Index(got, "  the paper's, in the same order:\n")
	if i < 0 {
		t.Fatalf("no paper matrix:\n%s", got)
	}
	rows := strings.Split(strings.TrimRight(got[i:], "\n"), "\n")[2:]
	if len(rows) != len(tab.Ratings) {
		t.Fatalf("paper matrix of %d rows:\n%s", len(rows), got)
	}
	want := map[string]string{"strong": "- 80 99", "mid": "20 - 70", "base": "1 30 -"}
	for k, r := range rows {
		f := strings.Fields(r)
		if strings.Join(f[2:], " ") != want[f[1]] || f[1] != tab.Ratings[k].Name {
			t.Errorf("paper row %q, want %s %s", r, tab.Ratings[k].Name, want[tab.Ratings[k].Name])
		}
	}
}
