package keep_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament/keep"
)

// TestBuiltOncePerKey: the readers of a key share one build, those arriving while it is
// built waiting for it; another key is built apart; a failed build, or one that
// panicked, is not kept (the next reader builds again); past keep.Max keys, answers are
// built for their reader alone.
func TestBuiltOncePerKey(t *testing.T) {
	ctx := context.Background()
	var m keep.Map
	var builds atomic.Int32
	release := make(chan struct{})
	build := func() (any, error) {
		builds.Add(1)
		<-release
		return "standings", nil
	}
	var wg sync.WaitGroup
	got := make([]any, 20)
	for i := range got {
		wg.Go(func() {
			v, err := m.Get(ctx, "k", build)
			assert.NoError(t, err)
			got[i] = v
		})
	}
	close(release)
	wg.Wait()
	assert.Equal(t, int32(1), builds.Load(), "20 readers at once: one build")
	for _, v := range got {
		assert.Equal(t, "standings", v)
	}
	_, err := m.Get(ctx, "other", build)
	require.NoError(t, err)
	assert.Equal(t, int32(2), builds.Load(), "another key: built apart")

	fails := 0
	for range 2 {
		_, err := m.Get(ctx, "broken", func() (any, error) { fails++; return nil, errors.New("no") })
		assert.Error(t, err)
	}
	assert.Equal(t, 2, fails, "a failed build is not kept")
	assert.Panics(t, func() { _, _ = m.Get(ctx, "panics", func() (any, error) { panic("boom") }) })
	v, err := m.Get(ctx, "panics", func() (any, error) { return "again", nil })
	require.NoError(t, err)
	assert.Equal(t, "again", v, "a build that panicked is not kept")

	// A reader waiting on a build leaves when its context ends.
	wait := make(chan struct{})
	started := make(chan struct{})
	go func() {
		_, _ = m.Get(ctx, "slow", func() (any, error) { close(started); <-wait; return 1, nil })
	}()
	<-started
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = m.Get(cctx, "slow", func() (any, error) { return 2, nil })
	assert.ErrorIs(t, err, context.Canceled)
	close(wait)
	for i := range keep.Max {
		_, err := m.Get(ctx, "fill"+strconv.Itoa(i), func() (any, error) { return i, nil })
		require.NoError(t, err)
	}
	n := 0
	for range 2 {
		_, err := m.Get(ctx, "past-the-bound", func() (any, error) { n++; return n, nil })
		require.NoError(t, err)
	}
	assert.Equal(t, 2, n, "past keep.Max: built for each reader")

}
