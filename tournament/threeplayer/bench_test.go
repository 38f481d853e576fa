package threeplayer

import (
	"testing"

	"burraco/scoring"
	"burraco/tournament"
)

// bigEvening is 3,000 players after 4 complete games of 3 hands (1,000 tables each).
func bigEvening(b *testing.B) *tournament.State {
	const players, games = 3000, 4
	var es []tournament.Entry
	for i := 1; i <= players; i++ {
		es = append(es, tournament.Entry{ID: int64(i), Kind: tournament.EntryPlayer, Name: "P", CheckedIn: true})
	}
	st := evening(Settings{Games: 5, HandsPerGame: 3, SitOut: SitOutRotate, ByePoints: tournament.RP(3)}, 100, es)
	for g := 1; g <= games; g++ {
		r, _, err := Format{}.Draw(st, int64(g))
		if err != nil {
			b.Fatal(err)
		}
		for ti := range r.Tables {
			t := &r.Tables[ti]
			for _, sd := range t.Sides {
				for h := 1; h <= 3; h++ {
					score := ((int(sd.EntryID)*7+g*13+h*5+sd.Position)%60 - 20) * 5
					t.Hands = append(t.Hands, tournament.HandScore{Hand: h, Side: sd.Position, Score: score,
						Figures: scoring.Hand{Form: scoring.TotalOnly, Total: score}})
				}
			}
		}
		st.Rounds = append(st.Rounds, *r)
	}
	return st
}

// BenchmarkStandingsAndNextSeats: the standings and the next game's seats of 3,000
// players after 4 games (the target is well under 50 ms).
func BenchmarkStandingsAndNextSeats(b *testing.B) {
	st := bigEvening(b)
	b.ReportAllocs()
	for b.Loop() {
		_, ss := Format{}.Standings(st)
		r, _, err := Format{}.Draw(st, 99)
		if err != nil || len(ss) != 3000 || len(r.Tables) != 1000 {
			b.Fatalf("%v %d %d", err, len(ss), len(r.Tables))
		}
	}
}
