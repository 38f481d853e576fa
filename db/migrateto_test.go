package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// OpenAt opens the database at dsn as Open does, but applies the migrations up to
// version only (an older release's schema, to test an upgrade from it). Tests of this
// package do not run in parallel: the cap is the package's while the call lasts.
func OpenAt(dsn string, version int) (*DB, error) {
	migrateCap = version
	defer func() { migrateCap = 0 }()
	d, err := Open(dsn)
	if err != nil {
		return nil, err
	}
	v, err := d.SchemaVersion(context.Background())
	if err != nil || v != version {
		d.Close()
		return nil, fmt.Errorf("open at schema %d: the database is at %d (%v)", version, v, err)
	}
	return d, nil
}

// DowngradeTo15 takes the SQLite database at path, at this release's schema, back to
// migration 15, for the v15 fixture's generator: the club is built with this release,
// then its schema made that of a database migrated to 15 (compared with one, object by
// object). It drops what later migrations added (tables, indexes, columns) and refuses
// to drop anything that holds data: a row in a table, a value other than 0 or ” in a
// column.
func DowngradeTo15(ctx context.Context, path string) error {
	dir, err := os.MkdirTemp("", "v15-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fresh, err := OpenAt(filepath.Join(dir, "fresh.db"), 15)
	if err != nil {
		return err
	}
	want, err := sqliteObjects(ctx, fresh.sql)
	fresh.Close()
	if err != nil {
		return err
	}
	d, err := Open(path)
	if err != nil {
		return err
	}
	defer d.Close()
	conn := d.sql
	have, err := sqliteObjects(ctx, conn)
	if err != nil {
		return err
	}
	exec := func(q string, args ...any) error {
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
		return nil
	}
	count := func(q string) (int, error) {
		var n int
		err := conn.QueryRowContext(ctx, q).Scan(&n)
		return n, err
	}
	// Migration 19's registry number goes whatever it holds (a stamp, not data).
	if slices.Contains(have["tournaments"].columns, "registry") {
		if err := exec("UPDATE tournaments SET registry = 0"); err != nil {
			return err
		}
	}
	// Indexes added later go first (they may name columns that go).
	for name, o := range have {
		if o.kind == "index" && o.sql != "" && want[name].sql != o.sql {
			if err := exec("DROP INDEX " + quote(name)); err != nil {
				return err
			}
		}
	}
	for name, o := range have {
		if o.kind != "table" {
			continue
		}
		w, ok := want[name]
		if !ok {
			if n, err := count("SELECT COUNT(*) FROM " + quote(name)); err != nil || n > 0 {
				return fmt.Errorf("table %s holds %d rows (%v): schema 15 cannot hold them", name, n, err)
			}
			if err := exec("DROP TABLE " + quote(name)); err != nil {
				return err
			}
			continue
		}
		for _, c := range o.columns {
			if slices.Contains(w.columns, c) {
				continue
			}
			if n, err := count(fmt.Sprintf("SELECT COUNT(*) FROM %s WHERE COALESCE(%s, 0) NOT IN (0, '')", quote(name), quote(c))); err != nil || n > 0 {
				return fmt.Errorf("column %s.%s holds %d values (%v): schema 15 cannot hold them", name, c, n, err)
			}
			if err := exec(fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s", quote(name), quote(c))); err != nil {
				return err
			}
		}
	}
	for name, o := range want {
		if o.kind == "index" && o.sql != "" && have[name].sql != o.sql {
			if err := exec(o.sql); err != nil {
				return err
			}
		}
	}
	// The built-in scales later migrations shipped go too (migration 17's team scales).
	var builtin []any
	rows, err := fresh15Scales(ctx, dir)
	if err != nil {
		return err
	}
	builtin = append(builtin, rows...)
	if err := exec("DELETE FROM scales WHERE builtin AND name NOT IN (?"+strings.Repeat(", ?", len(builtin)-1)+")", builtin...); err != nil {
		return err
	}
	if err := exec("DELETE FROM schema_migrations WHERE version > 15"); err != nil {
		return err
	}
	if err := exec("VACUUM"); err != nil {
		return err
	}
	got, err := sqliteObjects(ctx, conn)
	if err != nil {
		return err
	}
	for name, o := range want {
		if !sameSQL(got[name].sql, o.sql) {
			return fmt.Errorf("%s %s after the downgrade:\n%s\nnot as at schema 15:\n%s", o.kind, name, got[name].sql, o.sql)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			return fmt.Errorf("%s is left after the downgrade", name)
		}
	}
	return nil
}

// fresh15Scales lists the names of the built-in scales of the database at schema 15
// in dir (fresh.db).
func fresh15Scales(ctx context.Context, dir string) ([]any, error) {
	d, err := OpenAt(filepath.Join(dir, "fresh.db"), 15)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	rows, err := d.sql.QueryContext(ctx, "SELECT name FROM scales WHERE builtin")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []any
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// sameSQL reports whether two CREATE statements say the same but perhaps in another
// order of their comma-separated parts (gorm writes a table's constraints in map order).
func sameSQL(a, b string) bool {
	trim := func(s string) string { return strings.TrimSuffix(strings.TrimSuffix(s, "WITHOUT ROWID"), ")") }
	pa, pb := strings.Split(trim(a), ","), strings.Split(trim(b), ",")
	slices.Sort(pa)
	slices.Sort(pb)
	return slices.Equal(pa, pb)
}

// sqliteObject is a table or an index of a SQLite schema.
type sqliteObject struct {
	kind, sql string
	columns   []string
}

// sqliteObjects reads a SQLite database's tables and indexes by name.
func sqliteObjects(ctx context.Context, conn *sql.DB) (map[string]sqliteObject, error) {
	rows, err := conn.QueryContext(ctx, "SELECT type, name, COALESCE(sql, '') FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%'")
	if err != nil {
		return nil, err
	}
	out := map[string]sqliteObject{}
	for rows.Next() {
		var name string
		var o sqliteObject
		if err := rows.Scan(&o.kind, &name, &o.sql); err != nil {
			rows.Close()
			return nil, err
		}
		out[name] = o
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for name, o := range out {
		if o.kind != "table" {
			continue
		}
		cols, err := conn.QueryContext(ctx, "SELECT name FROM pragma_table_info(?)", name)
		if err != nil {
			return nil, err
		}
		for cols.Next() {
			var c string
			if err := cols.Scan(&c); err != nil {
				cols.Close()
				return nil, err
			}
			o.columns = append(o.columns, c)
		}
		cols.Close()
		out[name] = o
	}
	return out, nil
}
