package readshare

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSharedReadsNeverBeganBeforeTheReader (issue 35): a reader arriving while a read of
// its key is under way is not given that read (it may have begun before a commit the
// reader saw answered) but the next one, begun after it arrived, which it shares with
// everyone arriving meanwhile.
func TestSharedReadsNeverBeganBeforeTheReader(t *testing.T) {
	var s Group[int64, int64]
	var stored atomic.Int64 // what the database holds
	var reads atomic.Int32
	gate := make(chan struct{})
	began := make(chan struct{}, 10)
	fn := func(context.Context) (int64, error) {
		v := stored.Load() // what a read begun now sees
		reads.Add(1)
		began <- struct{}{}
		<-gate
		return v, nil
	}
	ctx := context.Background()
	first := make(chan int64)
	go func() {
		v, err := s.Read(ctx, 1, fn)
		assert.NoError(t, err)
		first <- v
	}()
	<-began // the first read is under way, at 0
	stored.Store(1)
	// A save was committed and answered; three readers ask now.
	var wg sync.WaitGroup
	got := make([]int64, 3)
	for i := range got {
		wg.Go(func() {
			v, err := s.Read(ctx, 1, fn)
			assert.NoError(t, err)
			got[i] = v
		})
	}
	for {
		s.mu.Lock()
		waiting := s.keys[1].next != nil && s.keys[1].next.readers == len(got) // all three wait
		s.mu.Unlock()
		if waiting {
			break
		}
	}
	gate <- struct{}{} // the first read ends
	assert.Equal(t, int64(0), <-first, "the first reader gets its own read")
	<-began // the next read, begun after the three arrived
	close(gate)
	wg.Wait()
	assert.Equal(t, []int64{1, 1, 1}, got, "never a read begun before the reader asked")
	assert.Equal(t, int32(2), reads.Load(), "the three shared one read")
	s.mu.Lock()
	assert.Empty(t, s.keys, "the key let go once nobody waits")
	s.mu.Unlock()

	// Many at once: far fewer reads than readers, each seeing what was stored before it asked.
	var n atomic.Int32
	quick := func(context.Context) (int64, error) { n.Add(1); return stored.Load(), nil }
	var all sync.WaitGroup
	for range 64 {
		all.Go(func() {
			v, err := s.Read(ctx, 2, quick)
			require.NoError(t, err)
			assert.Equal(t, int64(1), v)
		})
	}
	all.Wait()
	assert.LessOrEqual(t, n.Load(), int32(64))
}
