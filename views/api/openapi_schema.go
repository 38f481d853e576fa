package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/api/dto"
)

// Schema is a JSON Schema (draft 2020-12, as OpenAPI 3.1 takes it), with only the
// keywords this document uses.
type Schema struct {
	Ref                  string             `json:"$ref,omitempty"`
	Type                 Types              `json:"type,omitempty"`
	Format               string             `json:"format,omitempty"`
	Description          string             `json:"description,omitempty"`
	Enum                 []string           `json:"enum,omitempty"`
	Pattern              string             `json:"pattern,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	Required             []string           `json:"required,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	MinItems             *int               `json:"minItems,omitempty"`
	MaxItems             *int               `json:"maxItems,omitempty"`
	UniqueItems          bool               `json:"uniqueItems,omitempty"`
	AnyOf                []*Schema          `json:"anyOf,omitempty"`
	OneOf                []*Schema          `json:"oneOf,omitempty"`
	Discriminator        *Discriminator     `json:"discriminator,omitempty"`
	Minimum              *int               `json:"minimum,omitempty"`
	Maximum              *int               `json:"maximum,omitempty"`
	MinLength            *int               `json:"minLength,omitempty"`
	MaxLength            *int               `json:"maxLength,omitempty"`
	// Deny makes the schema the boolean schema false (nothing is valid): an object's
	// additionalProperties when it takes no other member.
	Deny bool `json:"-"`

	ref     reflect.Type // a named type, for Ref once components are named
	refMode mode
	variant string // with ref: the variant of the type for this format
}

// Discriminator names the member whose value chooses a oneOf's schema.
type Discriminator struct {
	PropertyName string            `json:"propertyName"`
	Mapping      map[string]string `json:"mapping"`

	refs map[string]*Schema // the mapping's references, named once components are
}

// MarshalJSON writes a denying schema as false.
func (s *Schema) MarshalJSON() ([]byte, error) {
	if s.Deny {
		return []byte("false"), nil
	}
	type plain Schema
	return json.Marshal((*plain)(s))
}

// Types is a schema's type: one name, or several ("integer", "null").
type Types []string

// MarshalJSON writes one type as a string, several as an array.
func (t Types) MarshalJSON() ([]byte, error) {
	if len(t) == 1 {
		return json.Marshal(t[0])
	}
	return json.Marshal([]string(t))
}

// mode says which way a body goes: a request is read (every member may be left out
// unless tagged api:"required"), an answer written (every member without omitempty is
// there).
type mode int

const (
	answer mode = iota
	request
)

// schemas reflects Go types into component schemas, written as encoding/json writes
// them: a named struct becomes a component, a nil slice, map or pointer null.
type schemas struct {
	byType map[typeMode]*Schema // component schemas by type and direction
	order  []typeMode
	refs   []*Schema // every reference made, named once all types are known
	discs  []*Discriminator
	// settings are the registered formats' settings types, for a stage's settings.
	settings []formatSettings
}

// formatSettings is a registered format's name and the type of its settings.
type formatSettings struct {
	name string
	t    reflect.Type
	f    tournament.Format
}

type typeMode struct {
	t       reflect.Type
	m       mode
	variant string // a format's variant of a struct with a format and its settings
}

func newSchemas(settings []formatSettings) *schemas {
	return &schemas{byType: map[typeMode]*Schema{}, settings: settings}
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	rawType      = reflect.TypeFor[json.RawMessage]()
	pointsType   = reflect.TypeFor[tournament.Points]()
	clockType    = reflect.TypeFor[tournament.Clock]()
	bandType     = reflect.TypeFor[scoring.Band]()
	settingsType = reflect.TypeFor[tournament.Settings]()
	rulesType    = reflect.TypeFor[scoring.Rules]()
	outcomeType  = reflect.TypeFor[tournament.Outcome]()
	marshaler    = reflect.TypeFor[json.Marshaler]()
)

