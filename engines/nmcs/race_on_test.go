//go:build race

package nmcs

// raceDetector says the tests run under the race detector, which slows a
// search tenfold: long single-goroutine computations are skipped there (the
// plain test run covers them).
const raceDetector = true
