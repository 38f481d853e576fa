package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckKeys(t *testing.T) {
	cases := []struct {
		in, path, key string
	}{
		{`{"a":1,"a":2}`, "", "a"},
		{`{"name":"x","NAME":"y"}`, "", "NAME"},
		{`{"ks":1,"\u212as":2}`, "", "\u212as"}, // the Kelvin sign folds to k, as encoding/json matches it
		{`{"stages":[{"rounds":[{},{"tables":[{"n":1,"n":1}]}]}]}`, "stages[0].rounds[1].tables[0]", "n"},
		{`[{"a":{"b":1,"b":1}}]`, "[0].a", "b"},
		{`{"a":[[1],[2,{"x":{},"x":1}]]}`, "a[1][1]", "x"},
	}
	for _, c := range cases {
		err := CheckKeys([]byte(c.in))
		if assert.IsType(t, &DuplicateKeyError{}, err, c.in) {
			assert.Equal(t, c.path, err.(*DuplicateKeyError).Path, c.in)
			assert.Equal(t, c.key, err.(*DuplicateKeyError).Key, c.in)
		}
	}
	for _, in := range []string{`{"a":1,"b":{"a":1}}`, `[{"a":1},{"a":2}]`, `{"a":"a","b":["a","a"]}`, `not json`, `{"a":`, ``} {
		assert.NoError(t, CheckKeys([]byte(in)), in)
	}
}

func TestDecode(t *testing.T) {
	var v struct{ Name string }
	assert.NoError(t, Decode([]byte(`{"name":"x"} `), &v))
	assert.Equal(t, "x", v.Name)
	assert.Error(t, Decode([]byte(`{"name":"x","name":"y"}`), &v))
	assert.Error(t, Decode([]byte(`{"nome":"x"}`), &v))
	assert.Error(t, Decode([]byte(`{"name":"x"}{}`), &v))
}

// nested is a text of n arrays, one inside the other.
func nested(n int) []byte {
	return append(bytes.Repeat([]byte("["), n), bytes.Repeat([]byte("]"), n)...)
}

// Nesting up to MaxDepth is read; one level more is refused, brackets inside strings
// not counted, whatever the value is decoded into.
func TestDepth(t *testing.T) {
	var v any
	assert.NoError(t, Decode(nested(MaxDepth), &v))
	var de *DepthError
	assert.ErrorAs(t, Decode(nested(MaxDepth+1), &v), &de)
	assert.Equal(t, MaxDepth, de.Offset)
	assert.ErrorAs(t, CheckKeys(nested(MaxDepth+1)), &de)
	var in struct{ A string }
	assert.ErrorAs(t, Decode([]byte(`{"a":`+strings.Repeat(`{"a":`, MaxDepth)+`1`+strings.Repeat("}", MaxDepth+1)), &in), &de)
	s := `{"a":"` + strings.Repeat(`[{\"`, 100) + `"}`
	assert.NoError(t, Decode([]byte(s), &in))
	assert.NoError(t, CheckDepth([]byte(`]]]]]]`+string(nested(MaxDepth)))), "closing brackets do not lower the limit")
}

// A text nested far past the limit costs one pass over its bytes and almost no memory:
// a check that spelled out the path at every level allocated the square of the depth.
func TestDeepNestingRefusedCheaply(t *testing.T) {
	for _, in := range [][]byte{
		nested(1 << 20),
		bytes.Repeat([]byte(`{"a":`), 1<<18),
		append([]byte(`{"hands":`), bytes.Repeat([]byte(`[{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":`), 1<<14)...),
	} {
		var v struct{ Hands []int }
		allocs := testing.AllocsPerRun(3, func() {
			var de *DepthError
			require.ErrorAs(t, Decode(in, &v), &de)
		})
		assert.LessOrEqual(t, allocs, 2.0)
	}
	// Within the limit, the path is spelled out only for an error: reading a key at every
	// level allocates about as much as a flat object of as many keys.
	deep := []byte(strings.Repeat(`{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":`, MaxDepth) + "1" + strings.Repeat("}", MaxDepth))
	var keys []string
	for i := range MaxDepth {
		keys = append(keys, fmt.Sprintf(`"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%02d":{}`, i))
	}
	flat := []byte("{" + strings.Join(keys, ",") + "}")
	d := testing.AllocsPerRun(5, func() { assert.NoError(t, CheckKeys(deep)) })
	f := testing.AllocsPerRun(5, func() { assert.NoError(t, CheckKeys(flat)) })
	assert.Less(t, d, 1.5*f)
}

