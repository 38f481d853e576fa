package db_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/clubs"
)

// The copy of a club's SQLite file into PostgreSQL is tested in the first pass only: it
// needs both databases whatever the pass.
func copyTest(t *testing.T) {
	t.Helper()
	if dbtest.OnPostgres() {
		t.Skip("a copy from SQLite to PostgreSQL: run in the first pass")
	}
	dbtest.RequireServer(t)
}

// clubEvening fills a SQLite store as a club's evening leaves it: directors, a session,
// tokens, a login failure, players, a scale of the club's, a tournament with two games
// played (13 players: sit-outs, byes), a seat change, a correction, a withdrawal, a
// substitute, a time-out table, and a second tournament not yet drawn.
func clubEvening(t *testing.T, d *db.DB) {
	ctx := context.Background()
	auth := &tournament.Auth{Store: d, Cost: bcrypt.MinCost}
	_, err := auth.Setup(ctx, tournament.DirectorInput{Username: "anna", Name: "Anna Verdi", Password: "password-lunga", Confirm: "password-lunga"})
	require.NoError(t, err)
	_, err = auth.AddDirector(ctx, tournament.DirectorInput{Username: "bruno", Name: "Bruno Neri", Password: "password-lunga", Confirm: "password-lunga"})
	require.NoError(t, err)
	_, _, err = auth.Login(ctx, "anna", "password-lunga", "10.0.0.1")
	require.NoError(t, err)
	_, _, err = auth.LoginToken(ctx, "bruno", "password-lunga", "10.0.0.2", "tablet")
	require.NoError(t, err)
	_, _, err = auth.Login(ctx, "anna", "wrong-password", "10.0.0.3")
	require.Error(t, err)

	scales := &tournament.Scales{Store: d}
	sc, err := scales.Copy(ctx, 1, "Circolo d'Ambrosio")
	require.NoError(t, err)

	f := newEveningIn(t, d, 13, nil)
	st := f.state(t)
	st.Stage.ScaleID = &sc.ID
	_, _, err = f.svc.Update(ctx, f.tid, st.Tournament, st.Stage, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	// A correction with every form of hand, and accents in the log.
	hands := f.state(t).Stage.HandsPerRound()
	sh := tournament.Sheet{}
	for range hands {
		sh.Hands = append(sh.Hands, []*scoring.Hand{
			{Form: scoring.Components, Clean: 1, Dirty: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420},
			{Form: scoring.BaseCards, Base: 100, Cards: 95},
			{Form: scoring.TotalOnly, Total: -160},
		})
	}
	_, err = f.svc.SaveSheet(ctx, f.tid, 1, 2, sh, "bruno")
	require.NoError(t, err)
	_, err = f.svc.Draw(ctx, f.tid, tournament.DrawOptions{Seed: 8}, "anna")
	require.NoError(t, err)
	st = f.state(t)
	seats := tournament.SeatsOf(&st.Rounds[1])
	seats.Tables[0][0], seats.Tables[1][0] = seats.Tables[1][0], seats.Tables[0][0]
	require.NoError(t, f.svc.OverrideSeats(ctx, f.tid, 2, seats, "anna"))
	_, err = f.svc.SaveSheet(ctx, f.tid, 2, 1, sheetOf(hands, 250, 0, -50), "anna")
	require.NoError(t, err)
	no := false
	_, _, err = f.svc.SetEntry(ctx, f.tid, st.Entries[len(st.Entries)-1].ID, tournament.EntryChange{CheckedIn: &no}, "anna")
	require.NoError(t, err)

	newEveningIn(t, d, 4, nil)

	// A second club, with its own tournament, players (one holding a card number club 1
	// may hold too), season and scale.
	roma := &clubs.Club{Slug: "roma", Name: "Roma"}
	require.NoError(t, d.CreateClub(ctx, roma))
	newClubData(t, d, clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{roma.ID}}), "Roma")
}

