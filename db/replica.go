package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"burraco/tournament"
	"burraco/tournament/lag"
)

// replica is a streaming replica of the store's PostgreSQL database (a hot standby),
// where the reads that may lag go (lag.Allowed: the public pages and their JSON twins,
// the phones' polls). A read it fails is run again on the primary, and the reads go to
// the primary for replicaRetry after; so do they while the replica is more than maxLag
// behind the primary (watch).
type replica struct {
	pool *sql.DB
	log  *slog.Logger
	// maxLag is how far behind the primary the replica may be and still be read.
	maxLag time.Duration
	// downUntil: after a failure, the reads go to the primary until then (Unix ns).
	downUntil atomic.Int64
	// behind: the replica has not replayed what the primary had written maxLag ago.
	behind atomic.Bool
	// reads counts the reads answered by the replica; fallbacks, those it failed (and
	// the primary answered).
	reads, fallbacks atomic.Int64
	// stop ends watch, which closes stopped.
	stop, stopped chan struct{}
	closeOnce     sync.Once
}

// replicaRetry is how long the reads stay on the primary after the replica failed one.
const replicaRetry = 5 * time.Second

// replicaConnectTimeout bounds a connection to the replica: a host that does not answer
// costs a reader that long once, then replicaRetry on the primary.
const replicaConnectTimeout = 2 * time.Second

// DefaultReplicaMaxLag is how far behind the primary a replica may be and still be read
// (ReplicaOptions.MaxLag): past it, the reads that may lag go to the primary until it
// catches up.
const DefaultReplicaMaxLag = 10 * time.Second

// ReplicaOptions tune UseReplica.
type ReplicaOptions struct {
	// MaxLag is how far behind the primary the replica may be and still be read (0:
	// DefaultReplicaMaxLag).
	MaxLag time.Duration
	// Log receives the replica's warnings (nil: slog.Default()).
	Log *slog.Logger
}

// UseReplica sends the reads that may lag (those whose context lag.Allow marked: the
// public pages, their JSON twins, the phones' polls of their tables) to a streaming
// replica of the store's PostgreSQL database, at the postgres:// URL dsn (the same
// database and search_path as the primary's); every other read and every write stay on
// the primary, so a director always reads their own writes. A replica that fails a read,
// cannot be reached, or is more than opts.MaxLag behind is left out, with a warning: the
// primary answers, no reader sees an error. A replica down when the store opens is no
// error either. The store must be on PostgreSQL, and the replica set once.
func (d *DB) UseReplica(dsn string, opts ReplicaOptions) error {
	if !d.postgres {
		return errors.New("a read replica needs the database on PostgreSQL")
	}
	if d.replica != nil {
		return errors.New("the read replica is set already")
	}
	if !IsPostgres(dsn) {
		return errors.New("the replica setting is not a postgres:// URL")
	}
	if err := CheckDSN(dsn); err != nil {
		return fmt.Errorf("the replica setting: %w", err)
	}
	p, err := pgPool(dsn, nil, func(cfg *pgx.ConnConfig) {
		if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > replicaConnectTimeout {
			cfg.ConnectTimeout = replicaConnectTimeout
		}
	})
	if err != nil {
		return fmt.Errorf("open the replica: %w", err)
	}
	r := &replica{pool: p, log: opts.Log, maxLag: opts.MaxLag, stop: make(chan struct{}), stopped: make(chan struct{})}
	if r.log == nil {
		r.log = slog.Default()
	}
	if r.maxLag <= 0 {
		r.maxLag = DefaultReplicaMaxLag
	}
	d.replica = r
	go d.watch(r)
	return nil
}

// ReplicaReads returns how many reads the replica answered, and how many it failed (the
// primary answered them), since UseReplica.
func (d *DB) ReplicaReads() (reads, fallbacks int64) {
	if d.replica == nil {
		return 0, 0
	}
	return d.replica.reads.Load(), d.replica.fallbacks.Load()
}

// closeReplica stops the replica's watch and closes its pool.
func (d *DB) closeReplica() error {
	r := d.replica
	if r == nil {
		return nil
	}
	var err error
	r.closeOnce.Do(func() {
		close(r.stop)
		<-r.stopped
		err = r.pool.Close()
	})
	return err
}

// lagPool returns the replica's pool when ctx's reads may lag and the replica is to be
// read now, with ctx's mark; nil otherwise (the primary). A mark whose read goes to the
// primary is pinned there (lag.Mark.Pin): the request never reads older data after.
func (d *DB) lagPool(ctx context.Context) (*sql.DB, *lag.Mark) {
	r := d.replica
	if r == nil {
		return nil, nil
	}
	m := lag.Of(ctx)
	if m == nil || m.Pinned() {
		return nil, nil
	}
	if r.behind.Load() || time.Now().UnixNano() < r.downUntil.Load() {
		m.Pin()
		return nil, nil
	}
	return r.pool, m
}

