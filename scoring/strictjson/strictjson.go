// Package strictjson reads JSON the way the API promises to: a key given twice in one
// object is refused (encoding/json would keep the last one silently), as are unknown
// fields, null for a field that cannot hold it, nesting deeper than MaxDepth and
// anything after the value. Its cost is linear in the text: the depth is checked by one
// pass over the bytes before anything is allocated, and a path is spelled out only for
// the error that names it.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// MaxDepth is the deepest nesting of arrays and objects read (docs/SECURITY.md): a
// tournament document, the deepest text the app takes, nests about 10 levels.
const MaxDepth = 32

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

// NullError names a field given null that cannot hold it (a true/false, a number, a
// text, an object): encoding/json would leave it as it was, silently.
type NullError struct {
	Path string // as "settings.reporting" or "hands[2]"
}

func (e *NullError) Error() string {
	return fmt.Sprintf("%s cannot be null", e.Path)
}

// DepthError refuses a text nested deeper than MaxDepth.
type DepthError struct {
	Offset int // of the bracket that went past the limit
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("the JSON is nested deeper than %d levels (at offset %d)", MaxDepth, e.Offset)
}

// CheckDepth refuses a text whose arrays and objects nest deeper than MaxDepth. It reads
// the bytes once and allocates nothing; text that is not JSON is left for the decoder.
func CheckDepth(data []byte) error {
	depth, inString, escaped := 0, false, false
	for i, b := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
		case b == '"':
			inString = true
		case b == '[' || b == '{':
			if depth++; depth > MaxDepth {
				return &DepthError{Offset: i}
			}
		case b == ']' || b == '}':
			depth = max(depth-1, 0)
		}
	}
	return nil
}

// CheckKeys refuses a JSON text nested deeper than MaxDepth or in which an object has
// the same key twice (compared as encoding/json matches keys to fields: ignoring case).
// Text that is not JSON is left for the decoder to refuse: CheckKeys reports only depth
// and duplicates.
func CheckKeys(data []byte) error {
	return check(data, nil)
}

// check reads data once, refusing what CheckKeys refuses and, where t (the type the text
// is decoded into; nil for none) has a field that cannot be null, a null there.
func check(data []byte, t reflect.Type) error {
	if err := CheckDepth(data); err != nil {
		return err
	}
	w := &walker{data: data}
	err := w.value(t)
	var dup *DuplicateKeyError
	var null *NullError
	if errors.As(err, &dup) || errors.As(err, &null) {
		return err
	}
	return nil
}

// errSyntax stops the walk at text that is not JSON, which the decoder then refuses.
var errSyntax = errors.New("not JSON")

// walker reads one value byte by byte, keeping the path it is at as a stack of steps
// (spelled out only for an error) and each open object's keys in a set reused from one
// object to the next at its depth: its cost is linear in the text, and it allocates
// little more than the keys.
type walker struct {
	data  []byte
	i     int
	path  []step
	keys  [][]string            // by depth: the keys of the object open there, folded
	large []map[string]struct{} // by depth: the same once it has many keys
}

// step is one level of a path: an object's key, or an array's index when key is "".
type step struct {
	key   string
	index int
}

