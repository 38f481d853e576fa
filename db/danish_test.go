package db_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/knockout"
)

// newDanish creates a Danish tournament of pairs (3 rounds, no rematches) with 2n
// registered players, none entered.
func newDanish(t *testing.T, n int) *pairsFixture {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), danish.Name)
	require.NoError(t, err)
	tr.Name = "Danese"
	s := stage.Settings.(danish.Settings)
	s.Count = 3
	stage.Settings = s
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	f := &pairsFixture{fixture: fixture{ctx, svc, tr.ID, d}}
	for i := 1; i <= 2*n; i++ {
		p := tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, &p))
		f.players = append(f.players, p)
	}
	return f
}

// game saves a table's round as two game totals.
func (f *pairsFixture) game(t *testing.T, round, table, a, b int, next string) (*tournament.SheetOutcome, error) {
	t.Helper()
	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
	return f.svc.SaveSheet(f.ctx, f.tid, round, table, tournament.Sheet{Hands: [][]*scoring.Hand{{gt(a), gt(b)}}, NextRound: next}, "anna")
}

// TestDanishLateArrivalAndScaleCopy: the FIBUR 3-hand scale is copied into the stage at
// round 1; a pair arriving after round 1 is awarded its bye (12 VP, logged), which counts
// for the bye rule: round 2's bye goes to another side.
func TestDanishLateArrivalAndScaleCopy(t *testing.T) {
	f := newDanish(t, 5)
	ids := f.enteredPairs(t, 5)
	no, yes := false, true
	_, _, err := f.svc.SetEntry(f.ctx, f.tid, ids[4], tournament.EntryChange{CheckedIn: &no}, "anna")
	require.NoError(t, err)
	r1, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	require.Len(t, r1.Tables, 2)
	assert.Empty(t, r1.Byes)
	st := f.state(t)
	require.NotNil(t, st.Stage.Scale, "round 1 copies the scale into the stage")
	assert.Equal(t, scoring.FIBUR3.Bands, st.Stage.Scale.Bands)

	_, err = f.game(t, 1, 1, 1400, 1000, "") // +400: 14-6
	require.NoError(t, err)
	_, err = f.game(t, 1, 2, 1000, 1100, "") // -100: 9-11
	require.NoError(t, err)

	_, _, err = f.svc.SetEntry(f.ctx, f.tid, ids[4], tournament.EntryChange{CheckedIn: &yes}, "anna")
	require.NoError(t, err)
	rounds, err := f.svc.AwardMissed(f.ctx, f.tid, ids[4], "anna")
	require.NoError(t, err)
	assert.Equal(t, []int{1}, rounds)

	_, _, order, err := f.svc.PairingOrder(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Len(t, order, 4, "round 1's pairing order is its draw's field, not the late pair awarded a bye since")
	r2, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 4}, "anna")
	require.NoError(t, err)
	require.Len(t, r2.Byes, 1)
	_, _, order, err = f.svc.PairingOrder(f.ctx, f.tid, 2)
	require.NoError(t, err)
	assert.Len(t, order, 5)
	assert.NotEqual(t, ids[4], r2.Byes[0].EntryID, "the late pair had its bye in round 1")
	_, cols, standings, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, "vp", cols[0].Name)
	for _, s := range standings {
		if s.Entry.ID == ids[4] {
			assert.Equal(t, []int{int(tournament.RP(12)), 0}, s.Values, "the awarded bye: 12 VP, 0 MP")
		}
	}
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	var log []string
	for _, e := range evs {
		log = append(log, e.Kind+" "+strings.Join(e.Args, "|"))
	}
	assert.Contains(t, log, "missed_bye Test P09 / Test P10|12|1", "arrived late: bye points 12 for round 1")
}

// TestDanishCorrectionAfterTheNextDraw: correcting round 1 after round 2 was drawn (not
// started) asks the director, with who would move; "reseat" pairs round 2 again from the
// corrected standings, with round 2's own seed.
func TestDanishCorrectionAfterTheNextDraw(t *testing.T) {
	f := newDanish(t, 4)
	f.enteredPairs(t, 4)
	r1, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	a, b := r1.Tables[0].Entries(), r1.Tables[1].Entries()
	_, err = f.game(t, 1, 1, 2000, 0, "") // a[0] +2000
	require.NoError(t, err)
	_, err = f.game(t, 1, 2, 1600, 0, "") // b[0] +1600
	require.NoError(t, err)
	r2, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 6}, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int64{a[0], b[0]}, r2.Tables[0].Entries(), "the two winners")

	// Table 1 was the other way round: a[1] won. Now a[1] and b[0] lead.
	_, err = f.game(t, 1, 1, 0, 2000, "")
	require.Error(t, err)
	e, _ := tournament.AsError(err)
	assert.Equal(t, "sheet.reseat_choice", e.Key, "nothing saved until the director chooses")
	out, err := f.game(t, 1, 1, 0, 2000, tournament.NextReseat)
	require.NoError(t, err)
	assert.True(t, out.Reseated)
	st := f.state(t)
	assert.Equal(t, []int64{a[1], b[0]}, st.Rounds[1].Tables[0].Entries(), "a[1] (20 VP, +2000) above b[0] (20 VP, +1600)")
	assert.Equal(t, []int64{b[1], a[0]}, st.Rounds[1].Tables[1].Entries(), "b[1] (0 VP, -1600) above a[0] (0 VP, -2000)")
}

// TestDanishPairsIntoKnockout: a Danish stage of pairs feeds a knockout of pairs (the
// knockout's default is individuals): its top 4 pairs are seeded 1 v 4, 2 v 3.
func TestDanishPairsIntoKnockout(t *testing.T) {
	f := newDanish(t, 6)
	f.enteredPairs(t, 6)
	st := f.state(t)
	stage := st.Stage
	s := stage.Settings.(danish.Settings)
	s.Count = 2
	stage.Settings, stage.Qualifiers = s, 4
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	for r := 1; r <= 2; r++ {
		g, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(40 + r)}, "anna")
		require.NoError(t, err)
		for _, tb := range g.Tables {
			_, err := f.game(t, r, tb.Number, 1000+200*tb.Number+50*r, 0, "")
			require.NoError(t, err)
		}
	}
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	var top []int64
	for _, l := range lines[:4] {
		require.True(t, l.Qualifies, "%s", l.Entry.Name)
		top = append(top, l.Entry.ID)
	}
	next, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	assert.True(t, next.Settings.Pairs(), "pairs feed a knockout of pairs")
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, tournament.SeatsOf(r).Tables)
}
