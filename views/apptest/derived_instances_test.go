package apptest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/viewtest"
)

// TestDerivedStateFollowsAnotherInstance: two instances of the app on one database
// (SQLite, then PostgreSQL); the second keeps a tournament's derived state after reading
// its standings; a sheet saved on the first shows in the second's very next read.
func TestDerivedStateFollowsAnotherInstance(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn)
	b := viewtest.NewAppOn(t, dsn)
	a.Setup()
	pe := seedPublic(t, a, 12)
	ctx := context.Background()
	read := func() (int64, string) {
		st, _, lines, err := b.Server.App.Tournaments.StageStandings(ctx, pe.tid, 0)
		require.NoError(t, err)
		js, err := json.Marshal(lines)
		require.NoError(t, err)
		return st.Tournament.Revision, string(js)
	}
	rev0, lines0 := read()
	again, _ := read()
	require.Equal(t, rev0, again)
	st, err := a.Server.App.Tournaments.Load(ctx, pe.tid)
	require.NoError(t, err)
	var sh tournament.Sheet
	for range st.Stage.HandsPerRound() { // seat 3 wins every hand this time
		sh.Hands = append(sh.Hands, []*scoring.Hand{{Form: scoring.TotalOnly, Total: -100}, {Form: scoring.TotalOnly, Total: 100}, {Form: scoring.TotalOnly, Total: 900}})
	}
	_, err = a.Server.App.Tournaments.SaveSheet(ctx, pe.tid, 2, 1, sh, "anna")
	require.NoError(t, err)
	rev1, lines1 := read()
	assert.Greater(t, rev1, rev0, "the second instance reads the new revision at once")
	assert.NotEqual(t, lines0, lines1, "and the standings it gives")
}
