package db_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// TestTeamCardPINIsTheSeatedPairs: with card PINs, a team's side proves itself with the
// card of a player of the pair seated there, not of any player of the team.
func TestTeamCardPINIsTheSeatedPairs(t *testing.T) {
	f := newTeams(t, 8)
	card := map[int64]string{}
	for i, p := range f.players {
		p.CardNumber = fmt.Sprintf("FIB%05d", 10001+i)
		require.NoError(t, f.db.UpdatePlayer(f.ctx, &p))
		card[p.ID] = p.CardNumber[len(p.CardNumber)-4:]
	}
	_, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 4), "anna")
	require.NoError(t, err)
	_, err = f.svc.AddTeam(f.ctx, f.tid, "Orsi", f.ids(5, 8), "anna")
	require.NoError(t, err)
	_, err = f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	codes := f.reporting(t, false, tournament.PINCard)
	st := f.state(t)
	tb := st.Rounds[0].Tables[0]
	side := tb.Sides[0]
	pair := st.LineupOf(side.EntryID, 1).Pairs[side.Pair-1]
	var other int64 // a player of the same team not at this table's side
	for _, m := range st.Entry(side.EntryID).Members {
		if m.PlayerID != pair[0] && m.PlayerID != pair[1] {
			other = m.PlayerID
		}
	}
	require.NotZero(t, other)
	var sh tournament.ReportSheet
	for range st.Stage.HandsPerRound() {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(300), total(100)})
	}
	_, err = f.svc.Report(f.ctx, codes[0].Code, 1, card[other], sh, "10.0.0.1")
	assert.Equal(t, "report.pin", errKey(err), "a teammate seated at the other table")
	_, err = f.svc.Report(f.ctx, codes[0].Code, 1, card[pair[1]], sh, "10.0.0.1")
	require.NoError(t, err, "a player of the pair seated there")
}
