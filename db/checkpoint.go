package db

import (
	"context"
	"database/sql"
	"time"

	"github.com/mattn/go-sqlite3"
)

// On SQLite, the transaction whose commit grows the write-ahead log past 1,000 pages
// would copy it into the database file and sync it (the automatic checkpoint), 10–25 ms
// more before its COMMIT returns, while this process's other writers wait for their
// turn. The writers' connections do not checkpoint (wal_autocheckpoint=0); a goroutine
// does, every checkpointEvery, on a connection of its own, outside the writers' turn:
// a PASSIVE checkpoint, which never waits for a writer nor makes one wait.

// checkpointEvery is how often the write-ahead log is copied into the database file.
const checkpointEvery = 500 * time.Millisecond

// noAutoCheckpoint is the SQLite driver of the writers' pool.
func noAutoCheckpoint() *sqlite3.SQLiteDriver {
	return &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		_, err := c.Exec("PRAGMA wal_autocheckpoint = 0", nil)
		return err
	}}
}

// checkpoints copies the write-ahead log at path into the database every
// checkpointEvery until stop is closed; done is closed after.
func checkpoints(dsn string, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	conn := sql.OpenDB(dsnConnector{dsn, &sqlite3.SQLiteDriver{}})
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return // closing the last connection checkpoints
		case <-t.C:
			// A failure (the database busy or closing) is retried at the next tick.
			_, _ = conn.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}
