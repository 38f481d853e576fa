package danish

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// markForfeit marks the table where a and b sit in round r as forfeited by absent.
func markForfeit(t *testing.T, r *tournament.Round, a, b, absent int64) {
	t.Helper()
	tb := tableOf(r, a)
	require.Contains(t, tb.Entries(), b)
	for _, s := range tb.Sides {
		if s.EntryID == absent {
			tb.Hands, tb.Outcome = nil, tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: s.Position}
		}
	}
}

// TestForfeitIsNotAMeeting (RULES.md 4.3): round 1 A-B, C-D played; round 2 both tables
// forfeited (C did not turn up against A, B not against D). Standings A 32, C 20, D 12,
// B 0: 1–2, 3–4 is A-C, D-B, the round-2 tables. A forfeit is not a meeting, so in no-
// rematch and in modified Danish (round 3 of 4) the two sides are paired again; as a
// meeting they would be kept apart (A-D, C-B).
func TestForfeitIsNotAMeeting(t *testing.T) {
	for _, mode := range []Pairing{NoRematch, Modified} {
		t.Run(string(mode), func(t *testing.T) {
			st := field(4, settings(mode, 4))
			r1 := draw(t, st, 1)
			r1.Tables = []tournament.Table{{Number: 1, Sides: tournament.SidesFromEntries([]int64{A, B})},
				{Number: 2, Sides: tournament.SidesFromEntries([]int64{C, D})}}
			play(st, r1, A, B, 2000) // 20-0
			play(st, r1, C, D, 1600) // 20-0
			r2 := draw(t, st, 2)
			require.Equal(t, []string{"A-C", "D-B"}, names(st, r2))
			markForfeit(t, r2, A, C, C)
			markForfeit(t, r2, D, B, B)
			r3 := draw(t, st, 3)
			assert.Equal(t, []string{"A-C", "D-B"}, names(st, r3), "paired again as the order says: a forfeit is not a meeting")

			_, lines := Format{}.PairingOrder(st, 3)
			require.Len(t, lines, 4)
			for _, l := range lines {
				assert.Equal(t, 2, l.ForfeitRound, "%s: the page says their round-2 forfeit was not a meeting", l.Entry.Name)
				assert.Empty(t, l.Why, "%s: not moved", l.Entry.Name)
			}
		})
	}
}

// TestForfeitWonIsABye (RULES.md 4.3): 7 sides drawn, B withdrawn after forfeiting
// round 1 to A; the bye scores 0 VP, so A (0 VP, 0 MP) is the lowest-ranked of the six
// without a drawn bye. A has had its bye (it scored without playing): round 2's bye goes
// to the lowest of the others, never to A while they have none.
func TestForfeitWonIsABye(t *testing.T) {
	s := settings(NoRematch, 4)
	s.Sides, s.ByeVP = Individuals, 0
	st := field(8, s)
	r1 := draw(t, st, 5)
	r1.Tables = []tournament.Table{{Number: 1, Sides: tournament.SidesFromEntries([]int64{A, B})},
		{Number: 2, Sides: tournament.SidesFromEntries([]int64{C, D})},
		{Number: 3, Sides: tournament.SidesFromEntries([]int64{5, 6})},
		{Number: 4, Sides: tournament.SidesFromEntries([]int64{7, 8})}}
	r1.Byes = nil
	markForfeit(t, r1, A, B, B)
	play(st, r1, C, D, 0) // 10-10 draws: everyone else 10 VP
	play(st, r1, 5, 6, 0)
	play(st, r1, 7, 8, 0)
	st.Entries[B-1].Withdrawn = true // B did not turn up: 7 sides left, one bye

	lines := Running(st, 2, 6)
	require.Equal(t, A, lines[len(lines)-1].Entry, "A (0 VP) is last in the order")
	assert.Equal(t, 1, lines[len(lines)-1].Byes, "A's forfeit won counts as its bye")
	r2 := draw(t, st, 6)
	require.Len(t, r2.Byes, 1)
	assert.NotEqual(t, A, r2.Byes[0].EntryID, "A has had its bye; the others have none")
	assert.Equal(t, lines[len(lines)-2].Entry, r2.Byes[0].EntryID, "the lowest-ranked side without a bye")

	_, order := Format{}.PairingOrder(st, 2)
	for _, l := range order {
		if l.Entry.ID == A {
			assert.Equal(t, 1, l.Byes)
			assert.Equal(t, 1, l.ForfeitByes, "the page says the bye is a forfeit won")
		}
	}
}