// null is refused for every field encoding/json would silently leave as it was (a
// true/false, a number, a text, an object), named by its path; taken where it means
// something (a pointer, a list, a map, a field that reads its own JSON, any value).
func TestNull(t *testing.T) {
	type Inner struct {
		On bool `json:"on"`
	}
	type Embedded struct {
		Deep int `json:"deep"`
	}
	type In struct {
		Embedded
		Reporting bool              `json:"reporting"`
		Name      string            `json:"name"`
		N         int               `json:"n"`
		Inner     Inner             `json:"inner"`
		List      []Inner           `json:"list"`
		Ints      []int             `json:"ints"`
		ByName    map[string]bool   `json:"by_name"`
		Maybe     *bool             `json:"maybe"`
		Any       any               `json:"any"`
		Raw       json.RawMessage   `json:"raw"`
		Ptrs      []*Inner          `json:"ptrs"`
		Skip      bool              `json:"-"`
		Loose     map[string]any    `json:"loose"`
		Custom    custom            `json:"custom"`
		Keyed     map[string][]bool `json:"keyed"`
	}
	refused := map[string]string{
		`{"reporting":null}`:                 "reporting",
		`{"REPORTING":null}`:                 "REPORTING",
		`{"name":null}`:                      "name",
		`{"n":null}`:                         "n",
		`{"inner":null}`:                     "inner",
		`{"inner":{"on":null}}`:              "inner.on",
		`{"list":[{"on":true},{"on":null}]}`: "list[1].on",
		`{"list":[null]}`:                    "list[0]",
		`{"ints":[1,null]}`:                  "ints[1]",
		`{"by_name":{"x":null}}`:             "by_name.x",
		`{"deep":null}`:                      "deep",
		`{"ptrs":[{"on":null}]}`:             "ptrs[0].on",
		`{"keyed":{"k":[true,null]}}`:        "keyed.k[1]",
	}
	for in, path := range refused {
		var v In
		var ne *NullError
		if assert.ErrorAs(t, Decode([]byte(in), &v), &ne, in) {
			assert.Equal(t, path, ne.Path, in)
			assert.Contains(t, ne.Error(), path)
		}
	}
	for _, in := range []string{`null`, `{"maybe":null}`, `{"list":null}`, `{"by_name":null}`, `{"any":null}`, `{"raw":null}`,
		`{"ptrs":[null]}`, `{"loose":{"a":null,"b":[null]}}`, `{"custom":null}`, `{"any":{"a":[null]}}`, `{"raw":{"a":null}}`} {
		var v In
		assert.NoError(t, Decode([]byte(in), &v), in)
	}
	var ne *NullError
	assert.NotErrorAs(t, CheckKeys([]byte(`{"reporting":null}`)), &ne, "CheckKeys knows no type")
}

type custom struct{ set bool }

func (c *custom) UnmarshalJSON([]byte) error { c.set = true; return nil }

// Decode never panics, refuses only what encoding/json refuses or what it adds (depth,
// keys twice, null, data after the value), and CheckKeys agrees with it on keys.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":1}`, `{"a":1,"A":2}`, `[[[]]]`, `{"b":null}`, `{"a":"\"[[["}`, string(nested(MaxDepth + 1)),
		`{"a":[{"b":{"c":true}}],"d":null}`, `1 2`, `{"a":`} {
		f.Add([]byte(s))
	}
	type In struct {
		A any               `json:"a"`
		B bool              `json:"b"`
		C []struct{ X int } `json:"c"`
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		err := Decode(data, &v)
		var dup *DuplicateKeyError
		var de *DepthError
		switch {
		case err == nil:
			assert.True(t, json.Valid(data))
			assert.NoError(t, CheckKeys(data))
		case errors.As(err, &dup), errors.As(err, &de):
			assert.Equal(t, err.Error(), CheckKeys(data).Error())
		default:
			assert.NoError(t, CheckKeys(data))
		}
		var in In
		_ = Decode(data, &in)
	})
}
