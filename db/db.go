// Package db stores the tournament domain in SQL through gorm: SQLite by default, with
// queries kept portable to PostgreSQL.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/mattn/go-sqlite3"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"burraco/tournament"
)

// DB is the store: it implements the tournament package's storage interfaces.
type DB struct {
	gorm *gorm.DB
	// directors are the directors met by SessionDirector and TokenDirector, by ID: what
	// of a director never changes (directorOf).
	directors sync.Map
	// tournamentClubs is each tournament's club by ID, read once (tournamentClub): it
	// never changes once the tournament is created.
	tournamentClubs sync.Map
	// sql is gorm's pool, where writers begin IMMEDIATE transactions on SQLite; reader is
	// a pool on the same file whose transactions are deferred and read-only, so a read
	// sees one snapshot and never waits for a writer (on PostgreSQL both are one pool).
	sql, reader *sql.DB
	postgres    bool
	stmts       sync.Map // SQL text → *sql.Stmt, prepared once per pool (SQLite)
	rebinds     sync.Map // SQL text → its PostgreSQL text
	stages      sync.Map // stageKey → decoded settings, rules and scale
	// writers queues this process's write transactions on SQLite, in Go: SQLite's own
	// busy handler polls with sleeps of up to 100 ms, which under many concurrent
	// writers turns into long waits. (SQLite serves one process; PostgreSQL, many.)
	writers sync.Mutex
	retries atomic.Int64 // transactions run again on PostgreSQL
	lock    *os.File     // the SQLite file's lock (see lockFile), released on Close
	holds   lockStat     // how long write transactions held the write lock
	// migrated lists the migrations this process applied (Migrated).
	migrated []MigrationRun
	// stopCheckpoints ends the SQLite checkpoints' goroutine (see checkpoints), which
	// closes checkpointsDone.
	stopCheckpoints, checkpointsDone chan struct{}
	wal                              *wal // the SQLite log's keeper (nil on PostgreSQL)
	// replica, if set (UseReplica), answers the reads that may lag (tournament/lag).
	replica *replica
}

// Open opens the database named by dsn and applies pending migrations: a postgres:// (or
// postgresql://) URL for PostgreSQL, a SQLite file path otherwise; anything else is
// refused (CheckDSN).
func Open(dsn string) (*DB, error) {
	if err := CheckDSN(dsn); err != nil {
		return nil, err
	}
	if IsPostgres(dsn) {
		return openPostgres(dsn, nil)
	}
	return openSQLiteFile(dsn, true, nil)
}

// IsPostgres reports whether dsn names a PostgreSQL database rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// pgKeywords are the keywords of a libpq connection string ("host=db password=…"),
// which the app does not read: it would take one for a SQLite file name.
var pgKeywords = map[string]bool{"host": true, "hostaddr": true, "port": true, "dbname": true, "user": true,
	"password": true, "passfile": true, "sslmode": true, "sslrootcert": true, "sslcert": true, "sslkey": true,
	"connect_timeout": true, "application_name": true, "options": true, "service": true, "target_session_attrs": true,
	"search_path": true, "pool_max_conns": true}

// CheckDSN refuses a database setting that is neither a postgres:// (or postgresql://)
// URL nor a SQLite file path: empty, a URL of another scheme (mysql://, file:), or a
// PostgreSQL keyword string (host=… password=…), which would otherwise be taken for
// the name of a new SQLite file. The message never repeats the setting (it may hold a
// password).
func CheckDSN(dsn string) error {
	if IsPostgres(dsn) {
		if _, err := url.Parse(dsn); err != nil {
			return errors.New("the database setting is not a valid postgres:// URL (check the characters of the password: they must be %-escaped)")
		}
		return nil
	}
	const want = "give a SQLite file path (e.g. burraco.db) or a PostgreSQL URL (postgres://user:password@host:5432/name)"
	switch {
	case strings.TrimSpace(dsn) == "":
		return errors.New("the database setting is empty: " + want)
	case strings.Contains(dsn, "://") || strings.HasPrefix(strings.ToLower(dsn), "file:"):
		return errors.New("the database setting is a URL the app does not read: " + want)
	}
	for _, f := range strings.Fields(dsn) {
		if k, _, ok := strings.Cut(f, "="); ok && pgKeywords[strings.ToLower(strings.TrimSpace(k))] {
			return errors.New("the database setting looks like a PostgreSQL keyword string (host=… dbname=…), which the app does not read: " + want)
		}
	}
	return nil
}

