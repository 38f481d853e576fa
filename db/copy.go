package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CopiedTable is how many rows of a table a copy carried.
type CopiedTable struct {
	Name string
	Rows int
}

// CopyFile copies a club's SQLite file into an empty PostgreSQL database (or schema, by
// the URL's search_path): both are brought to the current migration, then every table is
// copied (see Copy). The file must exist and be a SQLite database (nothing is created
// otherwise), and no app may be using it: the copy holds the file's lock (see lockFile)
// while it reads, so an app still serving it is refused, and none starts meanwhile. The
// target must hold no table, or only what a failed copy left: the app's tables as its
// migrations made them, with no data of a club's.
func CopyFile(ctx context.Context, from, to string) ([]CopiedTable, error) {
	if err := CheckDSN(from); err != nil {
		return nil, fmt.Errorf("copy: -from: %w", err)
	}
	if err := CheckDSN(to); err != nil {
		return nil, fmt.Errorf("copy: -to: %w", err)
	}
	if IsPostgres(from) || !IsPostgres(to) {
		return nil, fmt.Errorf("copy: from a SQLite file to a postgres:// URL (got %q → %q)", redact(from), redact(to))
	}
	if err := requireSQLiteFile(from); err != nil {
		return nil, err
	}
	lock, err := lockFile(from, true)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	defer lock.Close()
	if err := requireEmpty(ctx, to); err != nil {
		return nil, err
	}
	src, err := openSQLiteFile(from, false, nil)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst, err := Open(to)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	return Copy(ctx, src, dst)
}

// requireSQLiteFile refuses a source that is missing, not a regular file, or not a
// SQLite database (an empty file included), without creating anything.
func requireSQLiteFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("copy: %s does not exist (nothing was copied or created)", path)
	} else if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return fmt.Errorf("copy: %w", err)
	} else if !fi.Mode().IsRegular() {
		return fmt.Errorf("copy: %s is not a file", path)
	}
	head := make([]byte, len(sqliteHeader))
	if _, err := io.ReadFull(f, head); err != nil || string(head) != sqliteHeader {
		return fmt.Errorf("copy: %s is not a SQLite database", path)
	}
	return nil
}

// sqliteHeader opens every SQLite database file.
const sqliteHeader = "SQLite format 3\x00"

// requireEmpty refuses a PostgreSQL target whose schema holds tables, unless they are
// only what the app's migrations make (a copy that failed after migrating the target
// leaves that): schema_migrations, the shipped scales, club and ranking row, and empty tables.
func requireEmpty(ctx context.Context, dsn string) error {
	conn, err := sql.Open("pgx", dsn)
	if err != nil {
		return fmt.Errorf("open %s: %w", redact(dsn), err)
	}
	defer conn.Close()
	var schema sql.NullString
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT current_schema(), (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema())").
		Scan(&schema, &n); err != nil {
		return fmt.Errorf("inspect %s: %w", redact(dsn), err)
	}
	if !schema.Valid {
		return fmt.Errorf("copy: %s names no existing schema (create it first, or fix search_path)", redact(dsn))
	}
	if n == 0 {
		return nil
	}
	used, err := tablesWithData(ctx, conn)
	if err != nil {
		return fmt.Errorf("inspect %s: %w", redact(dsn), err)
	}
	if len(used) > 0 {
		return fmt.Errorf("copy: schema %q of %s already holds %d tables, with data in %s: copy into an empty database or schema",
			schema.String, redact(dsn), n, strings.Join(used, ", "))
	}
	return nil
}

