package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A pair import matches a name that several registered players share when only one of
// them can be meant: the only active one (a duplicate deactivated in the registry), or
// the only one of the club the file gives. Only a real tie asks for the card number.
func TestMatchPairsNameSharedByAnInactiveOrOtherClubPlayer(t *testing.T) {
	registry := []Player{
		{ID: 10, FirstName: "Gina", LastName: "Mazzà", Active: true},
		{ID: 13, FirstName: "Gina", LastName: "Mazza", Active: false},
		{ID: 20, FirstName: "Mario", LastName: "Rossi", Club: "Circolo Roma", Active: true},
		{ID: 21, FirstName: "Mario", LastName: "Rossi", Club: "Forlì", Active: true},
		{ID: 30, FirstName: "Ugo", LastName: "Tinti", Active: true},
		{ID: 31, FirstName: "Ada", LastName: "Neri", Active: true},
		{ID: 32, FirstName: "Ada", LastName: "Neri", Active: true},
	}
	row := func(a, b Player) []PairRow {
		return []PairRow{{Line: 2, Members: [2]PairMember{{Player: a}, {Player: b}}}}
	}
	ugo := Player{FirstName: "Ugo", LastName: "Tinti", Active: true}

	rows := row(Player{FirstName: "Gina", LastName: "Mazzà", Active: true}, ugo)
	assert.True(t, matchPairs(rows, registry, nil), "%v", rows[0].Errors)
	assert.Equal(t, int64(10), rows[0].Members[0].Match, "the active Mazzà Gina")

	rows = row(Player{FirstName: "Mario", LastName: "Rossi", Club: "forli", Active: true}, ugo)
	assert.True(t, matchPairs(rows, registry, nil), "%v", rows[0].Errors)
	assert.Equal(t, int64(21), rows[0].Members[0].Match, "the Rossi Mario of Forlì")

	rows = row(Player{FirstName: "Mario", LastName: "Rossi", Active: true}, ugo)
	assert.False(t, matchPairs(rows, registry, nil))
	assert.Equal(t, "pairs_import.ambiguous", rows[0].Errors["p1.last_name"], "no club: which Rossi Mario?")

	rows = row(Player{FirstName: "Ada", LastName: "Neri", Active: true}, ugo)
	assert.False(t, matchPairs(rows, registry, nil))
	assert.Equal(t, "pairs_import.ambiguous", rows[0].Errors["p1.last_name"], "two active, no club")
}
