package db_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/individual4"
	"burraco/tournament/knockout"
	"burraco/tournament/teams"
)

// gameTotals is a sheet of one game total a side (it counts for every hand).
func gameTotals(totals ...int) tournament.Sheet {
	row := make([]*scoring.Hand, len(totals))
	for i, n := range totals {
		row[i] = &scoring.Hand{Form: scoring.GameTotal, Total: n}
	}
	return tournament.Sheet{Hands: [][]*scoring.Hand{row}}
}

// sheet saves a table's sheet of game totals in the current stage.
func (f *fixture) sheet(t *testing.T, round, table int, totals ...int) *tournament.SheetOutcome {
	t.Helper()
	out, err := f.svc.SaveSheet(f.ctx, f.tid, round, table, gameTotals(totals...), "anna")
	require.NoError(t, err)
	return out
}

// newIndividual4 is an individual tournament at 4-player tables of n players entered
// and present, its stage edited by edit.
func newIndividual4(t *testing.T, n int, edit func(*tournament.Stage)) *fixture {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), individual4.Name)
	require.NoError(t, err)
	tr.Name = "Individuale a 4"
	edit(&stage)
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	for i := 1; i <= n; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("I%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	return &fixture{ctx, svc, tr.ID, d}
}

// partnerships lists a round's partnerships, each as its two player IDs in order.
func partnerships(r *tournament.Round) [][2]int64 {
	var out [][2]int64
	for _, tb := range r.Tables {
		for _, sd := range tb.Sides {
			m := sd.Members()
			if len(m) == 2 {
				out = append(out, [2]int64{min(m[0], m[1]), max(m[0], m[1])})
			}
		}
	}
	return out
}

// TestIndividual4FeedsAKnockout: 8 players, 2 rounds at 4-player tables, the top 4 seeded
// into a knockout of single players, two at a table (RULES.md section 6): 1 v 4 and
// 2 v 3, then the final, to a winner. Side 1 of each table wins, by margins chosen so
// that no two players end level: round 1 by 500 and 100, round 2 by 250 and 30 (the
// partners of round 1 are never partners again, so each player's pair of margins is
// their own: MP 750, 530, 470, 250, 350, 130, 70, −150, … all different).
func TestIndividual4FeedsAKnockout(t *testing.T) {
	f := newIndividual4(t, 8, func(st *tournament.Stage) {
		s := st.Settings.(individual4.Settings)
		s.Count = 2
		st.Settings, st.Qualifiers = s, 4
	})
	margins := [][]int{{500, 100}, {250, 30}}
	for n := 1; n <= 2; n++ {
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(20 + n)}, "anna")
		require.NoError(t, err)
		require.Len(t, r.Tables, 2)
		for k, m := range margins[n-1] {
			require.True(t, f.sheet(t, n, k+1, 1000+m, 1000).Result.Complete)
		}
	}
	st := f.state(t)
	r1, r2 := partnerships(&st.Rounds[0]), partnerships(&st.Rounds[1])
	for _, p := range r2 {
		assert.NotContains(t, r1, p, "no partnership twice")
	}
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 8)
	var top []int64
	mps := map[int]bool{}
	for i, l := range lines {
		mps[l.Values[individual4.ValMP]] = true
		assert.Equal(t, i+1, l.Place, "no ex aequo")
		if i < 4 {
			require.True(t, l.Qualifies)
			top = append(top, l.Entry.ID)
		}
	}
	assert.Len(t, mps, 8, "every player's MP differs")

	next, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	assert.Equal(t, knockout.Individual, next.Settings.(knockout.Settings).Sides, "players stay players: heads-up tables")
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, tournament.SeatsOf(r).Tables, "1 v 4, 2 v 3")
	for _, tb := range r.Tables {
		for _, sd := range tb.Sides {
			assert.Empty(t, sd.Partners, "a single player a side")
		}
	}
	f.sheet(t, 1, 1, 600, 900) // seed 4 beats seed 1 by 300
	f.sheet(t, 1, 2, 800, 700) // seed 2 beats seed 3 by 100
	r, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{top[3], top[1]}}, tournament.SeatsOf(r).Tables)
	f.sheet(t, 2, 1, 1200, 650) // seed 4 wins the final by 550
	st = f.state(t)
	assert.True(t, st.Format().Next(st).Finished)
	_, _, lines, err = f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 4)
	assert.Equal(t, top[3], lines[0].Entry.ID, "the winner")
	assert.Equal(t, top[1], lines[1].Entry.ID, "the finalist")
	assert.Equal(t, 850, lines[0].Values[0], "MP: +300 +550")
}

