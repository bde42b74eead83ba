//go:build race

package golden_test

// raceDetector says the tests run under the race detector, which slows a
// search tenfold: long single-goroutine computations are skipped there (the
// plain test run covers them).
const raceDetector = true
