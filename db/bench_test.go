package db_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"testing"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
)

// benchEvening is an evening of n players (a multiple of 3) whose game 1 is complete and
// whose game 2 is drawn, with every table but the first entered: a save of table 1 of
// game 2 is a score sheet coming back during an evening.
func benchEvening(b *testing.B, backend string, n int) *fixture {
	b.Helper()
	dsn := filepath.Join(b.TempDir(), "bench.db")
	if backend == "postgres" {
		dsn = dbtest.Schema(b)
	}
	d, err := db.Open(dsn)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	f := newEveningIn(b, d, n, nil)
	if _, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "bench"); err != nil {
		b.Fatal(err)
	}
	f.fill(b, 1)
	if _, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "bench"); err != nil {
		b.Fatal(err)
	}
	f.fill(b, 2)
	return f
}

// sheet is a complete 3-hand sheet of one table.
func sheet() tournament.Sheet {
	var sh tournament.Sheet
	for range 3 {
		sh.Hands = append(sh.Hands, []*scoring.Hand{
			{Form: scoring.Components, Clean: 1, Dirty: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420},
			{Form: scoring.BaseCards, Base: 100, Cards: 95},
			{Form: scoring.TotalOnly, Total: -160},
		})
	}
	return sh
}

// backends are the databases the store's benchmarks run on, side by side: PostgreSQL
// where a server is reachable (see dbtest), in a schema of its own.
var backends = []string{"sqlite", "postgres"}

// BenchmarkSaveSheet saves one table's sheet (9 hand scores) through the service: the
// save reads the table it writes, not the evening, so its cost does not grow with the
// number of tables. Compare with BenchmarkRawSQLiteNineRowWrite and
// BenchmarkRawPostgresNineRowWrite, the ceilings.
func BenchmarkSaveSheet(b *testing.B) {
	for _, backend := range backends {
		for _, n := range []int{48, 3000} {
			b.Run(fmt.Sprintf("db=%s/players=%d", backend, n), func(b *testing.B) {
				if n > 48 && testing.Short() {
					b.Skip("large evening skipped in -short")
				}
				f := benchEvening(b, backend, n-n%3)
				sh := sheet()
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					if _, err := f.svc.SaveSheet(f.ctx, f.tid, 2, 1, sh, "bench"); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkStandings loads an evening and ranks it: what the standings page and its API
// read.
func BenchmarkStandings(b *testing.B) {
	for _, backend := range backends {
		for _, n := range []int{48, 3000} {
			b.Run(fmt.Sprintf("db=%s/players=%d", backend, n), func(b *testing.B) {
				if n > 48 && testing.Short() {
					b.Skip("large evening skipped in -short")
				}
				f := benchEvening(b, backend, n-n%3)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					_, _, ss, err := f.svc.Standings(f.ctx, f.tid)
					if err != nil || len(ss) != n-n%3 {
						b.Fatal(err, len(ss))
					}
				}
			})
		}
	}
}

// BenchmarkRawSQLiteNineRowWrite is the ceiling a save is measured against: one
// transaction that replaces 9 rows of 18 integers, in plain database/sql with a prepared
// statement, on a database opened with the app's settings (WAL, synchronous NORMAL,
// BEGIN IMMEDIATE).
func BenchmarkRawSQLiteNineRowWrite(b *testing.B) {
	q := url.Values{}
	for k, v := range map[string]string{"_journal_mode": "WAL", "_foreign_keys": "on", "_busy_timeout": "10000", "_txlock": "immediate", "_synchronous": "NORMAL"} {
		q.Set(k, v)
	}
	conn, err := sql.Open("sqlite3", "file:"+filepath.Join(b.TempDir(), "raw.db")+"?"+q.Encode())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Exec("CREATE TABLE h (id INTEGER PRIMARY KEY, t INT, a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT, j INT, k INT, l INT, m INT, n INT, o INT, p INT, q INT)"); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ins, err := conn.Prepare("INSERT INTO h (t, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
	if err != nil {
		b.Fatal(err)
	}
	defer ins.Close()
	b.ResetTimer()
	for b.Loop() {
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec("DELETE FROM h WHERE t = 1"); err != nil {
			b.Fatal(err)
		}
		st := tx.Stmt(ins)
		for i := range 9 {
			if _, err := st.Exec(1, i, 1, 1, 0, 1, 1, 1, 420, 0, 0, 100, 95, -160, 820, 0, 0, 0); err != nil {
				b.Fatal(err)
			}
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRawPostgresNineRowWrite is the PostgreSQL ceiling of a save: one transaction
// that replaces 9 rows of 18 integers, in plain database/sql with a prepared statement,
// on the server the store's tests use, over the same driver (pgx).
func BenchmarkRawPostgresNineRowWrite(b *testing.B) {
	conn, err := sql.Open("pgx", dbtest.Schema(b))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Exec("CREATE TABLE h (id BIGSERIAL PRIMARY KEY, t INT, a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT, j INT, k INT, l INT, m INT, n INT, o INT, p INT, q INT)"); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ins, err := conn.Prepare("INSERT INTO h (t, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)")
	if err != nil {
		b.Fatal(err)
	}
	defer ins.Close()
	b.ResetTimer()
	for b.Loop() {
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec("DELETE FROM h WHERE t = 1"); err != nil {
			b.Fatal(err)
		}
		st := tx.Stmt(ins)
		for i := range 9 {
			if _, err := st.Exec(1, i, 1, 1, 0, 1, 1, 1, 420, 0, 0, 100, 95, -160, 820, 0, 0, 0); err != nil {
				b.Fatal(err)
			}
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
}