// tablesWithData lists the tables of the current schema holding rows the app's
// migrations did not put there; all of them when schema_migrations is missing (not
// the app's database).
func tablesWithData(ctx context.Context, conn *sql.DB) ([]string, error) {
	rows, err := conn.QueryContext(ctx, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name")
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !slices.Contains(names, "schema_migrations") {
		return names, nil
	}
	var used []string
	for _, t := range names {
		q := "SELECT EXISTS (SELECT 1 FROM " + quote(t) + ")"
		switch t {
		case "schema_migrations":
			continue
		case "scales":
			q = "SELECT EXISTS (SELECT 1 FROM scales WHERE NOT builtin)" // migration 2 ships the built-in ones
		case "ranking":
			q = "SELECT EXISTS (SELECT 1 FROM ranking WHERE version <> 0 OR revision <> 1 OR settings <> '')" // migration 22 ships its row
		case "clubs":
			q = "SELECT EXISTS (SELECT 1 FROM clubs WHERE id <> 1 OR slug <> 'club' OR version <> 1)" // migration 20 ships club 1
		}
		var has bool
		if err := conn.QueryRowContext(ctx, q).Scan(&has); err != nil {
			return nil, fmt.Errorf("table %s: %w", t, err)
		}
		if has {
			used = append(used, t)
		}
	}
	return used, nil
}

// Copy replaces everything in dst (PostgreSQL) with every table of src (SQLite), in one
// transaction. It knows no table by name: it reads the tables, their columns and their
// foreign keys from the SQLite schema, copies parents before children, rows in key
// order, and moves PostgreSQL's ID sequences past the copied IDs; a table or column
// added by a later migration is carried without a change here. Both must be at the
// same migration; schema_migrations stays as dst's migrations wrote it.
func Copy(ctx context.Context, src, dst *DB) ([]CopiedTable, error) {
	if src.postgres || !dst.postgres {
		return nil, fmt.Errorf("copy: from SQLite to PostgreSQL only")
	}
	a, err := src.AppliedMigrations(ctx)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	b, err := dst.AppliedMigrations(ctx)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	if !slices.Equal(a, b) {
		return nil, fmt.Errorf("copy: the databases are at different migrations (%v and %v)", a, b)
	}
	rd, err := src.reader.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	defer rd.Rollback() //nolint:errcheck // read-only
	tables, err := sqliteTables(ctx, rd)
	if err != nil {
		return nil, fmt.Errorf("copy: read the SQLite schema: %w", err)
	}
	wr, err := dst.sql.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	defer wr.Rollback() //nolint:errcheck // after Commit, a no-op
	names := make([]string, len(tables))
	for i, t := range tables {
		names[i] = quote(t.name)
	}
	// What the target's migrations inserted (the shipped scales) goes: the copy carries
	// the source's rows with their IDs.
	if _, err := wr.ExecContext(ctx, "TRUNCATE "+strings.Join(names, ", ")+" RESTART IDENTITY CASCADE"); err != nil {
		return nil, fmt.Errorf("copy: empty the target: %w", err)
	}
	var out []CopiedTable
	for _, t := range tables {
		n, err := copyTable(ctx, rd, wr, t)
		if err != nil {
			return nil, fmt.Errorf("copy table %s: %w", t.name, err)
		}
		out = append(out, CopiedTable{Name: t.name, Rows: n})
	}
	if err := wr.Commit(); err != nil {
		return nil, fmt.Errorf("copy: commit: %w", err)
	}
	return out, nil
}

// sqliteTable is a table as the SQLite schema describes it.
type sqliteTable struct {
	name    string
	columns []string
	key     []string // primary key columns, in key order
	parents []string // tables its foreign keys point to
}

// sqliteTables lists the tables to copy, every parent before its children.
func sqliteTables(ctx context.Context, tx *sql.Tx) ([]sqliteTable, error) {
	rows, err := tx.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name")
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	byName := map[string]*sqliteTable{}
	var all []*sqliteTable
	for _, n := range names {
		t := &sqliteTable{name: n}
		type col struct {
			name string
			pk   int
		}
		var cols []col
		if err := each(ctx, tx, "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", n, func(r *sql.Rows) error {
			var c col
			if err := r.Scan(&c.name, &c.pk); err != nil {
				return err
			}
			cols = append(cols, c)
			return nil
		}); err != nil {
			return nil, err
		}
		for _, c := range cols {
			t.columns = append(t.columns, c.name)
		}
		slices.SortStableFunc(cols, func(a, b col) int { return a.pk - b.pk })
		for _, c := range cols {
			if c.pk > 0 {
				t.key = append(t.key, c.name)
			}
		}
		if err := each(ctx, tx, `SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)`, n, func(r *sql.Rows) error {
			var p string
			if err := r.Scan(&p); err != nil {
				return err
			}
			if p != n {
				t.parents = append(t.parents, p)
			}
			return nil
		}); err != nil {
			return nil, err
		}
		byName[n] = t
		all = append(all, t)
	}
	// Parents first (depth-first, in name order): a foreign key never points ahead.
	var out []sqliteTable
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(t *sqliteTable) error
	visit = func(t *sqliteTable) error {
		switch state[t.name] {
		case 1:
			return fmt.Errorf("foreign keys form a cycle through %s", t.name)
		case 2:
			return nil
		}
		state[t.name] = 1
		for _, p := range t.parents {
			if pt := byName[p]; pt != nil {
				if err := visit(pt); err != nil {
					return err
				}
			}
		}
		state[t.name] = 2
		out = append(out, *t)
		return nil
	}
	for _, t := range all {
		if err := visit(t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func each(ctx context.Context, tx *sql.Tx, q string, arg any, fn func(*sql.Rows) error) error {
	rows, err := tx.QueryContext(ctx, q, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// copyTable copies every row of t, in key order, in multi-row INSERTs, then moves the
// sequences of t's columns (if any) past the largest value copied.
func copyTable(ctx context.Context, rd, wr *sql.Tx, t sqliteTable) (int, error) {
	types := map[string]string{}
	if err := func() error {
		rows, err := wr.QueryContext(ctx, "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1", t.name)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c, ty string
			if err := rows.Scan(&c, &ty); err != nil {
				return err
			}
			types[c] = ty
		}
		return rows.Err()
	}(); err != nil {
		return 0, err
	}
	if len(types) == 0 {
		return 0, fmt.Errorf("no such table in PostgreSQL (are both at the same migration?)")
	}
	cols := make([]string, len(t.columns))
	for i, c := range t.columns {
		if _, ok := types[c]; !ok {
			return 0, fmt.Errorf("column %s is missing in PostgreSQL", c)
		}
		cols[i] = quote(c)
	}
	order := ""
	if len(t.key) > 0 {
		keys := make([]string, len(t.key))
		for i, k := range t.key {
			keys[i] = quote(k)
		}
		order = " ORDER BY " + strings.Join(keys, ", ")
	}
	rows, err := rd.QueryContext(ctx, "SELECT "+strings.Join(cols, ", ")+" FROM "+quote(t.name)+order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	// PostgreSQL takes at most 65535 parameters a statement.
	perInsert := max(1, 60000/len(cols))
	head := "INSERT INTO " + quote(t.name) + " (" + strings.Join(cols, ", ") + ") VALUES "
	var q strings.Builder
	args := make([]any, 0, perInsert*len(cols))
	n, batch := 0, 0
	flush := func() error {
		if batch == 0 {
			return nil
		}
		if _, err := wr.ExecContext(ctx, q.String(), args...); err != nil {
			return err
		}
		q.Reset()
		args, batch = args[:0], 0
		return nil
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		if batch == 0 {
			q.WriteString(head)
		} else {
			q.WriteString(", ")
		}
		q.WriteByte('(')
		for i, v := range vals {
			if i > 0 {
				q.WriteString(", ")
			}
			cv, err := convert(v, types[t.columns[i]])
			if err != nil {
				return n, fmt.Errorf("column %s: %w", t.columns[i], err)
			}
			args = append(args, cv)
			q.WriteString("$" + strconv.Itoa(len(args)))
		}
		q.WriteByte(')')
		n++
		if batch++; batch == perInsert {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	if err := flush(); err != nil {
		return n, err
	}
	for _, c := range t.columns {
		var seq sql.NullString
		if err := wr.QueryRowContext(ctx, "SELECT pg_get_serial_sequence($1, $2)", quote(t.name), c).Scan(&seq); err != nil {
			return n, err
		}
		if !seq.Valid {
			continue
		}
		if _, err := wr.ExecContext(ctx, "SELECT setval($1, COALESCE((SELECT MAX("+quote(c)+") FROM "+quote(t.name)+"), 0) + 1, false)", seq.String); err != nil {
			return n, fmt.Errorf("sequence of %s: %w", c, err)
		}
	}
	return n, nil
}

// sqliteTimes are the layouts SQLite holds a time in as text.
var sqliteTimes = []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999Z07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02"}

// convert turns a value as SQLite gives it into one PostgreSQL takes for a column of
// the type given: SQLite keeps booleans as integers and may keep times as text.
func convert(v any, pgType string) (any, error) {
	if b, ok := v.([]byte); ok {
		if pgType == "bytea" {
			return b, nil
		}
		v = string(b)
	}
	switch pgType {
	case "boolean":
		switch x := v.(type) {
		case int64:
			return x != 0, nil
		case string:
			return strconv.ParseBool(x)
		}
	case "timestamp with time zone", "timestamp without time zone", "date":
		if s, ok := v.(string); ok {
			for _, layout := range sqliteTimes {
				if t, err := time.Parse(layout, s); err == nil {
					return t, nil
				}
			}
			return nil, fmt.Errorf("time %q in no known layout", s)
		}
	}
	return v, nil
}