// dump reads every row of every table but schema_migrations, in key order, with its
// values normalised for comparison across the two databases (booleans as 0/1, times in
// UTC cut to the microsecond: PostgreSQL keeps no finer).
func dump(t *testing.T, conn *sql.DB, tables map[string][]string) map[string][][]any {
	t.Helper()
	out := map[string][][]any{}
	for table, cols := range tables {
		q := make([]string, len(cols))
		for i, c := range cols {
			q[i] = `"` + c + `"`
		}
		rows, err := conn.Query("SELECT " + strings.Join(q, ", ") + " FROM " + table + " ORDER BY " + strings.Join(q, ", "))
		require.NoError(t, err, table)
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			for i, v := range vals {
				switch x := v.(type) {
				case bool:
					vals[i] = map[bool]int64{false: 0, true: 1}[x]
				case []byte:
					vals[i] = string(x)
				case time.Time:
					vals[i] = x.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano)
				case int32:
					vals[i] = int64(x)
				}
			}
			out[table] = append(out[table], vals)
		}
		require.NoError(t, rows.Err())
		rows.Close()
	}
	return out
}

// sqliteColumns lists the tables of a SQLite file (but schema_migrations) and their
// columns.
func sqliteColumns(t *testing.T, conn *sql.DB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	rows, err := conn.Query("SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p " +
		"WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'schema_migrations' ORDER BY m.name, p.cid")
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var table, col string
		require.NoError(t, rows.Scan(&table, &col))
		out[table] = append(out[table], col)
	}
	require.NoError(t, rows.Err())
	return out
}

// TestCopySQLiteToPostgres copies a club's evening into PostgreSQL and compares every
// table field by field, then what the app reads (tournaments, standings), then works on
// the copy.
func TestCopySQLiteToPostgres(t *testing.T) {
	copyTest(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	src, err := db.Open(path)
	require.NoError(t, err)
	clubEvening(t, src)
	require.NoError(t, src.Close())

	dsn := dbtest.Schema(t)
	copied, err := db.CopyFile(ctx, path, dsn)
	require.NoError(t, err)

	lite, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	defer lite.Close()
	pg, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer pg.Close()
	tables := sqliteColumns(t, lite)
	want, got := dump(t, lite, tables), dump(t, pg, tables)
	var names []string
	for _, c := range copied {
		names = append(names, c.Name)
		assert.Len(t, want[c.Name], c.Rows, "rows reported for %s", c.Name)
	}
	sort.Strings(names)
	var all []string
	for n := range tables {
		all = append(all, n)
	}
	sort.Strings(all)
	assert.Equal(t, all, names, "every table is copied")
	for table := range tables {
		assert.Equal(t, want[table], got[table], "table %s field by field", table)
	}
	for _, table := range []string{"directors", "sessions", "api_tokens", "login_failures", "players", "scales", "tournaments",
		"stages", "entries", "entry_members", "rounds", "round_tables", "sides", "byes", "hands", "events"} {
		assert.NotEmpty(t, want[table], "the evening fills %s", table)
	}

	// What the app reads is the same on both.
	a, err := db.Open(path)
	require.NoError(t, err)
	defer a.Close()
	b, err := db.Open(dsn)
	require.NoError(t, err)
	defer b.Close()
	sa, sb := &tournament.Tournaments{Store: a, Players: a}, &tournament.Tournaments{Store: b, Players: b}
	list, err := sa.List(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	for _, tr := range list {
		x, cx, lx, err := sa.Standings(ctx, tr.ID)
		require.NoError(t, err)
		y, cy, ly, err := sb.Standings(ctx, tr.ID)
		require.NoError(t, err)
		assert.Equal(t, cx, cy)
		assert.Equal(t, lx, ly, "standings of %d", tr.ID)
		require.Len(t, y.Rounds, len(x.Rounds))
		for i := range x.Rounds {
			assert.Equal(t, time.UTC, y.Rounds[i].DrawnAt.Location(), "times read back in UTC, as from SQLite")
			assert.Equal(t, x.Rounds[i].DrawnAt.Truncate(time.Microsecond), y.Rounds[i].DrawnAt)
			x.Rounds[i].DrawnAt, y.Rounds[i].DrawnAt = time.Time{}, time.Time{}
		}
		assert.Equal(t, x.Rounds, y.Rounds)
		assert.Equal(t, x.Entries, y.Entries)
		assert.Equal(t, x.Stage.Settings, y.Stage.Settings)
		assert.Equal(t, x.Stage.Scale, y.Stage.Scale)
		assert.Equal(t, x.Tournament.Revision, y.Tournament.Revision)
		assert.Equal(t, x.Tournament.Version, y.Tournament.Version)
	}

	// Each club's rows stay the club's on the copy.
	romaCtx := clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{2}})
	romaList, err := b.ListTournaments(romaCtx)
	require.NoError(t, err)
	require.Len(t, romaList, 1)
	_, err = b.Load(ctx, romaList[0].ID)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "club 1 does not reach Roma's tournament on the copy")
	romaPlayers, err := b.AllPlayers(romaCtx)
	require.NoError(t, err)
	assert.Len(t, romaPlayers, 3)
	for _, table := range []string{"clubs", "club_directors", "seasons", "season_tournaments"} {
		assert.NotEmpty(t, want[table], "the evening fills %s", table)
	}

	// The copy is a working database: new rows get new IDs (sequences moved on).
	p := &tournament.Player{FirstName: "Nuova", LastName: "Giocatrice", Active: true}
	require.NoError(t, b.CreatePlayer(ctx, p))
	assert.Greater(t, p.ID, int64(len(want["players"])))
	tid := list[1].ID // the evening played (the list is newest first)
	_, err = sb.SaveSheet(ctx, tid, 2, 2, sheetOf(3, 300, 100, -100), "anna")
	require.NoError(t, err)
	_, err = sb.Draw(ctx, list[0].ID, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)

	// A target that already holds tables is refused (the source closed: an open one is
	// refused before that, TestCopyTraps).
	require.NoError(t, a.Close())
	_, err = db.CopyFile(ctx, path, dsn)
	require.ErrorContains(t, err, "already holds")
}

