package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"time"

	"github.com/mattn/go-sqlite3"
)

// On SQLite, the transaction whose commit grows the write-ahead log past 1,000 pages
// would copy it into the database file and sync it (the automatic checkpoint), 10–25 ms
// more before its COMMIT returns, while this process's other writers wait for their
// turn. The writers' connections do not checkpoint (wal_autocheckpoint=0); a goroutine
// does, every checkpointEvery, on a connection of its own, outside the writers' turn:
// a PASSIVE checkpoint, which never waits for a writer nor makes one wait.
//
// A PASSIVE checkpoint never starts the log over, and a writer starts it over only when
// the checkpoint before it copied every frame, which under steady writes never happens:
// the log would grow without end (176 MB in 11 s under 16 writers). So the writer whose
// transaction leaves the log past walLimit empties it before giving up its turn (a
// TRUNCATE checkpoint, which waits for the readers still in the log, at most
// checkpointWait): once per walLimit written, that writer pays the 10–25 ms. Every
// connection also keeps the log's file at most walLimit when it starts it over
// (journal_size_limit).

// checkpointEvery is how often the write-ahead log is copied into the database file.
const checkpointEvery = 500 * time.Millisecond

// walLimit is the size past which the write-ahead log is emptied (a var for tests; read
// when the database opens).
var walLimit int64 = 16 << 20

// checkpointWait is how long a TRUNCATE checkpoint waits for readers (busy_timeout).
const checkpointWait = time.Second

// noAutoCheckpoint is the SQLite driver of the writers' pool.
func noAutoCheckpoint() *sqlite3.SQLiteDriver {
	return &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		_, err := c.Exec(fmt.Sprintf("PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = %d", walLimit), nil)
		return err
	}}
}

// wal keeps a SQLite database's write-ahead log bounded: its checkpoints' connection,
// the log's path and its limit.
type wal struct {
	conn  *sql.DB
	path  string
	limit int64
}

// openWAL opens the checkpoints' connection of the database at path (opened as dsn).
func openWAL(dsn, path string) *wal {
	conn := sql.OpenDB(dsnConnector{dsn, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		_, err := c.Exec(fmt.Sprintf("PRAGMA busy_timeout = %d; PRAGMA journal_size_limit = %d", checkpointWait.Milliseconds(), walLimit), nil)
		return err
	}}})
	conn.SetMaxOpenConns(1)
	return &wal{conn: conn, path: path + "-wal", limit: walLimit}
}

// keep empties the log once it is past its limit; the caller holds the writers' turn.
// A failure (readers still in the log past checkpointWait) is tried again after the
// next transaction.
func (w *wal) keep() {
	if fi, err := os.Stat(w.path); err == nil && fi.Size() > w.limit {
		_, _ = w.conn.ExecContext(context.Background(), "PRAGMA wal_checkpoint(TRUNCATE)")
	}
}

// checkpoints copies the write-ahead log into the database every checkpointEvery until
// stop is closed, then closes the checkpoints' connection; done is closed after.
func (w *wal) checkpoints(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	defer w.conn.Close()
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return // closing the last connection checkpoints
		case <-t.C:
			// A failure (the database busy or closing) is retried at the next tick.
			_, _ = w.conn.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}
