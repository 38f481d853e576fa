package page_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/tournament"
	"burraco/views/page"
)

// sidesEvening is a stage with players 1–5 (5 a substitute), a pair (6: Gialli and
// Blu) and a team (7: four players) with a line-up for round 2.
func sidesEvening() *tournament.State {
	player := func(id int64, name string) tournament.Entry {
		return tournament.Entry{ID: id, Kind: tournament.EntryPlayer, Name: name, Members: []tournament.Member{{PlayerID: id * 10, Name: name}}}
	}
	return &tournament.State{
		Stage: tournament.Stage{ID: 3},
		Entries: []tournament.Entry{
			player(1, "Rossi Anna"), player(2, "Bianchi Bruno"), player(3, "Verdi Carla"), player(4, "Neri Dario"),
			{ID: 5, Kind: tournament.EntrySubstitute, Name: "Sostituto 1"},
			{ID: 6, Kind: tournament.EntryPair, Name: "Gialli Elia / Blu Fabio", Members: []tournament.Member{{PlayerID: 60, Name: "Gialli Elia"}, {PlayerID: 61, Name: "Blu Fabio"}}},
			{ID: 7, Kind: tournament.EntryTeam, Name: "Leoni", Members: []tournament.Member{
				{PlayerID: 70, Name: "Uno"}, {PlayerID: 71, Name: "Due"}, {PlayerID: 72, Name: "Tre"}, {PlayerID: 73, Name: "Quattro"}}},
		},
		Lineups: []tournament.Lineup{{StageID: 3, Round: 2, EntryID: 7, Pairs: [2][2]int64{{73, 70}, {71, 72}}}},
	}
}

func TestSideLabelNamesEveryMember(t *testing.T) {
	ev := sidesEvening()
	for _, c := range []struct {
		name  string
		round int
		side  tournament.Side
		label string
		lines []string
	}{
		{"a player alone", 1, tournament.Side{Position: 1, EntryID: 1}, "Rossi Anna", []string{"Rossi Anna"}},
		{"partners of the round", 1, tournament.Side{Position: 2, EntryID: 3, Partners: []int64{4}}, "Verdi Carla / Neri Dario", []string{"Verdi Carla", "Neri Dario"}},
		{"a substitute as partner", 1, tournament.Side{Position: 1, EntryID: 1, Partners: []int64{5}}, "Rossi Anna / Sostituto 1", []string{"Rossi Anna", "Sostituto 1"}},
		{"a registered pair", 1, tournament.Side{Position: 1, EntryID: 6}, "Gialli Elia / Blu Fabio", []string{"Gialli Elia", "Blu Fabio"}},
		{"a team's pair 1 by default: members 1 and 2", 1, tournament.Side{Position: 1, EntryID: 7, Pair: 1}, "Leoni (Uno / Due)", []string{"Leoni", "Uno", "Due"}},
		{"a team's pair 2 by default: members 3 and 4", 1, tournament.Side{Position: 2, EntryID: 7, Pair: 2}, "Leoni (Tre / Quattro)", []string{"Leoni", "Tre", "Quattro"}},
		{"the line-up of round 2", 2, tournament.Side{Position: 1, EntryID: 7, Pair: 1}, "Leoni (Quattro / Uno)", []string{"Leoni", "Quattro", "Uno"}},
		{"the latest line-up before round 3", 3, tournament.Side{Position: 2, EntryID: 7, Pair: 2}, "Leoni (Due / Tre)", []string{"Leoni", "Due", "Tre"}},
		{"an entry not found", 1, tournament.Side{Position: 1, EntryID: 99}, "?", []string{"?"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.label, page.SideLabel(ev, c.round, c.side))
			assert.Equal(t, c.lines, page.SideLines(ev, c.round, c.side))
		})
	}
}

// "Find your seat" has a line per player: partners of the round each find their table,
// their side and who they play with; a seated substitute has no line of their own.
func TestSeatFinderListsEachPartner(t *testing.T) {
	ev := sidesEvening()
	g := &tournament.Round{Number: 1,
		Tables: []tournament.Table{{Number: 1, Sides: []tournament.Side{
			{Position: 1, EntryID: 1, Partners: []int64{5}},
			{Position: 2, EntryID: 3, Partners: []int64{4}}}}},
		Byes: []tournament.Bye{{EntryID: 2}}}
	assert.Equal(t, []page.SeatRow{
		{Name: "Bianchi Bruno"},
		{Name: "Neri Dario", With: "Verdi Carla", Table: 1, Side: 2},
		{Name: "Rossi Anna", With: "Sostituto 1", Table: 1, Side: 1},
		{Name: "Verdi Carla", With: "Neri Dario", Table: 1, Side: 2},
	}, page.SeatFinder(ev, g))

	_, sd := page.SideOf(g, 4)
	assert.Equal(t, 2, sd.Position, "a partner's side")
	assert.Equal(t, "Rossi Anna / Sostituto 1 – Verdi Carla / Neri Dario", page.TableLabel(ev, 1, &g.Tables[0]))
}

// A team's pair: each player's line names the partner and the team.
func TestSeatFinderNamesATeamsPair(t *testing.T) {
	ev := sidesEvening()
	g := &tournament.Round{Number: 2, Tables: []tournament.Table{{Number: 1, Match: 1, Sides: []tournament.Side{
		{Position: 1, EntryID: 7, Pair: 2}, {Position: 2, EntryID: 6}}}}}
	assert.Equal(t, []page.SeatRow{
		{Name: "Blu Fabio", With: "Gialli Elia", Table: 1, Side: 2, Match: 1},
		{Name: "Due", With: "Tre", Table: 1, Side: 1, Team: "Leoni", Pair: 2, Match: 1},
		{Name: "Gialli Elia", With: "Blu Fabio", Table: 1, Side: 2, Match: 1},
		{Name: "Tre", With: "Due", Table: 1, Side: 1, Team: "Leoni", Pair: 2, Match: 1},
	}, page.SeatFinder(ev, g))
}
