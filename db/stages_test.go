package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/knockout"
)

// qualifyingOf12 is a finished 3-player evening of 12 whose top 4 qualify; it returns
// the fixture and the top 4, best first.
func qualifyingOf12(t *testing.T) (*fixture, []int64) {
	t.Helper()
	f := newEvening(t, 12, nil)
	st := f.state(t)
	stage := st.Stage
	stage.Qualifiers = 4
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	for g := 1; g <= 2; g++ {
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(40 + g)}, "anna")
		require.NoError(t, err)
		f.fillDistinct(t, g)
	}
	_, _, lines, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	var top []int64
	for _, l := range lines[:4] {
		require.True(t, l.Qualifies)
		top = append(top, l.Entry.ID)
	}
	return f, top
}

// eventOf returns the latest log line of a kind.
func eventOf(t *testing.T, f *fixture, kind string) tournament.Event {
	t.Helper()
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	for _, e := range evs {
		if e.Kind == kind {
			return e
		}
	}
	t.Fatalf("no %q line", kind)
	return tournament.Event{}
}

// Starting the next stage is asked first (issue 17, bug 7): NextStage says what it
// would do, changing nothing, and refuses as StartStage does.
func TestNextStagePlan(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.NextStage(f.ctx, f.tid, knockout.Name)
	assert.Equal(t, "stage.not_finished", keyOf(err))

	f, top := qualifyingOf12(t)
	plan, err := f.svc.NextStage(f.ctx, f.tid, knockout.Name)
	require.NoError(t, err)
	assert.Equal(t, [3]any{1, 2, knockout.Name}, [3]any{plan.From, plan.Seq, plan.Format})
	var ids []int64
	for _, e := range plan.Qualifiers {
		ids = append(ids, e.ID)
	}
	assert.Equal(t, top, ids, "the qualifiers, best first")
	assert.Equal(t, 1, f.state(t).Stage.Seq, "nothing started")
	_, err = f.svc.NextStage(f.ctx, f.tid, "individual3")
	assert.Equal(t, "error.invalid", keyOf(err))
}

// A stage start is undone through the log while the new stage has no score (issue 17,
// bug 7): its drawn round 1 goes with it, the qualifying stage is current again, and
// the undo is logged; once a match of it has a score, the undo is refused.
func TestUndoStageStart(t *testing.T) {
	f, top := qualifyingOf12(t)
	_, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	start := eventOf(t, f, "stage")
	require.True(t, start.Undoable(), "a stage start offers its undo")

	done, err := f.svc.Undo(f.ctx, f.tid, start.ID, "anna")
	require.NoError(t, err)
	assert.Equal(t, start.ID, done.Undoes)
	st := f.state(t)
	assert.Equal(t, 1, st.Stage.Seq, "the qualifying stage is current again")
	assert.Len(t, st.Rounds, 2)
	assert.Equal(t, start.ID, eventOf(t, f, "undo").Undoes, "logged")

	// Started again: the same seeds; once a match has a score, the start stays.
	next, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, next.Seq)
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	assert.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, tournament.SeatsOf(r).Tables)
	f.match(t, 1, 1, 400, 600)
	_, err = f.svc.Undo(f.ctx, f.tid, eventOf(t, f, "stage").ID, "anna")
	assert.Equal(t, "undo.stage_scored", keyOf(err))
	assert.Equal(t, 2, f.state(t).Stage.Seq)
}

// correctStage1 enters table tb of game g of stage 1 again so that its seat 3 wins by far.
func correctStage1(t *testing.T, f *fixture, g, tb int) *tournament.SheetOutcome {
	t.Helper()
	sh := tournament.Sheet{Stage: 1}
	for range 3 {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(-100), total(0), total(2000)})
	}
	out, err := f.svc.SaveSheet(f.ctx, f.tid, g, tb, sh, "anna")
	require.NoError(t, err)
	return out
}

