package db_test

import (
	"fmt"
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

// Seats changed by hand in a teams round: a team at three tables, a team twice as pair 1
// of a match, a team both seated and on a bye are refused; two matches exchanging
// opponents are taken, each table keeping its match and each position its pair.
func TestTeamSeatChanges(t *testing.T) {
	f := newTeams(t, 20)
	var ts []int64
	for i := range 5 {
		e, err := f.svc.AddTeam(f.ctx, f.tid, fmt.Sprintf("T%d", i+1), f.ids(4*i+1, 4*i+4), "anna")
		require.NoError(t, err)
		ts = append(ts, e.ID)
	}
	_, err := f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	r := f.state(t).Rounds[0]
	s := tournament.SeatsOf(&r)
	require.Len(t, s.Tables, 4)
	require.Len(t, s.Byes, 1)
	a, b := s.Tables[0][0], s.Tables[0][1]
	c, d := s.Tables[2][0], s.Tables[2][1]
	e := s.Byes[0]
	bad := []tournament.Seats{
		{Tables: [][]int64{{a, b}, {b, a}, {a, d}, {d, c}}, Byes: []int64{e}},
		{Tables: [][]int64{{b, a}, {b, a}, {c, d}, {d, c}}, Byes: []int64{e}},
		{Tables: [][]int64{{a, b}, {b, a}, {c, d}, {d, c}}, Byes: []int64{a}},
		{Tables: [][]int64{{a, b}, {b, e}, {c, d}, {d, c}}, Byes: []int64{a}},
		{Tables: [][]int64{{a, b, c}, {b, a}, {c, d}, {d}}, Byes: []int64{e}},
	}
	for i, seats := range bad {
		err := f.svc.OverrideSeats(f.ctx, f.tid, 1, seats, "anna")
		assert.Equal(t, tournament.EINVALID, tournament.ErrorCode(err), "seating %d: %v", i, err)
	}
	good := tournament.Seats{Tables: [][]int64{{a, c}, {c, a}, {b, d}, {d, b}}, Byes: []int64{e}}
	require.NoError(t, f.svc.OverrideSeats(f.ctx, f.tid, 1, good, "anna"))
	r = f.state(t).Rounds[0]
	assert.Equal(t, good, tournament.SeatsOf(&r))
	for ti, tb := range r.Tables {
		assert.Equal(t, ti/2+1, tb.Match)
		assert.Equal(t, []int{1, 2}, []int{tb.Sides[0].Pair, tb.Sides[1].Pair})
	}
}
