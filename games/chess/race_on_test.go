//go:build race

package chess_test

// raceDetector says the tests run under the race detector, which slows long
// random games and deep perft tenfold: they do less there.
const raceDetector = true