// A stage-1 sheet can be corrected once stage 2 started (issue 17, bug 7); when the
// correction changes who qualifies or the seeding, the knockout's round 1, with no
// score, is seated again from the corrected standings (with its seed), and logged;
// once it has a score, its seats stay and the change is flagged.
func TestCorrectEarlierStageReseeds(t *testing.T) {
	f, top := qualifyingOf12(t)
	_, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	r1, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	require.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, tournament.SeatsOf(r1).Tables)

	// The stage-1 sheet reads as it was.
	ts, err := f.svc.StageTable(f.ctx, f.tid, 1, 2, 4)
	require.NoError(t, err)
	assert.Equal(t, 1, ts.Stage.Seq)
	loser := ts.Table.Sides[2].EntryID // third at table 4 of game 2: out of the top 4
	require.NotContains(t, top, loser)

	out := correctStage1(t, f, 2, 4)
	require.NotNil(t, out.Requalified, "the correction changes who qualifies")
	assert.True(t, out.Requalified.Reseeded)
	assert.False(t, out.Requalified.Flagged)
	assert.Equal(t, top, out.Requalified.Before)
	assert.Contains(t, out.Requalified.After, loser)
	st := f.state(t)
	require.Equal(t, 2, st.Stage.Seq, "still in stage 2")
	assert.Contains(t, st.Rounds[0].People(), loser, "round 1 of the knockout seated again")
	after := out.Requalified.After
	assert.Equal(t, [][]int64{{after[0], after[3]}, {after[1], after[2]}}, tournament.SeatsOf(&st.Rounds[0]).Tables)
	assert.Equal(t, r1.Seed, st.Rounds[0].Seed)
	ev := eventOf(t, f, "scores_corrected")
	require.NotEmpty(t, ev.Also)
	assert.Equal(t, "event.also.requalified_reseeded", ev.Also[len(ev.Also)-1].Key)

	// The same correction again changes nothing more.
	out = correctStage1(t, f, 2, 4)
	assert.Nil(t, out.Requalified)

	// Once the knockout has a score, its seats stay: flagged.
	f.match(t, 1, 1, 400, 600)
	sh := tournament.Sheet{Stage: 1}
	for range 3 {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(-100), total(0), total(100)})
	}
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 4, sh, "anna")
	require.NoError(t, err)
	require.NotNil(t, out.Requalified)
	assert.True(t, out.Requalified.Flagged)
	assert.False(t, out.Requalified.Reseeded)
	assert.Equal(t, tournament.SeatsOf(&st.Rounds[0]), tournament.SeatsOf(&f.state(t).Rounds[0]), "seats kept")
}

// A late arrival awarded the game under way keeps the award when the director changes
// the game's seats (issue 17, bug 4): the award is not a sit-out, whatever its place in
// the list of those who do not play.
func TestSeatChangeKeepsTheAward(t *testing.T) {
	f := newEvening(t, 7, nil)
	r, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
	require.NoError(t, err)
	require.Len(t, r.Byes, 1)
	late, err := f.svc.AddNewPlayer(f.ctx, f.tid, &tournament.Player{FirstName: "Tardi", LastName: "Zeta"}, "anna")
	require.NoError(t, err)
	here := true
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, late.ID, tournament.EntryChange{CheckedIn: &here}, "anna")
	require.NoError(t, err)
	_, err = f.svc.AwardMissed(f.ctx, f.tid, late.ID, "anna")
	require.NoError(t, err)

	seats := tournament.SeatsOf(&f.state(t).Rounds[0])
	require.Equal(t, []int64{r.Byes[0].EntryID, late.ID}, seats.Byes)
	seats.Byes[0], seats.Byes[1] = seats.Byes[1], seats.Byes[0]
	require.NoError(t, f.svc.OverrideSeats(f.ctx, f.tid, 1, seats, "anna"))
	byes := f.state(t).Rounds[0].Byes
	assert.ElementsMatch(t, []tournament.Bye{
		{EntryID: late.ID, Points: tournament.RP(3), Awarded: true},
		{EntryID: r.Byes[0].EntryID, Points: tournament.RP(3)},
	}, byes)
}
