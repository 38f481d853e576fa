package db_test

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/tournament/threeplayer"
)

// TestSeasonCountsAnEveningOnceFinal: an evening added to the season while it is played
// is listed in progress and not counted, the standings and the federation file say they
// are provisional (RULES.md 8.1); it counts as soon as its last round is complete.
func TestSeasonCountsAnEveningOnceFinal(t *testing.T) {
	twoGames := func(s *threeplayer.Settings) { s.Games = 2 }
	done := newEvening(t, 6, twoGames)
	for g := 1; g <= 2; g++ {
		_, err := done.svc.Draw(done.ctx, done.tid, tournament.DrawOptions{Seed: int64(g)}, "anna")
		require.NoError(t, err)
		done.fill(t, g)
	}
	live := newEveningIn(t, done.db, 6, twoGames)
	ls := live.state(t)
	tr := ls.Tournament
	tr.Name = "Giovedì" // another evening: a season takes one name and date once
	_, _, err := live.svc.Update(live.ctx, live.tid, tr, ls.Stage, "anna")
	require.NoError(t, err)
	_, err = live.svc.Draw(live.ctx, live.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	live.fill(t, 1) // round 1 of 2 complete: not final

	seasons := &tournament.Seasons{Store: done.db, Tournaments: done.svc}
	se, err := seasons.Create(done.ctx, season.Season{Name: "Campionato", From: "2026-09-01", To: "2027-06-30",
		Settings: season.Defaults(), Tournaments: []int64{done.tid, live.tid}})
	require.NoError(t, err)

	federationFinal := func() []string {
		var buf bytes.Buffer
		require.NoError(t, seasons.WriteSeasonCSV(done.ctx, &buf, se.ID, tournament.CSVStyle{}))
		rows, err := csv.NewReader(&buf).ReadAll()
		require.NoError(t, err)
		require.Equal(t, "final", rows[0][len(rows[0])-1])
		var out []string
		for _, r := range rows[1:] {
			out = append(out, r[len(r)-1])
		}
		return out
	}
	liveCSV := func() string {
		var buf bytes.Buffer
		require.NoError(t, seasons.WriteTournamentCSV(done.ctx, &buf, live.tid, tournament.CSVStyle{}))
		rows, err := csv.NewReader(&buf).ReadAll()
		require.NoError(t, err)
		return rows[1][len(rows[1])-1]
	}

	st, err := seasons.Standings(done.ctx, se.ID)
	require.NoError(t, err)
	require.Len(t, st.Evenings, 1, "only the finished evening counts")
	assert.Equal(t, done.tid, st.Evenings[0].TournamentID)
	require.Len(t, st.InProgress, 1, "the evening being played is listed in progress")
	assert.Equal(t, live.tid, st.InProgress[0].TournamentID)
	assert.True(t, st.Provisional())
	for _, l := range st.Lines {
		for _, r := range l.Results {
			assert.NotEqual(t, live.tid, r.TournamentID, "%s: the evening in progress gave no result", l.Player.Name)
		}
	}
	assert.Len(t, st.Lines, 6, "only the finished evening's players")
	for _, v := range federationFinal() {
		assert.Equal(t, "0", v, "the season file says it is provisional")
	}
	assert.Equal(t, "0", liveCSV(), "the evening's own file says it is not final")

	// Round 2 drawn and complete but one table: still in progress.
	_, err = live.svc.Draw(live.ctx, live.tid, tournament.DrawOptions{Seed: 8}, "anna")
	require.NoError(t, err)
	st, err = seasons.Standings(done.ctx, se.ID)
	require.NoError(t, err)
	assert.Len(t, st.InProgress, 1)

	live.fill(t, 2) // its last round complete: final, counted at once
	st, err = seasons.Standings(done.ctx, se.ID)
	require.NoError(t, err)
	assert.Len(t, st.Evenings, 2)
	assert.Empty(t, st.InProgress)
	assert.False(t, st.Provisional())
	assert.Len(t, st.Lines, 12)
	for _, v := range federationFinal() {
		assert.Equal(t, "1", v)
	}
	assert.Equal(t, "1", liveCSV())
}