// openSQLiteFile opens (creating it if needed) the SQLite database at path, with WAL,
// foreign keys, a busy timeout and immediate transactions; with lock, it holds the
// file's shared lock while open (see lockFile); its statements are counted in c, if
// not nil.
func openSQLiteFile(path string, lock bool, c *Counter) (*DB, error) {
	var lf *os.File
	if lock {
		// Create the file as SQLite would, so that it can be locked before it is opened.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("open database %s: %w", path, err)
		}
		f.Close()
		if lf, err = lockFile(path, false); err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
	}
	d, err := openSQLite(path, c)
	if err != nil {
		if lf != nil {
			lf.Close()
		}
		return nil, err
	}
	d.lock = lf
	return d, nil
}

// openSQLite opens the SQLite database at path, without the file's lock.
func openSQLite(path string, c *Counter) (*DB, error) {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "10000")
	q.Set("_txlock", "immediate")
	q.Set("_synchronous", "NORMAL")
	q.Set("_cache_size", "-16384")
	dsn := "file:" + path + "?" + q.Encode()
	writer := pool(dsnConnector{dsn, noAutoCheckpoint()}, c)
	g, err := gorm.Open(sqlite.New(sqlite.Config{Conn: writer}), gormConfig())
	if err != nil {
		_ = writer.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	d := &DB{gorm: g, sql: writer}
	q.Set("_txlock", "deferred")
	q.Set("_query_only", "true")
	d.reader = pool(dsnConnector{"file:" + path + "?" + q.Encode(), &sqlite3.SQLiteDriver{}}, c)
	d.stopCheckpoints, d.checkpointsDone = make(chan struct{}), make(chan struct{})
	d.wal = openWAL(dsn, path)
	go d.wal.checkpoints(d.stopCheckpoints, d.checkpointsDone)
	if err := d.Migrate(context.Background()); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
}

// gormConfig is the gorm configuration of both databases (a new one each time: gorm
// keeps its state in it).
func gormConfig() *gorm.Config {
	return &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return storedNow() },
	}
}

// openPostgres opens the PostgreSQL database at the URL dsn (its search_path parameter,
// if any, picks the schema). Writers and readers share one pool, counted in c if not nil.
func openPostgres(dsn string, c *Counter) (*DB, error) {
	sqlDB, err := pgPool(dsn, c, nil)
	if err != nil {
		return nil, err
	}
	g, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), gormConfig())
	if err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("open database %s: %w", redact(dsn), err)
	}
	d := &DB{gorm: g, postgres: true, sql: sqlDB}
	d.reader = d.sql
	if err := d.Migrate(context.Background()); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
}

// pgPool is a pool of connections to the PostgreSQL database at the URL dsn, counted in
// c if not nil, each connection's configuration passed to edit (if not nil) first.
func pgPool(dsn string, c *Counter, edit func(*pgx.ConnConfig)) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", redact(dsn), err)
	}
	if edit != nil {
		edit(cfg)
	}
	// A transaction left idle by an instance that hung (stopped, paused) would hold its
	// tournament's row lock, and every other instance's commands on it would wait: the
	// server ends such a session after idleTxTimeout, unless the URL sets its own.
	if _, set := cfg.RuntimeParams["idle_in_transaction_session_timeout"]; !set {
		cfg.RuntimeParams["idle_in_transaction_session_timeout"] = idleTxTimeout
	}
	// Times read back in UTC, as SQLite gives them, whatever the server's time zone.
	utc := stdlib.OptionAfterConnect(func(_ context.Context, c *pgx.Conn) error {
		c.TypeMap().RegisterType(&pgtype.Type{Name: "timestamptz", OID: pgtype.TimestamptzOID, Codec: &pgtype.TimestamptzCodec{ScanLocation: time.UTC}})
		return nil
	})
	if c != nil {
		countSends(cfg, c)
	}
	sqlDB := pool(stdlib.GetConnector(*cfg, utc), c)
	// Several instances share the server's connections (100 by default).
	sqlDB.SetMaxOpenConns(pgMaxConns)
	sqlDB.SetMaxIdleConns(pgMaxConns)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	return sqlDB, nil
}

