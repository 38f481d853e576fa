// Package scoring holds the pure rules of Burraco scoring: hand scores under a rule set,
// and the conversion of match points (MP) into victory points (VP) with a scale. It
// knows nothing of HTTP or storage, and it uses integers only.
package scoring

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