// newTeamsOf is a teams tournament of one round (3 hands) with teams of four players
// each, entered and present, the top 2 qualifying; it returns the teams' IDs and, by
// team, its players.
func newTeamsOf(t *testing.T, n int) (*pairsFixture, []int64, map[int64][]int64) {
	f := newTeams(t, 4*n)
	st := f.state(t)
	stage := st.Stage
	s := stage.Settings.(teams.Settings)
	s.Count = 1
	stage.Settings, stage.Qualifiers = s, 2
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	var ids []int64
	players := map[int64][]int64{}
	for k := range n {
		e, err := f.svc.AddTeam(f.ctx, f.tid, fmt.Sprintf("Squadra %c", 'A'+k), f.ids(4*k+1, 4*k+4), "anna")
		require.NoError(t, err)
		ids = append(ids, e.ID)
		players[e.ID] = f.ids(4*k+1, 4*k+4)
	}
	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	return f, ids, players
}

// TestTeamsFeedAKnockoutOfTeams: 4 teams play one round (two matches, four tables); the
// two winners meet in a knockout final of teams, one match over two tables (RULES.md
// section 5), decided by the match MP, worked by hand:
//
//	table 1: X's pair 1 900 – Y's pair 2 700: X +200
//	table 2: Y's pair 1 1000 – X's pair 2 750: Y +250
//	match: X +200 − 250 = −50, Y +50: Y wins by 50, though it won only one table.
//
// Before that, table 2 first entered 900 – 700 makes the match level (0 MP): the
// director is told of the tie, and the last action decides it.
func TestTeamsFeedAKnockoutOfTeams(t *testing.T) {
	f, ids, players := newTeamsOf(t, 4)
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 9}, "anna")
	require.NoError(t, err)
	require.Len(t, r.Tables, 4)
	// Match 1 (tables 1, 2): its first team wins by 300 + 100; match 2 (tables 3, 4): its
	// first team wins by 150 + 0.
	f.sheet(t, 1, 1, 1300, 1000)
	f.sheet(t, 1, 2, 900, 1000) // the first team sits at position 2 of table 2
	f.sheet(t, 1, 3, 1150, 1000)
	f.sheet(t, 1, 4, 1000, 1000)
	x, y := r.Tables[0].Sides[0].EntryID, r.Tables[2].Sides[0].EntryID
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 4)
	assert.Equal(t, []int64{x, y}, []int64{lines[0].Entry.ID, lines[1].Entry.ID})
	assert.Equal(t, []int{400, 150}, []int{lines[0].Values[teams.ValMP], lines[1].Values[teams.ValMP]})

	next, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	assert.Equal(t, knockout.Teams, next.Settings.(knockout.Settings).Sides, "teams stay teams")
	final, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	assert.Empty(t, final.Byes)
	assert.Equal(t, []tournament.Table{
		{Number: 1, Match: 1, Sides: []tournament.Side{{Position: 1, EntryID: x, Pair: 1}, {Position: 2, EntryID: y, Pair: 2}}},
		{Number: 2, Match: 1, Sides: []tournament.Side{{Position: 1, EntryID: y, Pair: 1}, {Position: 2, EntryID: x, Pair: 2}}},
	}, stripTables(final.Tables), "seed 1's pair 1 v seed 2's pair 2, and the reverse")
	st := f.state(t)
	assert.Equal(t, stripTables(final.Tables), stripTables(st.Rounds[0].Tables), "stored with match and pairs")
	l := st.LineupOf(x, 1)
	assert.Equal(t, players[x][:4], l.Players(), "the default line-up: the members in order")
	require.NotContains(t, ids, int64(0))
	// A team names its line-up for the knockout's match as in the teams stage.
	px := players[x]
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, x, [2][2]int64{{px[2], px[3]}, {px[0], px[1]}}, 0, "anna")
	require.NoError(t, err)
	assert.Equal(t, [2][2]int64{{px[2], px[3]}, {px[0], px[1]}}, f.state(t).LineupOf(x, 1).Pairs)

	out := f.sheet(t, 1, 1, 900, 700)
	assert.True(t, out.Result.Complete, "the table is over")
	assert.Equal(t, []int{200, -200}, out.Result.MP)
	assert.Nil(t, out.Result.Points, "a table of a team match scores no point of its own")
	st = f.state(t)
	assert.Equal(t, "next.enter_scores", st.Format().Next(st).Key, "the match is not over")

	f.sheet(t, 1, 2, 900, 700) // Y +200 at table 2: the match is level
	st = f.state(t)
	step := st.Format().Next(st)
	assert.Equal(t, "knockout.next.tie", step.Key)
	assert.False(t, step.Finished)
	matches := st.Format().(tournament.Matched).Matches(st, st.Current())
	require.Len(t, matches, 1)
	assert.False(t, matches[0].Complete)

	// The last action: Y (position 1 at table 2) made it, and loses the match.
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 2, withOutcome(gameTotals(900, 700), knockout.OutcomeLastAction, 1), "anna")
	require.NoError(t, err)
	st = f.state(t)
	assert.True(t, st.Format().Next(st).Finished)
	b, ok := tournament.BracketOf(st)
	require.True(t, ok)
	assert.Equal(t, 1, b.Rounds[0].Matches[0].Winner, "X, on the last action")

	// Corrected: table 2 was 1000 – 750, Y +250: Y wins the match by 50.
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 2, withOutcome(gameTotals(1000, 750), "", 0), "anna")
	require.NoError(t, err)
	st = f.state(t)
	assert.True(t, st.Format().Next(st).Finished)
	matches = st.Format().(tournament.Matched).Matches(st, st.Current())
	require.Len(t, matches, 1)
	assert.Equal(t, tournament.MatchResult{Number: 1, Tables: []int{1, 2}, Entries: [2]int64{x, y}, MP: [2]int{-50, 50},
		Points: [2]tournament.Points{0, tournament.RP(1)}, Complete: true}, matches[0])
	b, _ = tournament.BracketOf(st)
	m := b.Rounds[0].Matches[0]
	assert.Equal(t, 2, m.Winner)
	assert.Equal(t, [2]int{900 + 750, 700 + 1000}, [2]int{m.Sides[0].Score, m.Sides[1].Score}, "each team's pairs' totals")
	_, _, lines, err = f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 2)
	assert.Equal(t, []int64{y, x}, []int64{lines[0].Entry.ID, lines[1].Entry.ID})
	assert.Equal(t, []int{50, -50}, []int{lines[0].Values[0], lines[1].Values[0]})
}

