package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeStrict reads JSON as the API does: unknown fields refused.
func decodeStrict(data string, v any) error {
	dec := json.NewDecoder(strings.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func TestHandJSON(t *testing.T) {
	full := Hand{Form: Components, Clean: 1, Dirty: 2, SemiClean: 3, Closed: true, KittyTaken: true, Opened: true,
		Table: 420, InHand: 5, KittyLeft: 55, Base: 100, Cards: 80, Total: 300}
	b, err := json.Marshal(full)
	require.NoError(t, err)
	var back Hand
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, full, back, "a marshalled hand reads back")

	tests := []struct {
		name  string
		json  string
		want  Hand
		field string // the field the error names; "" for no error
		msg   string // part of the error message
	}{
		{"total", `{"form":2,"total":-160}`, Hand{Form: TotalOnly, Total: -160}, "", ""},
		{"components", `{"closed":true,"kitty_taken":true,"opened":true,"clean":1,"dirty":1,"table":420}`,
			Hand{Closed: true, KittyTaken: true, Opened: true, Clean: 1, Dirty: 1, Table: 420}, "", ""},
		{"empty object", `{}`, Hand{}, "", ""},
		{"escaped name", `{"tot\u0061l":5}`, Hand{Total: 5}, "", ""},
		{"null total", `{"form":2,"total":null}`, Hand{}, "total", `hand field "total" cannot be null (leave it out for 0)`},
		{"null flag", `{"closed":null}`, Hand{}, "closed", "leave it out for false"},
		{"null form", `{"form":null,"total":5}`, Hand{}, "form", "cannot be null"},
		{"unknown field", `{"form":2,"totale":5}`, Hand{}, "totale", `hand field "totale" is unknown`},
		{"names match exactly", `{"Total":5}`, Hand{}, "Total", "is unknown"},
		{"string for a number", `{"clean":"1"}`, Hand{}, "clean", "must be a whole number, not a string"},
		{"fraction", `{"table":42.5}`, Hand{}, "table", "must be a whole number, not 42.5"},
		{"too big", `{"total":1e400}`, Hand{}, "total", "not 1e400"},
		{"number for a flag", `{"opened":1}`, Hand{}, "opened", "must be true or false, not 1"},
		{"object for a number", `{"base":{}}`, Hand{}, "base", "not an object"},
		{"form out of uint8", `{"form":300}`, Hand{}, "form", "must be 0 (components), 1 (base and cards), 2 (total) or 3 (game total)"},
		{"negative form", `{"form":-1}`, Hand{}, "form", "not -1"},
		{"first problem in order", `{"total":null,"x":1}`, Hand{}, "total", "null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Hand
			err := json.Unmarshal([]byte(tt.json), &h)
			if tt.field == "" {
				require.NoError(t, err)
				assert.Equal(t, tt.want, h)
				return
			}
			var fe *HandFieldError
			require.True(t, errors.As(err, &fe), "want a HandFieldError, got %v", err)
			assert.Equal(t, tt.field, fe.Field)
			assert.Contains(t, err.Error(), tt.msg)
			assert.Equal(t, Hand{}, h, "a refused hand is left unchanged")

			// The same through a decoder like the API's, inside a body.
			var in struct {
				Hand Hand `json:"hand"`
			}
			err = decodeStrict(`{"hand":`+tt.json+`}`, &in)
			require.True(t, errors.As(err, &fe), "%v", err)
			assert.Equal(t, tt.field, fe.Field)
		})
	}

	// Every field refuses null, each error naming it.
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	require.Len(t, m, 13)
	for name := range m {
		var h Hand
		err := json.Unmarshal([]byte(`{"`+name+`":null}`), &h)
		var fe *HandFieldError
		if assert.True(t, errors.As(err, &fe), name) {
			assert.Equal(t, name, fe.Field)
			assert.Contains(t, err.Error(), `"`+name+`"`)
		}
	}

	// Not an object at all.
	for _, s := range []string{`[1]`, `5`, `"x"`, `true`} {
		var h Hand
		err := json.Unmarshal([]byte(s), &h)
		if assert.Error(t, err, s) {
			assert.Contains(t, err.Error(), "a hand must be a JSON object", s)
		}
	}

	// A field left out keeps its value, as with plain decoding; an error changes nothing.
	h := Hand{Form: TotalOnly, Total: 100}
	require.NoError(t, json.Unmarshal([]byte(`{"total":200}`), &h))
	assert.Equal(t, Hand{Form: TotalOnly, Total: 200}, h)
	assert.Error(t, json.Unmarshal([]byte(`{"form":0,"total":null}`), &h))
	assert.Equal(t, Hand{Form: TotalOnly, Total: 200}, h)
}

