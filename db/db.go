// Package db stores the tournament domain in SQL through gorm: SQLite by default, with
// queries kept portable to PostgreSQL.
package db

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"burraco/tournament"
)

// DB is the store: it implements the tournament package's storage interfaces.
type DB struct {
	gorm *gorm.DB
}

// Open opens (creating it if needed) the SQLite database at path, with WAL, foreign
// keys, a busy timeout and immediate transactions, and applies pending migrations.
func Open(path string) (*DB, error) {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "10000")
	q.Set("_txlock", "immediate")
	q.Set("_synchronous", "NORMAL")
	dsn := "file:" + path + "?" + q.Encode()
	g, err := gorm.Open(sqlite.Open(dsn), &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	d := &DB{gorm: g}
	if err := d.Migrate(context.Background()); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
}

// Close closes the database.
func (d *DB) Close() error {
	sqlDB, err := d.gorm.DB()
	if err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	return sqlDB.Close()
}

// Ping checks the database answers.
func (d *DB) Ping(ctx context.Context) error {
	sqlDB, err := d.gorm.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// tx runs fn in one transaction.
func (d *DB) tx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return d.gorm.WithContext(ctx).Transaction(fn)
}

// wrap passes domain errors through, maps gorm's "no row" to ENOTFOUND and adds
// context to anything else.
func wrap(err error, what string) error {
	if err == nil {
		return nil
	}
	if _, ok := tournament.AsError(err); ok {
		return err
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return fmt.Errorf("%s: %w", what, err)
}

// isUniqueViolation recognises a unique-constraint failure from SQLite or PostgreSQL.
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "duplicate key value")
}