// TestCopyCarriesATableAddedLater: a later migration adds a table (whose name sorts
// before its parent's) and a column; the copy carries both without knowing them.
func TestCopyCarriesATableAddedLater(t *testing.T) {
	copyTest(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "club.db")
	src, err := db.Open(path)
	require.NoError(t, err)
	defer src.Close()
	f := newEveningIn(t, src, 3, nil)
	dsn := dbtest.Schema(t)
	dst, err := db.Open(dsn)
	require.NoError(t, err)
	defer dst.Close()

	// What the later migration would do on each database.
	lite, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
	require.NoError(t, err)
	defer lite.Close()
	for _, q := range []string{
		"CREATE TABLE a_round_notes (id INTEGER PRIMARY KEY AUTOINCREMENT, tournament_id INTEGER NOT NULL REFERENCES tournaments(id), note TEXT NOT NULL, pinned NUMERIC NOT NULL, at DATETIME)",
		"ALTER TABLE players ADD COLUMN nickname TEXT NOT NULL DEFAULT ''",
	} {
		_, err := lite.Exec(q)
		require.NoError(t, err)
	}
	pg, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer pg.Close()
	for _, q := range []string{
		"CREATE TABLE a_round_notes (id BIGSERIAL PRIMARY KEY, tournament_id BIGINT NOT NULL REFERENCES tournaments(id), note TEXT NOT NULL, pinned BOOLEAN NOT NULL, at TIMESTAMPTZ)",
		"ALTER TABLE players ADD COLUMN nickname TEXT NOT NULL DEFAULT ''",
	} {
		_, err := pg.Exec(q)
		require.NoError(t, err)
	}
	at := time.Date(2026, 11, 20, 21, 30, 0, 123456000, time.UTC)
	for i, note := range []string{"tavolo 2 in ritardo", "l'arbitro è al tavolo 1"} {
		_, err := lite.Exec("INSERT INTO a_round_notes (tournament_id, note, pinned, at) VALUES (?, ?, ?, ?)", f.tid, note, i == 1, at)
		require.NoError(t, err)
	}
	_, err = lite.Exec("UPDATE players SET nickname = 'Pippo' WHERE id = 2")
	require.NoError(t, err)

	copied, err := db.Copy(ctx, src, dst)
	require.NoError(t, err)
	order := map[string]int{}
	for i, c := range copied {
		order[c.Name] = i
	}
	require.Contains(t, order, "a_round_notes")
	assert.Less(t, order["tournaments"], order["a_round_notes"], "a parent is copied before its children")

	var notes []string
	rows, err := pg.Query("SELECT id, note, pinned, at FROM a_round_notes ORDER BY id")
	require.NoError(t, err)
	for rows.Next() {
		var id int64
		var note string
		var pinned bool
		var when time.Time
		require.NoError(t, rows.Scan(&id, &note, &pinned, &when))
		notes = append(notes, fmt.Sprintf("%d %s %t %s", id, note, pinned, when.UTC().Format(time.RFC3339Nano)))
	}
	require.NoError(t, rows.Err())
	rows.Close()
	assert.Equal(t, []string{"1 tavolo 2 in ritardo false 2026-11-20T21:30:00.123456Z", "2 l'arbitro è al tavolo 1 true 2026-11-20T21:30:00.123456Z"}, notes)
	var nick string
	require.NoError(t, pg.QueryRow("SELECT nickname FROM players WHERE id = 2").Scan(&nick))
	assert.Equal(t, "Pippo", nick)
	var next int64
	require.NoError(t, pg.QueryRow("INSERT INTO a_round_notes (tournament_id, note, pinned) VALUES ($1, 'nuova', false) RETURNING id", f.tid).Scan(&next))
	assert.Equal(t, int64(3), next, "the new table's sequence moved past the copied IDs")
}

