package db_test

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"
	"time"
)

// rawSQLiteNineRowWriter opens the floor's database (a file of its own, opened with the
// app's settings: WAL, synchronous NORMAL, BEGIN IMMEDIATE) and returns its write: one
// transaction that replaces 9 rows of 18 integers, in plain database/sql with a prepared
// statement. BenchmarkRawSQLiteNineRowWrite runs it alone, BenchmarkSaveSheetVsRaw in
// turn with a save.
func rawSQLiteNineRowWriter(b *testing.B) func() {
	b.Helper()
	q := url.Values{}
	for k, v := range map[string]string{"_journal_mode": "WAL", "_foreign_keys": "on", "_busy_timeout": "10000", "_txlock": "immediate", "_synchronous": "NORMAL"} {
		q.Set(k, v)
	}
	conn, err := sql.Open("sqlite3", "file:"+filepath.Join(b.TempDir(), "raw.db")+"?"+q.Encode())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close() })
	if _, err := conn.Exec("CREATE TABLE h (id INTEGER PRIMARY KEY, t INT, a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT, j INT, k INT, l INT, m INT, n INT, o INT, p INT, q INT)"); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ins, err := conn.Prepare("INSERT INTO h (t, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ins.Close() })
	return func() {
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

// BenchmarkSaveSheetVsRaw saves a sheet (as BenchmarkSaveSheet, SQLite, 48 players) and
// makes the raw 9-row write (BenchmarkRawSQLiteNineRowWrite) in turn, each iteration, so
// that the machine's load moves both alike: their medians (save-us, raw-us) and the
// save's speed as a share of the floor's (pct-of-floor, raw / save; issue 20 asks 30).
func BenchmarkSaveSheetVsRaw(b *testing.B) {
	f := benchEvening(b, "sqlite", 48)
	sh := sheet()
	raw := rawSQLiteNineRowWriter(b)
	var saves, raws []time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := f.svc.SaveSheet(f.ctx, f.tid, 2, 1, sh, "bench"); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		raw()
		saves, raws = append(saves, t1.Sub(t0)), append(raws, time.Since(t1))
	}
	save, floor := median(saves), median(raws)
	b.ReportMetric(float64(save.Nanoseconds())/1000, "save-us")
	b.ReportMetric(float64(floor.Nanoseconds())/1000, "raw-us")
	b.ReportMetric(100*float64(floor)/float64(save), "pct-of-floor")
}
