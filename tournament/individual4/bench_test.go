package individual4

import (
	"math/rand/v2"
	"testing"

	"burraco/tournament"
)

// played200 is a stage of 200 players with 11 rounds drawn and played at random.
func played200(b testing.TB) *tournament.State {
	st := field(200, settings(12))
	rng := rand.New(rand.NewPCG(200, 12))
	for range 11 {
		r := draw(b, st, rng.Int64())
		playRandom(st, r, rng)
	}
	return st
}

// BenchmarkDraw200 draws round 12 of 200 players (running standings, history, seating).
// Compare with BenchmarkRunning200, its floor measured in the same run: the running
// standings alone, which every draw computes first.
func BenchmarkDraw200(b *testing.B) {
	st := played200(b)
	b.ResetTimer()
	for i := range b.N {
		if _, _, err := (Format{}).Draw(st, int64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunning200 is the floor of BenchmarkDraw200: the running standings round 12
// is drawn from, without seating anybody.
func BenchmarkRunning200(b *testing.B) {
	st := played200(b)
	b.ResetTimer()
	for i := range b.N {
		Running(st, 12, int64(i))
	}
}
