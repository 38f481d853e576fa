package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"burraco/tournament"
)

// BenchmarkLoadEveningAndStandings loads a 3,000-player evening after 4 games (36,000
// hand scores) from SQLite and ranks it: the page a projector refreshes.
func BenchmarkLoadEveningAndStandings(b *testing.B) {
	d, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	tr := tournament.NewTournament(time.Now())
	tr.Name, tr.Games = "Big", 5
	if err := d.CreateTournament(ctx, &tr); err != nil {
		b.Fatal(err)
	}
	players := make([]playerRow, 3000)
	for i := range players {
		players[i] = playerRow{FirstName: "P", LastName: "Q", Active: true}
	}
	if err := d.gorm.CreateInBatches(&players, 500).Error; err != nil {
		b.Fatal(err)
	}
	entries := make([]entryRow, 3000)
	for i := range entries {
		entries[i] = entryRow{TournamentID: tr.ID, PlayerID: &players[i].ID, Name: "Q P", CheckedIn: true}
	}
	if err := d.gorm.CreateInBatches(&entries, 500).Error; err != nil {
		b.Fatal(err)
	}
	var ids []int64
	for _, e := range entries {
		ids = append(ids, e.ID)
	}
	var order [][]int64
	for g := 1; g <= 4; g++ {
		seating := tournament.NextSeating(ids, order, nil, int64(g), true)
		game := &tournament.Game{Number: g, Seed: int64(g), Seating: seating, DrawnAt: time.Now()}
		if err := d.AddGame(ctx, tr.ID, game, nil, tournament.Event{TournamentID: tr.ID, At: time.Now()}); err != nil {
			b.Fatal(err)
		}
		var hands []handRow
		for t, seats := range seating.Tables {
			for s, id := range seats {
				for h := 1; h <= 3; h++ {
					score := ((int(id)*7+g*13+h*5+s)%60 - 20) * 5
					hands = append(hands, handRow{GameID: game.ID, TableNo: t + 1, HandNo: h, EntryID: id, Form: 2, Total: score, Score: score})
				}
			}
		}
		if err := d.gorm.CreateInBatches(&hands, 1000).Error; err != nil {
			b.Fatal(err)
		}
		ev, err := d.LoadEvening(ctx, tr.ID)
		if err != nil {
			b.Fatal(err)
		}
		order = ev.Games[g-1].Order(3)
	}
	b.ReportAllocs()
	for b.Loop() {
		ev, err := d.LoadEvening(ctx, tr.ID)
		if err != nil {
			b.Fatal(err)
		}
		if ss := tournament.Standings(ev); len(ss) != 3000 || ss[0].Played != 4 {
			b.Fatalf("%d standings", len(ss))
		}
	}
}
