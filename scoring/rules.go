// Package scoring holds the pure rules of Burraco scoring: hand scores under a rule set,
// and the conversion of match points (MP) into victory points (VP) with a scale. It
// knows nothing of HTTP or storage, and it uses integers only.
package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Rules is a rule set: the values a hand is scored with (RULES.md section 1).
type Rules struct {
	Closing      int  `json:"closing"`       // bonus for the side that closes
	Clean        int  `json:"clean"`         // each clean burraco
	Dirty        int  `json:"dirty"`         // each dirty burraco
	SemiCleanOn  bool `json:"semi_clean_on"` // semi-clean burracos scored apart
	SemiClean    int  `json:"semi_clean"`    // each semi-clean burraco, when on
	KittyPenalty int  `json:"kitty_penalty"` // taken off when the kitty was not taken
	// NeverOpenedDoubles counts the hand twice for a player who never opened (3-player).
	NeverOpenedDoubles bool `json:"never_opened_doubles"`
	// KittyNotPlayed takes off the value of a kitty that was taken but never played.
	KittyNotPlayed bool `json:"kitty_not_played"`
}

// Standard is the rule set of pairs and 2-player tables.
var Standard = Rules{Closing: 100, Clean: 200, Dirty: 100, SemiClean: 150, KittyPenalty: 100}

// ThreePlayer is the rule set of individual tournaments at 3-player tables (seed 000):
// a player who never opened counts their hand twice.
var ThreePlayer = Rules{Closing: 100, Clean: 200, Dirty: 100, SemiClean: 150, KittyPenalty: 100, NeverOpenedDoubles: true}

// Preset is a named rule set offered when a tournament is created.
type Preset struct {
	Name  string
	Rules Rules
}

// Presets are the named rule sets, by format.
var Presets = []Preset{
	{"standard", Standard},
	{"three_player", ThreePlayer},
}

// PresetRules returns the rules of a named preset.
func PresetRules(name string) (Rules, bool) {
	for _, p := range Presets {
		if p.Name == name {
			return p.Rules, true
		}
	}
	return Rules{}, false
}

// Validate checks a rule set's values: bonuses and penalties are non-negative
// multiples of 5, so that every total stays a multiple of 5.
func (r Rules) Validate() Problems {
	p := Problems{}
	for _, f := range []struct {
		name string
		v    int
	}{{"closing", r.Closing}, {"clean", r.Clean}, {"dirty", r.Dirty}, {"semi_clean", r.SemiClean}, {"kitty_penalty", r.KittyPenalty}} {
		if f.v < 0 || f.v > 10000 || f.v%5 != 0 {
			p.Add(f.name, "rules.value")
		}
	}
	return p.OrNil()
}

// DecodeRules reads a rule set from a JSON object such as
// {"preset": "three_player", "semi_clean_on": true}: it starts from the named preset (or
// from defaultPreset when "preset" is left out) and applies only the fields the object
// gives, by the JSON names of Rules, so that a field left out keeps the preset's value
// and is never silently zero. Empty data, or null, gives the default preset.
//
// Every problem is reported, each on its field: a preset that is not the name of one of
// Presets ("", null and a non-string included) as "rules.preset_unknown" on "preset"; a
// field Rules does not have as "rules.unknown_field" on that field (names match
// exactly); a null value or a value of the wrong JSON type (a number that is not a whole
// number, a flag that is not true or false) as "rules.value"; data that is not a JSON
// object as "rules.not_object" on "rules". The result's own Validate problems are merged
// in. When the problems are not nil the rules are not to be used.
func DecodeRules(data []byte, defaultPreset string) (Rules, Problems) {
	p := Problems{}
	preset := defaultPreset
	var fields []member
	if !isNull(data) && len(bytes.TrimSpace(data)) > 0 {
		err := eachMember(data, func(name string, raw json.RawMessage) error {
			if name != "preset" {
				fields = append(fields, member{name, raw})
			} else if isNull(raw) || json.Unmarshal(raw, &preset) != nil {
				p.Add("preset", "rules.preset_unknown")
			}
			return nil
		})
		if err != nil {
			return Rules{}, Problems{"rules": "rules.not_object"}
		}
	}
	r, ok := PresetRules(preset)
	if !ok {
		p.Add("preset", "rules.preset_unknown")
	}
	for _, f := range fields {
		if key := r.set(f.name, f.value); key != "" {
			p.Add(f.name, key)
		}
	}
	for field, key := range r.Validate() {
		p.Add(field, key)
	}
	return r, p.OrNil()
}

// set gives the field of r with that JSON name a JSON value. It returns the message
// key of the problem, or "" when the value was set.
func (r *Rules) set(name string, value json.RawMessage) string {
	var n *int
	var b *bool
	switch name {
	case "closing":
		n = &r.Closing
	case "clean":
		n = &r.Clean
	case "dirty":
		n = &r.Dirty
	case "semi_clean":
		n = &r.SemiClean
	case "kitty_penalty":
		n = &r.KittyPenalty
	case "semi_clean_on":
		b = &r.SemiCleanOn
	case "never_opened_doubles":
		b = &r.NeverOpenedDoubles
	case "kitty_not_played":
		b = &r.KittyNotPlayed
	default:
		return "rules.unknown_field"
	}
	if isNull(value) { // json.Unmarshal would take null as "no change"
		return "rules.value"
	}
	var err error
	if n != nil {
		var v int
		if err = json.Unmarshal(value, &v); err == nil {
			*n = v
		}
	} else {
		var v bool
		if err = json.Unmarshal(value, &v); err == nil {
			*b = v
		}
	}
	if err != nil {
		return "rules.value"
	}
	return ""
}

// member is one member of a JSON object.
type member struct {
	name  string
	value json.RawMessage
}

// errNotObject is the error of JSON that should be one object and is not.
var errNotObject = errors.New("not a JSON object")

// eachMember calls fn with each member of the JSON object in data, in order, and stops
// at the first error fn returns. It fails when data is not one JSON object.
func eachMember(data []byte, fn func(name string, value json.RawMessage) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errNotObject
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string) // the decoder only gives strings as object keys
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return err
		}
		if err := fn(name, value); err != nil {
			return err
		}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return errNotObject
	}
	if _, err := dec.Token(); err != io.EOF {
		return errNotObject
	}
	return nil
}

// isNull tells a JSON null.
func isNull(value []byte) bool { return string(bytes.TrimSpace(value)) == "null" }

// Problems maps a field to the message key of its first problem.
type Problems map[string]string

// Add records the first problem of a field.
func (p Problems) Add(field, key string) {
	if _, ok := p[field]; !ok {
		p[field] = key
	}
}

// OrNil returns nil when there is no problem, so callers can test p == nil.
func (p Problems) OrNil() Problems {
	if len(p) == 0 {
		return nil
	}
	return p
}

// baseStep is what every base of a hand is a multiple of: the greatest common divisor
// of the bonuses and penalties it is made of (100 with the standard values, 50 when
// semi-clean burracos count 150). 0 when there are none.
func (r Rules) baseStep() int {
	g := 0
	for _, v := range []int{r.Closing, r.Clean, r.Dirty, r.KittyPenalty} {
		g = gcd(g, v)
	}
	if r.SemiCleanOn {
		g = gcd(g, r.SemiClean)
	}
	return g
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}
