package db

import "database/sql"

// SQL is the store's read pool, for the benchmarks' raw floors.
func (d *DB) SQL() *sql.DB { return d.reader }

// WriteSQL is the store's write pool, for tests that write what the app never would.
func (d *DB) WriteSQL() *sql.DB { return d.sql }
