package alphabeta

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"mcarena/engines"
)

// orderings are the configurations "Alpha-beta for chess" (docs/chess.md)
// compares, each with PeSTO, quiescence, iterative deepening and the table.
var orderings = []struct {
	name string
	cfg  Config
}{
	{"order=none", Config{Heuristic: "pesto", Quiescence: true}},
	{"order=static", Config{Heuristic: "pesto", Quiescence: true, Order: true}},
	{"captures=mvvlva", Config{Heuristic: "pesto", Quiescence: true, Captures: "mvvlva"}},
	{"captures=see", Config{Heuristic: "pesto", Quiescence: true, Captures: "see"}},
	{"see,killers,history", Config{Heuristic: "pesto", Quiescence: true, Captures: "see", Killers: true, History: true}},
	{"see,killers,history,qprune", Config{Heuristic: "pesto", Quiescence: true, Captures: "see", Killers: true, History: true, QPrune: true}},
	{"ab-chess (+root=cut)", abChess},
	{"ab-chess, mvvlva", Config{Heuristic: "pesto", Quiescence: true, Captures: "mvvlva", Killers: true, History: true, RootCut: true}},
	{"ab-chess, order=static", Config{Heuristic: "pesto", Quiescence: true, Order: true, Captures: "see", Killers: true, History: true, QPrune: true, RootCut: true}},
}

// TestOrderingTable logs, for every configuration of orderings, the Win
// at Chess positions solved, nodes and time at the depth in
// MCARENA_AB_TABLE (plies), that section's table. A configuration whose
// total passes MCARENA_AB_NODES nodes (default 200 million) is cut short
// and marked so. It is skipped unless the variable is set:
//
//	MCARENA_AB_TABLE=5 go test -run OrderingTable -v ./engines/alphabeta
func TestOrderingTable(t *testing.T) {
	env := os.Getenv("MCARENA_AB_TABLE")
	if env == "" {
		t.Skip("set MCARENA_AB_TABLE=DEPTH to measure")
	}
	depth, err := strconv.Atoi(env)
	if err != nil || depth < 1 {
		t.Fatalf("MCARENA_AB_TABLE=%q: want a depth in plies", env)
	}
	limit := int64(200_000_000)
	if n, err := strconv.ParseInt(os.Getenv("MCARENA_AB_NODES"), 10, 64); err == nil {
		limit = n
	}
	only := os.Getenv("MCARENA_AB_ONLY")
	suite := readEPD(t, "wac.epd")
	for _, o := range orderings {
		if only != "" && !strings.Contains(o.name, only) {
			continue
		}
		cfg := o.cfg
		cfg.MaxDepth, cfg.TTBits = depth, 18
		e := New(cfg, o.name)
		solved, n, nodes := 0, 0, int64(0)
		start := time.Now()
		for _, p := range suite {
			s := mustPos(t, "chess", p.fen)
			res, err := e.Search(context.Background(), engines.Request{Position: s, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			n++
			nodes += res.Stats.States
			if solves(t, s, p.best, res.Move) {
				solved++
			}
			if nodes > limit {
				break
			}
		}
		el := time.Since(start)
		t.Logf("%-28s depth %d: %3d/%3d solved, %11d nodes, %6.1f s, %4.0f knodes/s", o.name, depth, solved, n, nodes, el.Seconds(), float64(nodes)/el.Seconds()/1000)
	}
}
