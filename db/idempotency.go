package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"burraco/tournament"
)

// FindKey reads a recorded idempotency key (tournament.KeyStore).
func (d *DB) FindKey(ctx context.Context, scope, key string) (command, hash, result string, found bool, err error) {
	err = d.read(ctx, func(x *sqlTx) error {
		return x.queryRow("SELECT command, request_hash, result FROM idempotency_keys WHERE scope = ? AND idem_key = ?",
			scope, key).Scan(&command, &hash, &result)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", "", false, nil
	}
	if err != nil {
		return "", "", "", false, fmt.Errorf("read idempotency key: %w", err)
	}
	return command, hash, result, true, nil
}

// keyTx is what claiming a key needs of a transaction, plain or gorm's.
type keyTx interface {
	affected(q string, args ...any) (int64, error)
	queryRow(q string, args ...any) interface{ Scan(...any) error }
}

// gormKeyTx runs the key's statements in a gorm transaction.
type gormKeyTx struct{ tx *gorm.DB }

func (g gormKeyTx) affected(q string, args ...any) (int64, error) {
	r := g.tx.Exec(q, args...)
	return r.RowsAffected, r.Error
}

func (g gormKeyTx) queryRow(q string, args ...any) interface{ Scan(...any) error } {
	return g.tx.Raw(q, args...).Row()
}

// claimKey starts a command's transaction by taking its idempotency key, if ctx carries
// a claim (tournament.ClaimOf): it inserts the key's row, which the unique (scope, key)
// makes the one winner of concurrent requests with one key (on PostgreSQL the loser's
// insert waits for the winner's commit). A key already there answers
// tournament.ErrReplayed, with the stored result in the claim (the same command and
// request) or an ECONFLICT (another); the transaction then rolls back. The returned
// function, called before the commit, records the command's result.
func claimKey(ctx context.Context, x keyTx) (func() error, error) {
	c := tournament.ClaimOf(ctx)
	if c == nil {
		return func() error { return nil }, nil
	}
	now := storedNow()
	if _, err := x.affected("DELETE FROM idempotency_keys WHERE created_at < ?", now.Add(-tournament.IdempotencyKeyTTL)); err != nil {
		return nil, fmt.Errorf("prune idempotency keys: %w", err)
	}
	n, err := x.affected("INSERT INTO idempotency_keys (scope, idem_key, command, request_hash, result, created_at) "+
		"VALUES (?, ?, ?, ?, '', ?) ON CONFLICT (scope, idem_key) DO NOTHING", c.Scope, c.Key, c.Command, c.Hash, now)
	if err != nil {
		return nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if n == 0 {
		var command, hash, result string
		if err := x.queryRow("SELECT command, request_hash, result FROM idempotency_keys WHERE scope = ? AND idem_key = ?",
			c.Scope, c.Key).Scan(&command, &hash, &result); err != nil {
			return nil, fmt.Errorf("read idempotency key: %w", err)
		}
		return nil, c.Check(command, hash, result)
	}
	return func() error {
		_, err := x.affected("UPDATE idempotency_keys SET result = ? WHERE scope = ? AND idem_key = ?", c.Result(), c.Scope, c.Key)
		if err != nil {
			return fmt.Errorf("record idempotency key: %w", err)
		}
		return nil
	}, nil
}
