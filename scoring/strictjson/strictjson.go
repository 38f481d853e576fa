// Package strictjson reads JSON the way the API promises to: a key given twice in one
// object is refused (encoding/json would keep the last one silently), as are unknown
// fields and anything after the value.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// DuplicateKeyError names a key given twice in one object, at a path like
// "stages[0].rounds[1]".
type DuplicateKeyError struct {
	Path string
	Key  string
}

func (e *DuplicateKeyError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("the key %q is given twice", e.Key)
	}
	return fmt.Sprintf("the key %q is given twice in %s", e.Key, e.Path)
}

// CheckKeys refuses a JSON text in which an object has the same key twice (compared
// as encoding/json matches keys to fields: ignoring case). Text that is not JSON is
// left for the decoder to refuse: CheckKeys reports only duplicates.
func CheckKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := walk(dec, "")
	var dup *DuplicateKeyError
	if errors.As(err, &dup) {
		return dup
	}
	return nil
}

// walk reads one value, checking the keys of every object in it.
func walk(dec *json.Decoder, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := kt.(string)
			folded := fold(key)
			if seen[folded] {
				return &DuplicateKeyError{Path: path, Key: key}
			}
			seen[folded] = true
			if err := walk(dec, join(path, key)); err != nil {
				return err
			}
		}
		_, err = dec.Token()
		return err
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if err := walk(dec, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		_, err = dec.Token()
		return err
	}
	return nil
}

// fold maps each character to the smallest of those it equals ignoring case (Unicode
// simple folding, as bytes.EqualFold and so encoding/json compare keys): "ſ" is "s".
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, s)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Decode reads data into v strictly: no key twice in an object, no unknown field,
// nothing but white space after the value.
func Decode(data []byte, v any) error {
	if err := CheckKeys(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("unexpected data after the JSON value, which ends at offset %d", end)
	}
	return nil
}
