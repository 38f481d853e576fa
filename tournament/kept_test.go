package tournament_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// TestKeptOncePerStamp (issue 35): an answer kept beside the derived stage is built
// once per (stamp, key) whatever the number of readers at once, built again after a
// save (which moves the stamp), apart for another key; a failed build is not kept.
func TestKeptOncePerStamp(t *testing.T) {
	ev := threePlayer(t, 6, 2)
	ev.draw(tournament.DrawOptions{Seed: 1})
	var builds atomic.Int32
	build := func(s tournament.Snapshot) (any, error) {
		builds.Add(1)
		cols, lines := s.Standings()
		return []any{s.Stamp().Revision, len(cols), lines[0].Entry.ID}, nil
	}
	kept := func(key string) any {
		v, err := ev.svc.Kept(ev.ctx, ev.tid, 0, key, build)
		require.NoError(t, err)
		return v
	}
	var wg sync.WaitGroup
	got := make([]any, 20)
	for i := range got {
		wg.Go(func() { got[i] = kept("standings") })
	}
	wg.Wait()
	assert.Equal(t, int32(1), builds.Load(), "20 readers of one stamp: one build")
	for _, v := range got {
		assert.Equal(t, got[0], v)
	}
	kept("standings|en")
	assert.Equal(t, int32(2), builds.Load(), "another key: built apart")

	ev.score(1, 1, 900, 300, 0)
	after := kept("standings")
	assert.Equal(t, int32(3), builds.Load(), "a save moves the stamp: built again")
	assert.Equal(t, ev.revision(), after.([]any)[0], "at the new revision")
	kept("standings")
	assert.Equal(t, int32(3), builds.Load())

	fails := 0
	for range 2 {
		_, err := ev.svc.Kept(ev.ctx, ev.tid, 0, "broken", func(tournament.Snapshot) (any, error) {
			fails++
			return nil, errors.New("no")
		})
		assert.Error(t, err)
	}
	assert.Equal(t, 2, fails, "a failed build is not kept")
}