// of returns the schema of a value of type t, read or written as m.
func (s *schemas) of(t reflect.Type, m mode) *Schema {
	switch t {
	case timeType:
		return &Schema{Type: Types{"string"}, Format: "date-time"}
	case rawType:
		return &Schema{}
	case pointsType:
		// A request may send a number too (3, 4.5), which the app reads alike; the
		// document names the one form, so that generated clients type it.
		return &Schema{Type: Types{"string"}, Pattern: `^-?[0-9]+(\.[0-9]+)?$`, Description: `points as a sheet shows them: "4.5"`}
	case settingsType:
		return s.settingsSchema(m)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(s.of(t.Elem(), m))
	case reflect.Bool:
		return &Schema{Type: Types{"boolean"}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: Types{"integer"}}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: Types{"number"}}
	case reflect.String:
		return &Schema{Type: Types{"string"}}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return &Schema{Type: Types{"string", "null"}, Format: "byte"} // base64, as encoding/json writes bytes
		}
		return &Schema{Type: Types{"array", "null"}, Items: s.of(t.Elem(), m)}
	case reflect.Array:
		n := t.Len()
		return &Schema{Type: Types{"array"}, Items: s.of(t.Elem(), m), MinItems: &n, MaxItems: &n}
	case reflect.Map:
		return &Schema{Type: Types{"object", "null"}, AdditionalProperties: s.of(t.Elem(), m)}
	case reflect.Interface:
		return &Schema{}
	case reflect.Struct:
		if t.Name() == "" {
			return s.object(t, m)
		}
		return s.component(t, m)
	}
	panic(fmt.Sprintf("openapi: no schema for %v", t))
}

// nullable lets a schema be null too.
func nullable(sc *Schema) *Schema {
	if sc.ref != nil || sc.Type == nil {
		if sc.Type == nil && sc.ref == nil && sc.AnyOf == nil {
			return sc // anything, null included
		}
		return &Schema{AnyOf: []*Schema{sc, {Type: Types{"null"}}}}
	}
	for _, t := range sc.Type {
		if t == "null" {
			return sc
		}
	}
	out := *sc
	out.Type = append(append(Types{}, sc.Type...), "null")
	return &out
}

// component returns a reference to the component schema of a named struct, made once.
func (s *schemas) component(t reflect.Type, m mode) *Schema {
	key := typeMode{t: t, m: m}
	if _, ok := s.byType[key]; !ok {
		s.byType[key] = nil // taken, for a type that refers to itself
		s.order = append(s.order, key)
		s.byType[key] = s.structSchema(t, m)
	}
	ref := &Schema{ref: t, refMode: m}
	s.refs = append(s.refs, ref)
	return ref
}

// variantRef returns a reference to a format's variant of a named struct with a format
// and its settings (formatVariants), made once.
func (s *schemas) variantRef(t reflect.Type, m mode, variant string, make func() *Schema) *Schema {
	key := typeMode{t, m, variant}
	if _, ok := s.byType[key]; !ok {
		s.byType[key] = nil
		s.order = append(s.order, key)
		s.byType[key] = make()
	}
	ref := &Schema{ref: t, refMode: m, variant: variant}
	s.refs = append(s.refs, ref)
	return ref
}

// structSchema is the schema of a named struct: its own JSON form where it writes one.
func (s *schemas) structSchema(t reflect.Type, m mode) *Schema {
	switch t {
	case clockType:
		return &Schema{Type: Types{"object"}, Properties: map[string]*Schema{
			"running":      {Type: Types{"boolean"}},
			"ends_at":      {Type: Types{"string"}, Format: "date-time", Description: "when time runs out, while the clock runs"},
			"left_seconds": {Type: Types{"integer"}, Description: "the seconds to go, while paused"},
			"left_ms":      {Type: Types{"integer"}, Description: "the milliseconds to go, while paused"},
		}, Required: required(m, "running"), AdditionalProperties: &Schema{Deny: true}}
	case bandType:
		return &Schema{Type: Types{"object"}, Properties: map[string]*Schema{
			"from":   {Type: Types{"integer"}},
			"to":     {Type: Types{"integer", "null"}, Description: "null on the last band: no upper bound"},
			"winner": {Type: Types{"integer"}},
			"loser":  {Type: Types{"integer"}},
		}, Required: required(m, "from", "to", "winner", "loser"), AdditionalProperties: &Schema{Deny: true}}
	}
	if t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler) {
		panic(fmt.Sprintf("openapi: %v writes its own JSON: give it a schema", t))
	}
	return s.object(t, m)
}

