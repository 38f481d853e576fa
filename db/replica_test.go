package db_test

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/tournament/lag"
)

// logBuffer is a log's text, written by several goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// replicaStore opens a fresh PostgreSQL schema with its reads that may lag sent to
// replicaURL (the streaming replica when empty: skipped without one, failed under
// CI=true), and its log.
func replicaStore(t *testing.T, replicaURL string, maxLag time.Duration) (*db.DB, *logBuffer) {
	t.Helper()
	if !dbtest.OnPostgres() {
		t.Skip("PostgreSQL only: runs in the PostgreSQL pass")
	}
	dsn := dbtest.Schema(t)
	if replicaURL == "" {
		replicaURL = dbtest.Replica(t, dsn)
	}
	d, err := db.Open(dsn)
	require.NoError(t, err)
	t.Cleanup(func() { d.Close() })
	var log logBuffer
	require.NoError(t, d.UseReplica(replicaURL, db.ReplicaOptions{MaxLag: maxLag, Log: slog.New(slog.NewTextHandler(&log, nil))}))
	return d, &log
}

// TestReplicaServesTheReadsThatMayLag (issue 38): with the replica's replay paused, a
// sheet saved by the director is in the director's very next reads (the primary), while
// the reads that may lag (the public pages': the stamp, the revision, the stage loaded
// with its stamp, an answer kept per stamp) still give the state before it, the stamp and
// the data it keys from one snapshot of the replica; once the replay resumes they give
// the new one.
func TestReplicaServesTheReadsThatMayLag(t *testing.T) {
	d, log := replicaStore(t, "", 0)
	f := newEveningIn(t, d, 12, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	dbtest.WaitReplay(t) // the schema and the evening are on the replica
	pub := lag.Allow(f.ctx)
	before, err := d.Stamp(pub, f.tid)
	require.NoError(t, err)
	// Another instance's service, whose cache has not seen the save: its public reads.
	public := &tournament.Tournaments{Store: d, Players: d}
	kept := func() (tournament.Stamp, int) {
		v, err := public.Kept(lag.Allow(f.ctx), f.tid, 0, "hands", func(s tournament.Snapshot) (any, error) {
			return len(s.State().Rounds[0].Tables[0].Hands), nil
		})
		require.NoError(t, err)
		snap, err := public.Snapshot(lag.Allow(f.ctx), f.tid, 0)
		require.NoError(t, err)
		return snap.Stamp(), v.(int)
	}
	stamp0, hands0 := kept()
	require.Equal(t, before, stamp0)
	require.Zero(t, hands0)

	resume := dbtest.PauseReplay(t)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheetOf(3, 300, 100, -100), "anna")
	require.NoError(t, err)

	// The director: their own write, at once.
	now, err := d.Stamp(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Greater(t, now.Revision, before.Revision)
	st := f.state(t)
	assert.NotEmpty(t, st.Rounds[0].Tables[0].Hands, "the director reads the sheet saved")
	ev, _, _, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, now.Revision, ev.Tournament.Revision)

	// The public: the replica, as it was.
	got, err := d.Stamp(pub, f.tid)
	require.NoError(t, err)
	assert.Equal(t, before, got, "the replica's stamp")
	rev, published, err := d.PublicRevision(pub, f.tid)
	require.NoError(t, err)
	assert.Equal(t, before.Revision, rev)
	assert.False(t, published)
	old, s, err := d.LoadStamped(pub, f.tid, 0)
	require.NoError(t, err)
	assert.Equal(t, before, s, "the stamp read with the stage, from the same snapshot")
	assert.Empty(t, old.Rounds[0].Tables[0].Hands, "the stage as the replica has it")
	stamp1, hands1 := kept()
	assert.Equal(t, before, stamp1)
	assert.Zero(t, hands1, "the answer kept at the replica's stamp")
	reads, fallbacks := d.ReplicaReads()
	assert.Positive(t, reads)
	assert.Zero(t, fallbacks)

	resume()
	dbtest.WaitReplay(t)
	got, err = d.Stamp(pub, f.tid)
	require.NoError(t, err)
	assert.Equal(t, now, got, "the replica replayed the save")
	stamp2, hands2 := kept()
	assert.Equal(t, now, stamp2)
	assert.Positive(t, hands2, "the answer built again at the new stamp")
	assert.NotContains(t, log.String(), "level=WARN")
}

