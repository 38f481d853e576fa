package db_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/threeplayer"
)

// latest returns the newest line of the log.
func (f *fixture) latest(t *testing.T) tournament.Event {
	t.Helper()
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	require.NotEmpty(t, evs)
	return evs[0]
}

func rowsSheet(rows ...[]int) tournament.Sheet {
	var sh tournament.Sheet
	for _, r := range rows {
		var row []*scoring.Hand
		for _, v := range r {
			row = append(row, total(v))
		}
		sh.Hands = append(sh.Hands, row)
	}
	return sh
}

var winsSeat1 = rowsSheet([]int{300, 100, -100}, []int{300, 100, -100}, []int{300, 100, -100})

// Every kind of change is logged with what it concerns and its values before and after.
func TestAuditRecordsEachKindOfChange(t *testing.T) {
	f := newEvening(t, 6, nil)
	st := f.state(t)
	p1 := st.Entries[0]
	type step struct {
		name    string
		do      func() error
		kind    string
		changes func(st *tournament.State) []tournament.Change
		round   int
		table   int
	}
	var before *tournament.State
	steps := []step{
		{"settings", func() error {
			tr, stage := st.Tournament, st.Stage
			tr.Venue = "Circolo Bridge"
			_, _, err := f.svc.Update(f.ctx, f.tid, tr, stage, "anna")
			return err
		}, "settings", func(*tournament.State) []tournament.Change {
			return []tournament.Change{{What: "tournament.venue", Before: "", After: "Circolo Bridge"}}
		}, 0, 0},
		{"entry absent", func() error {
			no := false
			_, _, err := f.svc.SetEntry(f.ctx, f.tid, p1.ID, tournament.EntryChange{CheckedIn: &no}, "anna")
			return err
		}, "entry", func(*tournament.State) []tournament.Change {
			return []tournament.Change{{What: "change.present", Before: "change.yes", After: "change.no", Words: true}}
		}, 0, 0},
		{"entry present", func() error {
			yes := true
			_, _, err := f.svc.SetEntry(f.ctx, f.tid, p1.ID, tournament.EntryChange{CheckedIn: &yes}, "anna")
			return err
		}, "entry", func(*tournament.State) []tournament.Change {
			return []tournament.Change{{What: "change.present", Before: "change.no", After: "change.yes", Words: true}}
		}, 0, 0},
		{"draw", func() error {
			_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 7}, "anna")
			return err
		}, "draw", nil, 1, 0},
		{"seats", func() error {
			before = f.state(t)
			s := tournament.SeatsOf(before.Round(1))
			s.Tables[0][0], s.Tables[1][0] = s.Tables[1][0], s.Tables[0][0]
			return f.svc.OverrideSeats(f.ctx, f.tid, 1, s, "anna")
		}, "seats_override", func(*tournament.State) []tournament.Change {
			r := before.Round(1)
			a, b := before.Entry(r.Tables[0].Sides[0].EntryID).Name, before.Entry(r.Tables[1].Sides[0].EntryID).Name
			return []tournament.Change{{What: "change.seat", Of: []string{a}, Before: "1/1", After: "2/1"},
				{What: "change.seat", Of: []string{b}, Before: "2/1", After: "1/1"}}
		}, 1, 0},
		{"first scores", func() error {
			_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, winsSeat1, "anna")
			return err
		}, "scores", func(st *tournament.State) []tournament.Change {
			var out []tournament.Change
			for h := 1; h <= 3; h++ {
				for s, v := range []int{300, 100, -100} {
					out = append(out, tournament.Change{What: "change.hand", Of: []string{fmt.Sprint(h), st.Entry(st.Round(1).Tables[0].Sides[s].EntryID).Name},
						Before: "", After: fmt.Sprint(v), AfterHand: &scoring.Hand{Form: scoring.TotalOnly, Total: v}})
				}
			}
			return out
		}, 1, 1},
		{"correction", func() error {
			_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, rowsSheet([]int{300, 100, -100}, []int{300, 100, -100}, []int{300, 390, -100}), "bruno")
			return err
		}, "scores_corrected", func(st *tournament.State) []tournament.Change {
			return []tournament.Change{{What: "change.hand", Of: []string{"3", st.Entry(st.Round(1).Tables[0].Sides[1].EntryID).Name}, Before: "100", After: "390",
				BeforeHand: &scoring.Hand{Form: scoring.TotalOnly, Total: 100}, AfterHand: &scoring.Hand{Form: scoring.TotalOnly, Total: 390}}}
		}, 1, 1},
		{"cleared", func() error {
			_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Clear: true}, "anna")
			return err
		}, "scores_cleared", nil, 1, 1},
		{"lock", func() error { return f.svc.Lock(f.ctx, f.tid, 1, true, "anna") }, "lock", nil, 1, 0},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			require.NoError(t, s.do())
			e := f.latest(t)
			assert.Equal(t, s.kind, e.Kind)
			assert.Equal(t, [2]int{s.round, s.table}, [2]int{e.Round, e.Table})
			assert.False(t, e.At.IsZero())
			assert.NotEmpty(t, e.Director)
			if s.changes != nil {
				assert.Equal(t, s.changes(f.state(t)), e.Changes)
			}
		})
	}
	assert.Equal(t, []string{"1"}, f.latest(t).Args, "the lock names its round")
}