// replicaFailed reports whether a read on the replica failed for a reason the primary
// may not have (not a row missing, not a domain error, not the reader gone): the read is
// then run again on the primary, where ctx's later reads go too, and so do every
// reader's for replicaRetry (one warning, when the replica was deemed up).
func (d *DB) replicaFailed(ctx context.Context, m *lag.Mark, err error) bool {
	r := d.replica
	if err == nil || isNoRows(err) || ctx.Err() != nil {
		if err == nil || isNoRows(err) {
			r.reads.Add(1)
		}
		return false
	}
	if _, ok := tournament.AsError(err); ok {
		r.reads.Add(1)
		return false
	}
	m.Pin()
	r.fallbacks.Add(1)
	now := time.Now()
	if prev := r.downUntil.Swap(now.Add(replicaRetry).UnixNano()); prev < now.UnixNano() {
		r.log.Warn("the read replica failed: the reads that may lag go to the primary", "for", replicaRetry, "err", err)
	}
	return true
}

// readRow scans one row of q into dest: on ctx's pool (the replica when its reads may
// lag, lagPool), as one statement without a transaction of its own (one round trip on
// PostgreSQL), since every reader of a public page pays it.
func (d *DB) readRow(ctx context.Context, q string, args []any, dest ...any) error {
	if !d.postgres {
		st, err := d.stmt(ctx, d.reader, q)
		if err != nil {
			return err
		}
		return st.QueryRowContext(ctx, args...).Scan(dest...)
	}
	if p, m := d.lagPool(ctx); p != nil {
		err := p.QueryRowContext(ctx, d.rebound(q), args...).Scan(dest...)
		if !d.replicaFailed(ctx, m, err) {
			return err
		}
	}
	return d.reader.QueryRowContext(ctx, d.rebound(q), args...).Scan(dest...)
}

// replicaWatch is how often watch compares the replica's replay with the primary's
// writes.
const replicaWatch = time.Second

// watch tells, every replicaWatch, whether the replica is more than maxLag behind the
// primary: whether it has replayed the WAL the primary had written maxLag ago (a
// replica that cannot tell, down or promoted, is behind too). Until it catches up, the
// reads that may lag go to the primary.
func (d *DB) watch(r *replica) {
	defer close(r.stopped)
	type sample struct {
		at  time.Time
		lsn int64
	}
	var samples []sample // the primary's WAL position, oldest first, over the last maxLag
	t := time.NewTicker(replicaWatch)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), replicaWatch)
		var written, replayed int64
		var recovering bool
		err := d.sql.QueryRowContext(ctx, "SELECT (pg_current_wal_lsn() - '0/0')::bigint").Scan(&written)
		now := time.Now()
		if err == nil {
			samples = append(samples, sample{now, written})
			err = r.pool.QueryRowContext(ctx, "SELECT pg_is_in_recovery(), COALESCE((pg_last_wal_replay_lsn() - '0/0')::bigint, 0)").Scan(&recovering, &replayed)
		}
		cancel()
		if err != nil {
			continue // the primary's failure is not the replica's; the replica's, readers see
		}
		// due is what the primary had written maxLag ago: the latest sample that old.
		due := int64(-1)
		for len(samples) > 1 && !samples[1].at.After(now.Add(-r.maxLag)) {
			samples = samples[1:]
		}
		if !samples[0].at.After(now.Add(-r.maxLag)) {
			due = samples[0].lsn
		}
		behind := !recovering || (due >= 0 && replayed < due)
		if was := r.behind.Swap(behind); was != behind {
			if behind {
				r.log.Warn("the read replica is behind: the reads that may lag go to the primary", "max_lag", r.maxLag,
					"in_recovery", recovering, "lag_bytes", written-replayed)
			} else {
				r.log.Info("the read replica caught up: the reads that may lag go to it again")
			}
		}
	}
}

// WaitReplica waits until the replica has replayed every commit made before the call,
// or until every instance leaves it out of the reads (it is then more than its maximum
// lag behind: watch), whichever comes first; without a replica it returns at once. An
// unpublishing waits for it before it answers, so that no instance serves a page the
// replica still shows as published once it has answered (every instance run with the
// same maximum lag).
func (d *DB) WaitReplica(ctx context.Context) error {
	r := d.replica
	if r == nil {
		return nil
	}
	var written int64
	if err := d.sql.QueryRowContext(ctx, "SELECT (pg_current_wal_lsn() - '0/0')::bigint").Scan(&written); err != nil {
		return fmt.Errorf("the primary's WAL position: %w", err)
	}
	// By then every instance's watch has sampled the primary past written, and found that
	// sample maxLag old: the replica, if it has not replayed it, is behind everywhere.
	end := time.Now().Add(r.maxLag + 3*replicaWatch)
	for {
		var replayed int64
		err := r.pool.QueryRowContext(ctx, "SELECT COALESCE((pg_last_wal_replay_lsn() - '0/0')::bigint, 0)").Scan(&replayed)
		if err == nil && replayed >= written {
			return nil
		}
		if !time.Now().Before(end) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}
