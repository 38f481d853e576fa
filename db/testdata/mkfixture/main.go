// Command mkfixture writes db/testdata/v3.db: a small database made by the release whose
// schema ends at migration 3 (one tournament table per 3-player evening, games, seats with
// table 0 for sit-outs, hands per entry). The upgrade test migrates a copy of it. It is kept
// in history only: later releases cannot build it.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"burraco/db"
	"burraco/scoring"
	"burraco/tournament"
)

func main() {
	path := "db/testdata/v3.db"
	_ = os.Remove(path)
	d, err := db.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	now := func() time.Time { return time.Date(2026, 11, 18, 21, 0, 0, 0, time.UTC) }
	svc := &tournament.Evenings{Store: d, Players: d, Now: now}
	names := []string{"Rossi Mario", "Bianchi Lucia", "D'Alessandro Niccolò", "Verdi Anna", "Esposito Carla",
		"Romano Luca", "Colombo Sara", "Ricci Paolo", "Marino Giulia", "Greco Franco"}
	var pids []int64
	for i, n := range names {
		var last, first string
		fmt.Sscanf(n, "%s %s", &last, &first)
		p := &tournament.Player{FirstName: first, LastName: last, Club: "Circolo Forlì", Active: true}
		if i%3 == 0 {
			p.CardNumber = fmt.Sprintf("FIBUR-%03d", i+1)
		}
		must(d.CreatePlayer(ctx, p))
		pids = append(pids, p.ID)
	}
	// Evening 1: 7 players, rotating sit-outs, 2 games, game 1 complete, game 2 partly entered.
	t1 := tournament.NewTournament(now())
	t1.Name, t1.Venue, t1.Qualifiers, t1.Notes = "Martedì al circolo", "Forlì", 3, "Quota 10 €"
	t1.ByePoints = tournament.RP(3)
	must(svc.Create(ctx, &t1))
	var eids []int64
	for _, id := range pids[:7] {
		e, err := svc.AddPlayer(ctx, t1.ID, id)
		must(err)
		eids = append(eids, e.ID)
	}
	_, err = svc.SetEntry(ctx, t1.ID, eids[6], true, true, "anna") // withdrawn before the draw
	must(err)
	g1, err := svc.Draw(ctx, t1.ID, tournament.DrawOptions{Seed: 424242}, "anna")
	must(err)
	for ti := range g1.Seating.Tables {
		var sh tournament.Sheet
		for h := 0; h < 3; h++ {
			sh.Hands = append(sh.Hands, []*scoring.Hand{
				{Form: scoring.Components, Clean: 1, Dirty: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420},
				{Form: scoring.BaseCards, Base: 100, Cards: 95 + 5*ti},
				{Form: scoring.TotalOnly, Total: -160},
			})
		}
		_, err := svc.SaveSheet(ctx, t1.ID, 1, ti+1, sh, "anna")
		must(err)
	}
	// A correction of table 1, hand 2.
	{
		var sh tournament.Sheet
		for h := 0; h < 3; h++ {
			sh.Hands = append(sh.Hands, []*scoring.Hand{
				{Form: scoring.TotalOnly, Total: 820}, {Form: scoring.TotalOnly, Total: 390 - 100*h}, {Form: scoring.TotalOnly, Total: -20},
			})
		}
		_, err := svc.SaveSheet(ctx, t1.ID, 1, 1, sh, "bruno")
		must(err)
	}
	_, err = svc.SetEntry(ctx, t1.ID, eids[6], true, false, "anna") // back for game 2
	must(err)
	g2, err := svc.Draw(ctx, t1.ID, tournament.DrawOptions{Seed: 777001}, "anna")
	must(err)
	// Swap two players by hand before game 2 starts.
	s := g2.Seating
	s.Tables[0][0], s.Tables[1][0] = s.Tables[1][0], s.Tables[0][0]
	must(svc.OverrideSeats(ctx, t1.ID, 2, s, "anna"))
	{
		sh := tournament.Sheet{Hands: [][]*scoring.Hand{{{Form: scoring.TotalOnly, Total: 300}, {Form: scoring.TotalOnly, Total: 100}, nil}}}
		_, err := svc.SaveSheet(ctx, t1.ID, 2, 1, sh, "anna")
		must(err)
	}
	// Evening 2: 8 players with substitutes, semi-clean on, 4-hand games, one game drawn.
	t2 := tournament.NewTournament(now())
	t2.Name, t2.Date, t2.SitOut, t2.Games, t2.HandsPerGame = "Coppa d'autunno", "2026-11-19", tournament.SitOutSubstitutes, 3, 4
	t2.Rules.SemiCleanOn = true
	must(svc.Create(ctx, &t2))
	for _, id := range pids[:8] {
		_, err := svc.AddPlayer(ctx, t2.ID, id)
		must(err)
	}
	_, err = svc.Draw(ctx, t2.ID, tournament.DrawOptions{Seed: 135790}, "bruno")
	must(err)
	// A tournament never drawn.
	t3 := tournament.NewTournament(now())
	t3.Name = "Giovedì"
	must(svc.Create(ctx, &t3))
	// What today's code ranks, for the upgrade test to compare with.
	var lines []string
	for _, tid := range []int64{t1.ID, t2.ID} {
		_, st, err := svc.Standings(ctx, tid)
		must(err)
		for _, x := range st {
			lines = append(lines, fmt.Sprintf("%d %d %s tied=%t points=%s game_points=%d best=%d played=%d sat_out=%d qualifies=%t",
				tid, x.Place, x.Entry.Name, x.Tied, x.Points, x.GamePoints, x.Best, x.Played, x.SatOut, x.Qualifies))
		}
	}
	must(os.WriteFile("db/testdata/v3_standings.txt", []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	log.Printf("wrote %s", path)
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
