//go:build race

package db_test

// raceDetector is true in a -race build, whose instrumentation makes every write
// transaction several times slower: lock-hold timings are taken without it (.ci/run).
const raceDetector = true
