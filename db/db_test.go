package db_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/tournament/threeplayer"
)

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }

// open returns a fresh database on this pass's backend (a SQLite file in the test's
// temporary directory, or a PostgreSQL schema of its own) and its DSN.
func open(t testing.TB) (*db.DB, string) {
	t.Helper()
	path := dbtest.DSN(t)
	d, err := db.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { d.Close() })
	return d, path
}

func TestMigrationsAreIdempotent(t *testing.T) {
	ctx := context.Background()
	d, path := open(t)
	first, err := d.AppliedMigrations(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, first)
	p := &tournament.Player{FirstName: "A", LastName: "B", Active: true}
	require.NoError(t, d.CreatePlayer(ctx, p))

	require.NoError(t, d.Migrate(ctx), "migrating an up-to-date database is a no-op")
	require.NoError(t, d.Close())
	again, err := db.Open(path)
	require.NoError(t, err, "reopening migrates again without failing")
	defer again.Close()
	second, err := again.AppliedMigrations(ctx)
	require.NoError(t, err)
	assert.Equal(t, first, second)
	got, err := again.FindPlayer(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, "B", got.LastName, "data survives re-migration")
}

func TestCardNumberUnique(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	svc := &tournament.Players{Store: d}
	a := tournament.Player{FirstName: "Anna", LastName: "Verdi", CardNumber: "C1"}
	require.NoError(t, svc.Create(ctx, &a))
	b := tournament.Player{FirstName: "Bruno", LastName: "Neri", CardNumber: "c1"}
	err := svc.Create(ctx, &b)
	e, ok := tournament.AsError(err)
	require.True(t, ok, "got %v", err)
	assert.Equal(t, tournament.ECONFLICT, e.Code)
	assert.Equal(t, "player.card_number.taken", e.Fields["card_number"])

	// Players without a card number do not collide.
	for _, n := range []string{"X", "Y"} {
		require.NoError(t, svc.Create(ctx, &tournament.Player{FirstName: n, LastName: n}))
	}
	// Updating to a taken number is refused; keeping one's own number is fine.
	c := tournament.Player{FirstName: "Carla", LastName: "Blu", CardNumber: "C2"}
	require.NoError(t, svc.Create(ctx, &c))
	_, err = svc.Update(ctx, c.ID, tournament.Player{FirstName: "Carla", LastName: "Blu", CardNumber: "C1"})
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	_, err = svc.Update(ctx, c.ID, tournament.Player{FirstName: "Carla", LastName: "Blu-Rossi", CardNumber: "C2"})
	assert.NoError(t, err)

	// The unique index backs the check even if two writers race past it.
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = d.CreatePlayer(ctx, &tournament.Player{FirstName: "R", LastName: "R", CardNumber: "RACE", Active: true})
		}()
	}
	wg.Wait()
	okCount := 0
	for _, err := range errs {
		if err == nil {
			okCount++
		} else {
			assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "%v", err)
		}
	}
	assert.Equal(t, 1, okCount)
}

func TestAccentsRoundTrip(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	p := &tournament.Player{FirstName: "Niccolò", LastName: "D'Alessandro", Club: "Società Àncona — ♠", Notes: "“virgolette”", Active: true}
	require.NoError(t, d.CreatePlayer(ctx, p))
	got, err := d.FindPlayer(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, p.FirstName, got.FirstName)
	assert.Equal(t, p.LastName, got.LastName)
	assert.Equal(t, p.Club, got.Club)
	assert.Equal(t, p.Notes, got.Notes)
	ps, n, err := d.FindPlayers(ctx, tournament.PlayerFilter{Query: "d'alessandro niccolò", Limit: 10})
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, "Niccolò", ps[0].FirstName)
}

