package db

import "database/sql"

// SQL is the store's read pool, for the benchmarks' raw floors.
func (d *DB) SQL() *sql.DB { return d.reader }