func required(m mode, names ...string) []string {
	if m == request {
		return nil
	}
	return names
}

// object is the schema of a struct's JSON object: its members as encoding/json finds
// them (embedded structs' members promoted, the shallower one winning a name), no other.
func (s *schemas) object(t reflect.Type, m mode) *Schema {
	fs := fields(t)
	if t == reflect.TypeFor[dto.StartStageInput]() && m == request && len(s.settings) > 0 {
		return s.startVariants(t, m, fs)
	}
	if t.Name() != "" && hasFormatAndSettings(fs) && len(s.settings) > 0 {
		return s.formatVariants(t, m, fs)
	}
	return s.plainObject(t, m, fs, nil)
}

// hasFormatAndSettings reports whether a struct's members are a format's name and its
// settings (a stage, a tournament, their inputs).
func hasFormatAndSettings(fs []field) bool {
	var format, settings bool
	for _, f := range fs {
		switch {
		case f.name == "format" && f.typ.Kind() == reflect.String:
			format = true
		case f.name == "settings" && (f.typ == settingsType || f.typ == rawType):
			settings = true
		}
	}
	return format && settings
}

// formatVariants is the schema of a struct with a format and its settings: one of a
// variant per registered format, chosen by the format member (a discriminator), whose
// settings are that format's.
func (s *schemas) formatVariants(t reflect.Type, m mode, fs []field) *Schema {
	d := &Discriminator{PropertyName: "format", refs: map[string]*Schema{}}
	s.discs = append(s.discs, d)
	out := &Schema{Discriminator: d, Description: "by format: each format's settings"}
	for _, f := range s.settings {
		ref := s.variantRef(t, m, f.name, func() *Schema {
			return s.plainObject(t, m, fs, &f)
		})
		d.refs[f.name] = ref
		out.OneOf = append(out.OneOf, ref)
	}
	if m == request && t == reflect.TypeFor[dto.TournamentInput]() {
		// A body without a format keeps the stored one (an update) or takes the default
		// (a create): its settings are that format's, any format's members.
		// The app reads an empty format as none: the discriminator maps "" to it, so
		// that tools that read the discriminator as required (openapi-typescript) have
		// a value to send.
		same := s.variantRef(t, m, "sameFormat", func() *Schema {
			sc := s.plainObject(t, m, fs, nil)
			sc.Properties["format"] = &Schema{Type: Types{"string"}, Enum: []string{""}}
			sc.Properties["settings"] = s.anySettings()
			sc.Description = `without a format (or ""): the stored format on an update, the default one (` +
				tournament.DefaultFormat().Name() + ") on a create; settings of that format"
			return sc
		})
		d.refs[""] = same
		out.OneOf = append(out.OneOf, same)
		out.Description += `; without a format (or ""), the stored or the default one`
	}
	return out
}

// startVariants is the schema of a next stage's start: one of a variant per format that
// can follow another stage (tournament.Starts), chosen by its format, whose start is one
// of that format's ("" for seeded).
func (s *schemas) startVariants(t reflect.Type, m mode, fs []field) *Schema {
	d := &Discriminator{PropertyName: "format", refs: map[string]*Schema{}}
	s.discs = append(s.discs, d)
	out := &Schema{Discriminator: d, Description: "by format: the starts it can make"}
	for _, f := range s.settings {
		starts := tournament.Starts(f.f)
		if len(starts) == 0 {
			continue
		}
		if slices.Contains(starts, tournament.StartSeeded) {
			starts = append([]string{""}, starts...)
		}
		ref := s.variantRef(t, m, f.name, func() *Schema {
			sc := s.plainObject(t, m, fs, nil)
			sc.Properties["format"] = &Schema{Type: Types{"string"}, Enum: []string{f.name}}
			sc.Properties["start"] = &Schema{Type: Types{"string"}, Enum: starts}
			sc.Required = []string{"format"}
			if !slices.Contains(starts, "") {
				sc.Required = append(sc.Required, "start")
			}
			return sc
		})
		d.refs[f.name] = ref
		out.OneOf = append(out.OneOf, ref)
	}
	return out
}

