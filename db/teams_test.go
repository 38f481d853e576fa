package db_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/teams"
)

// newTeams is a teams tournament (3 rounds) with n registered players, none entered.
func newTeams(t *testing.T, n int) *pairsFixture {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), teams.Name)
	require.NoError(t, err)
	tr.Name = "Squadre"
	s := stage.Settings.(teams.Settings)
	s.Count = 3
	stage.Settings = s
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	f := &pairsFixture{fixture: fixture{ctx, svc, tr.ID, d}}
	for i := 1; i <= n; i++ {
		p := tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Test", Active: true, CardNumber: fmt.Sprintf("C%02d", i)}
		require.NoError(t, d.CreatePlayer(ctx, &p))
		f.players = append(f.players, p)
	}
	return f
}

// ids are the players' IDs of the fixture's players from..to (1-based).
func (f *pairsFixture) ids(from, to int) []int64 {
	var out []int64
	for i := from; i <= to; i++ {
		out = append(out, f.id(i))
	}
	return out
}

// TestAddTeam: a team is one entry of its 4 to 6 players under its own name, which the
// store keeps; every refusal is on its field.
func TestAddTeam(t *testing.T) {
	f := newTeams(t, 14)
	e, err := f.svc.AddTeam(f.ctx, f.tid, "  I  Lupi ", f.ids(1, 5), "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.EntryTeam, e.Kind)
	st := f.state(t)
	require.Len(t, st.Entries, 1)
	assert.Equal(t, "I Lupi", st.Entries[0].Name, "a team keeps its own name")
	assert.Len(t, st.Entries[0].Members, 5)
	assert.Equal(t, f.id(1), st.Entries[0].Members[0].PlayerID)

	cases := []struct {
		name    string
		team    string
		players []int64
		code    string
		field   string
		key     string
	}{
		{"three players", "Orsi", f.ids(6, 8), tournament.EINVALID, "players", "teams.err.size"},
		{"seven players", "Orsi", f.ids(6, 12), tournament.EINVALID, "players", "teams.err.size"},
		{"a player twice", "Orsi", []int64{f.id(6), f.id(7), f.id(8), f.id(6)}, tournament.EINVALID, "players.4", "teams.err.twice"},
		{"no name", " ", f.ids(6, 9), tournament.EINVALID, "name", "error.required"},
		{"a player already in", "Orsi", []int64{f.id(6), f.id(7), f.id(8), f.id(5)}, tournament.ECONFLICT, "players.4", "entries.member_already"},
		{"the name taken", "i lupi", f.ids(6, 9), tournament.ECONFLICT, "name", "teams.err.name_taken"},
		{"an unknown player", "Orsi", []int64{f.id(6), f.id(7), f.id(8), 99999}, tournament.EINVALID, "players.4", "error.not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.svc.AddTeam(f.ctx, f.tid, c.team, c.players, "anna")
			assert.Equal(t, c.code, tournament.ErrorCode(err))
			assert.Equal(t, c.key, fieldKey(err, c.field), "%v", err)
		})
	}
	assert.Len(t, f.state(t).Entries, 1, "nothing refused was entered")
	_, err = f.svc.AddPair(f.ctx, f.tid, f.id(6), f.id(7), "anna")
	assert.Equal(t, "entries.teams_only", errKey(err), "a teams stage takes teams only")
}

// TestEditTeam: renamed and given a fifth player; undone; once drawn its first four
// stay.
func TestEditTeam(t *testing.T) {
	f := newTeams(t, 9)
	e, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 4), "anna")
	require.NoError(t, err)
	_, err = f.svc.AddTeam(f.ctx, f.tid, "Orsi", f.ids(5, 8), "anna")
	require.NoError(t, err)
	got, err := f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi Grigi", append(f.ids(1, 4), f.id(9)), 0, "anna")
	require.NoError(t, err)
	assert.Len(t, got.Members, 5)
	st := f.state(t)
	assert.Equal(t, "Lupi Grigi", st.Entry(e.ID).Name)
	assert.Len(t, st.Entry(e.ID).Members, 5)

	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	require.Equal(t, "team_edit", evs[0].Kind)
	_, err = f.svc.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	st = f.state(t)
	assert.Equal(t, "Lupi", st.Entry(e.ID).Name)
	assert.Len(t, st.Entry(e.ID).Members, 4)

	_, err = f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi", append(f.ids(1, 3), f.id(5)), 0, "anna")
	assert.Equal(t, "entries.member_already", fieldKey(err, "players.4"), "another team's player")

	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	_, err = f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi", []int64{f.id(9), f.id(2), f.id(3), f.id(4)}, 0, "anna")
	assert.Equal(t, "teams.err.drawn_members", errKey(err), "its default line-up stays once drawn")
	_, err = f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi", append(f.ids(1, 4), f.id(9)), 0, "anna")
	assert.NoError(t, err, "a player added after the first four")
}

