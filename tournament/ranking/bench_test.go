package ranking

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Federation scale: 20,000 players, 500 clubs, 100,000 evenings in the window, fields of
// 4 to 20 entries (about 1.2 million results).
const (
	benchPlayers  = 20000
	benchClubs    = 500
	benchEvenings = 100000
)

// federation builds the federation's evenings in memory, every one in the window ending
// on asOf.
func federation(asOf time.Time) []Evening {
	r := rand.New(rand.NewPCG(20, 500))
	evs := make([]Evening, benchEvenings)
	for i := range evs {
		field := 4 + r.IntN(17)
		ev := Evening{TournamentID: int64(i + 1), ClubID: int64(1 + r.IntN(benchClubs)), Tier: Tiers[r.IntN(10)/8],
			Date: asOf.AddDate(0, 0, -r.IntN(360)).Format(time.DateOnly), Placings: make([]Placing, field)}
		for e := range ev.Placings {
			place := e + 1
			if e > 0 && r.IntN(6) == 0 {
				place = ev.Placings[e-1].Place
			}
			ev.Placings[e] = Placing{Place: place, Players: []int64{1 + r.Int64N(benchPlayers)}}
		}
		evs[i] = ev
	}
	return evs
}

// BenchmarkFederation: the full recompute of the ranking at federation scale, and one
// newly final evening put into the kept ranking (its players' lines summed again, and
// the whole ranking ranked again for the page), beside a floor measured in the same run:
// a plain sort of as many numbers as there are results. Targets: one evening ≤ 1 s, a
// full recompute ≤ 60 s.
func BenchmarkFederation(b *testing.B) {
	asOf := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	evs := federation(asOf)
	s := Defaults()
	n := 0
	for _, ev := range evs {
		n += len(ev.Placings)
	}
	b.Logf("%d evenings, %d results, %d players", len(evs), n, benchPlayers)
	b.Run("floor=sort-of-the-results", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		xs := make([]int64, n)
		for b.Loop() {
			b.StopTimer()
			for i := range xs {
				xs[i] = r.Int64()
			}
			b.StartTimer()
			slices.Sort(xs)
		}
	})
	b.Run("full-recompute", func(b *testing.B) {
		for b.Loop() {
			s.Compute(evs, asOf)
		}
	})
	b.Run("one-evening", func(b *testing.B) {
		book := NewBook(s, asOf)
		for _, ev := range evs {
			book.Put(ev)
		}
		next := evs[0]
		next.TournamentID = benchEvenings + 1
		for b.Loop() {
			book.Put(next)
			book.Lines()
		}
	})
}
