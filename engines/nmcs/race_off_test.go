//go:build !race

package nmcs

const raceDetector = false
