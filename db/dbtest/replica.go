package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"
)

// EnvReplica names the environment variable holding the streaming replica of the test
// server (.ci/replica.sh makes one on port 5433); empty, the server's URL on port 5433.
const EnvReplica = "BURRACO_TEST_REPLICA"

var (
	replicaOnce sync.Once
	replicaDSN  string
	replicaErr  error
)

// replicaServer returns the replica's DSN (no search_path), or why there is none.
func replicaServer() (string, error) {
	replicaOnce.Do(func() {
		server, err := Server()
		if err != nil {
			replicaErr = err
			return
		}
		dsn := os.Getenv(EnvReplica)
		if dsn == "" {
			u, err := url.Parse(server)
			if err != nil {
				replicaErr = err
				return
			}
			u.Host = net.JoinHostPort(u.Hostname(), "5433")
			dsn = u.String()
		}
		if err := ping(dsn); err != nil {
			replicaErr = fmt.Errorf("no streaming replica reachable (run .ci/replica.sh as root, or set %s): %v", EnvReplica, err)
			return
		}
		var recovering bool
		if err := query(dsn, "SELECT pg_is_in_recovery()", &recovering); err != nil || !recovering {
			replicaErr = fmt.Errorf("the replica (%s) is not a standby in recovery: %v", EnvReplica, err)
			return
		}
		replicaDSN = dsn
	})
	return replicaDSN, replicaErr
}

// query scans one row of q on dsn into dest.
func query(dsn, q string, dest ...any) error {
	conn, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return conn.QueryRowContext(ctx, q).Scan(dest...)
}

// Replica returns the URL of the streaming replica for a test's PostgreSQL DSN (from
// Schema: the same search_path, the replica sees the same schemas once it replayed them),
// or skips the test with the reason (fails it under CI=true, where .ci/run makes the
// replica).
func Replica(t testing.TB, dsn string) string {
	t.Helper()
	server, err := replicaServer()
	if err != nil {
		if CI() {
			t.Fatalf("the streaming replica is required under CI=true: %v", err)
		}
		t.Skipf("skipped: %v", err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	if schema := u.Query().Get("search_path"); schema != "" {
		return WithSchema(server, schema)
	}
	return server
}

// WaitReplay waits until the replica has replayed everything the primary has written
// now (a minute at most: another package's test may hold the replay paused).
func WaitReplay(t testing.TB) {
	t.Helper()
	server, _ := Server()
	replica, err := replicaServer()
	if err != nil {
		t.Fatalf("no replica: %v", err)
	}
	var lsn string
	if err := query(server, "SELECT pg_current_wal_lsn()::text", &lsn); err != nil {
		t.Fatalf("the primary's WAL position: %v", err)
	}
	for end := time.Now().Add(time.Minute); ; {
		var done bool
		err := query(replica, "SELECT pg_last_wal_replay_lsn() >= '"+lsn+"'::pg_lsn", &done)
		if err == nil && done {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the replica did not replay up to %s within a minute: %v", lsn, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// PauseReplay pauses the replica's replay of the primary's changes (what a replica
// lagging behind looks like) until the returned function, or the test's end, resumes
// it. The tests that pause it run one at a time, across packages too (a session
// advisory lock on the primary, held meanwhile): each first waits for the replica to
// have replayed everything written before it paused.
func PauseReplay(t testing.TB) (resume func()) {
	t.Helper()
	server, _ := Server()
	replica, err := replicaServer()
	if err != nil {
		t.Fatalf("no replica: %v", err)
	}
	ctx := context.Background()
	db, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		t.Fatalf("the pause's lock: %v", err)
	}
	const key = 38_0000_0001 // the replica's pause, for every package's tests
	if _, err := lock.ExecContext(ctx, "SELECT pg_advisory_lock($1)", int64(key)); err != nil {
		lock.Close()
		db.Close()
		t.Fatalf("the pause's lock: %v", err)
	}
	unlock := func() {
		_, _ = lock.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", int64(key))
		lock.Close()
		db.Close()
	}
	WaitReplay(t)
	var ignored string
	if err := query(replica, "SELECT pg_wal_replay_pause()::text", &ignored); err != nil {
		unlock()
		t.Fatalf("pause the replay: %v", err)
	}
	var once sync.Once
	resume = func() {
		once.Do(func() {
			defer unlock()
			if err := query(replica, "SELECT pg_wal_replay_resume()::text", &ignored); err != nil {
				t.Errorf("resume the replay: %v", err)
			}
		})
	}
	t.Cleanup(resume)
	return resume
}
