// Package season is a club championship across evenings: how an evening's result counts
// in the season (points by place, the evening's own values, a percentage of the
// evening's best), best N, a minimum attendance, a participation bonus, and the season
// standings computed from the evenings' final rankings (RULES.md, "Seasons"). It is pure:
// no storage, no HTTP, and it does not know the formats.
package season

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Method is how an evening counts in the season.
type Method string

// The counting methods.
const (
	// ByPlace: points by place from the season's table, shared places sharing the
	// points of the places they cover; optionally scaled by the field's size.
	ByPlace Method = "place"
	// ByValue: the evening's own ranking value (6/3/1 ranking points, VP).
	ByValue Method = "value"
	// ByPercent: 100 × the evening's value ÷ the best value reached that evening.
	ByPercent Method = "percent"
)

// Methods lists the counting methods, the default first.
var Methods = []Method{ByPlace, ByValue, ByPercent}

// DefaultTable is the points-by-place table a new season starts from.
var DefaultTable = []int{25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}

// Settings is how a season counts its evenings.
type Settings struct {
	Method Method `json:"method"`
	// Table is the points of each place (Table[0] for the first), for ByPlace; places
	// past its end score 0.
	Table []int `json:"table"`
	// ScaleByField scales the points by place by the evening's field: points × entries ÷
	// ReferenceField (0: the table's length).
	ScaleByField   bool `json:"scale_by_field"`
	ReferenceField int  `json:"reference_field"`
	// Best is how many evenings count, the best ones (0: all); the others are dropped.
	Best int `json:"best"`
	// MinEvenings is how many evenings a player must play to be ranked.
	MinEvenings int `json:"min_evenings"`
	// Bonus is added for every evening played, counted or dropped.
	Bonus int `json:"bonus"`
}

// Defaults returns the settings of a new season.
func Defaults() Settings {
	return Settings{Method: ByPlace, Table: append([]int(nil), DefaultTable...)}
}

// Season is a club championship: a name, a date range, how evenings count, and the
// tournaments that count (its evenings).
type Season struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name"`
	From     string   `json:"from"` // YYYY-MM-DD
	To       string   `json:"to"`   // YYYY-MM-DD
	Settings Settings `json:"settings"`
	// Published opens the season's public page and projector view.
	Published bool `json:"published"`
	// Version counts edits of the settings: a save from an older one is a conflict.
	Version int `json:"version"`
	// Revision changes with every change of the season itself (settings, evenings,
	// publication); its standings also depend on its evenings' revisions.
	Revision    int64     `json:"revision"`
	Tournaments []int64   `json:"tournaments"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Limits of a season's settings.
const (
	maxName    = 100
	maxPoints  = 1000
	maxPlaces  = 200
	maxEntries = 1000
)

// Normalize trims the text fields and fills the defaults of a method's settings.
func (s *Season) Normalize() {
	// Runs of white space fold into one space as in every name, but not the line and
	// paragraph separators U+2028 and U+2029: the text check refuses them, as it does
	// in a player's name (tournament.CheckText).
	s.Name = strings.Join(strings.FieldsFunc(s.Name, func(r rune) bool {
		return unicode.IsSpace(r) && r != '\u2028' && r != '\u2029'
	}), " ")
	s.From, s.To = strings.TrimSpace(s.From), strings.TrimSpace(s.To)
	if s.Settings.Method == "" {
		s.Settings.Method = ByPlace
	}
}

// Validate checks a normalized season, every problem at once: field name → message key.
func (s *Season) Validate() map[string]string {
	fe := map[string]string{}
	add := func(f, k string) {
		if _, ok := fe[f]; !ok {
			fe[f] = k
		}
	}
	switch {
	case s.Name == "":
		add("name", "error.required")
	case utf8.RuneCountInString(s.Name) > maxName:
		add("name", "error.too_long")
	case strings.ContainsFunc(s.Name, func(r rune) bool { return r < 0x20 || r == 0x7f || r == utf8.RuneError }):
		add("name", "season.err.name")
	}
	from, errFrom := time.Parse(time.DateOnly, s.From)
	to, errTo := time.Parse(time.DateOnly, s.To)
	if errFrom != nil {
		add("from", "season.err.date")
	}
	if errTo != nil {
		add("to", "season.err.date")
	}
	if errFrom == nil && errTo == nil && to.Before(from) {
		add("to", "season.err.range")
	}
	st := &s.Settings
	switch st.Method {
	case ByPlace, ByValue, ByPercent:
	default:
		add("method", "season.err.method")
	}
	if st.Method == ByPlace {
		if len(st.Table) == 0 {
			add("table", "season.err.table_empty")
		} else if len(st.Table) > maxPlaces {
			add("table", "season.err.table_long")
		}
		for i, p := range st.Table {
			if p < 0 || p > maxPoints {
				add("table", "season.err.table_points")
			} else if i > 0 && p > st.Table[i-1] {
				add("table", "season.err.table_order")
			}
		}
	}
	if st.ReferenceField < 0 || st.ReferenceField > maxEntries {
		add("reference_field", "season.err.reference_field")
	}
	if st.Best < 0 || st.Best > maxEntries {
		add("best", "season.err.best")
	}
	if st.MinEvenings < 0 || st.MinEvenings > maxEntries {
		add("min_evenings", "season.err.min_evenings")
	}
	if st.Bonus < 0 || st.Bonus > maxPoints {
		add("bonus", "season.err.bonus")
	}
	return fe
}

// Covers reports whether a date (YYYY-MM-DD) falls in the season's range.
func (s *Season) Covers(date string) bool { return date >= s.From && date <= s.To }