// TestEditTeamVersion: a team starts at version 1 and each edit moves it on; an edit
// from an older version is refused (team.stale) and changes nothing; an edit without a
// version (0) saves over whatever is stored; undoing an edit moves the version on too,
// so a form read before the undo is stale.
func TestEditTeamVersion(t *testing.T) {
	f := newTeams(t, 9)
	e, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 4), "anna")
	require.NoError(t, err)
	assert.Equal(t, 1, f.state(t).Entry(e.ID).Version)

	got, err := f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi Grigi", f.ids(1, 4), 1, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, got.Version)
	assert.Equal(t, 2, f.state(t).Entry(e.ID).Version)

	// A director who read version 1 saves a fifth player: refused, nothing written.
	_, err = f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi", append(f.ids(1, 4), f.id(9)), 1, "anna")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	assert.Equal(t, "team.stale", errKey(err))
	st := f.state(t)
	assert.Equal(t, "Lupi Grigi", st.Entry(e.ID).Name)
	assert.Len(t, st.Entry(e.ID).Members, 4)
	assert.Equal(t, 2, st.Entry(e.ID).Version)

	got, err = f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi", append(f.ids(1, 4), f.id(9)), 0, "anna")
	require.NoError(t, err, "without a version: last write wins")
	assert.Equal(t, 3, got.Version)

	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	require.Equal(t, "team_edit", evs[0].Kind)
	_, err = f.svc.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	st = f.state(t)
	assert.Equal(t, "Lupi Grigi", st.Entry(e.ID).Name)
	assert.Equal(t, 4, st.Entry(e.ID).Version, "an undo is an edit")
	_, err = f.svc.EditTeam(f.ctx, f.tid, e.ID, "Lupi", f.ids(1, 4), 3, "anna")
	assert.Equal(t, "team.stale", errKey(err))
}

// Edits of one team from the same version at once: exactly one is saved, the others are
// stale.
func TestEditTeamRace(t *testing.T) {
	f := newTeams(t, 9)
	e, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 4), "anna")
	require.NoError(t, err)
	errs := make([]error, 6)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.svc.EditTeam(f.ctx, f.tid, e.ID, fmt.Sprintf("Lupi %d", i), f.ids(1, 4), 1, "anna")
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		assert.Equal(t, "team.stale", errKey(err), "%v", err)
	}
	assert.Equal(t, 1, ok)
	assert.Equal(t, 2, f.state(t).Entry(e.ID).Version)
}

