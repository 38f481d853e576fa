package tournament

import (
	"testing"

	"burraco/scoring"
)

// bigEvening is 3,000 players after 4 complete games of 3 hands (1,000 tables each).
func bigEvening(b *testing.B) *Evening {
	const players, games = 3000, 4
	ev := &Evening{Tournament: Tournament{Games: 5, HandsPerGame: 3, SitOut: SitOutRotate, ByePoints: RP(3), Qualifiers: 100}}
	var ids []int64
	for i := 1; i <= players; i++ {
		ev.Entries = append(ev.Entries, Entry{ID: int64(i), Name: "P", CheckedIn: true})
		ids = append(ids, int64(i))
	}
	var order [][]int64
	for g := 1; g <= games; g++ {
		seating := NextSeating(ids, order, ev.SitOutCounts(), int64(g), true)
		gm := Game{Number: g, Seed: int64(g), Seating: seating}
		for t, seats := range seating.Tables {
			for s, id := range seats {
				for h := 1; h <= 3; h++ {
					score := ((int(id)*7+g*13+h*5+s)%60 - 20) * 5
					gm.Hands = append(gm.Hands, HandScore{Table: t + 1, Hand: h, EntryID: id, Score: score,
						Figures: scoring.Hand{Form: scoring.TotalOnly, Total: score}})
				}
			}
		}
		ev.Games = append(ev.Games, gm)
		order = gm.Order(3)
	}
	return ev
}

// BenchmarkStandingsAndNextSeats: the standings and the next game's seats of 3,000
// players after 4 games (the target is well under 50 ms).
func BenchmarkStandingsAndNextSeats(b *testing.B) {
	ev := bigEvening(b)
	b.ReportAllocs()
	for b.Loop() {
		ss := Standings(ev)
		g, _, err := seatGame(ev, 5, 99)
		if err != nil || len(ss) != 3000 || len(g.Seating.Tables) != 1000 {
			b.Fatalf("%v %d %d", err, len(ss), len(g.Seating.Tables))
		}
	}
}
