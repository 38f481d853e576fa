package db_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
