package alphabeta

import (
	"context"
	"fmt"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/gametest"
)

// BenchmarkNodesPerSecond searches Breakthrough 8x8 from the start to a
// fixed depth with efMS, the paper's alpha-beta player, and reports the
// search's speed (nodes/s) and size (nodes/op). The table has 2^16 entries,
// so that clearing it (a search's first cost) does not hide the search's own
// speed; allocs/op stay flat from depth 4 to 5, since the loop allocates
// nothing:
//
//	go test -run '^$' -bench NodesPerSecond ./engines/alphabeta
func BenchmarkNodesPerSecond(b *testing.B) {
	s := gametest.MustPosition(b, "breakthrough:size=8x8", "")
	for _, bc := range []struct {
		name string
		cfg  Config
	}{
		{"depth4", Config{Heuristic: "efms", Order: true}},
		{"depth5", Config{Heuristic: "efms", Order: true}},
		{"depth5/order=none", Config{Heuristic: "efms"}},
		{"depth5/quiescence", Config{Heuristic: "efms", Order: true, Quiescence: true}},
	} {
		depth := 4
		if bc.name != "depth4" {
			depth = 5
		}
		cfg := bc.cfg
		cfg.MaxDepth, cfg.TTBits = depth, 16
		b.Run(bc.name, func(b *testing.B) {
			e := New(cfg, "alphabeta")
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				res, err := e.Search(context.Background(), engines.Request{Position: s, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Stats.States
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// middlegames are the chess positions of BenchmarkChess: Kiwipete (the
// perft suite's), a Ruy Lopez after 3...a6, and Win at Chess 059 and 076,
// quiet middlegames with every piece type.
var middlegames = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
	"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq -",
	"r1b2rk1/2p1qnbp/p1pp2p1/5p2/2PQP3/1PN2N1P/PB3PP1/3R1RK1 w - -",
	"r1b1qrk1/2p2ppp/pb1pnn2/1p2pNB1/3PP3/1BP5/PP2QPPP/RN1R2K1 w - -",
}

// BenchmarkChess searches the middlegames to depths 4 and 6 with each of
// docs/chess.md's keyed orderings (its table's), and reports nodes/op (all
// four positions) and nodes/s: what the ordering saves, and what it costs
// a node. Without a capture order, quiescence takes minutes on Kiwipete's
// capture chains even at depth 2, so order=none and order=static are
// compared in TestOrderingTable, under a node cap. The table has 2^18
// entries:
//
//	go test -run '^$' -bench Chess -benchtime 3x ./engines/alphabeta
func BenchmarkChess(b *testing.B) {
	for _, depth := range []int{4, 6} {
		for _, o := range orderings {
			if !o.cfg.keyed() {
				continue // quiescence in the game's order explodes here (TestOrderingTable)
			}
			cfg := o.cfg
			cfg.MaxDepth, cfg.TTBits = depth, 18
			b.Run(fmt.Sprintf("depth%d/%s", depth, o.name), func(b *testing.B) {
				e := New(cfg, o.name)
				var states []games.State
				for _, fen := range middlegames {
					states = append(states, gametest.MustPosition(b, "chess", fen))
				}
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					for _, s := range states {
						res, err := e.Search(context.Background(), engines.Request{Position: s, Seed: 1})
						if err != nil {
							b.Fatal(err)
						}
						nodes += res.Stats.States
					}
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}
