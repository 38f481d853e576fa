package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// scoresOf is a stage as LoadStamped reads it for the derived state: each hand's
// figures reduced to its form.
func scoresOf(st *tournament.State) *tournament.State {
	cp := st.Clone()
	for ri := range cp.Rounds {
		for ti := range cp.Rounds[ri].Tables {
			for hi := range cp.Rounds[ri].Tables[ti].Hands {
				h := &cp.Rounds[ri].Tables[ti].Hands[hi]
				h.Figures = scoring.Hand{Form: h.Figures.Form}
			}
		}
	}
	return cp
}

// TestDerivedStateIsTheFullLoadsScores: the derived state (LoadStamped) is the full
// load (Load) with each hand's figures reduced to its form, and every result the
// format derives from it (each table's result, the standings, the next step) is the
// one the full load gives. Sheets in every form: components, base + cards, totals.
func TestDerivedStateIsTheFullLoadsScores(t *testing.T) {
	f := newEvening(t, 12, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	for tb := 1; tb <= 4; tb++ {
		sh := sheet()
		if tb == 2 {
			sh.Hands[1][2] = &scoring.Hand{Form: scoring.TotalOnly, Total: 35}
		}
		_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, tb, sh, "anna")
		require.NoError(t, err)
	}
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 4}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 3, sheet(), "anna") // round 2 partly entered
	require.NoError(t, err)

	full, err := f.db.Load(f.ctx, f.tid)
	require.NoError(t, err)
	light, stamp, err := f.db.LoadStamped(f.ctx, f.tid, 0)
	require.NoError(t, err)
	assert.Equal(t, full.Tournament.Revision, stamp.Revision)
	fig := full.Rounds[0].Tables[0].Hands[0].Figures
	require.Equal(t, scoring.Hand{Form: scoring.Components, Clean: 1, Dirty: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420}, fig,
		"the full load has the figures (the comparison below means something)")
	assert.Equal(t, scoring.Hand{Form: scoring.Components}, light.Rounds[0].Tables[0].Hands[0].Figures)
	assert.Equal(t, scoresOf(full), light)

	format := full.Format()
	for ri := range full.Rounds {
		for ti := range full.Rounds[ri].Tables {
			assert.Equal(t, format.Result(full, &full.Rounds[ri].Tables[ti]), format.Result(light, &light.Rounds[ri].Tables[ti]),
				"round %d table %d", ri+1, ti+1)
		}
	}
	wantCols, wantLines := format.Standings(full)
	cols, lines := format.Standings(light)
	assert.Equal(t, wantCols, cols)
	assert.Equal(t, wantLines, lines)
	require.Len(t, lines, 12)
	assert.NotZero(t, lines[0].Values[0], "standings with points (the comparison means something)")
	wantNext := format.Next(full)
	next := format.Next(light)
	assert.Equal(t, wantNext, next)

	// The service's standings, from the derived state, are the same.
	_, svcCols, svcLines, err := (&tournament.Tournaments{Store: f.db, Players: f.db}).Standings(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, wantCols, svcCols)
	assert.Equal(t, wantLines, svcLines)
}

// TestDerivedStateReadsOddHands: the derived read takes a table's hands as one text
// value; a hand numbered past what the app saves, a side past 255 and a negative
// score (written here by hand) read back as they are.
func TestDerivedStateReadsOddHands(t *testing.T) {
	f := newEvening(t, 3, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sheet(), "anna")
	require.NoError(t, err)
	_, err = f.db.WriteSQL().ExecContext(f.ctx, "UPDATE hands SET hand_no = 40000, score = -123456 WHERE hand_no = 3 AND side = 2")
	require.NoError(t, err)
	_, err = f.db.WriteSQL().ExecContext(f.ctx, "UPDATE hands SET hand_no = 2000000000, side = 300 WHERE hand_no = 3 AND side = 3")
	require.NoError(t, err)

	full, err := f.db.Load(f.ctx, f.tid)
	require.NoError(t, err)
	hands := full.Rounds[0].Tables[0].Hands
	require.Equal(t, tournament.HandScore{Hand: 2000000000, Side: 300, Score: hands[len(hands)-1].Score, Figures: hands[len(hands)-1].Figures}, hands[len(hands)-1])
	require.Equal(t, -123456, hands[len(hands)-2].Score)
	light, _, err := f.db.LoadStamped(f.ctx, f.tid, 0)
	require.NoError(t, err)
	assert.Equal(t, scoresOf(full), light)
}