// TestLineups: a line-up names four players of the team; the default is the last one;
// versions refuse a stale save; once a hand is entered at the team's tables the round's
// line-up is fixed; undo puts the one before back.
func TestLineups(t *testing.T) {
	f := newTeams(t, 11)
	a, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 6), "anna")
	require.NoError(t, err)
	b, err := f.svc.AddTeam(f.ctx, f.tid, "Orsi", f.ids(7, 10), "anna")
	require.NoError(t, err)

	st := f.state(t)
	assert.Equal(t, [2][2]int64{{f.id(1), f.id(2)}, {f.id(3), f.id(4)}}, st.LineupOf(a.ID, 1).Pairs, "no line-up: the members in order")

	// Validation, every problem on its field.
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(1), f.id(7)}, {f.id(1), 0}}, 0, "anna")
	require.Equal(t, tournament.EINVALID, tournament.ErrorCode(err))
	e, _ := tournament.AsError(err)
	assert.Equal(t, map[string]string{"pairs.1.2": "lineup.not_member", "pairs.2.1": "lineup.twice", "pairs.2.2": "error.required"}, e.Fields)
	_, err = f.svc.SetLineup(f.ctx, f.tid, 2, a.ID, [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}, 0, "anna")
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "only the next round to draw")

	l, err := f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}, 0, "anna")
	require.NoError(t, err)
	assert.Equal(t, 1, l.Version)
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(5), f.id(6)}, {f.id(3), f.id(4)}}, 0, "anna")
	assert.Equal(t, "lineup.stale", errKey(err), "a save from before the last one")
	l, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(5), f.id(6)}, {f.id(3), f.id(4)}}, 1, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, l.Version)

	st = f.state(t)
	require.Len(t, st.Lineups, 1)
	assert.Equal(t, tournament.Lineup{StageID: st.Stage.ID, Round: 1, EntryID: a.ID, Pairs: [2][2]int64{{f.id(5), f.id(6)}, {f.id(3), f.id(4)}}, Version: 2}, st.Lineups[0])

	// Undo: back to the first line-up of the round.
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	require.Equal(t, "lineup", evs[0].Kind)
	_, err = f.svc.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	st = f.state(t)
	assert.Equal(t, [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}, st.LineupOf(a.ID, 1).Pairs)

	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	st = f.state(t)
	require.Len(t, st.Rounds[0].Tables, 2, "two teams: one match, two tables")
	for _, tb := range st.Rounds[0].Tables {
		assert.ElementsMatch(t, []int64{a.ID, b.ID}, tb.Entries())
	}
	// Round 2 defaults to round 1's line-up.
	assert.Equal(t, [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}, st.LineupOf(a.ID, 2).Pairs)

	// Drawn, not started: the line-up may still change (its version is the stored one's).
	cur := st.LineupOf(a.ID, 1)
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(1), f.id(2)}, {f.id(3), f.id(4)}}, cur.Version, "anna")
	require.NoError(t, err)
	// A hand at one of the team's tables: the round's line-up is fixed.
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 2, tournament.Sheet{Hands: [][]*scoring.Hand{{total(500), total(300)}}}, "anna")
	require.NoError(t, err)
	st = f.state(t)
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(5), f.id(6)}, {f.id(3), f.id(4)}}, st.LineupOf(a.ID, 1).Version, "anna")
	assert.Equal(t, "lineup.started", errKey(err))
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, b.ID, [2][2]int64{{f.id(8), f.id(7)}, {f.id(9), f.id(10)}}, 0, "anna")
	assert.Equal(t, "lineup.started", errKey(err), "both teams play at the table")
	// The next round's may be named before it is drawn.
	_, err = f.svc.SetLineup(f.ctx, f.tid, 2, b.ID, [2][2]int64{{f.id(8), f.id(7)}, {f.id(9), f.id(10)}}, 0, "anna")
	require.NoError(t, err)
	// Round 2 drawn: round 1's line-ups are over.
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 6, Override: "test: round 1 not finished"}, "anna")
	require.NoError(t, err)
	st = f.state(t)
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, b.ID, [2][2]int64{{f.id(8), f.id(7)}, {f.id(9), f.id(10)}}, 0, "anna")
	assert.Equal(t, "lineup.over", errKey(err))
	assert.Equal(t, [2][2]int64{{f.id(8), f.id(7)}, {f.id(9), f.id(10)}}, st.LineupOf(b.ID, 2).Pairs, "named before the draw")
	// Taking out of the team a player its line-up names is refused.
	_, err = f.svc.EditTeam(f.ctx, f.tid, b.ID, "Orsi", append(f.ids(7, 9), f.id(11)), 0, "anna")
	assert.Equal(t, "teams.err.in_lineup", errKey(err))
}

// TestImportTeams: one row per player; preview writes nothing, confirm enters every
// team; errors come back per line.
func TestImportTeams(t *testing.T) {
	f := newTeams(t, 12)
	csv := "squadra;cognome;nome;tessera\n" +
		"Lupi;Test;P01;\nLupi;;;C02\nLupi;Test;P03;\nLupi;Test;P04;\n" +
		"Orsi;Test;P05;\nOrsi;Test;P06;\nOrsi;Test;P07;\nOrsi;Test;P08;\nOrsi;Test;P09;\n"
	out, err := f.svc.ImportTeams(f.ctx, f.tid, strings.NewReader(csv), false, "anna")
	require.NoError(t, err)
	assert.True(t, out.Valid)
	assert.Equal(t, 2, out.Teams)
	assert.Equal(t, 0, out.Entered)
	assert.Empty(t, f.state(t).Entries, "a preview writes nothing")

	out, err = f.svc.ImportTeams(f.ctx, f.tid, strings.NewReader(csv), true, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, out.Entered)
	st := f.state(t)
	require.Len(t, st.Entries, 2)
	assert.Equal(t, "Lupi", st.Entries[0].Name)
	assert.Equal(t, f.ids(1, 4), []int64{st.Entries[0].Members[0].PlayerID, st.Entries[0].Members[1].PlayerID,
		st.Entries[0].Members[2].PlayerID, st.Entries[0].Members[3].PlayerID})
	assert.Len(t, st.Entries[1].Members, 5)

	bad := "team,last_name,first_name\nTigri,Test,P10\nTigri,Test,P11\nTigri,Nobody,Here\nLupi,Test,P12\nTigri,Test,P01\n"
	out, err = f.svc.ImportTeams(f.ctx, f.tid, strings.NewReader(bad), true, "anna")
	require.Equal(t, "teams_import.invalid", errKey(err))
	assert.False(t, out.Valid)
	errs := map[int]map[string]string{}
	for _, r := range out.Rows {
		if r.Errors != nil {
			errs[r.Line] = r.Errors
		}
	}
	assert.Equal(t, map[int]map[string]string{
		4: {"last_name": "teams_import.unknown"},
		5: {"team": "teams.err.size"}, // Lupi: one player (and its name taken); Tigri has its four rows
		6: {"last_name": "entries.member_already"},
	}, errs)
	assert.Len(t, f.state(t).Entries, 2, "nothing written")
}