// withOutcome is a sheet with an outcome (kind "" removes it).
func withOutcome(sh tournament.Sheet, kind string, side int) tournament.Sheet {
	sh.Outcome = &tournament.Outcome{Kind: kind, Side: side}
	return sh
}

// stripTables keeps a round's tables' number, match and sides (no IDs, versions, hands).
func stripTables(ts []tournament.Table) []tournament.Table {
	out := make([]tournament.Table, len(ts))
	for i, t := range ts {
		out[i] = tournament.Table{Number: t.Number, Match: t.Match}
		for _, sd := range t.Sides {
			out[i].Sides = append(out[i].Sides, tournament.Side{Position: sd.Position, EntryID: sd.EntryID, Pair: sd.Pair, Partners: sd.Partners})
		}
	}
	return out
}

// TestContinuedAfterIndividual4AvoidsPartners: a stage of one round of 8 players at
// 4-player tables continued by another: partners share their table's result, so they
// stand next to each other and 1st+2nd would partner again; the carried history names
// them as partners, and the continued stage's round 1 seats no partnership twice.
func TestContinuedAfterIndividual4AvoidsPartners(t *testing.T) {
	f := newIndividual4(t, 8, func(st *tournament.Stage) {
		s := st.Settings.(individual4.Settings)
		s.Count = 1
		st.Settings = s
	})
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	f.sheet(t, 1, 1, 1500, 1000)
	f.sheet(t, 1, 2, 1200, 1000)
	before := partnerships(r)
	require.Len(t, before, 4)

	_, err = f.svc.StartStageAs(f.ctx, f.tid, individual4.Name, tournament.StartContinued, "anna")
	require.NoError(t, err)
	st := f.state(t)
	a, b := r.Tables[0].Sides[0].EntryID, r.Tables[0].Sides[0].Partners[0]
	c, d := r.Tables[0].Sides[1].EntryID, r.Tables[0].Sides[1].Partners[0]
	require.Contains(t, st.Carry, a)
	assert.ElementsMatch(t, []int64{c, d}, st.Carry[a].Met, "both opponents, the partner of the side's entry included")
	assert.ElementsMatch(t, []int64{a, b}, st.Carry[d].Met, "a partner met both")
	assert.Equal(t, []int64{b}, st.Carry[a].Partners)
	assert.Equal(t, []int64{c}, st.Carry[d].Partners)

	r2, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 6}, "anna")
	require.NoError(t, err)
	require.Len(t, r2.Tables, 2)
	for _, p := range partnerships(r2) {
		assert.NotContains(t, before, p, "no partnership of the stage before again")
	}
	// Without the partners carried, the order 1st+2nd v 3rd+4th would pair a and b again:
	// they lead the carried standings together.
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	assert.ElementsMatch(t, []int64{a, b}, []int64{lines[0].Entry.ID, lines[1].Entry.ID})
}

