package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRoundPlaceSubs(t *testing.T) {
	r := Round{
		Tables: []Table{{Number: 1, Sides: []Side{{EntryID: 7}, {EntryID: -1}, {EntryID: -2}}}},
		Byes:   []Bye{{EntryID: -2}, {EntryID: -3}},
	}
	r.PlaceSubs([]Entry{{ID: 40}, {ID: 41}})
	assert.Equal(t, []int64{7, 40, 41}, []int64{r.Tables[0].Sides[0].EntryID, r.Tables[0].Sides[1].EntryID, r.Tables[0].Sides[2].EntryID})
	// -3 names no substitute: it is left as it is for the caller's checks to refuse.
	assert.Equal(t, []int64{41, -3}, []int64{r.Byes[0].EntryID, r.Byes[1].EntryID})
}
