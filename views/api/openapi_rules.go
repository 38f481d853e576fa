package api

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/api/dto"
)

// The request schemas' constraints are not written twice: they are found by asking the
// app's own checks what they accept (probing), so that the document and the validation
// cannot drift. A format's settings are probed with its Check, from its defaults: each
// whole-number setting's bounds, each text setting's choices (Fields, and "" where the
// check takes it). A body checked by a model's Validate is probed with it, from a valid
// value: each text member's being required and its lengths.

// probeLimit bounds the searches: a value valid at it is taken as unbounded.
const probeLimit = 1 << 20

// modelCheck is how the app checks a request body: a valid value of the model it is
// read into (a pointer to a struct whose JSON names are the body's) and its check.
type modelCheck struct {
	valid func() any
	check func(any) tournament.FieldErrors
}

// playerCheck is a player's: POST and PUT /players….
var playerCheck = modelCheck{
	valid: func() any { return &tournament.Player{FirstName: "Anna", LastName: "Rossi"} },
	check: func(m any) tournament.FieldErrors { return fieldErrors(m.(*tournament.Player).Validate()) }}

// renamed is fe with the field from named to.
func renamed(fe tournament.FieldErrors, from, to string) tournament.FieldErrors {
	if v, ok := fe[from]; ok {
		delete(fe, from)
		fe[to] = v
	}
	return fe
}

// fieldErrors is the FieldErrors of a Validate's error (none for nil).
func fieldErrors(err error) tournament.FieldErrors {
	if e, ok := tournament.AsError(err); ok {
		return e.Fields
	}
	return nil
}

// modelChecks are the bodies checked by a model's Validate.
var modelChecks = map[reflect.Type]modelCheck{
	reflect.TypeFor[dto.PlayerInput]():  playerCheck,
	reflect.TypeFor[dto.PlayerCreate](): playerCheck,
	reflect.TypeFor[dto.TournamentInput](): {
		valid: func() any { return &tournament.Tournament{Name: "Sera", Date: "2026-11-24"} },
		check: func(m any) tournament.FieldErrors { return m.(*tournament.Tournament).Validate() }},
	// A tournament document's tournament and players are checked by the same Validate.
	reflect.TypeFor[tournament.Tournament](): {
		valid: func() any { return &tournament.Tournament{Name: "Sera", Date: "2026-11-24"} },
		check: func(m any) tournament.FieldErrors { return m.(*tournament.Tournament).Validate() }},
	reflect.TypeFor[tournament.Player](): playerCheck,
	reflect.TypeFor[dto.TeamInput](): {
		valid: func() any { return &dto.TeamInput{Name: "Lupi", Players: []int64{1, 2, 3, 4}} },
		check: func(m any) tournament.FieldErrors {
			in := m.(*dto.TeamInput)
			_, fe := tournament.CheckTeam(in.Name, in.Players)
			return fe
		}},
	reflect.TypeFor[dto.TokenInput](): {
		valid: func() any { return &dto.TokenInput{Name: "laptop"} },
		check: func(m any) tournament.FieldErrors {
			_, fe := tournament.CheckTokenName(m.(*dto.TokenInput).Name)
			return fe
		}},
	reflect.TypeFor[dto.LoginInput](): {
		valid: func() any { return &dto.LoginInput{Username: "anna", Password: "password-lunga"} },
		check: func(m any) tournament.FieldErrors {
			_, fe := tournament.CheckTokenName(loginTokenName(m.(*dto.LoginInput).TokenName))
			return renamed(fe, "name", "token_name")
		}},
	reflect.TypeFor[dto.ScaleInput](): {
		valid: func() any { return &dto.ScaleInput{Name: "Mia", Bands: scoring.FIBUR3.Bands} },
		check: func(m any) tournament.FieldErrors {
			in := m.(*dto.ScaleInput)
			return (&tournament.Scale{Name: in.Name, Bands: in.Bands}).Validate()
		}},
	reflect.TypeFor[dto.DirectorInput](): {
		valid: func() any {
			return &tournament.DirectorInput{Username: "anna", Name: "Anna", Password: "password-lunga", Confirm: "password-lunga"}
		},
		check: func(m any) tournament.FieldErrors { return fieldErrors(m.(*tournament.DirectorInput).Validate()) }},
}