// idleTxTimeout is PostgreSQL's idle_in_transaction_session_timeout for the app's
// sessions: the app's transactions never wait between statements for long.
const idleTxTimeout = "5s"

// pgMaxConns bounds one instance's connections to PostgreSQL.
const pgMaxConns = 16

// redact hides the password of a database URL, for messages: in its user part and in
// its query (?password=…); a setting that is not a postgres:// URL is not repeated.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if !IsPostgres(dsn) || err != nil {
		if CheckDSN(dsn) != nil || err != nil {
			return "(the database setting)"
		}
		return dsn // a file path
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// Postgres reports whether the store is on PostgreSQL.
func (d *DB) Postgres() bool { return d.postgres }

// Close closes the database.
func (d *DB) Close() error {
	err := d.closeReplica()
	if d.stopCheckpoints != nil {
		close(d.stopCheckpoints)
		<-d.checkpointsDone
		d.stopCheckpoints = nil
	}
	d.stmts.Range(func(_, v any) bool {
		_ = v.(*sql.Stmt).Close()
		return true
	})
	if d.reader != nil && d.reader != d.sql {
		err = d.reader.Close()
	}
	if cerr := d.sql.Close(); cerr != nil {
		err = cerr
	}
	if d.lock != nil {
		_ = d.lock.Close()
	}
	if err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	return nil
}

// Ping checks the database answers.
func (d *DB) Ping(ctx context.Context) error {
	sqlDB, err := d.gorm.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// tx runs fn in one gorm transaction (again, on PostgreSQL, after a serialization
// failure or a deadlock), committed only before ctx's commit deadline, if any.
func (d *DB) tx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	defer d.lockWriters()()
	return d.retry(ctx, func() error {
		var began time.Time
		defer func() {
			if !began.IsZero() {
				d.holds.held(time.Since(began), 0)
			}
		}()
		err := d.gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			began = time.Now()
			record, err := claimKey(ctx, gormKeyTx{tx})
			if err != nil {
				return err
			}
			if err := fn(tx); err != nil {
				return err
			}
			if err := record(); err != nil {
				return err
			}
			return tournament.CheckCommitDeadline(ctx)
		})
		keyRecorded(ctx, err)
		return err
	})
}

// keyRecorded marks ctx's idempotency claim recorded once its transaction committed:
// the command's later transactions, if any, do not take the key again.
func keyRecorded(ctx context.Context, err error) {
	if c := tournament.ClaimOf(ctx); c != nil && err == nil {
		c.Done()
	}
}

// maxAttempts bounds how many times a transaction runs on PostgreSQL.
const maxAttempts = 8

// retry runs a transaction until it does not fail for a reason that running it again
// cures (PostgreSQL's serialization failure or deadlock, where the server rolled it back
// whole), a few times at most, with a short random pause: the user never sees it.
func (d *DB) retry(ctx context.Context, run func() error) error {
	for attempt := 1; ; attempt++ {
		err := run()
		if !d.postgres || !retryable(err) || attempt == maxAttempts {
			return err
		}
		d.retries.Add(1)
		pause := time.Duration(rand.Int64N(int64(attempt) * int64(5*time.Millisecond)))
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
	}
}

// retryable reports a PostgreSQL failure after which the transaction may run again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == pgSerializationFailure || pe.Code == pgDeadlockDetected)
}

// PostgreSQL's SQLSTATEs for a transaction to run again.
const (
	pgSerializationFailure = "40001"
	pgDeadlockDetected     = "40P01"
)

// Retries returns how many transactions ran again after a serialization failure or a
// deadlock since the store was opened.
func (d *DB) Retries() int64 { return d.retries.Load() }

