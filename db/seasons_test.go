package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/season"
)

func TestSeasonStore(t *testing.T) {
	f := newEvening(t, 6, nil)
	d, ctx := f.db, f.ctx
	s := &season.Season{Name: "Campionato", From: "2026-09-01", To: "2027-06-30", Settings: season.Settings{
		Method: season.ByPlace, Table: []int{25, 20, 16}, ScaleByField: true, ReferenceField: 12, Best: 7, MinEvenings: 6, Bonus: 1},
		Tournaments: []int64{f.tid}}
	require.NoError(t, d.CreateSeason(ctx, s))
	assert.Equal(t, 1, s.Version)

	got, err := d.Season(ctx, s.ID)
	require.NoError(t, err)
	assert.Equal(t, s.Settings, got.Settings, "the settings read back whole")
	assert.Equal(t, []int64{f.tid}, got.Tournaments)
	rev := got.Revision

	// A save from version 1 goes through once; the second from version 1 is stale.
	got.Name = "Campionato sociale"
	require.NoError(t, d.SaveSeason(ctx, got))
	assert.Equal(t, 2, got.Version)
	assert.Greater(t, got.Revision, rev)
	stale := *got
	stale.Version = 1
	assert.Equal(t, "season.stale", errKey(d.SaveSeason(ctx, &stale)))

	// Tournaments in and out move the revision.
	other := newEveningIn(t, d, 3, nil)
	require.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(d.SetSeasonTournament(ctx, s.ID, other.tid, true)),
		"the same name and date: the same evening, counted once")
	require.NoError(t, d.Update(ctx, other.tid, func(tx tournament.Tx) error {
		t0, err := tx.Tournament()
		if err != nil {
			return err
		}
		s0, err := tx.Stage()
		if err != nil {
			return err
		}
		t0.Name = "Giovedì"
		return tx.SaveSettings(t0, s0)
	}))
	require.NoError(t, d.SetSeasonTournament(ctx, s.ID, other.tid, true))
	require.NoError(t, d.SetSeasonTournament(ctx, s.ID, other.tid, true), "adding twice is no change")
	got2, err := d.Season(ctx, s.ID)
	require.NoError(t, err)
	assert.ElementsMatch(t, []int64{f.tid, other.tid}, got2.Tournaments)
	assert.Greater(t, got2.Revision, got.Revision)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(d.SetSeasonTournament(ctx, s.ID, 999999, true)))
	in, err := d.SeasonsOf(ctx, other.tid)
	require.NoError(t, err)
	require.Len(t, in, 1)
	assert.Equal(t, "Campionato sociale", in[0].Name)
	require.NoError(t, d.SetSeasonTournament(ctx, s.ID, other.tid, false))
	in, err = d.SeasonsOf(ctx, other.tid)
	require.NoError(t, err)
	assert.Empty(t, in)

	// A player's tournaments.
	st := f.state(t)
	pid := st.Entries[0].Members[0].PlayerID
	tids, err := d.PlayerTournaments(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, []int64{f.tid}, tids)

	all, err := d.Seasons(ctx)
	require.NoError(t, err)
	require.Len(t, all, 1)

	assert.Equal(t, "season.stale", errKey(d.DeleteSeason(ctx, s.ID, 1)))
	require.NoError(t, d.DeleteSeason(ctx, s.ID, 2))
	_, err = d.Season(ctx, s.ID)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, err = d.Load(ctx, f.tid)
	assert.NoError(t, err, "a season's tournaments stay")
}

// TestImportCopyRenumbers: a document imported as a copy into the database that holds
// its tournament gets new numbers everywhere, reads back like the original, and the
// numbers handed out after it do not collide (PostgreSQL's sequences follow).
func TestImportCopyRenumbers(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	doc, err := f.db.Export(f.ctx, f.tid)
	require.NoError(t, err)
	s := &season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()}
	require.NoError(t, f.db.CreateSeason(f.ctx, s))

	tid, fresh, err := f.db.ImportCopy(f.ctx, doc, s.ID)
	require.NoError(t, err)
	assert.NotEqual(t, f.tid, tid)
	assert.Empty(t, fresh, "every player is already here")
	a, b := f.state(t), func() *tournament.State { st, err := f.db.Load(f.ctx, tid); require.NoError(t, err); return st }()
	require.Len(t, b.Entries, len(a.Entries))
	require.Len(t, b.Rounds, 1)
	for i, e := range a.Entries {
		assert.NotEqual(t, e.ID, b.Entries[i].ID)
		assert.Equal(t, e.Members[0].PlayerID, b.Entries[i].Members[0].PlayerID)
	}
	_, la := a.Format().Standings(a)
	_, lb := b.Format().Standings(b)
	for i := range la {
		assert.Equal(t, la[i].Values, lb[i].Values)
		assert.Equal(t, la[i].Entry.Name, lb[i].Entry.Name)
	}
	got, err := f.db.Season(f.ctx, s.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{tid}, got.Tournaments, "added to the season in the same transaction")

	// New numbers after the import do not collide with the copy's.
	next := newEveningIn(t, f.db, 3, nil)
	assert.Greater(t, next.tid, tid)
}
