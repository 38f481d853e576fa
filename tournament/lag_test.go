package tournament_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/lag"
)

// laggingStamps is the memory store as seen through a replica: the stamp read by a
// reader that may lag (lag.Allowed) waits for gate, then is the one given in old (when
// set); everyone else's is the store's.
type laggingStamps struct {
	*memStore
	gate       chan struct{}
	began      chan struct{}
	old        atomic.Pointer[tournament.Stamp]
	unmarkedIn atomic.Int32 // stamp reads of readers that may not lag, while a lagging one waits
	waiting    atomic.Bool
}

func (s *laggingStamps) Stamp(ctx context.Context, tid int64) (tournament.Stamp, error) {
	if !lag.Allowed(ctx) {
		if s.waiting.Load() {
			s.unmarkedIn.Add(1)
		}
		return s.memStore.Stamp(ctx, tid)
	}
	if s.gate != nil {
		s.waiting.Store(true)
		s.began <- struct{}{}
		<-s.gate
		s.waiting.Store(false)
	}
	if old := s.old.Load(); old != nil {
		return *old, nil
	}
	return s.memStore.Stamp(ctx, tid)
}

// TestLaggingReadersShareNoStampWithDirectors (issue 38): a reader that may lag (its
// stamp read on the replica) never shares its stamp read with a director's: a director
// arriving while a lagging reader's read is under way reads the stamp on their own, from
// the primary, without waiting for it.
func TestLaggingReadersShareNoStampWithDirectors(t *testing.T) {
	ev := threePlayer(t, 6, 2)
	ev.draw(tournament.DrawOptions{Seed: 1})
	store := &laggingStamps{memStore: ev.store, gate: make(chan struct{}), began: make(chan struct{}, 1)}
	svc := &tournament.Tournaments{Store: store, Players: ev.store}
	lagging := make(chan error, 1)
	go func() {
		_, err := svc.Snapshot(lag.Allow(ev.ctx), ev.tid, 0)
		lagging <- err
	}()
	<-store.began // the lagging reader's stamp read is under way
	director := make(chan tournament.Stamp, 1)
	go func() {
		s, err := svc.Snapshot(ev.ctx, ev.tid, 0)
		assert.NoError(t, err)
		director <- s.Stamp()
	}()
	select {
	case got := <-director:
		assert.Equal(t, ev.revision(), got.Revision)
	case <-time.After(5 * time.Second):
		t.Fatal("the director waited for the lagging reader's stamp read")
	}
	assert.Equal(t, int32(1), store.unmarkedIn.Load(), "the director read the stamp unmarked")
	close(store.gate)
	require.NoError(t, <-lagging)
}

// TestLaggingReaderTakesANewerStage (issue 38): a reader that may lag, whose stamp (read
// on the replica) is older than the stage this instance derived for a director, is
// served that newer stage, with no load: never older than what it asked, and no load
// again and again while the replica catches up.
func TestLaggingReaderTakesANewerStage(t *testing.T) {
	ev := threePlayer(t, 6, 2)
	ev.draw(tournament.DrawOptions{Seed: 1})
	store := &laggingStamps{memStore: ev.store}
	svc := &tournament.Tournaments{Store: store, Players: ev.store}
	old, err := ev.store.Stamp(ev.ctx, ev.tid)
	require.NoError(t, err)
	store.old.Store(&old)
	ev.score(1, 1, 900, 300, 0) // the director's save: the replica has not replayed it
	d, err := svc.Snapshot(ev.ctx, ev.tid, 0)
	require.NoError(t, err)
	require.Greater(t, d.Stamp().Revision, old.Revision)
	loads := ev.loads()
	for range 3 {
		p, err := svc.Snapshot(lag.Allow(ev.ctx), ev.tid, 0)
		require.NoError(t, err)
		assert.Equal(t, d.Stamp(), p.Stamp(), "the newer stage, not the replica's")
	}
	assert.Equal(t, loads, ev.loads(), "no load")

}