// lockWriters takes this process's writer turn on SQLite and returns its release,
// which first keeps the write-ahead log bounded (wal.keep).
func (d *DB) lockWriters() func() {
	if d.postgres {
		return func() {}
	}
	d.writers.Lock()
	if d.wal == nil {
		return d.writers.Unlock
	}
	return func() {
		d.wal.keep()
		d.writers.Unlock()
	}
}

// sqlTx is a transaction on the tournament tables: plain database/sql with statements
// prepared once per connection (the save of a sheet is the app's hot path), written with
// "?" placeholders for both databases.
type sqlTx struct {
	ctx context.Context
	tx  *sql.Tx
	db  *DB
	rd  bool // on the reader pool
	n   int  // statements run
	// conn is a PostgreSQL write transaction's connection, where queued writes go in
	// batches (see later); nil elsewhere.
	conn  *sql.Conn
	queue []pending
	// began is when the transaction took the write lock (see lockTaken).
	began time.Time
	// scoresOnly: the hands read are each hand's number, side, form and score (see
	// handScoresAgg), for the derived state.
	scoresOnly bool
}

// lockTaken notes that a PostgreSQL transaction has just taken its tournament's row
// lock, which its write lock's hold is timed from (db.WriteHolds): waiting for it is not
// holding it.
func (x *sqlTx) lockTaken() { x.began = time.Now() }

func (d *DB) stmt(ctx context.Context, pool *sql.DB, q string) (*sql.Stmt, error) {
	key := q
	if pool == d.reader && pool != d.sql {
		key = "r:" + q
	}
	if s, ok := d.stmts.Load(key); ok {
		return s.(*sql.Stmt), nil
	}
	s, err := pool.PrepareContext(ctx, d.rebind(q))
	if err != nil {
		return nil, fmt.Errorf("prepare %q: %w", q, err)
	}
	if prev, loaded := d.stmts.LoadOrStore(key, s); loaded {
		_ = s.Close()
		return prev.(*sql.Stmt), nil
	}
	return s, nil
}

// rebound is rebind, remembered per statement text.
func (d *DB) rebound(q string) string {
	if s, ok := d.rebinds.Load(q); ok {
		return s.(string)
	}
	s := d.rebind(q)
	d.rebinds.Store(q, s)
	return s
}

