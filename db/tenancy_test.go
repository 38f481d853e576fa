package db_test

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/season"
	"burraco/tournament/threeplayer"
)

// clubData is what a test club holds: a tournament with two entries, a player not
// entered (card "C1"), a season counting the tournament, a scale of its own.
type clubData struct {
	ctx                     context.Context
	tid, entered, player    int64
	season, scale, playerV  int64
	seasonV                 int
	tournaments, playersIDs []int64
}

// newClubData fills a club through the store under ctx (the club's scope).
func newClubData(t *testing.T, d *db.DB, ctx context.Context, name string) *clubData {
	t.Helper()
	c := &clubData{ctx: ctx}
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(t, err)
	tr.Name = name
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	c.tid = tr.ID
	for i := range 2 {
		p := &tournament.Player{FirstName: name, LastName: string(rune('A' + i)), Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
		c.entered = p.ID
	}
	p := &tournament.Player{FirstName: name, LastName: "Card", CardNumber: "C1", Active: true}
	require.NoError(t, d.CreatePlayer(ctx, p), "a card number is unique within a club only")
	c.player, c.playerV = p.ID, int64(p.Version)
	s := &season.Season{Name: name, From: "2026-01-01", To: "2026-12-31", Tournaments: []int64{tr.ID}}
	require.NoError(t, d.CreateSeason(ctx, s))
	c.season, c.seasonV = s.ID, s.Version
	sc := &tournament.Scale{Name: "Own " + name, Bands: scaleBands(t, d)}
	require.NoError(t, d.CreateScale(ctx, sc))
	c.scale = sc.ID
	return c
}

// scaleBands are a built-in scale's bands, to make a scale of one's own.
func scaleBands(t *testing.T, d *db.DB) []scoring.Band {
	ss, err := d.ListScales(clubs.WithScope(context.Background(), clubs.Scope{System: true}))
	require.NoError(t, err)
	return ss[0].Bands
}

// TestTenancyTwoClubs: a club's scope never reads, lists, edits or deletes another
// club's tournaments, players, seasons or scales (not there: ENOTFOUND); an officer's
// scope (ReadAll) reads both and writes neither (EFORBIDDEN); no scope is club 1.
func TestTenancyTwoClubs(t *testing.T) {
	d, _ := open(t)
	bg := context.Background()
	b := &clubs.Club{Slug: "roma", Name: "Roma"}
	require.NoError(t, d.CreateClub(bg, b))
	ctxA := clubs.WithScope(bg, clubs.Scope{Clubs: []int64{clubs.Default}})
	ctxB := clubs.WithScope(bg, clubs.Scope{Clubs: []int64{b.ID}})
	officer := clubs.WithScope(bg, clubs.Scope{ReadAll: true})
	A := newClubData(t, d, ctxA, "Alfa")
	B := newClubData(t, d, ctxB, "Beta")

	notFound := func(what string, err error) {
		t.Helper()
		assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "%s: %v", what, err)
	}
	forbidden := func(what string, err error) {
		t.Helper()
		assert.Equal(t, tournament.EFORBIDDEN, tournament.ErrorCode(err), "%s: %v", what, err)
	}

	for _, tc := range []struct {
		name  string
		ctx   context.Context
		other *clubData
	}{{"A reaching B", ctxA, B}, {"B reaching A", ctxB, A}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, o := tc.ctx, tc.other
			// Tournaments.
			_, err := d.Load(ctx, o.tid)
			notFound("Load", err)
			_, err = d.LoadStage(ctx, o.tid, 1)
			notFound("LoadStage", err)
			_, _, err = d.LoadStamped(ctx, o.tid, 0)
			notFound("LoadStamped", err)
			_, err = d.Stamp(ctx, o.tid)
			notFound("Stamp", err)
			_, err = d.Revision(ctx, o.tid)
			notFound("Revision", err)
			_, _, err = d.PublicRevision(ctx, o.tid)
			notFound("PublicRevision", err)
			_, err = d.Events(ctx, o.tid)
			notFound("Events", err)
			_, err = d.Export(ctx, o.tid)
			notFound("Export", err)
			_, err = d.ReportSettings(ctx, o.tid)
			notFound("ReportSettings", err)
			_, err = d.ImportSnapshot(ctx, o.tid)
			notFound("ImportSnapshot", err)
			_, err = d.SeasonsOf(ctx, o.tid)
			notFound("SeasonsOf", err)
			_, err = d.TournamentClub(ctx, o.tid)
			notFound("TournamentClub", err)
			notFound("Update", d.Update(ctx, o.tid, func(tournament.Tx) error { return nil }))
			ts, err := d.ListTournaments(ctx)
			require.NoError(t, err)
			require.Len(t, ts, 1)
			assert.NotEqual(t, o.tid, ts[0].ID)
			// Players.
			_, err = d.FindPlayer(ctx, o.player)
			notFound("FindPlayer", err)
			notFound("UpdatePlayer", d.UpdatePlayer(ctx, &tournament.Player{ID: o.player, FirstName: "X", LastName: "Y", Active: true}))
			_, err = d.PlayerTournaments(ctx, o.entered)
			notFound("PlayerTournaments", err)
			own, err := d.AllPlayers(ctx)
			require.NoError(t, err)
			assert.Len(t, own, 3)
			for _, p := range own {
				assert.NotEqual(t, o.player, p.ID)
			}
			_, err = d.MergePlayers(ctx, &own[0], &tournament.Player{ID: o.player, Version: int(o.playerV)},
				func(int64, int64) tournament.Event { return tournament.Event{} })
			notFound("MergePlayers", err)
			found, n, err := d.FindPlayers(ctx, tournament.PlayerFilter{Limit: 50})
			require.NoError(t, err)
			assert.Equal(t, 3, n)
			assert.Len(t, found, 3)
			holder, err := d.CardHolder(ctx, "C1")
			require.NoError(t, err)
			assert.NotEqual(t, o.player, holder)
			assert.NotZero(t, holder)
			// Another club's player cannot be entered in one's tournament.
			mine := ts[0].ID
			svc := &tournament.Tournaments{Store: d, Players: d}
			_, err = svc.AddPlayer(ctx, mine, o.player, "anna")
			notFound("AddPlayer of another club's player", err)
			// Seasons.
			_, err = d.Season(ctx, o.season)
			notFound("Season", err)
			notFound("SaveSeason", d.SaveSeason(ctx, &season.Season{ID: o.season, Name: "X", From: "2026-01-01", To: "2026-12-31", Version: o.seasonV}))
			notFound("DeleteSeason", d.DeleteSeason(ctx, o.season, o.seasonV))
			notFound("SetSeasonTournament", d.SetSeasonTournament(ctx, o.season, mine, true))
			ss, err := d.Seasons(ctx)
			require.NoError(t, err)
			require.Len(t, ss, 1)
			notFound("SetSeasonTournament of another club's tournament", d.SetSeasonTournament(ctx, ss[0].ID, o.tid, true))
			// Scales.
			_, err = d.FindScale(ctx, o.scale)
			notFound("FindScale", err)
			notFound("UpdateScale", d.UpdateScale(ctx, &tournament.Scale{ID: o.scale, Name: "X", Bands: scaleBands(t, d)}))
			notFound("DeleteScale", d.DeleteScale(ctx, o.scale))
			scs, err := d.ListScales(ctx)
			require.NoError(t, err)
			for _, s := range scs {
				assert.NotEqual(t, o.scale, s.ID)
			}
			assert.Len(t, scs, 5, "the 4 built-in scales and its own")
			// A stage cannot take another club's scale.
			err = svc.Store.Update(ctx, mine, func(tx tournament.Tx) error {
				tr, err := tx.Tournament()
				require.NoError(t, err)
				st, err := tx.Stage()
				require.NoError(t, err)
				st.ScaleID = &o.scale
				return tx.SaveSettings(tr, st)
			})
			assert.Equal(t, tournament.EINVALID, tournament.ErrorCode(err), "%v", err)
		})
	}

	// No scope: the one-club laptop, club 1.
	st, err := d.Load(bg, A.tid)
	require.NoError(t, err)
	assert.Equal(t, "Alfa", st.Tournament.Name)
	_, err = d.Load(bg, B.tid)
	notFound("Load without a scope", err)

	// The officer reads both clubs, writes neither.
	for _, c := range []*clubData{A, B} {
		_, err := d.Load(officer, c.tid)
		require.NoError(t, err)
		_, err = d.FindPlayer(officer, c.player)
		require.NoError(t, err)
		_, err = d.Season(officer, c.season)
		require.NoError(t, err)
		_, err = d.FindScale(officer, c.scale)
		require.NoError(t, err)
		_, err = d.Export(officer, c.tid)
		require.NoError(t, err)
		// What the public pages read, under the ReadAll scope the web layer gives them.
		_, _, err = d.PublicRevision(officer, c.tid)
		require.NoError(t, err)
		_, err = d.Stamp(officer, c.tid)
		require.NoError(t, err)
		_, _, err = d.LoadStamped(officer, c.tid, 0)
		require.NoError(t, err)
		_, err = d.Events(officer, c.tid)
		require.NoError(t, err)
		ss, err := d.SeasonsOf(officer, c.tid)
		require.NoError(t, err)
		assert.Len(t, ss, 1)
		_, err = d.PlayerTournaments(officer, c.entered)
		require.NoError(t, err)
		forbidden("Update", d.Update(officer, c.tid, func(tournament.Tx) error { return nil }))
		forbidden("UpdatePlayer", d.UpdatePlayer(officer, &tournament.Player{ID: c.player, FirstName: "X", LastName: "Y", Active: true}))
		forbidden("DeleteSeason", d.DeleteSeason(officer, c.season, c.seasonV))
		forbidden("DeleteScale", d.DeleteScale(officer, c.scale))
		_, err = d.ImportSnapshot(officer, c.tid)
		forbidden("ImportSnapshot (an import writes)", err)
	}
	ts, err := d.ListTournaments(officer)
	require.NoError(t, err)
	assert.Len(t, ts, 2)
	ps, err := d.AllPlayers(officer)
	require.NoError(t, err)
	assert.Len(t, ps, 6)
	ss, err := d.Seasons(officer)
	require.NoError(t, err)
	assert.Len(t, ss, 2)
	forbidden("CreatePlayer", d.CreatePlayer(officer, &tournament.Player{FirstName: "X", LastName: "Y", Active: true}))
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(t, err)
	forbidden("CreateTournament", d.CreateTournament(officer, &tr, &stage, tournament.Event{Kind: "create"}))
	forbidden("CreateSeason", d.CreateSeason(officer, &season.Season{Name: "X", From: "2026-01-01", To: "2026-12-31"}))
	bt, err := d.ListClubTournaments(officer, b.ID)
	require.NoError(t, err)
	require.Len(t, bt, 1)
	assert.Equal(t, B.tid, bt[0].ID)
	club, err := d.TournamentClub(officer, B.tid)
	require.NoError(t, err)
	assert.Equal(t, b.ID, club)

	// A System scope reaches everything (the phones' routes, the app's own work).
	sys := clubs.WithScope(bg, clubs.Scope{System: true})
	require.NoError(t, d.Update(sys, B.tid, func(tournament.Tx) error { return nil }))

	// The whole file holds both clubs: only System backs it up.
	if !dbtest.OnPostgres() {
		var buf bytes.Buffer
		forbidden("Backup", d.Backup(ctxA, &buf))
		require.NoError(t, d.Backup(sys, &buf))
	}
}