// TestReplicaDownFallsBackToThePrimary (issue 38): a replica that cannot be reached
// costs the reads that may lag nothing but a warning: the primary answers them, current,
// and the next readers go straight to the primary for a while (one failure, one line).
func TestReplicaDownFallsBackToThePrimary(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close()) // nothing listens there now
	down := "postgres://postgres@127.0.0.1:" + strconv.Itoa(port) + "/test?sslmode=disable"
	d, log := replicaStore(t, down, 0)
	f := newEveningIn(t, d, 12, nil)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheetOf(3, 300, 100, -100), "anna")
	require.NoError(t, err)
	want, err := d.Stamp(f.ctx, f.tid)
	require.NoError(t, err)

	for range 3 {
		pub := lag.Allow(f.ctx)
		got, err := d.Stamp(pub, f.tid)
		require.NoError(t, err, "a replica down is not the reader's error")
		assert.Equal(t, want, got)
		st, s, err := d.LoadStamped(pub, f.tid, 0)
		require.NoError(t, err)
		assert.Equal(t, want, s)
		assert.NotEmpty(t, st.Rounds[0].Tables[0].Hands)
	}
	// Through the service, as a public page reads.
	public := &tournament.Tournaments{Store: d, Players: d}
	ev, _, _, err := public.Standings(lag.Allow(f.ctx), f.tid)
	require.NoError(t, err)
	assert.Equal(t, want.Revision, ev.Tournament.Revision)

	reads, fallbacks := d.ReplicaReads()
	assert.Zero(t, reads)
	assert.Equal(t, int64(1), fallbacks, "one failure, then the primary for a while")
	assert.Equal(t, 1, strings.Count(log.String(), "the read replica failed"), log.String())
	assert.NotContains(t, log.String(), "password")
}

// TestReplicaTooFarBehindIsLeftOut (issue 38): a replica more than its maximum lag behind
// the primary (its replay paused) is left out, with a warning, until it catches up: the
// reads that may lag then get the primary's state; once the replay resumes they go to
// the replica again.
func TestReplicaTooFarBehindIsLeftOut(t *testing.T) {
	d, log := replicaStore(t, "", time.Second)
	f := newEveningIn(t, d, 12, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	dbtest.WaitReplay(t)
	resume := dbtest.PauseReplay(t)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheetOf(3, 300, 100, -100), "anna")
	require.NoError(t, err)
	want, err := d.Stamp(f.ctx, f.tid)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		got, err := d.Stamp(lag.Allow(f.ctx), f.tid)
		return err == nil && got == want
	}, 15*time.Second, 50*time.Millisecond, "the primary answers once the replica is a second behind")
	assert.Contains(t, log.String(), "the read replica is behind")

	resume()
	dbtest.WaitReplay(t)
	require.Eventually(t, func() bool {
		before, _ := d.ReplicaReads()
		_, err := d.Stamp(lag.Allow(f.ctx), f.tid)
		after, _ := d.ReplicaReads()
		return err == nil && after > before
	}, 15*time.Second, 50*time.Millisecond, "the replica is read again once it caught up")
	assert.Contains(t, log.String(), "the read replica caught up")
}

// TestReplicaSettingIsChecked: a replica is for a store on PostgreSQL, at a postgres://
// URL, set once; its password never shows in an error.
func TestReplicaSettingIsChecked(t *testing.T) {
	if dbtest.OnPostgres() {
		dsn := dbtest.Schema(t)
		d, err := db.Open(dsn)
		require.NoError(t, err)
		defer d.Close()
		err = d.UseReplica("replica.db", db.ReplicaOptions{})
		require.Error(t, err)
		err = d.UseReplica("postgres://u:s3cret@127.0.0.1:1/x?connect_timeout=soon", db.ReplicaOptions{})
		require.Error(t, err)
		assert.NotContains(t, err.Error(), "s3cret")
		u, _ := url.Parse(dsn)
		quiet := db.ReplicaOptions{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		require.NoError(t, d.UseReplica(u.String(), quiet))
		assert.Error(t, d.UseReplica(u.String(), quiet), "set once")
		return
	}
	d, _ := open(t)
	assert.Error(t, d.UseReplica("postgres://127.0.0.1:5433/test", db.ReplicaOptions{}), "a SQLite store has no replica")
}
