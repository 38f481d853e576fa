package db_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/season"
)

// TestStoreVetsEveryText: the store itself refuses a name or a note with a hostile
// character or past its length (tournament.Vet), on every write that stores one, so
// that a path in that forgot the check is refused (EINVALID, the field named: a 422),
// never stored nor a database error (a NUL or a long name was a 500 on PostgreSQL).
func TestStoreVetsEveryText(t *testing.T) {
	f := newEvening(t, 4, nil)
	ctx, d := f.ctx, f.db
	refused := func(what, field string, err error) {
		t.Helper()
		e, ok := tournament.AsError(err)
		if assert.True(t, ok, "%s: %v", what, err) {
			assert.Equal(t, tournament.EINVALID, e.Code, what)
			assert.NotEmpty(t, e.Fields[field], "%s: %v", what, e.Fields)
		}
	}
	long := strings.Repeat("Rossi ", 500)
	for _, bad := range []string{"Ros\x00si", "Ros\u202esi", "Ros\u200bsi", "Ros\u2028si", long} {
		p := &tournament.Player{FirstName: "Ugo", LastName: bad, Active: true}
		refused("CreatePlayer", "last_name", d.CreatePlayer(ctx, p))
		refused("CreatePlayers", "last_name", d.CreatePlayers(ctx, []tournament.Player{*p}))
		ps, err := d.AllPlayers(ctx)
		require.NoError(t, err)
		q := ps[0]
		q.Notes = bad
		refused("UpdatePlayer", "notes", d.UpdatePlayer(ctx, &q))
		tr := &tournament.Tournament{Name: bad, Date: "2026-11-24"}
		st := f.state(t)
		stage := st.Stage
		refused("CreateTournament", "name", d.CreateTournament(ctx, tr, &stage))
		err = d.Update(ctx, f.tid, func(tx tournament.Tx) error {
			t0, err := tx.Tournament()
			require.NoError(t, err)
			t0.Venue = bad
			s0, err := tx.Stage()
			require.NoError(t, err)
			return tx.SaveSettings(t0, s0)
		})
		refused("SaveSettings", "venue", err)
		err = d.Update(ctx, f.tid, func(tx tournament.Tx) error {
			return tx.AddEntry(&tournament.Entry{TournamentID: f.tid, Kind: tournament.EntryTeam, Name: bad,
				Members: []tournament.Member{{PlayerID: ps[0].ID, Name: "Test P01"}}})
		})
		refused("AddEntry", "name", err)
		refused("CreateSeason", "name", d.CreateSeason(ctx, &season.Season{Name: bad, From: "2026-01-01", To: "2026-12-31"}))
		refused("CreateScale", "name", d.CreateScale(ctx, &tournament.Scale{Name: bad}))
		doc, err := d.Export(ctx, f.tid)
		require.NoError(t, err)
		doc.Entries[0].Name = bad
		refused("Import", "entries[0].name", d.Import(ctx, doc))
		_, _, err = d.ImportCopy(ctx, doc, 0)
		refused("ImportCopy", "entries[0].name", err)
	}
	ps, err := d.AllPlayers(ctx)
	require.NoError(t, err)
	assert.Len(t, ps, 4, "nothing registered")
	ts, err := d.ListTournaments(ctx)
	require.NoError(t, err)
	assert.Len(t, ts, 1, "nothing created")
	st := f.state(t)
	assert.Equal(t, "Martedì", st.Tournament.Name)
	assert.Empty(t, st.Tournament.Venue)
	assert.Len(t, st.Entries, 4)
}

// TestDrawOverrideIsVetted: the reason for drawing before the round is complete is a
// note the director types, refused as every other one (it was stored with bidi and
// control characters and any length, shown on the log and the round page, and made the
// tournament's own export refused on import).
func TestDrawOverrideIsVetted(t *testing.T) {
	f := newEvening(t, 4, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	for _, bad := range []string{"in\x00ritardo", "in\u202eritardo", "in\u200britardo", strings.Repeat("ritardo ", 300)} {
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Override: bad}, "anna")
		e, ok := tournament.AsError(err)
		if assert.True(t, ok, "%q: %v", bad, err) {
			assert.Equal(t, tournament.EINVALID, e.Code)
			assert.NotEmpty(t, e.Fields["override"], "%v", e.Fields)
		}
	}
	assert.Len(t, f.state(t).Rounds, 1, "no round drawn with it")
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Override: "riga 1\nriga 2"}, "anna")
	require.NoError(t, err, "a reason on two lines is a note")
}
