package strictjson

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