// TestTeamKnockoutCorrectionReseatsBothTables: a knockout of 4 teams (no stage before);
// once round 2 is drawn, a correction of a round-1 match that changes its winner seats
// the final again, both its tables, as a team match (the winner's pair 1 at table 1,
// position 1), and logs it.
func TestTeamKnockoutCorrectionReseatsBothTables(t *testing.T) {
	f := newTeams(t, 16)
	st := f.state(t)
	stage := st.Stage
	stage.Format, stage.Settings = knockout.Name, knockout.Settings{Sides: knockout.Teams, HandsPerMatch: 3, TimeOutMP: 355}
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	for k := range 4 {
		_, err := f.svc.AddTeam(f.ctx, f.tid, fmt.Sprintf("Squadra %c", 'A'+k), f.ids(4*k+1, 4*k+4), "anna")
		require.NoError(t, err)
	}
	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	r1, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 4}, "anna")
	require.NoError(t, err)
	require.Len(t, r1.Tables, 4)
	a, b := r1.Tables[0].Sides[0].EntryID, r1.Tables[0].Sides[1].EntryID
	c := r1.Tables[2].Sides[0].EntryID
	f.sheet(t, 1, 1, 800, 700) // match 1: a +100, then +0: a goes on
	f.sheet(t, 1, 2, 600, 600)
	f.sheet(t, 1, 3, 800, 700) // match 2: c +100 +100
	f.sheet(t, 1, 4, 600, 700)
	r2, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.MatchTables(1, a, c), stripTables(r2.Tables))

	out := f.sheet(t, 1, 2, 800, 600) // corrected: b's pair 1 +200 at table 2, b wins by 100
	require.Len(t, out.Placed, 1, "%+v", out)
	st = f.state(t)
	assert.Equal(t, tournament.MatchTables(1, b, c), stripTables(st.Rounds[1].Tables), "both tables seated again")
	assert.False(t, st.Format().Next(st).Finished)
}

// TestKnockoutOfTeamsSeatsTheLatestLineup: a team that named a line-up in the teams
// stage plays the knockout with it (State.LineupOf: the stage's own, else the team's
// latest before, in the stages before too), not with its members in order; one named
// for the knockout's round replaces it there.
func TestKnockoutOfTeamsSeatsTheLatestLineup(t *testing.T) {
	f, ids, players := newTeamsOf(t, 4)
	named := map[int64][2][2]int64{}
	for _, id := range ids {
		p := players[id]
		named[id] = [2][2]int64{{p[2], p[0]}, {p[3], p[1]}}
		_, err := f.svc.SetLineup(f.ctx, f.tid, 1, id, named[id], 0, "anna")
		require.NoError(t, err)
	}
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 9}, "anna")
	require.NoError(t, err)
	f.sheet(t, 1, 1, 1300, 1000)
	f.sheet(t, 1, 2, 900, 1000)
	f.sheet(t, 1, 3, 1150, 1000)
	f.sheet(t, 1, 4, 1000, 1000)
	x, y := r.Tables[0].Sides[0].EntryID, r.Tables[2].Sides[0].EntryID
	_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)

	full, err := f.db.Load(f.ctx, f.tid)
	require.NoError(t, err)
	for _, st := range []*tournament.State{f.state(t), full} {
		for _, id := range []int64{x, y} {
			l := st.LineupOf(id, 1)
			assert.Equal(t, named[id], l.Pairs, "team %d plays the knockout with its line-up of the teams stage", id)
			assert.Equal(t, [2]int{0, 0}, [2]int{l.Round, l.Version}, "nothing stored for the knockout")
		}
	}
	// Named for the knockout's round (from version 0: none stored in this stage), it
	// replaces the one carried.
	px := players[x]
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, x, [2][2]int64{{px[0], px[1]}, {px[2], px[3]}}, 0, "anna")
	require.NoError(t, err)
	st := f.state(t)
	assert.Equal(t, [2][2]int64{{px[0], px[1]}, {px[2], px[3]}}, st.LineupOf(x, 1).Pairs)
	assert.Equal(t, named[y], st.LineupOf(y, 1).Pairs)
}
