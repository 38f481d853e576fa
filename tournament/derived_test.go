package tournament_test

import (
	"sync"
	"testing"

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
		require.NoError(t, first.svc.Create(first.ctx, &tr, &st))
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
