package db_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formattest"
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
	write := rawSQLiteNineRowWriter(b)
	b.ResetTimer()
	for b.Loop() {
		write()
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

// BenchmarkImportPairs imports 10,000 pairs (20,000 new players) into a pairs
// tournament through the service (op=import: parsed, matched against the registry
// outside the write lock, written in chunks that re-check it), beside its floor in the
// same run (op=raw-floor: the same rows, 20,000 players, 10,000 entries and 20,000
// members, inserted in one transaction with a prepared statement per row, in plain
// database/sql on the same database). longest-hold-ms is the longest the import's
// write transactions held the write lock (db.WriteHolds).
func BenchmarkImportPairs(b *testing.B) {
	const rows = 10000
	for _, backend := range backends {
		b.Run("db="+backend, func(b *testing.B) {
			dsn := filepath.Join(b.TempDir(), "bench.db")
			driver := "sqlite3"
			if backend == "postgres" {
				dsn, driver = dbtest.Schema(b), "pgx"
			}
			d, err := db.Open(dsn)
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			svc := &tournament.Tournaments{Store: d, Players: d}
			ctx := context.Background()
			iter := 0
			newTournament := func() int64 {
				tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), formattest.Name)
				if err != nil {
					b.Fatal(err)
				}
				tr.Name = "Coppie"
				if err := svc.Create(ctx, &tr, &stage, "anna"); err != nil {
					b.Fatal(err)
				}
				return tr.ID
			}
			b.Run("op=import", func(b *testing.B) {
				var longest time.Duration
				for b.Loop() {
					b.StopTimer()
					tid := newTournament()
					iter++
					var csv bytes.Buffer
					csv.WriteString("last_name_1;first_name_1;card_number_1;last_name_2;first_name_2;card_number_2\n")
					for i := range rows {
						fmt.Fprintf(&csv, "Nuovo;A%s %s;;Nuovo;B%s %s;\n", letters(iter), letters(i), letters(iter), letters(i))
					}
					d.ResetWriteHolds()
					b.StartTimer()
					pi, err := svc.ImportPairs(ctx, tid, &csv, true, "bench")
					if err != nil || pi.Entered != rows {
						b.Fatal(err)
					}
					longest = max(longest, d.WriteHolds().Longest)
				}
				b.ReportMetric(float64(longest.Microseconds())/1000, "longest-hold-ms")
			})
			b.Run("op=raw-floor", func(b *testing.B) {
				rawDSN := dsn
				if backend == "sqlite" {
					q := url.Values{}
					for k, v := range map[string]string{"_journal_mode": "WAL", "_foreign_keys": "on", "_busy_timeout": "10000", "_txlock": "immediate", "_synchronous": "NORMAL"} {
						q.Set(k, v)
					}
					rawDSN = "file:" + dsn + "?" + q.Encode()
				}
				conn, err := sql.Open(driver, rawDSN)
				if err != nil {
					b.Fatal(err)
				}
				defer conn.Close()
				ph := func(n int) string { // placeholders
					s := make([]string, n)
					for i := range s {
						s[i] = "?"
						if backend == "postgres" {
							s[i] = fmt.Sprintf("$%d", i+1)
						}
					}
					return strings.Join(s, ", ")
				}
				insPlayer, err := conn.Prepare("INSERT INTO players (first_name, last_name, club, email, phone, notes, active, version, search, created_at, updated_at) VALUES (" + ph(11) + ") RETURNING id")
				if err != nil {
					b.Fatal(err)
				}
				insEntry, err := conn.Prepare("INSERT INTO entries (tournament_id, kind, name, club, checked_in, withdrawn, created_at) VALUES (" + ph(7) + ") RETURNING id")
				if err != nil {
					b.Fatal(err)
				}
				insMember, err := conn.Prepare("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) VALUES (" + ph(4) + ")")
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					b.StopTimer()
					tid := newTournament()
					iter++
					b.StartTimer()
					tx, err := conn.BeginTx(ctx, nil)
					if err != nil {
						b.Fatal(err)
					}
					now := time.Now().UTC()
					pst, est, mst := tx.Stmt(insPlayer), tx.Stmt(insEntry), tx.Stmt(insMember)
					for i := range rows {
						var ids [2]int64
						for m, first := range []string{"A", "B"} {
							name := first + letters(iter) + " " + letters(i)
							if err := pst.QueryRow(name, "Nuovo", "", "", "", "", true, 1, "nuovo "+name, now, now).Scan(&ids[m]); err != nil {
								b.Fatal(err)
							}
						}
						var eid int64
						if err := est.QueryRow(tid, "pair", "Nuovo A / Nuovo B", "", false, false, now).Scan(&eid); err != nil {
							b.Fatal(err)
						}
						for m, id := range ids {
							if _, err := mst.Exec(eid, tid, id, m+1); err != nil {
								b.Fatal(err)
							}
						}
					}
					if err := tx.Commit(); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
