package main

// default.pgo, beside this file, is a CPU profile that go build uses for
// profile-guided optimisation of the mcarena binary (inlining and
// devirtualisation at the hot call sites it records). It is the merge of
// the playout benchmark of every game package and of the engines' search
// benchmarks, made from the module root with:
//
//	d=$(mktemp -d)
//	for p in tictactoe race domineering nogo atarigo kalah; do
//		go test -run '^$' -bench '^BenchmarkPlayout$' -benchtime 1s \
//			-cpuprofile $d/$p.prof -o $d/$p.test ./games/$p
//	done
//	go test -run '^$' -bench '^BenchmarkLevel1$' -benchtime 20x \
//		-cpuprofile $d/nmcs.prof -o $d/nmcs.test ./engines/nmcs
//	go test -run '^$' -bench '^BenchmarkIterations$' -benchtime 10x \
//		-cpuprofile $d/mcts.prof -o $d/mcts.test ./engines/mcts
//	go test -run '^$' -bench '^BenchmarkUCT8x8$' -benchtime 10x \
//		-cpuprofile $d/uct8.prof -o $d/uct8.test ./engines/mcts
//	go tool pprof -proto $d/*.prof > $d/merged.pprof
//	go run pgotrim.go < $d/merged.pprof > default.pgo
//
// pgotrim makes the file names in the profile relative, so that it names no
// directory of the machine it was made on; the build is the same.
// Make it again after a change to a playout loop or a search's inner loop:
// a stale profile is safe but stops helping the code that moved. Measured
// with mcarena bench against a build with -pgo=off, it makes NoGo, AtariGo
// and Knightthrough playouts 10-20% faster and changes the others little.
