//go:build !race

package havannah_test

const raceDetector = false