// jsonField finds a struct's field by its JSON name, in embedded structs too.
func jsonField(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		n, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if sf.Anonymous && n == "" && sf.Type.Kind() == reflect.Struct {
			if f, ok := jsonField(v.Field(i), name); ok {
				return f, true
			}
			continue
		}
		if n == name && sf.IsExported() {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// applyModelCheck marks the text members of a request object that its model's check
// requires, with their lengths, and bounds its lists of IDs.
func applyModelCheck(sc *Schema, mc modelCheck) {
	for name, p := range sc.Properties {
		if f, ok := jsonField(reflect.ValueOf(mc.valid()).Elem(), name); ok && f.Type() == reflect.TypeFor[[]int64]() {
			applyIDsCheck(p, name, mc)
		}
	}
	for name, p := range sc.Properties {
		valid := func(s string) bool {
			m := mc.valid()
			f, ok := jsonField(reflect.ValueOf(m).Elem(), name)
			if !ok || f.Kind() != reflect.String {
				return false
			}
			f.SetString(s)
			_, bad := mc.check(m)[name]
			return !bad
		}
		if f, ok := jsonField(reflect.ValueOf(mc.valid()).Elem(), name); !ok || f.Kind() != reflect.String || p.Type == nil || p.Type[0] != "string" {
			continue
		}
		if !valid("a\x00") && p.Pattern == "" { // hostile and invisible characters refused: say which
			multi := valid("a\nb")
			p.Pattern = textPattern(multi)
		}
		if !valid("") && !slices.Contains(sc.Required, name) {
			sc.Required = append(sc.Required, name)
			slices.Sort(sc.Required)
		}
		for _, c := range []string{"a", "A"} {
			n := 1
			for n <= 16 && !valid(strings.Repeat(c, n)) {
				n++
			}
			if n > 16 {
				continue
			}
			ok := func(k int) bool { return valid(strings.Repeat(c, k)) }
			if lo := lowest(ok, 0, n); lo > 1 {
				p.MinLength = &lo
			} else if lo == 1 && !valid("") {
				one := 1
				p.MinLength = &one
			}
			if hi := highest(ok, n, 100000); hi < 100000 {
				p.MaxLength = &hi
			}
			break
		}
	}
}

// applyIDsCheck bounds a list of IDs (a member whose Go type is []int64) by the model's
// check: how many it takes (probed with the IDs 1, 2, …), the least ID, and whether an
// ID may be given twice. A problem of the list is named by the member or "member.<i>".
func applyIDsCheck(p *Schema, name string, mc modelCheck) {
	valid := func(ids []int64) bool {
		m := mc.valid()
		f, _ := jsonField(reflect.ValueOf(m).Elem(), name)
		f.Set(reflect.ValueOf(ids))
		for k := range mc.check(m) {
			if k == name || strings.HasPrefix(k, name+".") {
				return false
			}
		}
		return true
	}
	ids := func(n int) []int64 {
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(i + 1)
		}
		return out
	}
	const most = 64
	n := 0
	for n <= most && !valid(ids(n)) {
		n++
	}
	if n > most {
		return
	}
	okLen := func(k int) bool { return valid(ids(k)) }
	if lo := lowest(okLen, 0, n); lo > 0 {
		p.MinItems = &lo
		p.Type = Types{"array"}
	}
	if hi := highest(okLen, n, most); hi < most {
		p.MaxItems = &hi
	}
	if n == 0 {
		n = 1
		if !valid(ids(1)) {
			return
		}
	}
	least := lowest(func(x int) bool {
		l := ids(n)
		l[0] = int64(x)
		return valid(l)
	}, -probeLimit, 1)
	if least > -probeLimit {
		item := *p.Items
		item.Minimum = &least
		p.Items = &item
	}
	if n >= 2 {
		l := ids(n)
		l[1] = l[0]
		if !valid(l) {
			p.UniqueItems = true
		}
	}
}

// applySettingsCheck bounds a format's settings by its Check. A bound found from the
// defaults may hang on another setting (a time-out's loser VP at most the winner's): each
// whole number is probed again with every other one at its own bounds, and the widest
// bounds are declared, so the document never refuses what the check takes one setting
// at a time.
func applySettingsCheck(sc *Schema, f tournament.Format) {
	def := reflect.ValueOf(f.Defaults())
	type span struct{ lo, hi int }
	valid := func(base reflect.Value, name string, set func(reflect.Value)) bool {
		v := reflect.New(base.Type()).Elem()
		v.Set(base)
		field, ok := jsonField(v, name)
		if !ok {
			return false
		}
		set(field)
		_, bad := f.Check(v.Interface().(tournament.Settings))[name]
		return !bad
	}
	bounds := func(base reflect.Value, name string) (span, bool) {
		fv, _ := jsonField(base, name)
		ok := func(x int) bool { return valid(base, name, func(v reflect.Value) { v.SetInt(int64(x)) }) }
		d := int(fv.Int())
		if !ok(d) {
			return span{}, false
		}
		return span{lowest(ok, -probeLimit, d), highest(ok, d, probeLimit)}, true
	}
	ints := map[string]span{}
	for name := range sc.Properties {
		if fv, ok := jsonField(def, name); ok && fv.Type() != pointsType && (fv.Kind() == reflect.Int || fv.Kind() == reflect.Int64) {
			if b, ok := bounds(def, name); ok {
				ints[name] = b
			}
		}
	}
	for name, b := range ints {
		for other, ob := range ints {
			if other == name {
				continue
			}
			for _, x := range []int{ob.lo, ob.hi} {
				base := reflect.New(def.Type()).Elem()
				base.Set(def)
				fv, _ := jsonField(base, other)
				fv.SetInt(int64(x))
				if nb, ok := bounds(base, name); ok {
					b.lo, b.hi = min(b.lo, nb.lo), max(b.hi, nb.hi)
				}
			}
		}
		p := sc.Properties[name]
		if b.lo > -probeLimit {
			lo := b.lo
			p.Minimum = &lo
		}
		if b.hi < probeLimit {
			hi := b.hi
			p.Maximum = &hi
		}
	}
	for name, p := range sc.Properties {
		fv, ok := jsonField(def, name)
		if !ok || fv.Kind() != reflect.String || fv.Type() == pointsType {
			continue
		}
		var choices []string
		for _, fl := range f.Fields() {
			if fl.Name == name {
				choices = append(choices, fl.Choices...)
			}
		}
		if len(choices) == 0 {
			continue
		}
		var enum []string
		for _, c := range append(choices, "") {
			if valid(def, name, func(v reflect.Value) { v.SetString(c) }) && !slices.Contains(enum, c) {
				enum = append(enum, c)
			}
		}
		p.Enum = enum
	}
}

// lowest is the least x in [lo, valid] for which ok holds, ok holding on an interval
// that contains valid; lo itself when ok(lo).
func lowest(ok func(int) bool, lo, valid int) int {
	if ok(lo) {
		return lo
	}
	for valid-lo > 1 { // ok(valid), !ok(lo)
		mid := lo + (valid-lo)/2
		if ok(mid) {
			valid = mid
		} else {
			lo = mid
		}
	}
	return valid
}

// highest is the greatest x in [valid, hi] for which ok holds (see lowest).
func highest(ok func(int) bool, valid, hi int) int {
	if ok(hi) {
		return hi
	}
	for hi-valid > 1 {
		mid := valid + (hi-valid)/2
		if ok(mid) {
			valid = mid
		} else {
			hi = mid
		}
	}
	return valid
}

var (
	textPatternsMu sync.Mutex
	textPatterns   = map[bool]string{}
)

// textPattern is a pattern of text without the characters the app refuses in a text
// field (tournament.HostileRune, tournament.InvisibleRune): a class of their ranges,
// written as the characters themselves (ECMA-262 and Go read them alike). Only those of
// the Basic Multilingual Plane: a regular expression without the u flag reads the others
// as two halves, which would refuse text the app takes.
func textPattern(multiline bool) string {
	textPatternsMu.Lock()
	defer textPatternsMu.Unlock()
	if p, ok := textPatterns[multiline]; ok {
		return p
	}
	refused := func(r rune) bool { return tournament.HostileRune(r, multiline) || tournament.InvisibleRune(r) }
	var b strings.Builder
	b.WriteString("^[^")
	for r := rune(0); r <= 0xFFFF; r++ {
		if !refused(r) || (r >= 0xD800 && r <= 0xDFFF) {
			continue
		}
		end := r
		for end+1 <= 0xFFFF && refused(end+1) && !(end+1 >= 0xD800 && end+1 <= 0xDFFF) {
			end++
		}
		b.WriteRune(r)
		if end > r {
			b.WriteByte('-')
			b.WriteRune(end)
		}
		r = end
	}
	b.WriteString("]*$")
	textPatterns[multiline] = b.String()
	return textPatterns[multiline]
}
