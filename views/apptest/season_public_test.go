package apptest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/tournament/season"
	"burraco/tournament/threeplayer"
	"burraco/views/viewtest"
)

// publicSeason publishes a season holding the published evening of pe, and returns
// its public pages' paths (the standings, a player's line, the projector and its poll)
// and the standings' JSON twin.
func publicSeason(t *testing.T, a *viewtest.App, pe *publicEvening) []string {
	t.Helper()
	pe.finish(t)
	svc := a.Server.Seasons
	s, err := svc.Create(t.Context(), season.Season{Name: "Campionato Aurora", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()})
	require.NoError(t, err)
	_, err = svc.AddTournament(t.Context(), s.ID, pe.tid)
	require.NoError(t, err)
	cur, err := svc.Get(t.Context(), s.ID)
	require.NoError(t, err)
	_, err = svc.Publish(t.Context(), s.ID, true, cur.Version)
	require.NoError(t, err)
	st, err := svc.Standings(t.Context(), s.ID)
	require.NoError(t, err)
	require.NotEmpty(t, st.Lines)
	base := fmt.Sprintf("/p/seasons/%d", s.ID)
	return []string{base, fmt.Sprintf("%s/players/%d", base, st.Lines[0].Player.ID), base + "/projector", base + "/projector/live",
		fmt.Sprintf("/api/v1/public/seasons/%d", s.ID)}
}

// finish makes the evening final, so that a season counts it (RULES.md 8.1): the games
// drawn are all it plays, and every table is entered.
func (pe *publicEvening) finish(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	st, err := pe.svc.Load(ctx, pe.tid)
	require.NoError(t, err)
	set := st.Stage.Settings.(threeplayer.Settings)
	set.Games = len(st.Rounds)
	st.Stage.Settings = set
	_, _, err = pe.svc.Update(ctx, pe.tid, st.Tournament, st.Stage, pe.director)
	require.NoError(t, err)
	for _, r := range st.Rounds {
		for _, tb := range r.Tables {
			pe.saveTable(t, r.Number, tb.Number)
		}
	}
}
