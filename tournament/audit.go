package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// The log as an audit trail: every command writes one line, in its own transaction, with
// what it changed (before and after). A line can be undone by a later command, itself
// logged, unless a later line depends on it; a round can be locked as final.

// History returns a tournament's log, newest first; with round > 0 only the lines about
// that round of the current stage (with table > 0, about that table of it).
func (s *Tournaments) History(ctx context.Context, tid int64, round, table int) ([]Event, error) {
	evs, err := s.Store.Events(ctx, tid)
	if err != nil || round == 0 {
		return evs, err
	}
	st, err := s.Store.Load(ctx, tid)
	if err != nil {
		return nil, err
	}
	out := []Event{}
	for _, e := range evs {
		if e.StageID == st.Stage.ID && e.Round == round && (table == 0 || e.Table == table) {
			out = append(out, e)
		}
	}
	return out, nil
}

func isDraw(kind string) bool { return kind == "draw" || kind == "draw_override" }

// undoable reports whether a kind of line can be undone.
func undoable(kind string) bool {
	switch kind {
	case "settings", "entry", "entry_remove", "withdraw", "reinstate", "missed_bye", "draw", "draw_override", "seats_override",
		"scores", "scores_corrected", "scores_cleared", "stage", "team_edit", "lineup":
		return true
	}
	return false
}

// Undoable reports whether the line is of a kind that can be undone and is not undone
// yet (a later line may still stand in the way: Undo says).
func (e *Event) Undoable() bool {
	return undoable(e.Kind) && e.UndoneBy == 0 && (len(e.Undo) > 0 || isDraw(e.Kind))
}

// dependsOn reports whether a later line builds on what line e changed, so that undoing
// e would pull the ground from under it. It reads only what lines concern (the stage,
// round, table, entry), so it holds for every format.
func dependsOn(later, e *Event) bool {
	switch later.Kind {
	case "undo", "lock", "unlock", "clock", "publish",
		"report", "report_confirmed", "report_disputed", "report_rejected", "report_settings", "report_unblocked":
		return false // they change nothing a later undo could pull from under them
	}
	if later.UndoneBy != 0 {
		return false
	}
	switch {
	case e.Kind == "settings":
		return later.Kind == "settings"
	case e.EntryID != 0:
		// A later draw seated (or left out) the entry as the change left it.
		return later.EntryID == e.EntryID || isDraw(later.Kind)
	case e.Round > 0:
		if later.StageID != e.StageID {
			return later.StageID != 0 // a later stage was fed from this one
		}
		if later.Round == e.Round+1 && isDraw(later.Kind) {
			return true // the next round was drawn from these results
		}
		return later.Round == e.Round && (e.Table == 0 || later.Table == 0 || later.Table == e.Table)
	}
	return false
}

// Undo takes back line seq of a tournament's log, in one transaction, and logs that it
// did (ECONFLICT with the reason when it cannot: a later line depends on it, the round
// is locked, the next round is drawn, the table is no longer as the change left it).
func (s *Tournaments) Undo(ctx context.Context, tid, seq int64, director string) (*Event, error) {
	var done Event
	err := s.Store.Update(ctx, tid, func(tx Tx) error {
		evs, err := tx.EventsFrom(seq)
		if err != nil {
			return err
		}
		if len(evs) == 0 || evs[0].ID != seq {
			return Errorf(ENOTFOUND, "error.not_found")
		}
		e := &evs[0]
		switch {
		case e.UndoneBy != 0:
			return Errorf(ECONFLICT, "undo.already", seq, e.UndoneBy)
		case !undoable(e.Kind):
			return Errorf(ECONFLICT, "undo.not_undoable", seq)
		}
		for i := range evs[1:] {
			if later := &evs[1+i]; dependsOn(later, e) {
				return Errorf(ECONFLICT, "undo.later", seq, later.ID)
			}
		}
		if done, err = s.undo(tx, tid, e, director); err != nil {
			return err
		}
		done.Undoes = seq
		if err := tx.Log(done); err != nil {
			return err
		}
		return tx.MarkUndone(seq)
	})
	if err != nil {
		return nil, err
	}
	return &done, nil
}