// where spells out the path, as "stages[0].rounds[1]".
func (w *walker) where() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.key == "" {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

// space skips white space and returns the next byte (0 at the end).
func (w *walker) space() byte {
	for ; w.i < len(w.data); w.i++ {
		switch c := w.data[w.i]; c {
		case ' ', '\t', '\n', '\r':
		default:
			return c
		}
	}
	return 0
}

// str reads a string starting at its quote and returns its bytes between the quotes,
// and whether it holds an escape or a byte past ASCII.
func (w *walker) str() (raw []byte, special bool, err error) {
	start := w.i
	for w.i++; w.i < len(w.data); w.i++ {
		switch c := w.data[w.i]; {
		case c == '\\':
			special = true
			w.i++
		case c == '"':
			w.i++
			return w.data[start+1 : w.i-1], special, nil
		case c >= 0x80:
			special = true
		}
	}
	return nil, false, errSyntax
}

// key reads an object's key as encoding/json decodes it.
func (w *walker) key() (string, error) {
	start := w.i
	raw, special, err := w.str()
	if err != nil {
		return "", err
	}
	if !special {
		return string(raw), nil
	}
	var k string
	if err := json.Unmarshal(w.data[start:w.i], &k); err != nil {
		return "", errSyntax
	}
	return k, nil
}

// seen adds a folded key to the object open at depth d, saying whether it was there.
func (w *walker) seen(d int, folded string) bool {
	if m := w.large[d]; m != nil {
		if _, ok := m[folded]; ok {
			return true
		}
		m[folded] = struct{}{}
		return false
	}
	for _, k := range w.keys[d] {
		if k == folded {
			return true
		}
	}
	if w.keys[d] = append(w.keys[d], folded); len(w.keys[d]) > 16 {
		m := make(map[string]struct{}, 32)
		for _, k := range w.keys[d] {
			m[k] = struct{}{}
		}
		w.large[d] = m
	}
	return false
}

// value reads one value of type t (nil: any), checking the keys of every object in it
// and, where t says, that nothing is null that cannot be.
func (w *walker) value(t reflect.Type) error {
	switch w.space() {
	case 0:
		return errSyntax
	case '{':
		return w.object(under(t))
	case '[':
		return w.array(under(t))
	case '"':
		_, _, err := w.str()
		return err
	case 'n':
		if bytes.HasPrefix(w.data[w.i:], []byte("null")) {
			w.i += 4
			if t != nil && !nullable(t) {
				return &NullError{Path: w.where()}
			}
			return nil
		}
	}
	start := w.i // a number, true or false: up to the next delimiter
	for ; w.i < len(w.data); w.i++ {
		if c := w.data[w.i]; c == ',' || c == ']' || c == '}' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '[' || c == '{' {
			break
		}
	}
	if w.i == start {
		return errSyntax
	}
	return nil
}

// object reads an object (at its brace) read into t.
func (w *walker) object(t reflect.Type) error {
	w.i++
	d := len(w.path)
	for len(w.keys) <= d {
		w.keys, w.large = append(w.keys, nil), append(w.large, nil)
	}
	w.keys[d], w.large[d] = w.keys[d][:0], nil
	w.path = append(w.path, step{})
	if w.space() == '}' {
		w.i++
		w.path = w.path[:d]
		return nil
	}
	for {
		if w.space() != '"' {
			return errSyntax
		}
		key, err := w.key()
		if err != nil {
			return err
		}
		folded := fold(key)
		if w.seen(d, folded) {
			w.path = w.path[:d]
			return &DuplicateKeyError{Path: w.where(), Key: key}
		}
		if w.space() != ':' {
			return errSyntax
		}
		w.i++
		w.path[d] = step{key: key}
		if err := w.value(member(t, folded)); err != nil {
			return err
		}
		switch w.space() {
		case ',':
			w.i++
		case '}':
			w.i++
			w.path = w.path[:d]
			return nil
		default:
			return errSyntax
		}
	}
}

// array reads an array (at its bracket) read into t.
func (w *walker) array(t reflect.Type) error {
	w.i++
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	d := len(w.path)
	w.path = append(w.path, step{})
	if w.space() == ']' {
		w.i++
		w.path = w.path[:d]
		return nil
	}
	for i := 0; ; i++ {
		w.path[d] = step{index: i}
		if err := w.value(elem); err != nil {
			return err
		}
		switch w.space() {
		case ',':
			w.i++
		case ']':
			w.i++
			w.path = w.path[:d]
			return nil
		default:
			return errSyntax
		}
	}
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// nullable says whether encoding/json gives null a meaning for a value of type t: a
// pointer, interface, map or slice becomes nil; a type that reads its own JSON decides.
// For any other (a bool, a number, a string, a struct) null would be silently ignored.
func nullable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return true
	}
	return t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler)
}

// under is the type a non-null value of type t is read into: t without its pointers;
// nil when the value reads itself (its inside is its own business) or t is nil.
func under(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler) {
		return nil
	}
	return t
}

// member is the type of the member named folded (see fold) of an object read into t:
// a struct's field as encoding/json matches it, a map's values; nil when unknown.
func member(t reflect.Type, folded string) reflect.Type {
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Map:
		return t.Elem()
	case reflect.Struct:
		return fieldsOf(t)[folded]
	}
	return nil
}

var structFields sync.Map // reflect.Type → map[string]reflect.Type

// fieldsOf maps the folded JSON names of a struct's fields (those of embedded structs
// included, the shallowest winning, as encoding/json does) to their types.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if m, ok := structFields.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	level := []reflect.Type{t}
	for depth := 0; len(level) > 0 && depth < 8; depth++ {
		var next []reflect.Type
		found := map[string]reflect.Type{}
		for _, st := range level {
			for i := range st.NumField() {
				f := st.Field(i)
				tag := f.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, _, _ := strings.Cut(tag, ",")
				if f.Anonymous && name == "" {
					if ft := derefType(f.Type); ft.Kind() == reflect.Struct {
						next = append(next, ft)
						continue
					}
				}
				if !f.IsExported() {
					continue
				}
				if name == "" {
					name = f.Name
				}
				if k := fold(name); m[k] == nil && found[k] == nil {
					found[k] = f.Type
				}
			}
		}
		for k, ft := range found {
			m[k] = ft
		}
		level = next
	}
	structFields.Store(t, m)
	return m
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
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

// Decode reads data into v strictly: no nesting deeper than MaxDepth, no key twice in an
// object, no null for a field that cannot hold it, no unknown field, nothing but white
// space after the value.
func Decode(data []byte, v any) error {
	if err := check(data, reflect.TypeOf(v)); err != nil {
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
