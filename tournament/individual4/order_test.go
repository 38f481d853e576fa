package individual4

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// TestPairingOrderIsTheDrawsOrder: the order a round was seated from is the one the
// draw used: after round 1 (table 1 won by 400, table 2 by 100 on the FIBUR 3-hand
// scale: 14–6 and 11–9 VP), round 2's order is the winners of table 1 (14 VP, +400),
// those of table 2 (11, +100), then (9, −100) and (6, −400), each couple in the round's
// tie order; round 2 seats its first four (with no partner twice) at table 1, and the
// order lists all eight.
func TestPairingOrderIsTheDrawsOrder(t *testing.T) {
	st := field(8, settings(2))
	draw(t, st, 1)
	score(st, &st.Rounds[0].Tables[0], 1400, 1000)
	score(st, &st.Rounds[0].Tables[1], 1100, 1000)
	r2 := draw(t, st, 2)

	cols, lines := Format{}.PairingOrder(st, 2)
	assert.Equal(t, tournament.MatchColumns, cols)
	require.Len(t, lines, 8)
	top := func(t *tournament.Table, pos int) []int64 { return t.Sides[pos-1].Members() }
	w1, w2 := top(&st.Rounds[0].Tables[0], 1), top(&st.Rounds[0].Tables[1], 1)
	assert.ElementsMatch(t, w1, []int64{lines[0].Entry.ID, lines[1].Entry.ID})
	assert.ElementsMatch(t, w2, []int64{lines[2].Entry.ID, lines[3].Entry.ID})
	assert.Equal(t, []int{int(tournament.RP(14)), 400}, lines[0].Values)
	assert.Equal(t, []int{int(tournament.RP(11)), 100}, lines[2].Values)
	assert.Equal(t, []int{int(tournament.RP(6)), -400}, lines[7].Values)
	assert.Less(t, lines[0].Tie, lines[1].Tie, "a couple level on VP and MP in the tie order")
	// The draw seated from this order: 1st and 2nd partnered in round 1, so table 1
	// splits them (1st+3rd v 2nd+4th).
	var first4 []int64
	for _, l := range lines[:4] {
		first4 = append(first4, l.Entry.ID)
	}
	assert.ElementsMatch(t, first4, r2.Tables[0].People())
	assert.Equal(t, []int64{lines[0].Entry.ID, lines[2].Entry.ID}, r2.Tables[0].Sides[0].Members())

	_, l1 := Format{}.PairingOrder(st, 1)
	assert.Len(t, l1, 8, "round 1: the random order")
	_, none := Format{}.PairingOrder(st, 3)
	assert.Nil(t, none)
}
