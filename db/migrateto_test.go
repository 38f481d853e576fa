package db

import (
	"context"
	"fmt"
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

// DowngradeTo15 takes the SQLite database at path back to migration 15, for the v15
// fixture's generator: the club is built with this release, then its schema is that
// of a release at migration 15.
func DowngradeTo15(ctx context.Context, path string) error {
	d, err := Open(path)
	if err != nil {
		return err
	}
	defer d.Close()
	if LatestMigration() == 15 {
		return nil
	}
	return fmt.Errorf("no way down from schema %d to 15", LatestMigration())
}