// An undo puts back exactly what the change replaced, is logged itself, and marks the
// line it undid; it is refused, with the reason, when a later change depends on it.
func TestUndo(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	figures := rowsSheet([]int{300, 100, -100}, []int{300, 100, -100}, []int{300, 100, -100})
	figures.Hands[0][0] = &scoring.Hand{Form: scoring.BaseCards, Base: 200, Cards: 100}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, figures, "anna")
	require.NoError(t, err)
	first := f.latest(t)
	stored := f.state(t).Round(1).Tables[0].Hands
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, rowsSheet([]int{0, 0, 0}, []int{0, 0, 0}, []int{0, 0, 0}), "bruno")
	require.NoError(t, err)
	second := f.latest(t)

	t.Run("refused while the same table changed later", func(t *testing.T) {
		_, err := f.svc.Undo(f.ctx, f.tid, first.ID, "anna")
		assert.Equal(t, "undo.later", mustKey(t, err))
		e, _ := tournament.AsError(err)
		assert.Equal(t, []any{first.ID, second.ID}, e.Args)
	})
	t.Run("the latest correction undone restores the figures", func(t *testing.T) {
		u, err := f.svc.Undo(f.ctx, f.tid, second.ID, "carla")
		require.NoError(t, err)
		assert.Equal(t, second.ID, u.Undoes)
		assert.Equal(t, stored, f.state(t).Round(1).Tables[0].Hands, "figures and all")
		e := f.latest(t)
		assert.Equal(t, "undo", e.Kind)
		assert.Equal(t, "carla", e.Director)
		assert.Equal(t, second.ID, e.Undoes)
		assert.Equal(t, [2]int{1, 1}, [2]int{e.Round, e.Table})
		evs, _ := f.svc.Events(f.ctx, f.tid)
		assert.Equal(t, e.ID, evs[1].UndoneBy, "the correction is marked undone")
		_, err = f.svc.Undo(f.ctx, f.tid, second.ID, "anna")
		assert.Equal(t, "undo.already", mustKey(t, err))
	})
	t.Run("a draw is refused once its round has scores", func(t *testing.T) {
		evs, _ := f.svc.Events(f.ctx, f.tid)
		var draw tournament.Event
		for _, e := range evs {
			if e.Kind == "draw" {
				draw = e
			}
		}
		_, err := f.svc.Undo(f.ctx, f.tid, draw.ID, "anna")
		assert.Equal(t, "undo.later", mustKey(t, err))
		assert.Len(t, f.state(t).Rounds, 1)
	})
	t.Run("a locked round refuses sheets, seats and undo until unlocked", func(t *testing.T) {
		require.NoError(t, f.svc.Lock(f.ctx, f.tid, 1, true, "anna"))
		_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 2, winsSeat1, "anna")
		assert.Equal(t, "round.locked", mustKey(t, err))
		_, err = f.svc.Undo(f.ctx, f.tid, first.ID, "anna")
		assert.Equal(t, "round.locked", mustKey(t, err))
		require.NoError(t, f.svc.Lock(f.ctx, f.tid, 1, false, "anna"))
		assert.Equal(t, "unlock", f.latest(t).Kind)
		_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 2, winsSeat1, "anna")
		require.NoError(t, err)
	})
	t.Run("a score change is refused once the next round is drawn from it", func(t *testing.T) {
		_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, rowsSheet([]int{100, 300, -100}, []int{100, 300, -100}, []int{100, 300, -100}), "anna")
		require.NoError(t, err)
		f.fill(t, 1)
		evs, _ := f.svc.History(f.ctx, f.tid, 1, 1)
		save := evs[0]
		require.Equal(t, "scores_corrected", save.Kind)
		_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 5}, "anna")
		require.NoError(t, err)
		draw := f.latest(t)
		_, err = f.svc.Undo(f.ctx, f.tid, save.ID, "anna")
		assert.Equal(t, "undo.later", mustKey(t, err))
		e, _ := tournament.AsError(err)
		assert.Equal(t, []any{save.ID, draw.ID}, e.Args, "the draw of round 2 depends on it")

		// The draw, with nothing of round 2 entered, can be undone: the round goes.
		_, err = f.svc.Undo(f.ctx, f.tid, draw.ID, "anna")
		require.NoError(t, err)
		assert.Len(t, f.state(t).Rounds, 1)
	})
}

