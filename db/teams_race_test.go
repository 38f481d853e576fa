package db_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// Two teams naming the same player entered at once: exactly one is entered, the other
// is refused on the player's field (not a constraint's error).
func TestAddTeamRace(t *testing.T) {
	f := newTeams(t, 8)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids := append(f.ids(2+i%2*3, 4+i%2*3), f.id(1)) // players 2-4 or 5-7, and 1
			_, errs[i] = f.svc.AddTeam(f.ctx, f.tid, "Squadra", ids, "anna")
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "%v", err)
	}
	assert.Equal(t, 1, ok)
	assert.Len(t, f.state(t).Entries, 1)
}

// Two line-ups saved at once from version 0: exactly one is stored, the other is stale.
func TestSetLineupRace(t *testing.T) {
	f := newTeams(t, 8)
	a, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 4), "anna")
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := [2][2]int64{{f.id(1 + i%2), f.id(2 - i%2)}, {f.id(3), f.id(4)}}
			_, errs[i] = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, p, 0, "anna")
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		assert.Equal(t, "lineup.stale", errKey(err), "%v", err)
	}
	assert.Equal(t, 1, ok)
	st := f.state(t)
	require.Len(t, st.Lineups, 1)
	assert.Equal(t, 1, st.Lineups[0].Version)
}