// A hand that is null as a whole means "nothing entered": in [][]*Hand encoding/json
// sets the pointer to nil without calling Hand.UnmarshalJSON (which would have allocated
// a hand), even over a pointer already there; a null Hand value is left alone.
func TestHandJSONNullHand(t *testing.T) {
	var in struct {
		Hands [][]*Hand `json:"hands"`
	}
	require.NoError(t, decodeStrict(`{"hands":[[{"form":2,"total":5},null,{"form":2,"total":10}],[null,null,null]]}`, &in))
	require.Len(t, in.Hands, 2)
	require.Len(t, in.Hands[0], 3)
	assert.Equal(t, &Hand{Form: TotalOnly, Total: 5}, in.Hands[0][0])
	assert.Nil(t, in.Hands[0][1])
	assert.Equal(t, &Hand{Form: TotalOnly, Total: 10}, in.Hands[0][2])
	assert.Equal(t, []*Hand{nil, nil, nil}, in.Hands[1])

	hands := []*Hand{{Total: 7}}
	require.NoError(t, json.Unmarshal([]byte(`[null]`), &hands))
	assert.Equal(t, []*Hand{nil}, hands)

	// A null inside a hand of the array is still refused.
	err := decodeStrict(`{"hands":[[{"form":2,"total":null},null,null]]}`, &in)
	var fe *HandFieldError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, "total", fe.Field)

	h := Hand{Form: TotalOnly, Total: 7}
	require.NoError(t, json.Unmarshal([]byte(`null`), &h))
	assert.Equal(t, Hand{Form: TotalOnly, Total: 7}, h)
	var wrapped struct{ Hand Hand }
	require.NoError(t, json.Unmarshal([]byte(`{"Hand":null}`), &wrapped))
	assert.Equal(t, Hand{}, wrapped.Hand)
}

// plainHand decodes as Hand did before it had UnmarshalJSON.
type plainHand Hand