func TestFindPlayers(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	svc := &tournament.Players{Store: d}
	for _, p := range []tournament.Player{
		{FirstName: "Mario", LastName: "Rossi", Club: "Roma Burraco", CardNumber: "RM1"},
		{FirstName: "Maria", LastName: "Bianchi", Club: "Milano", CardNumber: "MI7"},
		{FirstName: "Luca", LastName: "rossini", Club: "Torino"},
		{FirstName: "100%", LastName: "Under_score"},
	} {
		require.NoError(t, svc.Create(ctx, &p))
	}
	names := func(f tournament.PlayerFilter) []string {
		f.Limit = 10
		ps, _, err := svc.List(ctx, f)
		require.NoError(t, err)
		var out []string
		for _, p := range ps {
			out = append(out, p.LastName)
		}
		return out
	}
	assert.Equal(t, []string{"Rossi", "rossini"}, names(tournament.PlayerFilter{Query: "ROSS"}), "case-insensitive, sorted")
	assert.Equal(t, []string{"Rossi"}, names(tournament.PlayerFilter{Query: "mario ross"}), "every word must match")
	assert.Equal(t, []string{"Bianchi"}, names(tournament.PlayerFilter{Query: "mi7"}), "card number")
	assert.Equal(t, []string{"Rossi"}, names(tournament.PlayerFilter{Query: "roma"}), "club")
	assert.Equal(t, []string{"Under_score"}, names(tournament.PlayerFilter{Query: "%"}), "LIKE wildcards are literal")
	assert.Equal(t, []string{"Under_score"}, names(tournament.PlayerFilter{Query: "r_s"}), "LIKE wildcards are literal")

	// Deactivated players leave the default list but stay in the registry.
	ps, _, _ := svc.List(ctx, tournament.PlayerFilter{Query: "bianchi"})
	_, err := svc.SetActive(ctx, ps[0].ID, false)
	require.NoError(t, err)
	assert.Empty(t, names(tournament.PlayerFilter{Query: "bianchi"}))
	assert.Equal(t, []string{"Bianchi"}, names(tournament.PlayerFilter{Query: "bianchi", IncludeInactive: true}))

	// Paging.
	page, total, err := svc.List(ctx, tournament.PlayerFilter{Limit: 2, Offset: 2})
	require.NoError(t, err)
	assert.Equal(t, 3, total)
	assert.Len(t, page, 1)
}

func TestImportAllOrNothing(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	svc := &tournament.Players{Store: d}
	err := d.CreatePlayers(ctx, []tournament.Player{
		{FirstName: "A", LastName: "A", CardNumber: "SAME", Active: true},
		{FirstName: "B", LastName: "B", CardNumber: "SAME", Active: true},
	})
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	all, err := d.AllPlayers(ctx)
	require.NoError(t, err)
	assert.Empty(t, all, "a failing import writes nothing")

	pv, err := svc.Import(ctx, stringsReader("nome;cognome;tessera\nA;A;T1\nB;B;T1\n;C;\n"), nil)
	require.NoError(t, err)
	assert.Equal(t, 1, pv.Created)
	all, _ = d.AllPlayers(ctx)
	assert.Len(t, all, 1)
}

// Search ignores accents, apostrophes and case, whichever way a player was written:
// created, imported, registered at a tournament's entry, or renamed.
func TestFindPlayersIgnoresAccentsAndApostrophes(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	players := &tournament.Players{Store: d}
	require.NoError(t, players.Create(ctx, &tournament.Player{FirstName: "Luca", LastName: "Mazzà", Club: "Città di Forlì"}))
	_, err := players.Import(ctx, stringsReader("nome;cognome\nNiccolò;Rossi\n"), nil)
	require.NoError(t, err)
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(t, err)
	tr.Name = "Sera"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	_, err = svc.AddNewPlayer(ctx, tr.ID, &tournament.Player{FirstName: "Gino", LastName: "D’Alessandro"}, "anna")
	require.NoError(t, err)
	renamed := &tournament.Player{FirstName: "Ada", LastName: "Verdi"}
	require.NoError(t, players.Create(ctx, renamed))
	_, err = players.Update(ctx, renamed.ID, tournament.Player{FirstName: "Adèle", LastName: "O'Brien"})
	require.NoError(t, err)

	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"mazza", []string{"Mazzà"}},
		{"MAZZÀ", []string{"Mazzà"}},
		{"niccolo", []string{"Rossi"}},
		{"dalessandro", []string{"D’Alessandro"}},
		{"d'alessandro gino", []string{"D’Alessandro"}},
		{"forli", []string{"Mazzà"}},
		{"obrien adele", []string{"O'Brien"}},
		{"verdi", nil},
	} {
		ps, _, err := players.List(ctx, tournament.PlayerFilter{Query: tt.q})
		require.NoError(t, err)
		var got []string
		for _, p := range ps {
			got = append(got, p.LastName)
		}
		assert.Equal(t, tt.want, got, tt.q)
	}
}