// anySettings is a reference to the settings of any registered format: every member of
// each, with the widest bounds and every choice where two formats share a member (the
// app checks them as the format's own).
func (s *schemas) anySettings() *Schema {
	return s.variantRef(settingsType, request, "ofAnyFormat", func() *Schema {
		out := &Schema{Type: Types{"object"}, Properties: map[string]*Schema{}, AdditionalProperties: &Schema{Deny: true},
			Description: "the settings of the format in force: any format's members"}
		for _, f := range s.settings {
			for n, p := range s.resolve(s.of(f.t, request)).Properties {
				if q, ok := out.Properties[n]; ok {
					out.Properties[n] = widest(q, p)
				} else {
					out.Properties[n] = p
				}
			}
		}
		return out
	})
}

// widest is a schema of one member that two formats share: the widest bounds, every
// choice; they must otherwise be alike.
func widest(a, b *Schema) *Schema {
	if mustJSON(a) == mustJSON(b) {
		return a
	}
	c := *a
	c.Minimum, c.Maximum, c.Enum = nil, nil, nil
	if a.Minimum != nil && b.Minimum != nil {
		lo := min(*a.Minimum, *b.Minimum)
		c.Minimum = &lo
	}
	if a.Maximum != nil && b.Maximum != nil {
		hi := max(*a.Maximum, *b.Maximum)
		c.Maximum = &hi
	}
	if a.Enum != nil && b.Enum != nil {
		c.Enum = append([]string{}, a.Enum...)
		for _, e := range b.Enum {
			if !slices.Contains(c.Enum, e) {
				c.Enum = append(c.Enum, e)
			}
		}
	}
	cb := *b
	cb.Minimum, cb.Maximum, cb.Enum = c.Minimum, c.Maximum, c.Enum
	if mustJSON(&c) != mustJSON(&cb) {
		panic(fmt.Sprintf("openapi: two formats' settings disagree on a member: %s and %s", mustJSON(a), mustJSON(b)))
	}
	return &c
}

// plainObject is the schema of a struct's members; with a format, its format member is
// that format's name and its settings that format's settings.
func (s *schemas) plainObject(t reflect.Type, m mode, fs []field, format *formatSettings) *Schema {
	sc := &Schema{Type: Types{"object"}, Properties: map[string]*Schema{}, AdditionalProperties: &Schema{Deny: true}}
	if format != nil {
		sc.Required = append(sc.Required, "format")
	}
	for _, f := range fs {
		if f.tag.Get("api") == "hidden" {
			continue
		}
		if format != nil {
			switch f.name {
			case "format":
				sc.Properties[f.name] = &Schema{Type: Types{"string"}, Enum: []string{format.name}}
				continue
			case "settings":
				sc.Properties[f.name] = s.of(format.t, m)
				if m == answer {
					sc.Required = append(sc.Required, f.name)
				}
				continue
			}
		}
		fs := s.of(f.typ, m)
		if f.tag.Get("api") == "object" {
			fs = &Schema{Type: Types{"object", "null"}}
		}
		if m == request && f.tag.Get("api") == "required" && f.typ.Kind() == reflect.Pointer {
			fs = s.of(f.typ.Elem(), m) // required: a value, not null
		}
		if pat := f.tag.Get("pattern"); pat != "" {
			fs.Pattern = pat
		}
		if e, ok := f.tag.Lookup("enum"); ok && m == request {
			c := *fs
			c.Enum = strings.Split(e, ",")
			fs = &c
		}
		if n, err := strconv.Atoi(f.tag.Get("minItems")); err == nil && m == request {
			c := *fs
			c.MinItems, c.Type = &n, Types{"array"} // at least n: not null either
			fs = &c
		}
		if n, err := strconv.Atoi(f.tag.Get("len")); err == nil && m == request {
			c := *fs
			c.MinItems, c.MaxItems = &n, &n // exactly n when given (null stays null)
			fs = &c
		}
		if n, err := strconv.Atoi(f.tag.Get("minimum")); err == nil && m == request {
			fs = deepest(fs, func(leaf *Schema) { leaf.Minimum = &n })
		}
		if _, ok := f.tag.Lookup("uniqueItems"); ok && m == request {
			fs = innermostArray(fs)
		}
		if n, err := strconv.Atoi(f.tag.Get("minLength")); err == nil && m == request {
			c := *fs
			c.MinLength = &n
			fs = &c
		}
		if f.tag.Get("api") == "errcode" {
			fs = &Schema{Type: Types{"string"}, Enum: dto.ErrorCodes}
		}
		if f.tag.Get("api") == "rules" {
			fs = s.of(rulesType, m)
		}
		sc.Properties[f.name] = fs
		if ((m == answer && !f.omitEmpty) || (f.tag.Get("api") == "required")) && !slices.Contains(sc.Required, f.name) {
			sc.Required = append(sc.Required, f.name)
		}
	}
	sort.Strings(sc.Required)
	if m == request && t == outcomeType {
		// The kinds the app knows; which of them a table takes is its format's (Outcomes).
		sc.Properties["kind"].Enum = []string{"", tournament.OutcomeTimeout, tournament.OutcomeLastAction, tournament.OutcomeForfeit}
	}
	if m == request {
		if mc, ok := modelChecks[t]; ok {
			applyModelCheck(sc, mc)
		}
	}
	for _, f := range s.settings {
		if f.t == t && f.f != nil {
			applySettingsCheck(sc, f.f)
		}
	}
	return sc
}

