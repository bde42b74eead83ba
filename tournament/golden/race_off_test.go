//go:build !race

package golden_test

const raceDetector = false