// TestTenancyImports: a document exported from club A and imported into club B (a copy
// into one of B's seasons, and a restore with its own numbers) lands in B, matches B's
// players by card number, and A never sees it; a CSV import writes into the
// tournament's club.
func TestTenancyImports(t *testing.T) {
	d, _ := open(t)
	bg := context.Background()
	b := &clubs.Club{Slug: "roma", Name: "Roma"}
	require.NoError(t, d.CreateClub(bg, b))
	ctxA := clubs.WithScope(bg, clubs.Scope{Clubs: []int64{clubs.Default}})
	ctxB := clubs.WithScope(bg, clubs.Scope{Clubs: []int64{b.ID}})
	A := newClubData(t, d, ctxA, "Alfa")
	B := newClubData(t, d, ctxB, "Beta")

	doc, err := d.Export(ctxA, A.tid)
	require.NoError(t, err)
	// Into B's season, as a copy: its players are new players of B.
	tid, fresh, err := d.ImportCopy(ctxB, renumberedCopy(doc), B.season)
	require.NoError(t, err)
	assert.NotEmpty(t, fresh)
	_, err = d.Load(ctxA, tid)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	st, err := d.Load(ctxB, tid)
	require.NoError(t, err)
	for _, e := range st.Entries {
		for _, m := range e.Members {
			_, err := d.FindPlayer(ctxB, m.PlayerID)
			require.NoError(t, err, "the copy's players are B's")
			_, err = d.FindPlayer(ctxA, m.PlayerID)
			assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
		}
	}
	// Into A's season from B's scope: not there.
	_, _, err = d.ImportCopy(ctxB, renumberedCopy(doc), A.season)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))

	// A restore with its own numbers: A's players (same numbers) are not B's.
	restore := *doc
	restore.Tournament.ID = 9000
	err = d.Import(ctxB, &restore)
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "A's players are no players of B's: %v", err)

	// A CSV import of players into B's tournament registers them in B.
	snap, err := d.ImportSnapshot(ctxB, B.tid)
	require.NoError(t, err)
	assert.Len(t, snap.Registry, 3+len(fresh), "B's registry only")
	w := &tournament.ImportWrite{Players: []tournament.Player{{FirstName: "Nuovo", LastName: "Giocatore", CardNumber: "C2", Active: true}}}
	require.NoError(t, d.WriteImport(ctxB, B.tid, snap, w))
	_, err = d.FindPlayer(ctxA, w.Players[0].ID)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, err = d.FindPlayer(ctxB, w.Players[0].ID)
	require.NoError(t, err)
	// A's snapshot is not moved by B's import.
	snapA, err := d.ImportSnapshot(ctxA, A.tid)
	require.NoError(t, err)
	assert.Len(t, snapA.Registry, 3)
	assert.True(t, slices.ContainsFunc(snapA.Registry, func(p tournament.Player) bool { return p.ID == A.player }))
}

// renumberedCopy is a document as another copy of the app would send it: its players
// new (negative numbers), so the import registers them.
func renumberedCopy(doc *tournament.Document) *tournament.Document {
	c := *doc
	c.Players = slices.Clone(doc.Players)
	ids := map[int64]int64{}
	for i := range c.Players {
		ids[c.Players[i].ID] = -int64(i + 1)
		c.Players[i].ID = -int64(i + 1)
		c.Players[i].CardNumber = ""
	}
	c.Entries = slices.Clone(doc.Entries)
	for i := range c.Entries {
		c.Entries[i].Members = slices.Clone(c.Entries[i].Members)
		for j := range c.Entries[i].Members {
			c.Entries[i].Members[j].PlayerID = ids[c.Entries[i].Members[j].PlayerID]
		}
	}
	return &c
}
