package tournament_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/threeplayer"
)

// loads is how many whole stages the service has read from the store.
func (ev *evening) loads() int {
	ev.store.mu.Lock()
	defer ev.store.mu.Unlock()
	return ev.store.loads
}

// TestDerivedOncePerRevision: every reader of one revision (standings, pairing order,
// Load, many at once) shares one load of the stage; a save moves the revision and the
// next read sees it.
func TestDerivedOncePerRevision(t *testing.T) {
	ev := threePlayer(t, 6, 2)
	ev.draw(tournament.DrawOptions{Seed: 1})
	before := ev.loads()

	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			_, _, lines, err := ev.svc.Standings(ev.ctx, ev.tid)
			assert.NoError(t, err)
			assert.Len(t, lines, 6)
			_, err = ev.svc.Load(ev.ctx, ev.tid)
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	assert.Equal(t, before+1, ev.loads(), "20 readers of one revision: one load")

	// Table 1 of game 1: the seats score 900, 300, 0 (one game total each).
	ev.score(1, 1, 900, 300, 0)
	st, _, lines, err := ev.svc.Standings(ev.ctx, ev.tid)
	require.NoError(t, err)
	assert.Equal(t, before+2, ev.loads(), "a save is a new revision: loaded again")
	assert.Equal(t, ev.revision(), st.Tournament.Revision)
	seated := st.Rounds[0].Tables[0].Entries()
	assert.Equal(t, seated[0], lines[0].Entry.ID, "the 900 leads the standings read after the save")

	_, _, again, err := ev.svc.StageStandings(ev.ctx, ev.tid, 0)
	require.NoError(t, err)
	assert.Equal(t, before+2, ev.loads(), "the same revision again: no load")
	assert.Same(t, &lines[0], &again[0], "the lines are computed once and shared")
}

// TestDerivedLoadIsACopy: what Load hands out is the caller's to change; the shared
// state stays as read.
func TestDerivedLoadIsACopy(t *testing.T) {
	ev := threePlayer(t, 6, 2)
	ev.draw(tournament.DrawOptions{Seed: 1})
	st, err := ev.svc.Load(ev.ctx, ev.tid)
	require.NoError(t, err)
	name := st.Entries[0].Name
	st.Entries[0].Name = "changed"
	st.Entries[0].Members[0].Name = "changed"
	st.Rounds[0].Tables[0].Sides[0].EntryID = -1
	st.Rounds = st.Rounds[:0]

	again, err := ev.svc.Load(ev.ctx, ev.tid)
	require.NoError(t, err)
	assert.Equal(t, name, again.Entries[0].Name)
	assert.NotEqual(t, "changed", again.Entries[0].Members[0].Name)
	require.Len(t, again.Rounds, 1)
	assert.Positive(t, again.Rounds[0].Tables[0].Sides[0].EntryID)
	_, _, lines, err := ev.svc.Standings(ev.ctx, ev.tid)
	require.NoError(t, err)
	assert.Len(t, lines, 6)
}

// TestDerivedBounded: the service keeps a bounded number of stages; one it let go is
// read again, correctly.
func TestDerivedBounded(t *testing.T) {
	first := threePlayer(t, 3, 1)
	first.draw(tournament.DrawOptions{Seed: 1})
	_, _, _, err := first.svc.Standings(first.ctx, first.tid)
	require.NoError(t, err)
	// 40 more tournaments in the same store, read through the same service.
	for range 40 {
		tr, st, err := tournament.New(first.svc.Now(), threeplayer.Name)
		require.NoError(t, err)
		tr.Name = "Altra sera"
		require.NoError(t, first.svc.Create(first.ctx, &tr, &st, "anna"))
		_, err = first.svc.Load(first.ctx, tr.ID)
		require.NoError(t, err)
	}
	n := first.loads()
	_, _, lines, err := first.svc.Standings(first.ctx, first.tid)
	require.NoError(t, err)
	assert.Len(t, lines, 3)
	assert.Equal(t, n+1, first.loads(), "the first tournament was let go and is read again")
}

// TestDerivedNotFound: an unknown tournament or stage is ENOTFOUND, and nothing is kept.
func TestDerivedNotFound(t *testing.T) {
	ev := threePlayer(t, 3, 1)
	_, err := ev.svc.Load(ev.ctx, ev.tid+999)
	requireError(t, err, tournament.ENOTFOUND, "error.not_found")
	_, _, _, err = ev.svc.StageStandings(ev.ctx, ev.tid, 5)
	requireError(t, err, tournament.ENOTFOUND, "error.not_found")
	_, _, _, err = ev.svc.StageStandings(ev.ctx, ev.tid, 5)
	requireError(t, err, tournament.ENOTFOUND, "error.not_found")
}

// TestPrepareLoadsOnceInTheBackground: many readers that cannot wait (Prepare) while
// the stage moved start one load between them; until it ends, Latest is the stage as
// derived before; after it, StandingsSince answers at the new revision without a load,
// and the derived stage never goes back.
func TestPrepareLoadsOnceInTheBackground(t *testing.T) {
	ev := threePlayer(t, 6, 2)
	ev.draw(tournament.DrawOptions{Seed: 1})
	st, _, _, err := ev.svc.Standings(ev.ctx, ev.tid)
	require.NoError(t, err)
	r1 := st.Tournament.Revision
	assert.True(t, ev.svc.Prepare(ev.ctx, ev.tid, r1), "derived at r1 already")

	ev.score(1, 1, 900, 300, 0)
	r2 := ev.revision()
	require.Greater(t, r2, r1)
	before := ev.loads()
	ev.store.mu.Lock() // the background load waits here until the readers have asked
	var ready atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if ev.svc.Prepare(ev.ctx, ev.tid, r2) {
				ready.Add(1) // never: the load is held
			}
			latest, _, _, ok := ev.svc.Latest(ev.tid)
			assert.True(t, ok)
			assert.Equal(t, r1, latest.Tournament.Revision, "the stage as derived before")
		})
	}
	wg.Wait()
	ev.store.mu.Unlock()
	assert.Zero(t, ready.Load())
	assert.Eventually(t, func() bool { return ev.svc.Prepare(ev.ctx, ev.tid, r2) }, 10*time.Second, time.Millisecond)
	assert.Equal(t, before+1, ev.loads(), "20 readers that could not wait: one load")

	st, _, lines, err := ev.svc.StandingsSince(ev.ctx, ev.tid, r2)
	require.NoError(t, err)
	assert.Equal(t, r2, st.Tournament.Revision)
	assert.Equal(t, 900, lines[0].Rounds[0].Score)
	_, _, _, err = ev.svc.StandingsSince(ev.ctx, ev.tid, r1)
	require.NoError(t, err)
	latest, _, _, _ := ev.svc.Latest(ev.tid)
	assert.Equal(t, r2, latest.Tournament.Revision, "an older revision asked for: the later one kept")
	assert.Equal(t, before+1, ev.loads(), "no load at a revision derived already")
}

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
