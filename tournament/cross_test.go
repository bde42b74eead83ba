package tournament

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// table7 is the chess thesis' Table 7, the main experiment's round robin
// of 25 games a pair: table7Points[i][j] is what table7Names[i] scored
// against table7Names[j] (its "24.0-0.1" read as 24.0-1.0, the only
// reading that adds up to 25 and to the table's scores).
var (
	table7Names  = []string{"mcc-combined", "mcc-decisive-moves", "mcc-hp-see-40", "mcc-progressive-bias", "mcc"}
	table7Points = [5][5]float64{
		{0, 25, 24, 25, 25},
		{0, 0, 16.5, 21.5, 21},
		{1, 8.5, 0, 16.5, 20.5},
		{0, 3.5, 8.5, 0, 16.5},
		{0, 4, 4.5, 8.5, 0},
	}
)

// table7Records are games that add up to Table 7, each pair's with the
// fewest draws its points allow (a half point is one draw), seats taking
// turns.
func table7Records() []Record {
	var recs []Record
	for i := range table7Names {
		for j := i + 1; j < len(table7Names); j++ {
			p := table7Points[i][j]
			draws := 0
			if p != math.Trunc(p) {
				draws = 1
			}
			wins := int(p)
			var results []int // the winner's index in Names, -1 a draw
			for range wins {
				results = append(results, 0)
			}
			for range draws {
				results = append(results, -1)
			}
			for len(results) < 25 {
				results = append(results, 1)
			}
			for k, w := range results {
				recs = append(recs, Record{Preset: "mcc-main", Match: table7Names[i] + "|" + table7Names[j], Index: k, Game: "chess", Budget: "iterations=14000",
					Names: [2]string{table7Names[i], table7Names[j]}, FirstSeat: k % 2, Winner: w})
			}
		}
	}
	return recs
}

// The cross table of Table 7's games is Table 7: the same cells, scores
// and ranks.
func TestCrossTableOfTable7(t *testing.T) {
	recs := table7Records()
	recs = append(recs, Record{Preset: "mcc-main", Match: "x", Index: 99, Game: "chess", Budget: "iterations=14000",
		Names: [2]string{"mcc", "mcc-combined"}, Winner: 0, Error: "engine panic"}) // not counted
	c := NewCrossTable(recs)
	for i, name := range table7Names {
		if c.Names[i] != name {
			t.Fatalf("rank %d: %s, want %s (%v)", i+1, c.Names[i], name, c.Names)
		}
		for j := range table7Names {
			if c.Points[i][j] != table7Points[i][j] || (i != j && c.Games[i][j] != 25) {
				t.Errorf("%s against %s: %v in %d games, want %v in 25", name, table7Names[j], c.Points[i][j], c.Games[i][j], table7Points[i][j])
			}
		}
	}
	for i, want := range []float64{99, 59, 46.5, 28.5, 17} {
		if p, n := c.Score(i); p != want || n != 100 {
			t.Errorf("%s: %v/%d, want %v/100", c.Names[i], p, n, want)
		}
	}
	var b bytes.Buffer
	paper := func(_, _, _, a, b string) (float64, bool) {
		if a == "mcc-combined" && b == "mcc" {
			return 100, true
		}
		return 0, false
	}
	if err := WriteCrossTables(&b, recs, paper); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"mcc-main chess iterations=14000:",
		"1 mcc-combined            -   25-0   24-1   25-0   25-0  99/100",
		"3 mcc-hp-see-40         1-24 8.5-16.5     -",
		"5 mcc                   0-25   4-21 4.5-20.5 8.5-16.5    -  17/100",
		"the paper's, in the same order",
		"5 mcc                   0%",
	} {
		if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
}

// BayesElo's model fitted to Table 7's games gives the thesis' Table 8 and
// Table 9, which BayesElo computed from the same games: every rating but
// MCC_Combined's within 20 Elo of the thesis', MCC_Combined's (a 99%
// score, rated by the prior) inside the thesis' interval, and every
// likelihood of superiority within 2 points.
func TestEloOfTable7IsTheThesisTables8And9(t *testing.T) {
	tab, err := EloFromRecords(table7Records(), DefaultElo)
	if err != nil {
		t.Fatal(err)
	}
	thesisElo := map[string]float64{"mcc-combined": 864, "mcc-decisive-moves": 336, "mcc-hp-see-40": 229, "mcc-progressive-bias": 85, "mcc": 0}
	base := tab.Ratings[len(tab.Ratings)-1]
	if base.Name != "mcc" {
		t.Fatalf("weakest %s, want mcc", base.Name)
	}
	for _, r := range tab.Ratings {
		got, want := r.Elo-base.Elo, thesisElo[r.Name]
		tol := 20.0
		if r.Name == "mcc-combined" {
			tol = 186
		}
		if math.Abs(got-want) > tol {
			t.Errorf("%s: %+.0f, the thesis %+.0f (tolerance %.0f)", r.Name, got, want, tol)
		}
	}
	thesisLOS := [5][5]float64{
		{-1, 99, 99, 99, 100},
		{0, -1, 98, 99, 99},
		{0, 1, -1, 99, 99},
		{0, 0, 0, -1, 97},
		{0, 0, 0, 2, -1},
	}
	for i := range thesisLOS {
		for j := range thesisLOS {
			if i != j && math.Abs(100*tab.LOS[i][j]-thesisLOS[i][j]) > 2 {
				t.Errorf("LOS %s over %s: %.1f, the thesis %.0f", tab.Ratings[i].Name, tab.Ratings[j].Name, 100*tab.LOS[i][j], thesisLOS[i][j])
			}
		}
	}
}