// TestInstancesMigrateOnce: several app instances start together on one new PostgreSQL
// schema; each migration is applied once, and every instance opens.
func TestInstancesMigrateOnce(t *testing.T) {
	if !dbtest.OnPostgres() {
		t.Skip("PostgreSQL only: a SQLite file serves one process")
	}
	dsn := dbtest.DSN(t)
	const n = 4
	stores := make([]*db.DB, n)
	var fns []func() error
	for i := range n {
		fns = append(fns, func() error {
			var err error
			stores[i], err = db.Open(dsn)
			return err
		})
	}
	for i, err := range race(fns...) {
		require.NoError(t, err, "instance %d", i)
		defer stores[i].Close()
	}
	ctx := context.Background()
	want, err := stores[0].AppliedMigrations(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	lite, err := db.Open(filepath.Join(t.TempDir(), "all.db"))
	require.NoError(t, err)
	defer lite.Close()
	all, err := lite.AppliedMigrations(ctx)
	require.NoError(t, err)
	require.Equal(t, all, want, "every migration applied")
	for i := 1; i < len(want); i++ {
		require.Less(t, want[i-1], want[i], "each migration recorded once, in order: %v", want)
	}
	scales, err := stores[1].ListScales(ctx)
	require.NoError(t, err)
	assert.Len(t, scales, 4, "the shipped scales (FIBUR 3 and 4, the team scales 3 and 4) are inserted once")
}

// TestMissingSchemaIsNamed: a PostgreSQL URL whose search_path names no schema is refused
// with a message saying so.
func TestMissingSchemaIsNamed(t *testing.T) {
	if !dbtest.OnPostgres() {
		t.Skip("PostgreSQL only")
	}
	server := dbtest.RequireServer(t)
	_, err := db.Open(dbtest.WithSchema(server, "no_such_schema_here"))
	require.ErrorContains(t, err, "search_path names none that exists")
}

// TestNewerSchemaIsRefused: an instance of an older release does not start on a database
// a newer release has migrated (its schema version is past the newest this release
// knows): it says so, and changes nothing. SchemaVersion reads what /healthz reports.
func TestNewerSchemaIsRefused(t *testing.T) {
	ctx := context.Background()
	dsn := dbtest.DSN(t)
	d, err := db.Open(dsn)
	require.NoError(t, err)
	v, err := d.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, db.LatestMigration(), v)
	newer := db.LatestMigration() + 1
	driver := "sqlite3"
	if dbtest.OnPostgres() {
		driver = "pgx"
	}
	raw, err := sql.Open(driver, dsn)
	require.NoError(t, err)
	_, err = raw.Exec(fmt.Sprintf("INSERT INTO schema_migrations (version, name, applied_at) VALUES (%d, 'from a newer release', CURRENT_TIMESTAMP)", newer))
	require.NoError(t, err)
	require.NoError(t, raw.Close())
	v, err = d.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, newer, v)
	require.NoError(t, d.Close())

	_, err = db.Open(dsn)
	require.ErrorContains(t, err, fmt.Sprintf("the database is at schema version %d, newer than this release knows (%d)", newer, db.LatestMigration()))
}
