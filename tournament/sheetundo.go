package tournament

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

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
// It is written by hand, on every save's path: what encoding/json writes for the same
// values (TestSheetUndoEncodesAsEncodingJSON), without its reflection and the second
// pass json.Marshal makes over a Marshaler's output.
func (u sheetUndo) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+42*len(u.Before)+12*len(u.After))
	b = append(b, `{"Before":`...)
	if u.Before == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range u.Before {
			if i > 0 {
				b = append(b, ',')
			}
			f := &h.Figures
			b = appendInts(b, h.Hand, h.Side, h.Score, int(f.Form), f.Clean, f.Dirty, f.SemiClean, flag(f.Closed), flag(f.KittyTaken),
				flag(f.Opened), f.Table, f.InHand, f.KittyLeft, f.Base, f.Cards, f.Total)
		}
		b = append(b, ']')
	}
	b = append(b, `,"After":`...)
	if u.After == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, k := range u.After {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendInts(b, k[0], k[1], k[2])
		}
		b = append(b, ']')
	}
	var err error
	b = append(b, `,"OutcomeBefore":`...)
	if b, err = appendOutcome(b, u.OutcomeBefore); err != nil {
		return nil, err
	}
	b = append(b, `,"OutcomeAfter":`...)
	if b, err = appendOutcome(b, u.OutcomeAfter); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendInts appends the numbers as a JSON array.
func appendInts(b []byte, ns ...int) []byte {
	b = append(b, '[')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// appendOutcome appends an outcome as encoding/json writes it.
func appendOutcome(b []byte, o Outcome) ([]byte, error) {
	b = append(b, `{"kind":`...)
	if plain(o.Kind) {
		b = append(append(append(b, '"'), o.Kind...), '"')
	} else {
		k, err := json.Marshal(o.Kind)
		if err != nil {
			return nil, err
		}
		b = append(b, k...)
	}
	b = append(b, `,"side":`...)
	b = strconv.AppendInt(b, int64(o.Side), 10)
	return append(b, '}'), nil
}

// plain says whether s is written in JSON as it is, between quotes (the outcome kinds
// are): letters, digits and underscores.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
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