func FuzzHandJSON(f *testing.F) {
	for _, s := range []string{`{"form":2,"total":-160}`, `{"closed":true,"kitty_taken":true,"clean":1,"table":420}`,
		`{"total":null}`, `{"totale":1}`, `{"clean":"1"}`, `[null]`, `null`, `{}`, `{"form":1,"base":-100,"cards":80}`,
		`{"table":1e400}`, `{"tot\u0061l":5}`, `{"opened":true,"opened":false}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var h Hand
		if err := json.Unmarshal(data, &h); err != nil {
			return
		}
		// What the strict reading accepts, plain strict decoding accepts alike.
		var p plainHand
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("accepted %q, which plain decoding refuses: %v", data, err)
		}
		if Hand(p) != h {
			t.Fatalf("%q reads as %+v, plainly as %+v", data, h, p)
		}
		b, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		var back Hand
		if err := json.Unmarshal(b, &back); err != nil || back != h {
			t.Fatalf("%+v does not read back: %+v, %v", h, back, err)
		}
		for _, r := range []Rules{Standard, ThreePlayer} {
			h.Validate(&r)
			h.Score(&r)
			h.Lines(&r)
		}
	})
}

func TestDecodeRules(t *testing.T) {
	semiThree := ThreePlayer
	semiThree.SemiCleanOn = true
	closing150 := Standard
	closing150.Closing = 150
	tests := []struct {
		name     string
		data     string
		def      string
		want     Rules
		problems Problems
	}{
		{"nil", "", "three_player", ThreePlayer, nil},
		{"blank", " \n", "standard", Standard, nil},
		{"null", "null", "three_player", ThreePlayer, nil},
		{"empty object", "{}", "three_player", ThreePlayer, nil},
		{"preset and a variant", `{"preset":"three_player","semi_clean_on":true}`, "standard", semiThree, nil},
		{"a variant on the default keeps the preset's other values", `{"semi_clean_on":true}`, "three_player", semiThree, nil},
		{"a value", `{"closing":150}`, "standard", closing150, nil},
		{"the preset applies first wherever it is", `{"closing":150,"preset":"standard"}`, "three_player", closing150, nil},
		{"every field", `{"preset":"standard","closing":0,"clean":300,"dirty":150,"semi_clean_on":true,"semi_clean":200,
			"kitty_penalty":50,"never_opened_doubles":true,"kitty_not_played":true}`, "three_player",
			Rules{Closing: 0, Clean: 300, Dirty: 150, SemiCleanOn: true, SemiClean: 200, KittyPenalty: 50, NeverOpenedDoubles: true, KittyNotPlayed: true}, nil},
		{"false turns a flag off", `{"never_opened_doubles":false}`, "three_player", Standard, nil},

		{"unknown preset", `{"preset":"bogus"}`, "standard", Rules{}, Problems{"preset": "rules.preset_unknown"}},
		{"empty preset", `{"preset":""}`, "standard", Rules{}, Problems{"preset": "rules.preset_unknown"}},
		{"null preset", `{"preset":null}`, "standard", Rules{}, Problems{"preset": "rules.preset_unknown"}},
		{"number preset", `{"preset":1}`, "standard", Rules{}, Problems{"preset": "rules.preset_unknown"}},
		{"unknown default", "", "bogus", Rules{}, Problems{"preset": "rules.preset_unknown"}},
		{"unknown field", `{"clsoing":100}`, "standard", Rules{}, Problems{"clsoing": "rules.unknown_field"}},
		{"names match exactly", `{"Closing":150}`, "standard", Rules{}, Problems{"Closing": "rules.unknown_field"}},
		{"null number", `{"closing":null}`, "standard", Rules{}, Problems{"closing": "rules.value"}},
		{"null flag", `{"semi_clean_on":null}`, "standard", Rules{}, Problems{"semi_clean_on": "rules.value"}},
		{"string for a number", `{"clean":"200"}`, "standard", Rules{}, Problems{"clean": "rules.value"}},
		{"fraction", `{"dirty":100.5}`, "standard", Rules{}, Problems{"dirty": "rules.value"}},
		{"huge", `{"dirty":1e400}`, "standard", Rules{}, Problems{"dirty": "rules.value"}},
		{"number for a flag", `{"kitty_not_played":1}`, "standard", Rules{}, Problems{"kitty_not_played": "rules.value"}},
		{"string for a flag", `{"never_opened_doubles":"true"}`, "standard", Rules{}, Problems{"never_opened_doubles": "rules.value"}},
		{"validated", `{"closing":102,"kitty_penalty":-100}`, "standard", Rules{}, Problems{"closing": "rules.value", "kitty_penalty": "rules.value"}},
		{"every problem at once", `{"preset":"x","foo":1,"clean":null,"dirty":-5,"semi_clean_on":true}`, "standard", Rules{},
			Problems{"preset": "rules.preset_unknown", "foo": "rules.unknown_field", "clean": "rules.value", "dirty": "rules.value"}},
		{"array", `[{"preset":"standard"}]`, "standard", Rules{}, Problems{"rules": "rules.not_object"}},
		{"string", `"standard"`, "standard", Rules{}, Problems{"rules": "rules.not_object"}},
		{"number", `5`, "standard", Rules{}, Problems{"rules": "rules.not_object"}},
		{"broken", `{"preset":`, "standard", Rules{}, Problems{"rules": "rules.not_object"}},
		{"two objects", `{} {}`, "standard", Rules{}, Problems{"rules": "rules.not_object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var data []byte
			if tt.data != "" {
				data = []byte(tt.data)
			}
			r, p := DecodeRules(data, tt.def)
			assert.Equal(t, tt.problems, p)
			if tt.problems == nil {
				assert.Equal(t, tt.want, r)
				assert.Nil(t, r.Validate())
			}
		})
	}
	assert.Equal(t, 100, Standard.Closing, "the presets are never changed")

	// Rules written out read back the same, whatever the default.
	for _, pr := range append(Presets, Preset{"custom", Rules{Closing: 150, Clean: 300, SemiCleanOn: true, SemiClean: 200, KittyNotPlayed: true}}) {
		b, err := json.Marshal(pr.Rules)
		require.NoError(t, err)
		r, p := DecodeRules(b, "three_player")
		assert.Nil(t, p, pr.Name)
		assert.Equal(t, pr.Rules, r, pr.Name)
	}
}

func FuzzDecodeRules(f *testing.F) {
	for _, s := range []string{``, `null`, `{"preset":"three_player","semi_clean_on":true}`, `{"closing":null}`,
		`{"clsoing":1}`, `[1]`, `{"preset":5,"clean":"x"}`, `{"dirty":1e400}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, p := DecodeRules(data, "standard")
		if p != nil {
			return
		}
		if v := r.Validate(); v != nil {
			t.Fatalf("%q accepted with invalid rules %+v: %v", data, r, v)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if back, p := DecodeRules(b, "three_player"); p != nil || back != r {
			t.Fatalf("%+v does not read back: %+v, %v", r, back, p)
		}
	})
}