// field is a member of a struct's JSON object.
type field struct {
	name      string
	typ       reflect.Type
	tag       reflect.StructTag
	omitEmpty bool
}

// fields lists a struct's JSON members as encoding/json does, simplified: a member of a
// shallower struct hides one of the same name in an embedded struct.
func fields(t reflect.Type) []field {
	var out []field
	seen := map[string]bool{}
	type level struct {
		t reflect.Type
	}
	queue := []level{{t}}
	for len(queue) > 0 {
		var next []level
		var found []field
		for _, l := range queue {
			for i := 0; i < l.t.NumField(); i++ {
				sf := l.t.Field(i)
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				ft := sf.Type
				if sf.Anonymous && name == "" {
					et := ft
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if et.Kind() == reflect.Struct {
						next = append(next, level{et})
						continue
					}
				}
				if !sf.IsExported() {
					continue
				}
				if name == "" {
					name = sf.Name
				}
				found = append(found, field{name: name, typ: ft, tag: sf.Tag, omitEmpty: strings.Contains(opts, "omitempty")})
			}
		}
		for _, f := range found {
			if !seen[f.name] {
				seen[f.name] = true
				out = append(out, f)
			}
		}
		queue = next
	}
	return out
}

// settingsSchema is a stage's settings: those of one of the registered formats.
func (s *schemas) settingsSchema(m mode) *Schema {
	if len(s.settings) == 0 {
		return &Schema{Type: Types{"object"}, Description: "the format's own settings"}
	}
	panic("openapi: a stage's settings outside a struct with its format")
}

