package tournament_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/individual4"
)

// TestIndividualAtFourPlayerTablesThroughTheServices runs an evening of 18 players at
// 4-player tables through the services and the in-memory store: three rounds drawn,
// every sheet saved with a game total a partnership, the scale copied at round 1. Each
// round seats 16 at 4 tables of two partnerships and gives 2 byes; nobody partners
// anybody twice; each table hands out 20 VP a partnership to both its players, so the
// evening's VP add up to 3 × (4 × 2 × 20 + 2 × 12) = 552, and its MP to 0.
func TestIndividualAtFourPlayerTablesThroughTheServices(t *testing.T) {
	ev := newEvening(t, individual4.Name, 18, func(st *tournament.Stage) {
		s := st.Settings.(individual4.Settings)
		s.Count = 3
		st.Settings = s
	})
	partners := map[[2]int64]int{}
	byes := map[int64]int{}
	for n := 1; n <= 3; n++ {
		r := ev.draw(tournament.DrawOptions{Seed: int64(40 + n), Round: n})
		require.Len(t, r.Tables, 4)
		require.Len(t, r.Byes, 2)
		for _, b := range r.Byes {
			byes[b.EntryID]++
			assert.Equal(t, tournament.RP(12), b.Points)
		}
		seen := map[int64]bool{}
		for _, id := range r.People() {
			assert.False(t, seen[id], "round %d: %d twice", n, id)
			seen[id] = true
		}
		assert.Len(t, seen, 18)
		for k, tb := range ev.state().Rounds[n-1].Tables {
			require.Len(t, tb.Sides, 2)
			for _, sd := range tb.Sides {
				require.Len(t, sd.Partners, 1, "stored with its partner")
				a, b := min(sd.EntryID, sd.Partners[0]), max(sd.EntryID, sd.Partners[0])
				partners[[2]int64{a, b}]++
			}
			out := ev.score(n, k+1, 1000+150*k, 1000) // table 1 level, table 4 won by 450
			require.True(t, out.Result.Complete)
		}
		if n == 1 {
			require.NotNil(t, ev.state().Stage.Scale, "round 1 copies the scale")
			assert.Equal(t, "FIBUR 3 smazzate (20-0)", ev.state().Stage.Scale.Name)
		}
	}
	for p, k := range partners {
		assert.Equal(t, 1, k, "partners %v twice", p)
	}
	assert.Len(t, byes, 6, "six players sat out once each")

	st, cols, lines, err := ev.svc.Standings(ev.ctx, ev.tid)
	require.NoError(t, err)
	assert.Equal(t, tournament.MatchColumns, cols)
	require.Len(t, lines, 18, "one line per player")
	vp, mp := 0, 0
	for _, l := range lines {
		vp += l.Values[individual4.ValVP]
		mp += l.Values[individual4.ValMP]
		assert.Equal(t, 3, l.Played+l.Byes, l.Entry.Name)
	}
	assert.Equal(t, tournament.RP(552), tournament.Points(vp))
	assert.Zero(t, mp)
	assert.True(t, st.Format().Next(st).Finished)

	// A director's seat change must keep two partnerships of two.
	r3 := ev.state().Rounds[2]
	p := r3.Tables[0].People()
	assert.Equal(t, "individual4.seats.side_of_two", st.Format().CheckSeats(st, &r3, &tournament.Round{Number: 3,
		Tables: []tournament.Table{{Number: 1, Sides: []tournament.Side{{Position: 1, EntryID: p[0]}, {Position: 2, EntryID: p[1], Partners: p[2:]}}}}})["seat.1.1"])
}