// rebind turns "?" placeholders into PostgreSQL's "$1, $2…".
func (d *DB) rebind(q string) string {
	if !d.postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (x *sqlTx) prepared(q string) (*sql.Stmt, error) {
	pool := x.db.sql
	if x.rd {
		pool = x.db.reader
	}
	s, err := x.db.stmt(x.ctx, pool, q)
	if err != nil {
		return nil, err
	}
	return x.tx.StmtContext(x.ctx, s), nil
}

// On PostgreSQL statements run on the transaction's connection directly: the driver
// (pgx) prepares and caches them per connection. Preparing on the pool instead would take
// a second connection while the transaction holds one (and perhaps the tournament's
// lock): with every connection held by transactions queued on that lock, the holder
// would wait for a connection forever.

func (x *sqlTx) query(q string, args ...any) (*sql.Rows, error) {
	if err := x.flush(); err != nil {
		return nil, err
	}
	x.n++
	if x.db.postgres {
		return x.tx.QueryContext(x.ctx, x.db.rebound(q), args...)
	}
	s, err := x.prepared(q)
	if err != nil {
		return nil, err
	}
	return s.QueryContext(x.ctx, args...)
}

// errRow is a row whose statement could not be prepared.
type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

func (x *sqlTx) queryRow(q string, args ...any) interface{ Scan(...any) error } {
	if err := x.flush(); err != nil {
		return errRow{err}
	}
	x.n++
	if x.db.postgres {
		return x.tx.QueryRowContext(x.ctx, x.db.rebound(q), args...)
	}
	s, err := x.prepared(q)
	if err != nil {
		return errRow{err}
	}
	return s.QueryRowContext(x.ctx, args...)
}

func (x *sqlTx) exec(q string, args ...any) (sql.Result, error) {
	if err := x.flush(); err != nil {
		return nil, err
	}
	x.n++
	if x.db.postgres {
		return x.tx.ExecContext(x.ctx, x.db.rebound(q), args...)
	}
	s, err := x.prepared(q)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(x.ctx, args...)
}

// run executes a statement.
func (x *sqlTx) run(q string, args ...any) error {
	_, err := x.exec(q, args...)
	return err
}

// affected executes a statement and returns the number of rows it changed.
func (x *sqlTx) affected(q string, args ...any) (int64, error) {
	res, err := x.exec(q, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// execOnce runs a statement whose text varies (a multi-row insert) without keeping it.
func (x *sqlTx) execOnce(q string, args ...any) error {
	if err := x.flush(); err != nil {
		return err
	}
	x.n++
	_, err := x.tx.ExecContext(x.ctx, x.db.rebind(q), args...)
	return err
}

// write runs fn in one write transaction. A command, once begun, runs to its end even
// if the request that asked for it goes away (it is short): its context is not
// cancelled with the request's, which also spares the driver a watcher per statement.
// On PostgreSQL it runs again, whole, after a serialization failure or a deadlock: fn
// must start from what it reads. Past ctx's commit deadline (tournament.
// WithCommitDeadline) it rolls back instead of committing.
func (d *DB) write(ctx context.Context, fn func(x *sqlTx) error) error {
	return d.writeClaiming(ctx, true, fn)
}

// writeClaiming is write; without claim, the transaction leaves ctx's idempotency key,
// if any, to a later one (an import's chunks before its last).
func (d *DB) writeClaiming(ctx context.Context, claim bool, fn func(x *sqlTx) error) error {
	defer d.lockWriters()()
	ctx = context.WithoutCancel(ctx)
	return d.retry(ctx, func() error { return d.writeOnce(ctx, claim, fn) })
}

func (d *DB) writeOnce(ctx context.Context, claim bool, fn func(x *sqlTx) error) error {
	var conn *sql.Conn
	if d.postgres {
		// The transaction's own connection, where its queued writes go (sqlTx.later).
		var err error
		if conn, err = d.sql.Conn(ctx); err != nil {
			return err
		}
		defer conn.Close()
	}
	var tx *sql.Tx
	var err error
	if conn != nil {
		tx, err = conn.BeginTx(ctx, nil)
	} else {
		tx, err = d.sql.BeginTx(ctx, nil)
	}
	if err != nil {
		return err
	}
	// BEGIN IMMEDIATE returned: on SQLite this transaction holds the write lock (on
	// PostgreSQL, once it has its tournament's row: lockTaken).
	x := &sqlTx{ctx: ctx, tx: tx, db: d, began: time.Now(), conn: conn}
	defer func() { d.holds.held(time.Since(x.began), x.n) }()
	record := func() error { return nil }
	if claim {
		record, err = claimKey(ctx, x)
	}
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := fn(x); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := record(); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := x.flush(); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tournament.CheckCommitDeadline(ctx); err != nil {
		_ = tx.Rollback()
		return err
	}
	err = tx.Commit()
	if claim {
		keyRecorded(ctx, err)
	}
	return err
}

// read runs fn in one read-only transaction: one consistent snapshot, on the replica
// when ctx's reads may lag (lagPool; again on the primary if the replica fails it: fn
// must start from what it reads), else on the primary.
func (d *DB) read(ctx context.Context, fn func(x *sqlTx) error) error {
	if p, m := d.lagPool(ctx); p != nil {
		err := d.readOn(ctx, p, fn)
		if !d.replicaFailed(ctx, m, err) {
			return err
		}
	}
	return d.readOn(ctx, d.reader, fn)
}

// readOn is read on one pool.
func (d *DB) readOn(ctx context.Context, p *sql.DB, fn func(x *sqlTx) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if d.postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := p.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to keep
	return fn(&sqlTx{ctx: ctx, tx: tx, db: d, rd: true})
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

// isFKViolation recognises a foreign-key failure from SQLite or PostgreSQL.
func isFKViolation(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, gorm.ErrForeignKeyViolated) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "FOREIGN KEY constraint failed") || strings.Contains(s, "violates foreign key constraint")
}

// storedNow is the time now as the databases keep it (PostgreSQL to the microsecond), so
// that what a write returns reads back the same: a create answered again from its
// idempotency key answers as the first time did.
func storedNow() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