// Seats, settings and entries come back as they were.
func TestUndoSeatsSettingsEntries(t *testing.T) {
	f := newEvening(t, 6, nil)
	st := f.state(t)
	tr := st.Tournament
	tr.Venue = "Sala grande"
	_, _, err := f.svc.Update(f.ctx, f.tid, tr, st.Stage, "anna")
	require.NoError(t, err)
	_, err = f.svc.Undo(f.ctx, f.tid, f.latest(t).ID, "anna")
	require.NoError(t, err)
	assert.Equal(t, "", f.state(t).Tournament.Venue)

	no := false
	p := st.Entries[2].ID
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, p, tournament.EntryChange{CheckedIn: &no}, "anna")
	require.NoError(t, err)
	absent := f.latest(t)
	_, err = f.svc.Undo(f.ctx, f.tid, absent.ID, "anna")
	require.NoError(t, err)
	assert.True(t, f.state(t).Entry(p).CheckedIn)

	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 9}, "anna")
	require.NoError(t, err)
	drawn := tournament.SeatsOf(f.state(t).Round(1))
	s := tournament.SeatsOf(f.state(t).Round(1))
	s.Tables[0][0], s.Tables[1][2] = s.Tables[1][2], s.Tables[0][0]
	require.NoError(t, f.svc.Lock(f.ctx, f.tid, 1, true, "anna"))
	assert.Equal(t, "round.locked", mustKey(t, f.svc.OverrideSeats(f.ctx, f.tid, 1, s, "anna")))
	assert.Equal(t, "round.locked", mustKey(t, f.svc.UndoDraw(f.ctx, f.tid, 1, "anna")))
	seated := drawn.Tables[0][0]
	_, out, err := f.svc.SetEntry(f.ctx, f.tid, seated, tournament.EntryChange{CheckedIn: &no}, "anna")
	require.NoError(t, err)
	assert.True(t, out.StillSeated, "a locked round keeps who was in it")
	assert.Equal(t, drawn, tournament.SeatsOf(f.state(t).Round(1)))
	require.NoError(t, f.svc.Lock(f.ctx, f.tid, 1, false, "anna"))
	yes := true
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, seated, tournament.EntryChange{CheckedIn: &yes}, "anna")
	require.NoError(t, err)

	require.NoError(t, f.svc.OverrideSeats(f.ctx, f.tid, 1, s, "anna"))
	_, err = f.svc.Undo(f.ctx, f.tid, f.latest(t).ID, "anna")
	require.NoError(t, err)
	assert.Equal(t, drawn, tournament.SeatsOf(f.state(t).Round(1)))
	_, err = f.svc.Undo(f.ctx, f.tid, 1, "anna")
	assert.Equal(t, "undo.not_undoable", mustKey(t, err), "entering a player is not undone here")
}

// A settings change that can no longer be reversed once rounds are drawn (the hands
// per game) is refused with its own reason.
func TestUndoSettingsFixedByADraw(t *testing.T) {
	f := newEvening(t, 6, nil)
	st := f.state(t)
	s := st.Stage.Settings.(threeplayer.Settings)
	s.HandsPerGame = 4
	st.Stage.Settings = s
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, st.Stage, "anna")
	require.NoError(t, err)
	changed := f.latest(t)
	assert.Equal(t, []tournament.Change{{What: "tournament.hands_per_game", Before: "3", After: "4"}}, changed.Changes)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	_, err = f.svc.Undo(f.ctx, f.tid, changed.ID, "anna")
	assert.Equal(t, "undo.settings_fixed", mustKey(t, err))
	assert.Equal(t, 4, f.state(t).Stage.HandsPerRound())
}
