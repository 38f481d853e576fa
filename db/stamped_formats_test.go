package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/individual4"
	"burraco/tournament/knockout"
)

// sameStamped asserts that every stage of a tournament reads the same through the
// derived read (LoadStamped: sides and hands aggregated per table) as through the full
// one (LoadStage), hands reduced to their form.
func sameStamped(t *testing.T, f *fixture) {
	t.Helper()
	full, err := f.db.Load(f.ctx, f.tid)
	require.NoError(t, err)
	for seq := 1; seq <= full.Stage.Seq; seq++ {
		want, err := f.db.LoadStage(f.ctx, f.tid, seq)
		require.NoError(t, err)
		got, _, err := f.db.LoadStamped(f.ctx, f.tid, seq)
		require.NoError(t, err)
		assert.Equal(t, scoresOf(want), got, "stage %d", seq)
		require.NotEmpty(t, got.Rounds, "stage %d has rounds (the comparison means something)", seq)
	}
}

// TestStampedReadsEveryFormat: the aggregated read of a stage is the full read on every
// shape of table: individual4's sides of two partners, teams' pairs and matches, the
// knockout of teams seating line-ups, a knockout of single players with byes, and a
// round seated by hand with partners and byes.
func TestStampedReadsEveryFormat(t *testing.T) {
	t.Run("individual4", func(t *testing.T) {
		f := newIndividual4(t, 10, func(st *tournament.Stage) {
			s := st.Settings.(individual4.Settings)
			s.Count = 2
			st.Settings = s
		})
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 21}, "anna")
		require.NoError(t, err)
		f.sheet(t, 1, 1, 1300, 1000)
		f.sheet(t, 1, 2, 900, 1000)
		sameStamped(t, f)
	})
	t.Run("teams then knockout of teams", func(t *testing.T) {
		pf, _, _ := newTeamsOf(t, 4)
		f := &pf.fixture
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 9}, "anna")
		require.NoError(t, err)
		f.sheet(t, 1, 1, 1300, 1000)
		f.sheet(t, 1, 2, 900, 1000)
		f.sheet(t, 1, 3, 1150, 1000)
		f.sheet(t, 1, 4, 1000, 1000)
		sameStamped(t, f)
		_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
		require.NoError(t, err)
		_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
		require.NoError(t, err)
		f.sheet(t, 1, 1, 900, 700)
		sameStamped(t, f)
	})
	t.Run("knockout with byes", func(t *testing.T) {
		f := newKnockout(t, 5)
		r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
		require.NoError(t, err)
		require.NotEmpty(t, r.Byes)
		f.match(t, 1, 1, 900, 700)
		sameStamped(t, f)
	})
	t.Run("partners seated by hand", func(t *testing.T) {
		f, ids, _ := partnersFixture(t)
		r := seatedRound(1, ids)
		require.NoError(t, addRound(f, &r))
		sameStamped(t, f)
	})
}
