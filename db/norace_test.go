//go:build !race

package db_test

// raceDetector is true in a -race build (see race_test.go).
const raceDetector = false
