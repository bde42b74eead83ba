package mcts

import (
	"context"
	"encoding/binary"
	"hash/fnv"
	"math"
	"strings"
	"testing"

	"mcarena/engines"
)

// searchDigest runs searches of spec from pos (seeds 1..searches, a fresh
// engine each, iterations a search) and returns a digest of everything a
// search reports: iterations, states, principal variation, and every root
// move's proof and statistics, bit for bit.
func searchDigest(t *testing.T, spec, game, pos string, iterations int64, searches int) uint64 {
	t.Helper()
	s := mustPos(t, game, pos)
	d := fnv.New64a()
	var b []byte
	for seed := uint64(1); seed <= uint64(searches); seed++ {
		e := mustEngine(t, spec)
		res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: iterations}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		st := res.Stats
		// A heuristic search's static column (the heuristic's value of
		// each root move, computed for the statistics since the digests
		// were recorded) is left out, but under estimator=cb, whose
		// selection keeps those values.
		skip := -1
		for i, c := range st.Columns {
			if c.Key == "static" && !strings.Contains(spec, "estimator=cb") {
				skip = i
			}
		}
		b = binary.LittleEndian.AppendUint64(b[:0], uint64(st.Iterations))
		b = binary.LittleEndian.AppendUint64(b, uint64(st.States))
		b = binary.LittleEndian.AppendUint32(b, uint32(res.Move))
		for _, m := range st.PV {
			b = binary.LittleEndian.AppendUint32(b, uint32(m))
		}
		for _, m := range st.Moves {
			b = binary.LittleEndian.AppendUint32(b, uint32(m.Move))
			b = append(b, byte(m.Proven))
			for i, c := range m.Cells {
				if i != skip {
					b = binary.LittleEndian.AppendUint64(b, math.Float64bits(c))
				}
			}
		}
		d.Write(b)
	}
	return d.Sum64()
}

