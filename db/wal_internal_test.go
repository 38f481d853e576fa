package db

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"burraco/db/dbtest"
)

// Under steady writes with readers about, the SQLite write-ahead log stays near its
// limit instead of growing with everything written (it reached 176 MB in 11 s).
func TestWALStaysBounded(t *testing.T) {
	if dbtest.OnPostgres() {
		t.Skip("SQLite's write-ahead log")
	}
	oldLimit := walLimit
	walLimit = 512 << 10 // read when the database opens
	t.Cleanup(func() { walLimit = oldLimit })
	path := filepath.Join(t.TempDir(), "wal.db")
	d, err := Open(path)
	require.NoError(t, err)
	defer d.Close()
	require.NoError(t, d.gorm.Exec("CREATE TABLE walfill (id INTEGER PRIMARY KEY, b BLOB)").Error)
	ctx := context.Background()
	var biggest atomic.Int64
	done := make(chan struct{})
	var bg sync.WaitGroup
	bg.Add(3)
	go func() { // the log's size, as often as it can be read
		defer bg.Done()
		for {
			if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > biggest.Load() {
				biggest.Store(fi.Size())
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	for range 2 { // readers, always one in the log
		go func() {
			defer bg.Done()
			for {
				var n int
				_ = d.reader.QueryRowContext(ctx, "SELECT count(*) FROM walfill").Scan(&n)
				select {
				case <-done:
					return
				default:
				}
			}
		}()
	}
	blob := make([]byte, 8<<10)
	const writers, commits = 4, 150 // 4.8 MB written: 9 times the limit
	var w sync.WaitGroup
	for i := range writers {
		w.Add(1)
		go func() {
			defer w.Done()
			for j := range commits {
				require.NoError(t, d.tx(ctx, func(tx *gorm.DB) error {
					return tx.Exec("INSERT OR REPLACE INTO walfill (id, b) VALUES (?, ?)", i*commits+j%20, blob).Error
				}))
			}
		}()
	}
	w.Wait()
	close(done)
	bg.Wait()
	t.Logf("the log's largest: %d KB", biggest.Load()>>10)
	assert.Less(t, biggest.Load(), 2*walLimit, "the limit and one transaction")
}
