package teams

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/danish"
)

// seat seats a round by hand: match k between teams ms[k][0] and ms[k][1].
func seat(r *tournament.Round, ms ...[2]int64) {
	r.Tables, r.Byes = nil, nil
	for k, m := range ms {
		r.Tables = append(r.Tables, tournament.MatchTables(k+1, m[0], m[1])...)
	}
}

// forfeitMatch marks both tables of the match of team absent in round r as forfeited
// by it: the team did not turn up.
func forfeitMatch(r *tournament.Round, absent int64) {
	for i := range r.Tables {
		tb := &r.Tables[i]
		for _, s := range tb.Sides {
			if s.EntryID == absent {
				tb.Hands, tb.Outcome = nil, tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: s.Position}
			}
		}
	}
}

// TestTeamsForfeitIsNotAMeeting (RULES.md 4.3): round 1 A-B and C-D played (A and C
// win); round 2 A-C and D-B forfeited (C and B did not turn up). In round 3, no
// rematches, 1–2, 3–4 pairs A and C, D and B again: a forfeit is not a meeting.
func TestTeamsForfeitIsNotAMeeting(t *testing.T) {
	st := field(4, settings(danish.NoRematch, 4))
	r1 := draw(t, st, 1)
	seat(r1, [2]int64{1, 2}, [2]int64{3, 4})
	score(st, &r1.Tables[0], 1500, 500)
	score(st, &r1.Tables[1], 1500, 500)
	score(st, &r1.Tables[2], 1400, 500)
	score(st, &r1.Tables[3], 1400, 500)
	r2 := draw(t, st, 2)
	seat(r2, [2]int64{1, 3}, [2]int64{4, 2})
	forfeitMatch(r2, 3)
	forfeitMatch(r2, 2)
	r3 := draw(t, st, 3)
	var got []string
	for _, m := range matches(st, r3) {
		if m[0] > m[2] {
			m = m[2:] + "-" + m[:1]
		}
		got = append(got, m)
	}
	assert.ElementsMatch(t, []string{"A-C", "B-D"}, got, "paired again: a forfeit is not a meeting")
	_, lines := Format{}.PairingOrder(st, 3)
	for _, l := range lines {
		assert.Equal(t, 2, l.ForfeitRound, "%s: the page says their round-2 forfeit was not a meeting", l.Entry.Name)
	}
}

// TestTeamsForfeitWonIsABye (RULES.md 4.3): eight teams; in round 1 B forfeits its match
// to A and withdraws, the other matches are drawn. A (0 VP) is the lowest of seven, none
// with a drawn bye; A has had its bye, so round 2's goes to another team.
func TestTeamsForfeitWonIsABye(t *testing.T) {
	st := field(8, settings(danish.NoRematch, 4))
	r1 := draw(t, st, 1)
	seat(r1, [2]int64{1, 2}, [2]int64{3, 4}, [2]int64{5, 6}, [2]int64{7, 8})
	forfeitMatch(r1, 2)
	for i := 2; i < len(r1.Tables); i++ {
		score(st, &r1.Tables[i], 1000, 1000)
	}
	st.Entries[1].Withdrawn = true
	r2 := draw(t, st, 2)
	require.Len(t, r2.Byes, 1)
	assert.NotEqual(t, int64(1), r2.Byes[0].EntryID, "A has had its bye; the others have none")
	_, lines := Format{}.PairingOrder(st, 2)
	for _, l := range lines {
		if l.Entry.ID == 1 {
			assert.Equal(t, 1, l.Byes)
			assert.Equal(t, 1, l.ForfeitByes)
		}
	}
}
