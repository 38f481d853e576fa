package tournament_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/knockout"
)

// danishOne is a Danish evening of n individuals playing rounds rounds of 3 hands
// (the FIBUR 3-hand scale), scored as game totals.
func danishOne(t *testing.T, n, rounds int) *evening {
	return newEvening(t, danish.Name, n, func(st *tournament.Stage) {
		s := st.Settings.(danish.Settings)
		s.Sides, s.Count = danish.Individuals, rounds
		st.Settings = s
	})
}

// standingsOf returns the current stage's ranking as entry IDs, best first, and each
// entry's VP (in sixths) and MP.
func standingsOf(t *testing.T, ev *evening) (order []int64, vp, mp map[int64]int) {
	t.Helper()
	_, _, lines, err := ev.svc.Standings(ev.ctx, ev.tid)
	require.NoError(t, err)
	vp, mp = map[int64]int{}, map[int64]int{}
	for _, l := range lines {
		order = append(order, l.Entry.ID)
		vp[l.Entry.ID], mp[l.Entry.ID] = l.Values[danish.ValVP], l.Values[danish.ValMP]
	}
	return order, vp, mp
}

// TestContinuedDanishStage: a Danish stage continues a Danish stage; round 1 of the
// second pairs from the first's standings and its standings add both.
func TestContinuedDanishStage(t *testing.T) {
	ev := danishOne(t, 4, 1)
	r := ev.draw(tournament.DrawOptions{Seed: 3})
	require.Len(t, r.Tables, 2)
	a, b := r.Tables[0].Entries()[0], r.Tables[0].Entries()[1]
	c, d := r.Tables[1].Entries()[0], r.Tables[1].Entries()[1]
	// Stage 1 (FIBUR 3-hand scale, MP = the difference):
	//   table 1: A 1000 – B 600: +400 → 14–6 VP;  table 2: C 700 – D 600: +100 → 11–9 VP.
	//   A 14 VP +400, C 11 +100, D 9 −100, B 6 −400.
	ev.score(1, 1, 1000, 600)
	ev.score(1, 2, 700, 600)

	plan, err := ev.svc.NextStageAs(ev.ctx, ev.tid, danish.Name, tournament.StartContinued)
	require.NoError(t, err)
	assert.Equal(t, tournament.StartContinued, plan.Start)
	var carried []int64
	for _, e := range plan.Qualifiers {
		carried = append(carried, e.ID)
	}
	assert.Equal(t, []int64{a, c, d, b}, carried, "everyone carries on, best first")

	stage, err := ev.svc.StartStageAs(ev.ctx, ev.tid, danish.Name, tournament.StartContinued, director)
	require.NoError(t, err)
	assert.Equal(t, tournament.StartContinued, stage.Start)
	// The stage's defaults: 3 rounds, individuals carried over from stage 1 (sameSides);
	// one round is enough here.
	cur := ev.state()
	s := cur.Stage
	ds := s.Settings.(danish.Settings)
	assert.Equal(t, danish.Individuals, ds.Sides)
	ds.Count = 1
	s.Settings = ds
	_, _, err = ev.svc.Update(ev.ctx, ev.tid, cur.Tournament, s, director)
	require.NoError(t, err)
	assert.Equal(t, tournament.StartContinued, ev.state().Stage.Start, "kept by a change of settings")

	// Before any round, the stage's standings are the carried ones.
	order, vp, mp := standingsOf(t, ev)
	assert.Equal(t, []int64{a, c, d, b}, order)
	assert.Equal(t, int(rp(14)), vp[a])
	assert.Equal(t, 400, mp[a])

	// Round 1 of stage 2 pairs 1–2, 3–4 of the carried standings: A v C, D v B (not at
	// random, as a first stage's round 1 is).
	r = ev.draw(tournament.DrawOptions{Seed: 3})
	require.Len(t, r.Tables, 2)
	assert.Equal(t, []int64{a, c}, r.Tables[0].Entries())
	assert.Equal(t, []int64{d, b}, r.Tables[1].Entries())
	// Stage 2: A 500 – C 900: −400 → 6–14 VP; D 800 – B 800: 0 → 10–10 VP.
	// Both stages: C 11+14 = 25 VP +500, A 14+6 = 20 0, D 9+10 = 19 −100, B 6+10 = 16 −400.
	ev.score(1, 1, 500, 900)
	ev.score(1, 2, 800, 800)
	order, vp, mp = standingsOf(t, ev)
	assert.Equal(t, []int64{c, a, d, b}, order)
	assert.Equal(t, map[int64]int{c: int(rp(25)), a: int(rp(20)), d: int(rp(19)), b: int(rp(16))}, vp)
	assert.Equal(t, map[int64]int{c: 500, a: 0, d: -100, b: -400}, mp)
}

// TestContinueRefusals: only a format adding the carried values (Danish, Mitchell) can
// continue, and only a stage ranked on the same values (VP, MP).
func TestContinueRefusals(t *testing.T) {
	fieldError := func(t *testing.T, err error, field, key string) {
		t.Helper()
		e, ok := tournament.AsError(err)
		require.True(t, ok, "a domain error: %v", err)
		assert.Equal(t, tournament.EINVALID, e.Code)
		assert.Equal(t, key, e.Fields[field], "%v", e.Fields)
	}
	ev := danishOne(t, 4, 1)
	ev.draw(tournament.DrawOptions{Seed: 3})
	ev.score(1, 1, 1000, 600)
	ev.score(1, 2, 700, 600)
	_, err := ev.svc.StartStageAs(ev.ctx, ev.tid, knockout.Name, tournament.StartContinued, director)
	fieldError(t, err, "start", "stage.cannot_continue")
	_, err = ev.svc.StartStageAs(ev.ctx, ev.tid, danish.Name, "later", director)
	fieldError(t, err, "start", "stage.err_start")
	_, err = ev.svc.StartStageAs(ev.ctx, ev.tid, danish.Name, tournament.StartSeeded, director)
	fieldError(t, err, "format", "stage.format_fed")
	assert.Equal(t, 1, ev.state().Stage.Seq, "nothing started")

	// A 3-player 6/3/1 stage ranks on ranking points, not VP and MP.
	tp := threePlayer(t, 6, 1)
	tp.draw(tournament.DrawOptions{Seed: 5})
	tp.score(1, 1, 1200, 800, 400)
	tp.score(1, 2, 300, 1100, 700)
	_, err = tp.svc.NextStageAs(tp.ctx, tp.tid, danish.Name, tournament.StartContinued)
	fieldError(t, err, "start", "stage.cannot_continue")
	_, err = tp.svc.StartStageAs(tp.ctx, tp.tid, danish.Name, tournament.StartContinued, director)
	fieldError(t, err, "start", "stage.cannot_continue")
	assert.Equal(t, 1, tp.state().Stage.Seq)

	// Not before the stage is finished.
	ev = danishOne(t, 4, 1)
	ev.draw(tournament.DrawOptions{Seed: 3})
	_, err = ev.svc.StartStageAs(ev.ctx, ev.tid, danish.Name, tournament.StartContinued, director)
	requireError(t, err, tournament.ECONFLICT, "stage.not_finished")
}
