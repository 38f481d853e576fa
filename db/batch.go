package db

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// On PostgreSQL every statement is a round trip to the server, and a command's
// statements wait for each other. A write transaction sends them in batches instead:
// the writes whose only answer is a count of rows (a sheet's hands, its table's
// version, the reports it closes, its log line) wait in the transaction's queue
// (sqlTx.later) and go together, in one round trip, before the next statement that
// reads or before the commit (sqlTx.flush); reads that do not depend on each other go
// together too (sqlTx.readBatch: the tournament's lock and its first read). On SQLite
// there are no round trips: the same calls run each statement at once.

// pending is a queued write: its statement (PostgreSQL's placeholders), its arguments,
// and what checks its count of rows (nil: nothing).
type pending struct {
	q     string
	args  []any
	check func(affected int64) error
}

// later runs a write whose answer is only the count of rows it changed, given to check
// (nil: not read): at once on SQLite, queued on PostgreSQL until the next statement
// or the commit, whichever comes first. check's error, like the statement's, fails the
// transaction either way.
func (x *sqlTx) later(check func(affected int64) error, q string, args ...any) error {
	if x.conn == nil {
		n, err := x.affected(q, args...)
		if err != nil || check == nil {
			return err
		}
		return check(n)
	}
	x.queue = append(x.queue, pending{x.db.rebound(q), args, check})
	return nil
}

// flush sends the queued writes, if any, in one round trip (a pgx batch on the
// transaction's connection) and checks each one's count of rows in order.
func (x *sqlTx) flush() error {
	if len(x.queue) == 0 {
		return nil
	}
	queue := x.queue
	x.queue = nil
	x.n += len(queue)
	b := &pgx.Batch{}
	for _, p := range queue {
		b.Queue(p.q, p.args...)
	}
	return x.onConn(func(c *pgx.Conn, counted *Counter) error {
		br := c.SendBatch(x.ctx, b)
		for i, p := range queue {
			tag, err := br.Exec()
			if counted != nil {
				counted.add(p.q)
			}
			if err != nil {
				_ = br.Close()
				return fmt.Errorf("batch statement %d: %w", i+1, err)
			}
			if p.check != nil {
				if err := p.check(tag.RowsAffected()); err != nil {
					_ = br.Close()
					return err
				}
			}
		}
		return br.Close()
	})
}

// batchRead is one query of a readBatch: its statement ("?" placeholders), arguments,
// and what reads its rows.
type batchRead struct {
	q    string
	args []any
	scan func(rows pgx.Rows) error
}

// readBatch runs queries that do not depend on each other: on PostgreSQL in one round
// trip (after the queued writes, in the same one), each a statement of its own (under
// read committed, each sees what committed before it began); elsewhere one by one.
func (x *sqlTx) readBatch(reads ...batchRead) error {
	if x.conn == nil {
		return errors.New("readBatch: not a PostgreSQL write transaction")
	}
	queue := x.queue
	x.queue = nil
	x.n += len(queue) + len(reads)
	b := &pgx.Batch{}
	for _, p := range queue {
		b.Queue(p.q, p.args...)
	}
	for _, r := range reads {
		b.Queue(x.db.rebound(r.q), r.args...)
	}
	return x.onConn(func(c *pgx.Conn, counted *Counter) error {
		br := c.SendBatch(x.ctx, b)
		for _, p := range queue {
			tag, err := br.Exec()
			if counted != nil {
				counted.add(p.q)
			}
			if err == nil && p.check != nil {
				err = p.check(tag.RowsAffected())
			}
			if err != nil {
				_ = br.Close()
				return err
			}
		}
		for _, r := range reads {
			rows, err := br.Query()
			if counted != nil {
				counted.add(x.db.rebound(r.q))
			}
			if err == nil {
				err = r.scan(rows)
				rows.Close()
				if err == nil {
					err = rows.Err()
				}
			}
			if err != nil {
				_ = br.Close()
				if errors.Is(err, pgx.ErrNoRows) {
					return sql.ErrNoRows
				}
				return err
			}
		}
		return br.Close()
	})
}

// onConn runs fn with the transaction's own pgx connection, and the Counter that counts
// its statements, if any.
func (x *sqlTx) onConn(fn func(c *pgx.Conn, counted *Counter) error) error {
	return x.conn.Raw(func(dc any) error {
		var counted *Counter
		if cc, ok := dc.(*countedConn); ok {
			dc, counted = cc.Conn, cc.c
		}
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("batch: connection is a %T, not pgx's", dc)
		}
		return fn(sc.Conn(), counted)
	})
}

// scanOne reads a query's one row into dest (sql.ErrNoRows without one).
func scanOne(dest ...any) func(rows pgx.Rows) error {
	return func(rows pgx.Rows) error {
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return sql.ErrNoRows
		}
		return rows.Scan(dest...)
	}
}