// TestCopyTraps: a missing or non-SQLite source is an error that creates nothing; a file
// an app is serving is refused until the app stops; a target that only the app's
// migrations touched (what a failed copy leaves) is reused, one with a club's data is not.
func TestCopyTraps(t *testing.T) {
	copyTest(t)
	ctx := context.Background()
	dir := t.TempDir()
	dsn := dbtest.Schema(t)
	tables := func() int {
		pg, err := sql.Open("pgx", dsn)
		require.NoError(t, err)
		defer pg.Close()
		var n int
		require.NoError(t, pg.QueryRow("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()").Scan(&n))
		return n
	}

	missing := filepath.Join(dir, "nosuch.db")
	_, err := db.CopyFile(ctx, missing, dsn)
	require.ErrorContains(t, err, "does not exist")
	assert.NoFileExists(t, missing, "a missing source is not created")
	assert.Zero(t, tables(), "nor is the target touched")

	empty := filepath.Join(dir, "empty.db")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	_, err = db.CopyFile(ctx, empty, dsn)
	require.ErrorContains(t, err, "is not a SQLite database")
	_, err = db.CopyFile(ctx, dir, dsn)
	require.ErrorContains(t, err, "is not a file")
	assert.Zero(t, tables())

	path := filepath.Join(dir, "club.db")
	app, err := db.Open(path)
	require.NoError(t, err)
	require.NoError(t, app.CreatePlayer(ctx, &tournament.Player{FirstName: "Anna", LastName: "Verdi", Active: true}))
	_, err = db.CopyFile(ctx, path, dsn)
	require.ErrorContains(t, err, "in use by a running app: stop it first")
	assert.Zero(t, tables())
	require.NoError(t, app.Close())

	// A target the app's migrations alone made (a copy that failed after migrating it)
	// is taken as empty.
	migrated, err := db.Open(dsn)
	require.NoError(t, err)
	require.NoError(t, migrated.Close())
	require.NotZero(t, tables())
	copied, err := db.CopyFile(ctx, path, dsn)
	require.NoError(t, err, "the migrated, empty target is reused")
	for _, c := range copied {
		if c.Name == "players" {
			assert.Equal(t, 1, c.Rows)
		}
	}
	_, err = db.CopyFile(ctx, path, dsn)
	require.ErrorContains(t, err, "already holds")
	require.ErrorContains(t, err, "with data in players")
}
