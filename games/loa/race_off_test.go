//go:build !race

package loa_test

const raceDetector = false
