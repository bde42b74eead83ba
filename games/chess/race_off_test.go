//go:build !race

package chess_test

const raceDetector = false
