package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/individual4"
	"burraco/tournament/knockout"
)

// sameCommandReads asserts that a command's reads of the current stage's rounds and
// tables (on SQLite a line per table, sides and hands packed) give the tables the full
// load gives: numbers, outcome, version, match, sides with partners and pairs, and every
// hand with all its figures.
func sameCommandReads(t *testing.T, f *fixture) {
	t.Helper()
	full, err := f.db.Load(f.ctx, f.tid)
	require.NoError(t, err)
	require.NoError(t, f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		for _, want := range full.Rounds {
			r, err := tx.Round(full.Stage.ID, want.Number)
			require.NoError(t, err)
			assert.Equal(t, want.Tables, r.Tables, "round %d", want.Number)
			assert.Equal(t, []any{want.ID, want.Number, want.Seed, want.Locked}, []any{r.ID, r.Number, r.Seed, r.Locked})
			for _, wt := range want.Tables {
				_, tb, err := tx.Table(full.Stage.ID, want.Number, wt.Number)
				require.NoError(t, err)
				require.NoError(t, tx.Scores(tb))
				assert.Equal(t, wt, *tb, "round %d table %d", want.Number, wt.Number)
			}
		}
		return nil
	}))
}

// TestCommandReadsEveryFormat: the save path's packed reads of a round and of a table
// read every shape of table as the full load does.
func TestCommandReadsEveryFormat(t *testing.T) {
	t.Run("individual4", func(t *testing.T) {
		f := newIndividual4(t, 10, func(st *tournament.Stage) {
			s := st.Settings.(individual4.Settings)
			s.Count = 2
			st.Settings = s
		})
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 21}, "anna")
		require.NoError(t, err)
		f.sheet(t, 1, 1, 1300, 1000)
		sameCommandReads(t, f)
	})
	t.Run("teams then knockout of teams", func(t *testing.T) {
		pf, _, _ := newTeamsOf(t, 4)
		f := &pf.fixture
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 9}, "anna")
		require.NoError(t, err)
		f.sheet(t, 1, 1, 1300, 1000)
		f.sheet(t, 1, 2, -900, 1000)
		sameCommandReads(t, f)
		f.sheet(t, 1, 3, 1150, 1000)
		f.sheet(t, 1, 4, 1000, 1000)
		_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
		require.NoError(t, err)
		_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
		require.NoError(t, err)
		f.sheet(t, 1, 1, 900, 700)
		sameCommandReads(t, f)
	})
	t.Run("knockout with byes", func(t *testing.T) {
		f := newKnockout(t, 5)
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
		require.NoError(t, err)
		f.match(t, 1, 1, 900, 700)
		sameCommandReads(t, f)
	})
	t.Run("three-player components", func(t *testing.T) {
		f := newEvening(t, 12, nil)
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheet(), "anna")
		require.NoError(t, err)
		sameCommandReads(t, f)
	})
	t.Run("partners seated by hand", func(t *testing.T) {
		f, ids, _ := partnersFixture(t)
		r := seatedRound(1, ids)
		require.NoError(t, addRound(f, &r))
		sameCommandReads(t, f)
	})
}