// TestTeamsDocumentRoundTrip: a teams tournament's document carries its teams and their
// line-ups, and reads back identically; a line-up naming another team's player is
// refused on its path.
func TestTeamsDocumentRoundTrip(t *testing.T) {
	f := newTeams(t, 10)
	a, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 6), "anna")
	require.NoError(t, err)
	_, err = f.svc.AddTeam(f.ctx, f.tid, "Orsi", f.ids(7, 10), "anna")
	require.NoError(t, err)
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}, 0, "anna")
	require.NoError(t, err)

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, doc.Stages[0].Lineups, 1)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)

	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	_, err = svc2.Import(f.ctx, raw)
	require.NoError(t, err)
	doc2, err := svc2.Export(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, doc, doc2, "field by field")
	st := mustLoad(t, svc2, f.tid)
	assert.Equal(t, "Lupi", st.Entry(a.ID).Name)
	assert.Equal(t, [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}, st.LineupOf(a.ID, 1).Pairs)

	doc.Stages[0].Lineups[0].Pairs[1][1] = f.id(7) // an Orsi player in the Lupi's line-up
	doc.Tournament.ID += 1000
	bad, err := json.Marshal(doc)
	require.NoError(t, err)
	d3, _ := open(t)
	_, err = (&tournament.Tournaments{Store: d3, Players: d3}).Import(f.ctx, bad)
	e, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "import.lineup_players", e.Fields["stages[0].lineups[0].pairs"], "%v", e.Fields)
}

// TestTeamsEveningThroughTheStore: six teams, three rounds drawn, every sheet saved
// through the service; what the store keeps (each match's two tables, each side's pair)
// is what the format scores: the standings rank the teams by the matches' VP, and each
// team's players' contributions add up to its MP. It needs the store to keep a side's
// pair and a table's match (migration 16, from the store's branch): skipped before.
func TestTeamsEveningThroughTheStore(t *testing.T) {
	f := newTeams(t, 24)
	applied, err := f.db.AppliedMigrations(f.ctx)
	require.NoError(t, err)
	if !slices.Contains(applied, 16) {
		t.Skip("the store keeps a side's pair and a table's match from migration 16 on")
	}
	for i := range 6 {
		_, err := f.svc.AddTeam(f.ctx, f.tid, fmt.Sprintf("Squadra %d", i+1), f.ids(4*i+1, 4*i+4), "anna")
		require.NoError(t, err)
	}
	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	for n := 1; n <= 3; n++ {
		_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(n)}, "anna")
		require.NoError(t, err)
		st := f.state(t)
		r := st.Round(n)
		require.Len(t, r.Tables, 6)
		for ti, tb := range r.Tables {
			assert.Equal(t, ti/2+1, tb.Match, "round %d table %d", n, tb.Number)
			assert.Equal(t, 1, tb.Sides[0].Pair)
			assert.Equal(t, 2, tb.Sides[1].Pair)
			_, err := f.svc.SaveSheet(f.ctx, f.tid, n, tb.Number, tournament.Sheet{Hands: [][]*scoring.Hand{
				{total(100 * (ti + n)), total(300)}, {total(0), total(0)}, {total(0), total(0)}}}, "anna")
			require.NoError(t, err)
		}
	}
	st, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 6)
	vp := 0
	for _, l := range lines {
		vp += l.Values[teams.ValVP]
		assert.Equal(t, 3, l.Played)
	}
	sum := 0
	for ri := range st.Rounds {
		for _, m := range (teams.Format{}).Matches(st, &st.Rounds[ri]) {
			require.True(t, m.Complete)
			sum += int(m.Points[0] + m.Points[1])
		}
	}
	assert.Equal(t, sum, vp, "the standings are the matches' VP")
	cs := teams.Contributions(st)
	for _, l := range lines {
		mp := 0
		for _, m := range l.Entry.Members {
			for _, c := range cs[m.PlayerID] {
				mp += c.MP
			}
		}
		assert.Equal(t, 2*l.Values[teams.ValMP], mp, "%s: its players' contributions", l.Entry.Name)
	}
}
