package db_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/danish"
)

// TestContinuedStageStoredAndCopied: a Danish stage continuing a Danish stage keeps how
// it started, its standings add the carried values (read back from the database), and
// the JSON document carries "start" through an export and an import.
func TestContinuedStageStoredAndCopied(t *testing.T) {
	f := newDanish(t, 4)
	f.enteredPairs(t, 4)
	st := f.state(t)
	stage := st.Stage
	s := stage.Settings.(danish.Settings)
	s.Count = 1
	stage.Settings = s
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	g, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
	require.NoError(t, err)
	// Table 1: +400 → 14-6 VP; table 2: +100 → 11-9 VP (FIBUR 3 hands).
	_, err = f.game(t, 1, 1, 1000, 600, "")
	require.NoError(t, err)
	_, err = f.game(t, 1, 2, 700, 600, "")
	require.NoError(t, err)
	a, b := g.Tables[0].Entries()[0], g.Tables[0].Entries()[1]

	next, err := f.svc.StartStageAs(f.ctx, f.tid, danish.Name, tournament.StartContinued, "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.StartContinued, next.Start)
	st = f.state(t)
	assert.Equal(t, tournament.StartContinued, st.Stage.Start, "stored")
	require.Contains(t, st.Carry, a)
	assert.Equal(t, []int{int(tournament.RP(14)), 400}, st.Carry[a].Values)
	assert.Equal(t, []int64{b}, st.Carry[a].Met)
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, lines, 4)
	assert.Equal(t, a, lines[0].Entry.ID, "the carried standings, before any round")
	assert.Equal(t, []int{int(tournament.RP(14)), 400}, lines[0].Values)

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"start":"continued"`)
	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	_, err = svc2.Import(f.ctx, raw)
	require.NoError(t, err)
	back := mustLoad(t, svc2, f.tid)
	assert.Equal(t, tournament.StartContinued, back.Stage.Start)
	assert.Equal(t, st.Carry, back.Carry)
}