// undo restores what line e changed and returns the line that says so.
func (s *Tournaments) undo(tx Tx, tid int64, e *Event, director string) (Event, error) {
	ev := s.event(tid, director, "undo", e.ID)
	ev.StageID, ev.Round, ev.Table, ev.EntryID = e.StageID, e.Round, e.Table, e.EntryID
	for _, c := range e.Changes {
		c.Before, c.After = c.After, c.Before
		c.BeforeHand, c.AfterHand = c.AfterHand, c.BeforeHand
		ev.Changes = append(ev.Changes, c)
	}
	stage, err := tx.Stage()
	if err != nil {
		return ev, err
	}
	if e.StageID != 0 && e.StageID != stage.ID {
		return ev, Errorf(ECONFLICT, "undo.stage_over", e.ID)
	}
	switch e.Kind {
	case "stage":
		return ev, undoStage(tx, e)
	case "team_edit":
		return ev, undoTeamEdit(tx, e)
	case "lineup":
		return ev, undoLineup(tx, e)
	case "draw", "draw_override":
		if _, err := s.undoDraw(tx, tid, e.Round, director); err != nil {
			if x, ok := AsError(err); ok && x.Key == "draw.undo_started" {
				return ev, Errorf(ECONFLICT, "undo.round_scored", e.ID, e.Round)
			}
			return ev, err
		}
		return ev, nil
	case "settings":
		var u settingsUndo
		if err := json.Unmarshal(e.Undo, &u); err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		f, ok := FormatOf(stage.Format)
		if !ok {
			return ev, Errorf(ECONFLICT, "undo.not_undoable", e.ID)
		}
		settings, err := f.Decode(u.Settings)
		if err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		in := Tournament{Name: u.Name, Date: u.Date, Venue: u.Venue, Notes: u.Notes, Tier: u.Tier}
		inStage := Stage{Format: stage.Format, Settings: settings, Rules: u.Rules, ScaleID: u.ScaleID, Qualifiers: u.Qualifiers}
		if _, err := s.saveSettings(tx, tid, &in, &inStage, director); err != nil {
			if x, ok := AsError(err); ok && x.Code == EINVALID {
				return ev, Errorf(ECONFLICT, "undo.settings_fixed", e.ID)
			}
			return ev, err
		}
		return ev, nil
	case "missed_bye":
		var u missedUndo
		if err := json.Unmarshal(e.Undo, &u); err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		st, err := tx.State()
		if err != nil {
			return ev, err
		}
		for _, n := range u.Rounds {
			r := st.Round(n)
			if r == nil {
				return ev, Errorf(ECONFLICT, "undo.changed", e.ID)
			}
			if r.Locked {
				return ev, Errorf(ECONFLICT, "round.locked", r.Number)
			}
			kept := slices.DeleteFunc(slices.Clone(r.Byes), func(b Bye) bool { return b.EntryID == e.EntryID && b.Awarded })
			if len(kept) == len(r.Byes) {
				return ev, Errorf(ECONFLICT, "undo.changed", e.ID)
			}
			r.Byes = kept
			if err := tx.SetByes(r); err != nil {
				return ev, err
			}
		}
		return ev, nil
	case "entry_remove":
		var was Entry
		if err := json.Unmarshal(e.Undo, &was); err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		if err := tx.RestoreEntry(&was); errors.Is(err, ErrPlayerGone) {
			return ev, Errorf(ECONFLICT, "undo.player_merged", e.ID)
		} else if err != nil {
			return ev, err
		}
		return ev, nil
	case "entry", "withdraw", "reinstate":
		var u entryUndo
		if err := json.Unmarshal(e.Undo, &u); err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		if u.Moved {
			return ev, Errorf(ECONFLICT, "undo.entry_moved", e.ID)
		}
		_, back, err := s.setEntry(tx, tid, e.EntryID, EntryChange{CheckedIn: &u.CheckedIn, Withdrawn: &u.Withdrawn}, &EntryOutcome{}, director)
		if err != nil {
			return ev, err
		}
		if back != nil {
			ev.Also = back.Also
		}
		return ev, nil
	case "seats_override":
		var u seatsUndo
		if err := json.Unmarshal(e.Undo, &u); err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		st, err := tx.State()
		if err != nil {
			return ev, err
		}
		r := st.Round(e.Round)
		if err := s.undoable(st, e, r); err != nil {
			return ev, err
		}
		if !sameSeats(SeatsOf(r), u.After) {
			return ev, Errorf(ECONFLICT, "undo.changed", e.ID)
		}
		if _, err := s.overrideSeats(tx, tid, e.Round, u.Before, director); err != nil {
			return ev, err
		}
		return ev, nil
	default: // the scores of a table
		var u sheetUndo
		if err := json.Unmarshal(e.Undo, &u); err != nil {
			return ev, fmt.Errorf("undo %d: %w", e.ID, err)
		}
		st, err := tx.State()
		if err != nil {
			return ev, err
		}
		r := st.Round(e.Round)
		if err := s.undoable(st, e, r); err != nil {
			return ev, err
		}
		tb := r.Table(e.Table)
		if tb == nil || !slices.Equal(scoreKeys(tb.Hands), u.After) || tb.Outcome != u.OutcomeAfter {
			return ev, Errorf(ECONFLICT, "undo.changed", e.ID)
		}
		if err := tx.Scores(tb); err != nil {
			return ev, err
		}
		tb.Hands, tb.Outcome = u.Before, u.OutcomeBefore
		if err := tx.SaveTable(tb); err != nil {
			return ev, err
		}
		return ev, sheetUndone(tx, e) // the reports it closed go back to the queue
	}
}

// undoable checks that round r, which line e changed, can still be changed back: it is
// there, not locked, and the next round is not drawn from it.
func (s *Tournaments) undoable(st *State, e *Event, r *Round) error {
	switch {
	case r == nil:
		return Errorf(ECONFLICT, "undo.changed", e.ID)
	case r.Locked:
		return Errorf(ECONFLICT, "round.locked", r.Number)
	case st.Round(r.Number+1) != nil:
		return Errorf(ECONFLICT, "undo.next_drawn", e.ID, r.Number+1)
	}
	return nil
}

// Lock locks round n of the current stage as final (no sheet or seat of it changes
// until it is unlocked), or unlocks it; logged.
func (s *Tournaments) Lock(ctx context.Context, tid int64, n int, locked bool, director string) error {
	return s.Store.Update(ctx, tid, func(tx Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		r := st.Round(n)
		if r == nil {
			return Errorf(ENOTFOUND, "error.not_found")
		}
		if r.Locked == locked {
			return nil
		}
		r.Locked = locked
		if err := tx.SetLocked(r); err != nil {
			return err
		}
		ev := s.event(tid, director, map[bool]string{true: "lock", false: "unlock"}[locked], n)
		ev.StageID, ev.Round = st.Stage.ID, n
		return tx.Log(ev)
	})
}
