package db

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/tournament"
)

// TestDeadlockIsRetriedUnseen: a command on PostgreSQL deadlocks with another
// transaction and the server picks it as the victim; the store runs it again, whole,
// and the caller sees it succeed once.
func TestDeadlockIsRetriedUnseen(t *testing.T) {
	if !dbtest.OnPostgres() {
		t.Skip("PostgreSQL only: SQLite transactions never interleave")
	}
	ctx := context.Background()
	dsn := dbtest.DSN(t)
	d, err := Open(dsn)
	require.NoError(t, err)
	defer d.Close()
	var tid, pid int64
	require.NoError(t, d.sql.QueryRow("INSERT INTO tournaments (name, date, venue, notes, version, created_at, updated_at) VALUES ('T', '2026-11-22', '', '', 1, now(), now()) RETURNING id").Scan(&tid))
	require.NoError(t, d.sql.QueryRow("INSERT INTO players (first_name, last_name, created_at, updated_at) VALUES ('A', 'B', now(), now()) RETURNING id").Scan(&pid))

	// The other transaction: it locks the player, then waits for the tournament, and is
	// slow to look for deadlocks, so that the command is the one the server rolls back.
	other, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer other.Close()
	otx, err := other.BeginTx(ctx, nil)
	require.NoError(t, err)
	if _, err = otx.Exec("SET LOCAL deadlock_timeout = '20s'"); err != nil {
		_ = otx.Rollback()
		t.Skipf("needs a role that may set deadlock_timeout: %v", err)
	}
	_, err = otx.Exec("UPDATE players SET notes = 'other' WHERE id = $1", pid)
	require.NoError(t, err)
	otherDone := make(chan error, 1)

	runs := 0
	err = d.Update(ctx, tid, func(tx tournament.Tx) error {
		runs++
		x := tx.(*storeTx)
		if runs == 1 {
			go func() {
				_, err := otx.Exec("SELECT id FROM tournaments WHERE id = $1 FOR UPDATE", tid)
				if err == nil {
					err = otx.Commit()
				}
				otherDone <- err
			}()
			// Wait until the other is waiting for the tournament (a fixed sleep was not
			// enough on a loaded machine: the other came late and deadlocked the retry too).
			deadline := time.Now().Add(10 * time.Second)
			for time.Now().Before(deadline) {
				var n int
				if err := d.sql.QueryRow("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT id FROM tournaments WHERE id = $1 FOR UPDATE%'").Scan(&n); err == nil && n > 0 {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		return x.run("UPDATE players SET phone = '123' WHERE id = ?", pid)
	})
	require.NoError(t, err, "the deadlock never reaches the caller")
	require.NoError(t, <-otherDone, "the other transaction went through once the command let go")
	assert.Equal(t, 2, runs, "the command ran again after the deadlock")
	assert.EqualValues(t, 1, d.Retries())
	var notes, phone string
	require.NoError(t, d.sql.QueryRow("SELECT notes, phone FROM players WHERE id = $1", pid).Scan(&notes, &phone))
	assert.Equal(t, "other", notes)
	assert.Equal(t, "123", phone)
}
