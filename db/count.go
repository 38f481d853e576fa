package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"net"
	"sync"

	"github.com/jackc/pgx/v5"
)

// Counter counts what the store sends to its database, for tests and benchmarks that
// bound the work of a command: every statement run (a query or an exec, on a connection
// or a prepared statement) and every BEGIN, COMMIT and ROLLBACK count as statements;
// BEGIN counts as a transaction too. Preparing a statement is not counted (SQLite
// prepares once per pool, pgx once per connection), nor are pings and session resets.
// The zero Counter is ready to use; it is safe for concurrent use.
type Counter struct {
	mu    sync.Mutex
	stmts []string
	txs   int
	// trips counts what the store sent to PostgreSQL over the network (each send is a
	// round trip: the driver then waits for the answer); trip is, for each statement,
	// the send that carried it (see RoundTrips).
	trips int
	trip  []int
}

// Statements returns how many statements ran since the last Reset.
func (c *Counter) Statements() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.stmts)
}

// Transactions returns how many transactions began since the last Reset.
func (c *Counter) Transactions() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.txs
}

// Log returns the statements that ran since the last Reset, in order.
func (c *Counter) Log() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.stmts...)
}

// Reset starts counting again from zero.
func (c *Counter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stmts, c.txs, c.trips, c.trip = nil, 0, 0, nil
}

// RoundTrips returns how many times the store sent something to the PostgreSQL server
// since the last Reset (0 on SQLite, which has no network), counted on the connection
// itself, and the statements of Log grouped by the send that carried them, in order.
// A statement the driver prepared first (pgx does, once per connection) takes one
// send more.
func (c *Counter) RoundTrips() (int, [][]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var groups [][]string
	for i, q := range c.stmts {
		if i == 0 || c.trip[i] != c.trip[i-1] {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], q)
	}
	return c.trips, groups
}

// sent counts one send to the server.
func (c *Counter) sent() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trips++
}

func (c *Counter) add(q string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stmts = append(c.stmts, q)
	c.trip = append(c.trip, c.trips)
	if q == "BEGIN" {
		c.txs++
	}
}

// OpenCounting opens the database named by dsn as Open does, with every connection of
// its pools counted in c. The migrations it runs on opening are counted too: Reset c
// before what is measured.
func OpenCounting(dsn string, c *Counter) (*DB, error) {
	if IsPostgres(dsn) {
		return openPostgres(dsn, c)
	}
	return openSQLiteFile(dsn, true, c)
}

// pool opens a database/sql pool on a connector, counted in c when c is not nil.
func pool(cn driver.Connector, c *Counter) *sql.DB {
	if c == nil {
		return sql.OpenDB(cn)
	}
	return sql.OpenDB(countedConnector{cn, c})
}

// dsnConnector is a connector for a driver that has none of its own.
type dsnConnector struct {
	dsn string
	drv driver.Driver
}

func (d dsnConnector) Connect(context.Context) (driver.Conn, error) { return d.drv.Open(d.dsn) }
func (d dsnConnector) Driver() driver.Driver                        { return d.drv }

type countedConnector struct {
	driver.Connector
	c *Counter
}

func (cn countedConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := cn.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &countedConn{conn, cn.c}, nil
}

// countedConn passes everything to the driver's connection, counting statements. Its
// optional methods answer driver.ErrSkip (or the default) where the driver's connection
// lacks them, so database/sql falls back as it would without the wrapper.
type countedConn struct {
	driver.Conn
	c *Counter
}

func (cc *countedConn) Prepare(q string) (driver.Stmt, error) {
	return cc.PrepareContext(context.Background(), q)
}

func (cc *countedConn) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	var s driver.Stmt
	var err error
	if p, ok := cc.Conn.(driver.ConnPrepareContext); ok {
		s, err = p.PrepareContext(ctx, q)
	} else {
		s, err = cc.Conn.Prepare(q)
	}
	if err != nil {
		return nil, err
	}
	return &countedStmt{s, q, cc}, nil
}

func (cc *countedConn) Begin() (driver.Tx, error) {
	return cc.BeginTx(context.Background(), driver.TxOptions{})
}

func (cc *countedConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	var tx driver.Tx
	var err error
	if b, ok := cc.Conn.(driver.ConnBeginTx); ok {
		tx, err = b.BeginTx(ctx, opts)
	} else {
		tx, err = cc.Conn.Begin() //nolint:staticcheck // the driver has nothing else
	}
	if err != nil {
		return nil, err
	}
	cc.c.add("BEGIN")
	return countedTx{tx, cc.c}, nil
}

func (cc *countedConn) ExecContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := cc.Conn.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	res, err := e.ExecContext(ctx, q, args)
	if err != driver.ErrSkip {
		cc.c.add(q)
	}
	return res, err
}

func (cc *countedConn) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	e, ok := cc.Conn.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	rows, err := e.QueryContext(ctx, q, args)
	if err != driver.ErrSkip {
		cc.c.add(q)
	}
	return rows, err
}

func (cc *countedConn) CheckNamedValue(v *driver.NamedValue) error {
	if ch, ok := cc.Conn.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func (cc *countedConn) Ping(ctx context.Context) error {
	if p, ok := cc.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (cc *countedConn) ResetSession(ctx context.Context) error {
	if r, ok := cc.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (cc *countedConn) IsValid() bool {
	if v, ok := cc.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

type countedTx struct {
	driver.Tx
	c *Counter
}

func (t countedTx) Commit() error {
	defer t.c.add("COMMIT") // once sent
	return t.Tx.Commit()
}

func (t countedTx) Rollback() error {
	defer t.c.add("ROLLBACK")
	return t.Tx.Rollback()
}

type countedStmt struct {
	driver.Stmt
	q    string
	conn *countedConn
}

func (s *countedStmt) Exec(args []driver.Value) (driver.Result, error) {
	defer s.conn.c.add(s.q)  // once sent
	return s.Stmt.Exec(args) //nolint:staticcheck // what database/sql calls without ExecContext
}

func (s *countedStmt) Query(args []driver.Value) (driver.Rows, error) {
	defer s.conn.c.add(s.q)   // once sent
	return s.Stmt.Query(args) //nolint:staticcheck // as Exec
}

func (s *countedStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	e, ok := s.Stmt.(driver.StmtExecContext)
	if !ok {
		return s.Exec(values(args))
	}
	defer s.conn.c.add(s.q) // once sent
	return e.ExecContext(ctx, args)
}

func (s *countedStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	e, ok := s.Stmt.(driver.StmtQueryContext)
	if !ok {
		return s.Query(values(args))
	}
	defer s.conn.c.add(s.q) // once sent
	return e.QueryContext(ctx, args)
}

func (s *countedStmt) CheckNamedValue(v *driver.NamedValue) error {
	// database/sql asks the statement, else the connection: so does the wrapper.
	if ch, ok := s.Stmt.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(v)
	}
	return s.conn.CheckNamedValue(v)
}

func values(args []driver.NamedValue) []driver.Value {
	out := make([]driver.Value, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}

// countSends has every connection of cfg count in c what it sends to the server: pgx
// writes each message, or batch of messages, it then waits on in one write.
func countSends(cfg *pgx.ConnConfig, c *Counter) {
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return sendCounted{conn, c}, nil
	}
}

// sendCounted is a network connection whose writes are counted.
type sendCounted struct {
	net.Conn
	c *Counter
}

func (s sendCounted) Write(b []byte) (int, error) {
	s.c.sent()
	return s.Conn.Write(b)
}
