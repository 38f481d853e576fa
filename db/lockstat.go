package db

import (
	"sync"
	"time"
)

// Holds is what the store's write transactions held the write lock for: on SQLite, from
// BEGIN IMMEDIATE acquired (the database's one writer's lock) to COMMIT or ROLLBACK
// done; on PostgreSQL, the same span of the transaction (which holds its tournament's
// row lock from its first statement). Every write transaction of the store counts: a
// command (Update), a player's write, an import's chunk.
type Holds struct {
	Count   int           // write transactions ended
	Total   time.Duration // their holds, summed
	Longest time.Duration // the longest hold
	// Statements is how many statements the longest hold ran (BEGIN and COMMIT not
	// counted), to tell what it was.
	Statements int
}

// lockStat records the holds of a store's write transactions.
type lockStat struct {
	mu sync.Mutex
	h  Holds
}

// held records one write transaction's hold.
func (l *lockStat) held(d time.Duration, stmts int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.h.Count++
	l.h.Total += d
	if d > l.h.Longest {
		l.h.Longest, l.h.Statements = d, stmts
	}
}

// WriteHolds returns what the store's write transactions held the write lock for since
// it was opened or since the last ResetWriteHolds.
func (d *DB) WriteHolds() Holds {
	d.holds.mu.Lock()
	defer d.holds.mu.Unlock()
	return d.holds.h
}

// ResetWriteHolds starts recording the write transactions' holds again from zero.
func (d *DB) ResetWriteHolds() {
	d.holds.mu.Lock()
	defer d.holds.mu.Unlock()
	d.holds.h = Holds{}
}
