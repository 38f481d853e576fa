package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/knockout"
)

// TestEveningFinalRankingAcrossStages: a 12-player qualifying evening feeds a knockout
// of its best 4. The season reads the final ranking: the knockout's places (its rounds
// of elimination: the final's winner 1st, its loser 2nd, the semi-finals' losers 3rd
// ex aequo), then the eight who did not qualify, 5th to 12th in their qualifying order
// (ties kept).
func TestEveningFinalRankingAcrossStages(t *testing.T) {
	f := newEvening(t, 12, nil)
	st := f.state(t)
	stage := st.Stage
	stage.Qualifiers = 4
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	for g := 1; g <= 2; g++ {
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(40 + g)}, "anna")
		require.NoError(t, err)
		f.fillDistinct(t, g)
	}
	_, _, qual, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	top := []int64{qual[0].Entry.ID, qual[1].Entry.ID, qual[2].Entry.ID, qual[3].Entry.ID}
	_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.match(t, 1, 1, 400, 600) // seed 4 beats seed 1
	f.match(t, 1, 2, 600, 100) // seed 2 beats seed 3
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)
	f.match(t, 2, 1, 0, 5) // seed 2 wins the final

	seasons := &tournament.Seasons{Store: f.db, Tournaments: f.svc}
	ev, err := seasons.Evening(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, knockout.Name, ev.Format)
	require.Len(t, ev.Placings, 12)
	assert.Equal(t, 12, ev.Field)
	place := map[int64]int{}
	for _, p := range ev.Placings {
		place[p.EntryID] = p.Place
	}
	assert.Equal(t, 1, place[top[1]], "the final's winner")
	assert.Equal(t, 2, place[top[3]], "the final's loser")
	assert.Equal(t, 3, place[top[0]], "a semi-final's loser, 3rd ex aequo")
	assert.Equal(t, 3, place[top[2]], "a semi-final's loser, 3rd ex aequo")
	// The four places 1-4 went to the knockout, so those who did not qualify keep their
	// qualifying places 5-12, shared ones shared.
	for _, l := range qual[4:] {
		assert.Equal(t, l.Place, place[l.Entry.ID], "%s: not qualified, after the knockout in qualifying order", l.Entry.Name)
	}
	// Those placed by the qualifying stage carry its value (ranking points, in sixths).
	for _, p := range ev.Placings[4:] {
		for _, l := range qual {
			if l.Entry.ID == p.EntryID {
				assert.Equal(t, tournament.Points(l.Values[0]).String(), p.Value.String())
			}
		}
	}
}
