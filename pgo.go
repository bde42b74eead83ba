package main

// default.pgo, beside this file, is a CPU profile that go build uses for
// profile-guided optimisation of the mcarena binary (inlining and
// devirtualisation at the hot call sites it records). It is the merge of
// the playout benchmark of every game package, the engines' search
// benchmarks and searches of the papers' players, made from the module
// root with:
//
//	d=$(mktemp -d); go build -o $d/mcarena .
//	for p in tictactoe domineering nogo atarigo kalah; do
//		go test -run '^$' -bench '^BenchmarkPlayout$' -benchtime 2s \
//			-cpuprofile $d/g-$p.prof -o $d/$p.test ./games/$p
//	done
//	go test -run '^$' -bench '^BenchmarkPlayout$' -benchtime 4s \
//		-cpuprofile $d/g-race.prof -o $d/race.test ./games/race
//	for p in loa havannah chess; do
//		go test -run '^$' -bench '^BenchmarkPlayout$' -benchtime 1s \
//			-cpuprofile $d/g-$p.prof -o $d/$p.test ./games/$p
//	done
//	go test -run '^$' -bench '^BenchmarkLevel1$' -benchtime 20x \
//		-cpuprofile $d/g-nmcs.prof -o $d/nmcs.test ./engines/nmcs
//	go test -run '^$' -bench '^BenchmarkIterations$' -benchtime 10x \
//		-cpuprofile $d/g-mcts.prof -o $d/mcts.test ./engines/mcts
//	go test -run '^$' -bench '^BenchmarkUCT8x8$' -benchtime 30x \
//		-cpuprofile $d/g-uct8.prof -o $d/uct8.test ./engines/mcts
//	bt="bb1bbbbb/1b1b3b/b3bb2/b1bb4/w7/1www3w/3w1ww1/w1wwwwww w"
//	loa="3b2w1/2b1w3/b2b3b/1w1b4/w1bw4/5b2/bw1bw3/3b1w2 b 40"
//	s() { n=$1; shift; $d/mcarena bench --search "$@" --cpuprofile $d/$n.prof; }
//	s bl im-bl-im40 --games breakthrough:size=8x8 --position "$bt" --iterations 400000 --searches 3
//	s blp im-blp-im60 --games breakthrough:size=8x8 --position "$bt" --iterations 600000 --searches 3
//	s ipp im-ipp --games breakthrough:size=8x8 --position "$bt" --iterations 600000 --searches 3
//	s abbt ab-efms --games breakthrough:size=8x8 --position "$bt" --iterations 8 --searches 3
//	s kalah kalah-fet4-im30 --games kalah --moves "b1 a2 d1 b2" --iterations 1000000 --searches 3
//	s hav hav-base --games havannah --iterations 200000 --searches 3
//	s havlgr hav-lgr1-ng1 --games havannah --iterations 200000 --searches 3
//	s loas loa-mcts-simple --games loa --position "$loa" --iterations 300000 --searches 3
//	s loaab loa-mcts --games loa --position "$loa" --iterations 3000 --searches 3
//	s mcc mcc --games chess --iterations 30000 --searches 3
//	s mcchp mcc-hp-eval-20 --games chess --iterations 20000 --searches 3
//	s abchess ab-chess --games chess --moves "e2e4 e7e5 g1f3 b8c6" --iterations 8 --searches 2
//	go tool pprof -proto $d/*.prof > $d/merged.pprof
//	go run pgotrim.go < $d/merged.pprof > default.pgo
//
// pgotrim makes the file names in the profile relative, so that it names no
// directory of the machine it was made on; the build is the same.
// Make it again after a change to a playout loop or a search's inner loop:
// a stale profile is safe but stops helping the code that moved. Measured
// with mcarena bench against a build with -pgo=off, the first profile (game
// playouts and the NMCS and UCT benchmarks only) made NoGo, AtariGo and
// Knightthrough playouts 10-20% faster and changed the others little. With
// the papers' players added, their searches ran 5-11% faster than under
// the first profile (medians of nine searches each, interleaved: bl with
// im0.4 1.11x, bl' with im0.6 1.06x, Kalah's fet4 with im0.3 1.07x,
// Havannah's baseline 1.08x, LOA's simple playouts 1.05x, MCC 1.06x), and
// random playouts moved within the noise of the machine (about 10%).
//
// Made again after the LOA alpha-beta playout's killer and root ordering
// (3 December 2026) and measured against the build on the profile before,
// three interleaved pairs each with a two-worker tournament on both cores:
// medians of the pair ratios (iterations per CPU-second, --searches 3)
// loa-mcts 1.02, loa-mcts-simple 1.01, bl with im0.4 1.08, hav-base 1.03,
// kalah-fet4-im30 1.20 (each pair 1.12-1.29), MCC 1.02; random playouts
// 0.97-1.15 at the median, each pair within the load's noise (0.67-1.38).