// TestSearchesArePinned checks that seeded searches with the selection
// terms the recorded games of tournament/golden do not play (implicit
// minimax and its estimators, progressive bias, node priors, RAVE,
// maximum backpropagation, the solver's proofs, and LOA's alpha-beta
// playouts among them) report what they reported when the digests
// were recorded, bit for bit: a change meant only to make the search
// faster must not move them. Kalah's searches are long enough for nodes
// visited more than 4096 times. Havannah's pin the Havannah paper's
// players: RAVE, Havannah-Mate's proofs, the decisive and learning
// playouts and the priors.
func TestSearchesArePinned(t *testing.T) {
	// Mid-game (b1 a2 d1 b2 from the start); an endgame where the solver
	// proves many nodes; one it solves at the root.
	const (
		kalahMid    = "1,0,4,4,5,5/6,2,6,0,6,6 1 2 s"
		kalahEnd    = "0,1,1,0,3,1/3,2,0,2,0,2 17 16 s"
		kalahSolved = "1,0,1,0,0,0/3,1,3,1,1,0 13 24 s"
		// 40 uniformly random plies from the start.
		loaMid = "3b2w1/2b1w3/b2b3b/1w1b4/w1bw4/5b2/bw1bw3/3b1w2 b 40"
		// Havannah: 18 uniformly random plies on base 5 (c2 g6 b6 i6 h5 h7
		// e5 c6 a1 d2 d7 c1 b4 e4 i9 h8 d4 f7); 6 more (d5 g8 d1 e6 e3
		// g3), after which Black threatens to win and White's moves but
		// one are proven lost; 80 on base 10.
		havMid    = "w..../...w.w/bw...b./.b.w..w./...bw..../.....b../...b.../.w.bb./.b..w w"
		havThreat = "w..../...w.w/bw...b./wb.ww.w./..wbwb.../.....b../b..b.b./.w.bb./.b..w w"
		havMid10  = "........../.ww.w....../.....b.b..../..bb.b..bbbb./.....bb..www../w...b..wb....../......bw.....bbw/..w.....b...w.w../ww.w.........w...w/..........b.bw..w../.wb.b..b.w.....b.w/..w..w..w....bw.w/...b....w.b...../....wb....w..w./...w.b.bbw..b./..w....bb.b../...w..b..bwb/.b.w...wwb./.......b.. w"
		// Breakthrough: docs/implicit-minimax.md's mid-game position; two endgames of few
		// pieces.
		btMid      = "bb1bbbbb/1b1b3b/b3bb2/b1bb4/w7/1www3w/3w1ww1/w1wwwwww w"
		btEnd      = "8/2b5/b7/8/3w4/1b6/7w/6w1 w"
		btEndBlack = "2b5/1b3b2/8/3w4/8/1b6/7w/1w4w1 b"
		bl         = "mcts:c=0.5,playout=egreedy(epsilon=0.1),leaf=threshold(x=0.5,every=5),heuristic=efms"
		blIPP      = "mcts:c=0.5,playout=egreedy(epsilon=0.1,base=ipp),leaf=threshold(x=0.5,every=5),heuristic=efms"
		blLH       = "mcts:c=0.5,playout=egreedy(epsilon=0.1,base=ipp),leaf=threshold(x=0.5,every=5,atleaf=false),heuristic=eflh"
		// The Havannah paper's baseline (hav-base) and the players of
		// config.toml built on it.
		havBase = "mcts:c=0.4,rave=50,reading=mate"
	)
	for _, tc := range []struct {
		spec, game, pos string
		iterations      int64
		want            uint64
	}{
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores", "kalah", kalahMid, 20000, 0x3846721f7085e931},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3", "kalah", kalahMid, 20000, 0xda34d321c8c46ca3},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=1,solver=false", "kalah", kalahMid, 20000, 0x4c32ec666bdb8994},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.4,estimator=pb", "kalah", kalahMid, 20000, 0x22198f99b4c597a4},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.4,estimator=cb", "kalah", kalahMid, 20000, 0x99e55d6209edaf8f},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3,bias=0.5", "kalah", kalahMid, 20000, 0x33fa046f60ad352a},
		{"mcts:c=0.5,heuristic=stores,alpha=0.2,rave=50", "kalah", kalahMid, 5000, 0x54df2030cf912cff},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3,maxbackprop=100", "kalah", kalahMid, 20000, 0x9a87e55cba7828cc},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3", "kalah:houses=4,seeds=3", "", 20000, 0x49e914a284072ce8},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3", "kalah", kalahEnd, 20000, 0x47f93dbea1913eb6},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=1", "kalah", kalahEnd, 20000, 0xf51a686f371fc13e},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.4,estimator=pb", "kalah", kalahEnd, 20000, 0x7c3fc87f39642ff3},
		{"mcts:c=0.5,leaf=cutoff(plies=4),heuristic=stores,alpha=0.3", "kalah", kalahSolved, 5000, 0x82f3bb7f83a91347},
		{"mcts:c=0.5,playout=egreedy,leaf=threshold(every=5),heuristic=efms,alpha=0.3", "breakthrough:size=8x8", "", 1000, 0xe548ee8c51ae42a8},
		// The implicit-minimax paper's bl (ege0.1, det0.5, efMS) mid-game, in
		// endgames where a move may leave the opponent no move, and under a
		// GDL move order (recorded before efMS drew its moves from
		// bitboards).
		{bl, "breakthrough:size=8x8", btMid, 5000, 0x4a656b09b9e2256e},
		{bl + ",alpha=0.4", "breakthrough:size=8x8", btEnd, 3000, 0xc3a7445ed10f1bdc},
		{bl, "breakthrough:size=8x8", btEndBlack, 3000, 0x353218a610dfa943},
		{bl + ",alpha=0.4", "breakthrough:size=6x6,order=colmajor-reversed", "", 3000, 0x1b3cca085e59197a},
		{bl, "breakthrough", "", 3000, 0x9d24422c609e4bde},
		// bl on the informed playout, as config.toml's players are
		// (recorded when egreedy learnt its base).
		{blIPP, "breakthrough:size=8x8", btMid, 5000, 0x30d805aa185df1d8},
		{"mcts:c=0.5,playout=mast(base=ipp,tree=inverted)", "breakthrough:size=8x8", btMid, 3000, 0xb7450d5656c8b137},
		// The node-prior rows were recorded again when a child with a
		// prior's visits came to be scored from the first iteration
		// instead of tried in turn first.
		{"mcts:c=0.5,playout=mast(base=ipp,tree=inverted),leaf=cutoff(plies=20),heuristic=eflh,np=10,prior=safety", "breakthrough:size=8x8", btMid, 3000, 0x538b615b47ca82a4},
		// Table I's fet and det players with the framework's MAST, its
		// cut-off moves carried (recorded when cutoff=carry came).
		{"mcts:c=0.5,playout=mast(base=ipp,tree=inverted,cutoff=carry),leaf=cutoff(plies=3),heuristic=efms", "breakthrough:size=8x8", btEnd, 3000, 0xb13aea2ca3bf4312},
		{"mcts:c=0.5,playout=mast(base=ipp,tree=inverted,cutoff=carry),leaf=threshold(x=0.1,every=5,atleaf=false),heuristic=efms", "breakthrough:size=8x8", btMid, 3000, 0xf29bbc0523053012},
		{blIPP + ",alpha=0.4", "breakthrough:size=8x8", btEnd, 3000, 0xb98ff36864345a93},
		{blIPP + ",np=10,prior=safety", "breakthrough:size=8x8", btEndBlack, 3000, 0x605aca76f41d880a},
		{blIPP + ",np=10,prior=safety,children=framework", "breakthrough:size=8x8", btMid, 3000, 0x526473323e373a77},
		{"mcts:c=0.5,playout=egreedy(epsilon=1,base=ipp),heuristic=efms", "breakthrough", "", 3000, 0xe2683eadff337426},
		// bl with efLH, Table IV's efLH player by the paper's raw results
		// (recorded before efLH chose a greedy step's moves in one pass).
		{blLH, "breakthrough:size=8x8", "", 3000, 0x3fd3fdeebe962671},
		{blLH + ",alpha=0.6", "breakthrough:size=8x8", btMid, 3000, 0xbdcacb2185fbf655},
		{blLH, "breakthrough:size=8x8", btEnd, 3000, 0xd2f7c13e1ac30c32},
		{blLH + ",alpha=0.6", "breakthrough:size=8x8", btEndBlack, 3000, 0x576a5c0f58ade8de},
		{"mcts:c=0.5,playout=ipp,leaf=cutoff(plies=20),heuristic=eflh,alpha=0.6,np=10,prior=safety", "breakthrough:size=8x8", "", 2000, 0xf888bc0120e150e0},
		{"mcts:c=0.5,playout=ipp,leaf=cutoff(plies=20),heuristic=eflh,bias=1,biasdiv=visits", "breakthrough:size=8x8", "", 2000, 0xc1257f1cc3371e70},
		// Lines of Action: uniform playouts, and the implicit-minimax paper's
		// players with alpha-beta playouts and mia-sub (recorded before
		// LOA's line tables and mia-sub's mobility cache). The ab rows
		// were recorded again when the ab policy came to try killer moves
		// first, and again when its root came to follow the last step's
		// values of its replies: each time the positions it visits fell,
		// and a digest without the count of states was checked unchanged.
		// (Trying each node's killer before listing its moves changed
		// nothing of the digest.)
		{"mcts:c=0.5", "loa", "", 2000, 0x881593779ad631e6},
		{"mcts:c=0.5,playout=ab(depth=2),leaf=threshold(x=0.6,every=5),heuristic=mia-sub", "loa", "", 200, 0xc1b0b6192021262c},
		{"mcts:c=0.5,playout=ab(depth=2),leaf=threshold(x=0.6,every=5),heuristic=mia-sub,alpha=0.2", "loa", loaMid, 300, 0x8a222634b9602d57},
		{"mcts:c=0.5,playout=ab(depth=2),leaf=threshold(x=0.6,every=5),heuristic=mia-sub,bias=1,alpha=0.2", "loa", loaMid, 300, 0xe473584fdd321a51},
		// Havannah: RAVE with and without Havannah-Mate, the decisive
		// playout, the swap, and the learning playouts and priors of the
		// Havannah paper (hav-lgrf2, hav-ng2, hav-combined and
		// hav-combined-lgrf2-ng1 in config.toml).
		{havBase, "havannah", "", 3000, 0xe402b55dab9f25f8},
		{havBase, "havannah", havMid, 3000, 0xf303818a46b6b8ba},
		{havBase, "havannah", havThreat, 3000, 0x5d80a75e5ecc2c92},
		{"mcts:c=0.4,rave=50", "havannah", havMid, 3000, 0x1abe70a445b7e912},
		{havBase, "havannah:swap=true", "", 2000, 0xcee0d788c54685a1},
		{havBase, "havannah:base=10", "", 1000, 0x638c8555fbbf17a8},
		{havBase, "havannah:base=10", havMid10, 1000, 0xbd52e714a8abda6f},
		{havBase + ",playout=game(name=decisive)", "havannah", havMid, 1000, 0x6c2bfe47318096a2},
		{havBase + ",playout=lgr(kind=lgrf2)", "havannah", havMid, 2000, 0xd4c36f511bb89a3a},
		{havBase + ",playout=ngram(n=2,epsilon=0.1,gamma=0)", "havannah", havMid, 2000, 0x6e6ce772767ef186},
		{havBase + ",prior=combined", "havannah", havMid, 2000, 0xab1ec880c325e984},
		{havBase + ",prior=combined,playout=lgrngram(kind=lgrf2,n=1,epsilon=0.1,gamma=0)", "havannah", "", 2000, 0x342daf2f4245c086},
		// The Havannah paper's combined prior without RAVE (a probe's
		// player): counts of its own, untried children scored by them.
		{"mcts:c=0.4,reading=mate,prior=combined", "havannah", havMid, 2000, 0x3eb6585b87d49b3b},
	} {
		if got := searchDigest(t, tc.spec, tc.game, tc.pos, tc.iterations, 3); got != tc.want {
			t.Errorf("%s on %s: searches digest to %#x, recorded %#x", tc.spec, tc.game, got, tc.want)
		}
	}
}
