//go:build race

package havannah_test

// raceDetector says the tests run under the race detector, which slows the
// conformance walk tenfold: it walks fewer games there.
const raceDetector = true