// name gives every component its name: the type's own, unless types of two packages
// share it, then with its package's name before it (this package's types keep theirs),
// and a request's with "Input" after it unless its name says so already; it points
// every reference at its component and returns the components.
func (s *schemas) name() map[string]*Schema {
	pkgs := map[string]map[string]bool{}
	for _, k := range s.order {
		if pkgs[k.t.Name()] == nil {
			pkgs[k.t.Name()] = map[string]bool{}
		}
		pkgs[k.t.Name()][k.t.PkgPath()] = true
	}
	own := reflect.TypeFor[dto.Error]().PkgPath()
	names := map[typeMode]string{}
	for _, k := range s.order {
		n := k.t.Name()
		if len(pkgs[n]) > 1 && k.t.PkgPath() != own {
			n = upperFirst(pkgName(k.t)) + n
		}
		if k.m == request && !strings.HasSuffix(n, "Input") {
			n += "Input"
		}
		if k.variant != "" {
			n += upperFirst(k.variant)
		}
		names[k] = n
	}
	taken := map[string]int{}
	for _, n := range names {
		taken[n]++
	}
	for k, n := range names {
		if taken[n] > 1 && k.t.PkgPath() != own && !strings.HasPrefix(n, upperFirst(pkgName(k.t))) {
			names[k] = upperFirst(pkgName(k.t)) + n // a request's tournament.Entry beside dto.EntryInput
		}
	}
	out := map[string]*Schema{}
	for k, sc := range s.byType {
		if prev, ok := out[names[k]]; ok && prev != sc {
			panic(fmt.Sprintf("openapi: two schemas named %s", names[k]))
		}
		out[names[k]] = sc
	}
	for _, r := range s.refs {
		r.Ref = "#/components/schemas/" + names[typeMode{r.ref, r.refMode, r.variant}]
	}
	for _, d := range s.discs {
		d.Mapping = map[string]string{}
		for v, r := range d.refs {
			d.Mapping[v] = r.Ref
		}
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// pkgName is the last element of a type's package path.
func pkgName(t reflect.Type) string {
	p := t.PkgPath()
	return p[strings.LastIndex(p, "/")+1:]
}

// merged is one object schema for answers of several shapes under one status (a 409 that
// says more than the error, in one of several ways): every member of each, required
// where all require it. No union: a generated client reads one type.
func (s *schemas) merged(types ...reflect.Type) *Schema {
	var out *Schema
	for _, t := range types {
		out = s.merge(out, s.resolve(s.of(t, answer)))
	}
	return out
}

// resolve is the schema a reference points at (the component of its type).
func (s *schemas) resolve(sc *Schema) *Schema {
	if sc.ref != nil {
		return s.byType[typeMode{sc.ref, sc.refMode, sc.variant}]
	}
	return sc
}

// merge joins two object schemas (merged); two members of one name must be the same
// schema or objects themselves.
func (s *schemas) merge(a, b *Schema) *Schema {
	if a == nil {
		return b
	}
	if a == b || (a.ref != nil && a.ref == b.ref && a.refMode == b.refMode && a.variant == b.variant) {
		return a
	}
	ra, rb := s.resolve(a), s.resolve(b)
	// Leaves (no members, no references inside) that write alike are the same.
	if a.ref == nil && b.ref == nil && a.Properties == nil && b.Properties == nil && a.Items == nil && b.Items == nil &&
		mustJSON(a) == mustJSON(b) {
		return a
	}
	if ra.Properties == nil || rb.Properties == nil {
		panic(fmt.Sprintf("openapi: cannot merge %+v and %+v", ra, rb))
	}
	out := &Schema{Type: Types{"object"}, Properties: map[string]*Schema{}, AdditionalProperties: &Schema{Deny: true}}
	for n, p := range ra.Properties {
		out.Properties[n] = p
	}
	for n, p := range rb.Properties {
		if q, ok := out.Properties[n]; ok {
			out.Properties[n] = s.merge(q, p)
		} else {
			out.Properties[n] = p
		}
	}
	for _, n := range ra.Required {
		if slices.Contains(rb.Required, n) {
			out.Required = append(out.Required, n)
		}
	}
	return out
}

func mustJSON(sc *Schema) string {
	b, err := json.Marshal(sc)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// deepest is a copy of an array schema (of arrays…) with set applied to its leaf items,
// or of the schema itself when it is no array.
func deepest(sc *Schema, set func(*Schema)) *Schema {
	c := *sc
	if c.Items != nil {
		c.Items = deepest(c.Items, set)
	} else {
		set(&c)
	}
	return &c
}

// innermostArray is a copy of an array schema (of arrays…) whose innermost array takes
// no item twice.
func innermostArray(sc *Schema) *Schema {
	c := *sc
	if c.Items != nil && c.Items.Items != nil {
		c.Items = innermostArray(c.Items)
	} else {
		c.UniqueItems = true
	}
	return &c
}
