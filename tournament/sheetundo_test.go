package tournament

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
)

// everyFigure is a hand with every figure set, each to a value of its own (flags true),
// found by reflection: a figure added to scoring.Hand and forgotten by the undo data's
// arrays fails TestSheetUndoKeepsEveryFigure.
func everyFigure(t *testing.T, seed int) scoring.Hand {
	t.Helper()
	var h scoring.Hand
	v := reflect.ValueOf(&h).Elem()
	for i := range v.NumField() {
		switch f := v.Field(i); f.Kind() {
		case reflect.Int:
			f.SetInt(int64(seed*100 + i + 1))
		case reflect.Uint8:
			f.SetUint(uint64(seed + i + 1))
		case reflect.Bool:
			f.SetBool(true)
		default:
			t.Fatalf("scoring.Hand.%s is a %s: teach the undo data's arrays", v.Type().Field(i).Name, f.Kind())
		}
	}
	return h
}

func TestSheetUndoKeepsEveryFigure(t *testing.T) {
	u := sheetUndo{
		Before: []HandScore{
			{Hand: 1, Side: 2, Score: -35, Figures: everyFigure(t, 1)},
			{Hand: 2, Side: 1, Score: 820, Figures: scoring.Hand{Form: scoring.Components, Clean: 1, Dirty: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420}},
			{Hand: 2, Side: 3, Score: -160, Figures: scoring.Hand{Form: scoring.TotalOnly, Total: -160}},
		},
		After:         [][3]int{{1, 1, 300}, {1, 2, -40}},
		OutcomeBefore: Outcome{Kind: OutcomeTimeout, Side: 2},
	}
	b, err := json.Marshal(u)
	require.NoError(t, err)
	var back sheetUndo
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, u, back)
	// Hand-worked: the last hand is hand 2, side 3, score -160, form 2 (a hand's total),
	// no component, total -160.
	assert.Contains(t, string(b), `[2,3,-160,2,0,0,0,0,0,0,0,0,0,0,0,-160]]`)
	assert.Contains(t, string(b), `[2,1,820,0,1,1,0,1,1,1,420,0,0,0,0,0]`)
}

// Lines written before the arrays, with each hand an object, read as they always did.
func TestSheetUndoReadsTheEarlierForm(t *testing.T) {
	type earlier sheetUndo // encoding/json's own form: no methods
	u := sheetUndo{
		Before:       []HandScore{{Hand: 1, Side: 1, Score: 195, Figures: scoring.Hand{Form: scoring.BaseCards, Base: 100, Cards: 95}}, {Hand: 3, Side: 2, Score: 1, Figures: everyFigure(t, 2)}},
		After:        [][3]int{{1, 1, 200}},
		OutcomeAfter: Outcome{Kind: OutcomeForfeit, Side: 1},
	}
	b, err := json.Marshal(earlier(u))
	require.NoError(t, err)
	require.Contains(t, string(b), `"figures":{"form":1`)
	var back sheetUndo
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, u, back)

	for _, empty := range []string{`{"Before":null,"After":[]}`, `{"Before":[],"After":[]}`, `{"After":[[1,1,5]]}`} {
		var e sheetUndo
		require.NoError(t, json.Unmarshal([]byte(empty), &e), empty)
		assert.Empty(t, e.Before, empty)
	}
}

func TestSheetUndoRefusesBadArrays(t *testing.T) {
	for _, bad := range []string{
		`{"Before":[[1,1,5]]}`,                             // too few numbers
		`{"Before":[[1,1,5,0,0,0,0,2,0,0,0,0,0,0,0,0]]}`,   // closed is 2
		`{"Before":[[1,1,5,0,0,0,0,0,0,0,0,0,0,0,0,0,0]]}`, // one number too many
		`{"Before":{"hand":1}}`,
	} {
		var u sheetUndo
		assert.Error(t, json.Unmarshal([]byte(bad), &u), bad)
	}
}

// A 3-player sheet's undo data (9 hands, 3 of each form) stays well under the 1,000
// bytes SQLite keeps in a log line's own page: 200 bytes a hand made it 2,042.
func TestSheetUndoIsShort(t *testing.T) {
	var u sheetUndo
	for hand := 1; hand <= 3; hand++ {
		u.Before = append(u.Before,
			HandScore{Hand: hand, Side: 1, Score: 820, Figures: scoring.Hand{Form: scoring.Components, Clean: 1, Dirty: 1, Closed: true, KittyTaken: true, Opened: true, Table: 420}},
			HandScore{Hand: hand, Side: 2, Score: 195, Figures: scoring.Hand{Form: scoring.BaseCards, Base: 100, Cards: 95}},
			HandScore{Hand: hand, Side: 3, Score: -160, Figures: scoring.Hand{Form: scoring.TotalOnly, Total: -160}})
	}
	u.After = scoreKeys(u.Before)
	b, err := json.Marshal(u)
	require.NoError(t, err)
	t.Logf("%d bytes: %s", len(b), b)
	assert.Less(t, len(b), 700)
}

// The hand-written encoder writes what encoding/json writes for the same values.
func TestSheetUndoEncodesAsEncodingJSON(t *testing.T) {
	reference := func(u sheetUndo) []byte {
		before := make([][16]int, len(u.Before))
		for i, h := range u.Before {
			f := &h.Figures
			before[i] = [16]int{h.Hand, h.Side, h.Score, int(f.Form), f.Clean, f.Dirty, f.SemiClean, flag(f.Closed), flag(f.KittyTaken),
				flag(f.Opened), f.Table, f.InHand, f.KittyLeft, f.Base, f.Cards, f.Total}
		}
		if u.Before == nil {
			before = nil
		}
		b, err := json.Marshal(struct {
			Before                      [][16]int
			After                       [][3]int
			OutcomeBefore, OutcomeAfter Outcome
		}{before, u.After, u.OutcomeBefore, u.OutcomeAfter})
		require.NoError(t, err)
		return b
	}
	for _, u := range []sheetUndo{
		{},
		{Before: []HandScore{}, After: [][3]int{}},
		{
			Before:        []HandScore{{Hand: 1, Side: 2, Score: -35, Figures: everyFigure(t, 1)}, {Hand: 2, Side: 3, Score: -160, Figures: scoring.Hand{Form: scoring.TotalOnly, Total: -160}}},
			After:         [][3]int{{1, 1, 300}, {1, 2, -40}},
			OutcomeBefore: Outcome{Kind: OutcomeTimeout, Side: 2},
			OutcomeAfter:  Outcome{Kind: OutcomeLastAction, Side: 1},
		},
		{OutcomeBefore: Outcome{Kind: "odd \"kind\" <é>", Side: -1}},
	} {
		got, err := u.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, string(reference(u)), string(got))
		assert.True(t, json.Valid(got), string(got))
	}
}
