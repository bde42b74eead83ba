package golden_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"mcarena/config"
	_ "mcarena/engines/all"
	_ "mcarena/games/all"
	"mcarena/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// replay is one recorded experiment: a preset of config.toml, optionally
// with its budgets replaced by counted ones and its games per match cut.
type replay struct {
	name    string
	preset  string
	count   int      // games (runs) per match; 0 keeps the preset's
	budgets []string // replaces the preset's budgets when not nil
	pairs   [][2]string
	games   []string
}

var replays = []replay{
	{name: "table1", preset: "table1"},
	{name: "table2", preset: "table2"},
	{name: "table3-first", preset: "table3", count: 1},
	{name: "table4-first", preset: "table4", count: 1, budgets: []string{"states=20000"}},
	{name: "table5-first", preset: "table5", count: 2, budgets: []string{"iterations=60", "states=30000"}},
	{name: "others-first", preset: "table3", count: 2, budgets: []string{"iterations=6", "states=4000"},
		pairs: [][2]string{{"uct", "alphabeta"}, {"random", "uct"}, {"alphabeta", "random"}},
		games: []string{"tictactoe", "kalah:houses=3,seeds=3", "domineering:size=4x4", "breakthrough:size=6x6"}},
}

// TestReplayGolden plays every replay and compares its records, less wall
// times, with the recorded file.
func TestReplayGolden(t *testing.T) {
	cfg, err := config.Load(filepath.Join("..", "..", config.DefaultPath))
	if err != nil {
		t.Fatal(err)
	}
	for _, rp := range replays {
		t.Run(rp.name, func(t *testing.T) {
			if rp.name == "table2" && (testing.Short() || raceDetector) && !*update {
				t.Skip("Table 2 in full (7,200 NMC(3) playouts): run without -short and the race detector")
			}
			p0, ok := cfg.Preset(rp.preset)
			if !ok {
				t.Fatalf("no preset %s", rp.preset)
			}
			p := *p0
			if rp.budgets != nil {
				p.Budgets, p.Paper = nil, nil
				for _, text := range rp.budgets {
					b, err := config.ParseBudget(text)
					if err != nil {
						t.Fatal(err)
					}
					p.Budgets = append(p.Budgets, b)
				}
			}
			if rp.pairs != nil {
				p.Pairs, p.Games = rp.pairs, rp.games
			}
			out := filepath.Join(t.TempDir(), "results.jsonl")
			plan, err := tournament.NewPlan(cfg, &p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tournament.Run(context.Background(), plan, out, tournament.Options{Count: rp.count}, nil); err != nil {
				t.Fatal(err)
			}
			got := canonical(t, out)
			path := filepath.Join("testdata", rp.name+".jsonl.gz")
			if *update {
				writeGzip(t, path, got)
				return
			}
			want := readGzip(t, path)
			if !bytes.Equal(got, want) {
				t.Errorf("replay differs from %s:\n%s", path, firstDifference(got, want))
			}
		})
	}
}

// canonical reads a results file and writes its records without wall times,
// sorted by match and index, one JSON line each.
func canonical(t *testing.T, path string) []byte {
	t.Helper()
	recs, _, tail, err := tournament.ReadResults(path)
	if err != nil || tail != nil {
		t.Fatalf("reading %s: %v %v", path, err, tail)
	}
	sort.Slice(recs, func(i, j int) bool {
		if recs[i].Match != recs[j].Match {
			return recs[i].Match < recs[j].Match
		}
		return recs[i].Index < recs[j].Index
	})
	var buf bytes.Buffer
	for _, r := range recs {
		r.Seconds = 0
		for i := range r.Moves {
			r.Moves[i].Millis = 0
		}
		if r.Error != "" {
			t.Errorf("%s#%d: %s", r.Match, r.Index, r.Error)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\n got: %s\nwant: %s", i+1, a, b)
		}
	}
	return "same lines"
}

func writeGzip(t *testing.T, path string, data []byte) {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readGzip(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
