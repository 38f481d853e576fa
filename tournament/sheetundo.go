package tournament

import (
	"bytes"
	"encoding/json"
	"fmt"

	"burraco/scoring"
)

// A sheet's undo data is written with every save, in its log line: it is kept short, so
// that the line fits in one page of the database (SQLite keeps a longer one on a page of
// its own, written with every save). Each hand before the save is an array of numbers
// (undoHandFields, in that order; a flag is 0 or 1) instead of an object with named
// figures: 40 bytes a hand instead of 200. Lines written before read as they always did.

// undoHandFields names the numbers of a hand in a sheet's undo data, in order.
var undoHandFields = []string{"hand", "side", "score", "form", "clean", "dirty", "semi_clean", "closed", "kitty_taken",
	"opened", "table", "in_hand", "kitty_left", "base", "cards", "total"}

// MarshalJSON writes the undo data with its hands before as arrays (undoHandFields).
func (u sheetUndo) MarshalJSON() ([]byte, error) {
	before := make([][16]int, len(u.Before))
	for i, h := range u.Before {
		f := &h.Figures
		before[i] = [16]int{h.Hand, h.Side, h.Score, int(f.Form), f.Clean, f.Dirty, f.SemiClean, flag(f.Closed), flag(f.KittyTaken),
			flag(f.Opened), f.Table, f.InHand, f.KittyLeft, f.Base, f.Cards, f.Total}
	}
	return json.Marshal(struct {
		Before                      [][16]int
		After                       [][3]int
		OutcomeBefore, OutcomeAfter Outcome
	}{before, u.After, u.OutcomeBefore, u.OutcomeAfter})
}

// UnmarshalJSON reads undo data in either form: hands as arrays, or as the objects of
// the lines written before.
func (u *sheetUndo) UnmarshalJSON(data []byte) error {
	var raw struct {
		Before                      json.RawMessage
		After                       [][3]int
		OutcomeBefore, OutcomeAfter Outcome
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*u = sheetUndo{After: raw.After, OutcomeBefore: raw.OutcomeBefore, OutcomeAfter: raw.OutcomeAfter}
	b := bytes.TrimSpace(raw.Before)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return nil
	}
	if rest := bytes.TrimSpace(b[1:]); len(b) > 0 && b[0] == '[' && (len(rest) == 0 || rest[0] != '[') {
		return json.Unmarshal(b, &u.Before) // objects, or none
	}
	var rows [][]int
	if err := json.Unmarshal(b, &rows); err != nil {
		return err
	}
	u.Before = make([]HandScore, len(rows))
	for i, r := range rows {
		if len(r) != len(undoHandFields) {
			return fmt.Errorf("undo: hand %d has %d numbers, not %d", i+1, len(r), len(undoHandFields))
		}
		for _, k := range []int{7, 8, 9} {
			if r[k] != 0 && r[k] != 1 {
				return fmt.Errorf("undo: hand %d: %s is %d, not 0 or 1", i+1, undoHandFields[k], r[k])
			}
		}
		u.Before[i] = HandScore{Hand: r[0], Side: r[1], Score: r[2], Figures: scoring.Hand{Form: scoring.Form(r[3]), Clean: r[4],
			Dirty: r[5], SemiClean: r[6], Closed: r[7] == 1, KittyTaken: r[8] == 1, Opened: r[9] == 1, Table: r[10], InHand: r[11],
			KittyLeft: r[12], Base: r[13], Cards: r[14], Total: r[15]}}
	}
	return nil
}

// flag is a bool as a number.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
