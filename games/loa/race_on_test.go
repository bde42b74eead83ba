//go:build race

package loa_test

// raceDetector says the tests run under the race detector, which slows the
// conformance walk of long LOA games tenfold: it walks fewer games there.
const raceDetector = true
