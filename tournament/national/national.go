// Package national is the federation's registry of players (issue 38, RULES.md §9): one
// record per person across clubs, keyed by the federation card number, which every
// club's player with that card links to; a record's visibility on public pages (minors
// hidden by default); merging two records of one person; a player's profile across
// clubs; and erasure on request, which removes the person's identity and keeps their
// results, so nobody else's place changes.
package national

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"burraco/tournament"
)

// Visibility is how a player's name shows on public pages.
type Visibility string

// The visibilities a record may have.
const (
	// ByAge is the default: the full name for an adult, hidden for a minor (a player
	// whose birth date is unknown reads as an adult, as every name did before issue 38).
	ByAge Visibility = ""
	// Full shows the full name, even for a minor (asked for explicitly).
	Full Visibility = "full"
	// Initials shows the initials only ("M. R.").
	Initials Visibility = "initials"
	// Hidden shows no name at all (Hidden's mark).
	Hidden Visibility = "hidden"
)

// Visibilities lists every visibility, the default first.
var Visibilities = []Visibility{ByAge, Full, Initials, Hidden}

// HiddenMark is what a public page shows in place of a hidden player's name.
const HiddenMark = "—"

// AdultAge is the age from which a player's name shows by default.
const AdultAge = 18

// ErasedLabel is the neutral label an erased player's records carry in place of their
// names ("Giocatore N", N the national record's number): the results stay readable and
// name nobody. The label is the same in every language, since it is stored.
const ErasedLabel = "Giocatore"

// DateLayout is the layout of a birth date in forms and JSON.
const DateLayout = "2006-01-02"

// Player is one person in the national registry.
type Player struct {
	ID         int64      `json:"id"`
	CardNumber string     `json:"card_number"`
	FirstName  string     `json:"first_name"`
	LastName   string     `json:"last_name"`
	Region     string     `json:"region"`
	Category   string     `json:"category"`   // the federation's category of the player (the ranking's filter)
	BirthDate  string     `json:"birth_date"` // YYYY-MM-DD, or "" when unknown
	Visibility Visibility `json:"visibility"`
	ErasedAt   *time.Time `json:"erased_at,omitempty"`
	Version    int        `json:"version"`
	CreatedAt  time.Time  `json:"created_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
}

// FullName returns "Last First", as club lists read.
func (p *Player) FullName() string { return strings.TrimSpace(p.LastName + " " + p.FirstName) }

// Erased reports whether the record was erased.
func (p *Player) Erased() bool { return p.ErasedAt != nil }

// Normalize trims the fields and upper-cases the card number.
func (p *Player) Normalize() {
	p.CardNumber = strings.ToUpper(strings.TrimSpace(p.CardNumber))
	p.FirstName = strings.Join(strings.Fields(p.FirstName), " ")
	p.LastName = strings.Join(strings.Fields(p.LastName), " ")
	p.Region = strings.Join(strings.Fields(p.Region), " ")
	p.Category = strings.Join(strings.Fields(p.Category), " ")
	p.BirthDate = strings.TrimSpace(p.BirthDate)
	p.Visibility = Visibility(strings.TrimSpace(string(p.Visibility)))
}

// Validate checks a normalized record at now and returns every problem at once.
func (p *Player) Validate(now time.Time) error {
	fe := tournament.FieldErrors{}
	if err := Vet(p); err != nil {
		return err
	}
	if p.Erased() {
		return nil // an erased record keeps its neutral label and nothing else
	}
	if p.CardNumber == "" {
		fe.Add("card_number", "error.required")
	} else {
		tournament.CheckCard(fe, "card_number", p.CardNumber)
	}
	for _, f := range []struct{ name, v string }{{"first_name", p.FirstName}, {"last_name", p.LastName}} {
		switch {
		case f.v == "":
			fe.Add(f.name, "error.required")
		case utf8.RuneCountInString(f.v) > 100:
			fe.Add(f.name, "error.too_long")
		}
	}
	if utf8.RuneCountInString(p.Region) > 60 {
		fe.Add("region", "error.too_long")
	}
	if utf8.RuneCountInString(p.Category) > 40 {
		fe.Add("category", "error.too_long")
	}
	if p.BirthDate != "" {
		d, err := time.Parse(DateLayout, p.BirthDate)
		switch {
		case err != nil:
			fe.Add("birth_date", "national.birth_date.format")
		case d.Year() < 1900 || d.After(now):
			fe.Add("birth_date", "national.birth_date.range")
		}
	}
	switch p.Visibility {
	case ByAge, Full, Initials, Hidden:
	default:
		fe.Add("visibility", "national.visibility.unknown")
	}
	return fe.Err()
}

// Vet refuses hostile or invisible characters in a record's text fields (the store
// calls it before every write, as tournament.Vet for a club's player).
func Vet(p *Player) error {
	fe := tournament.FieldErrors{}
	for _, f := range []struct{ name, v string }{{"card_number", p.CardNumber}, {"first_name", p.FirstName},
		{"last_name", p.LastName}, {"region", p.Region}, {"category", p.Category}, {"birth_date", p.BirthDate}, {"visibility", string(p.Visibility)}} {
		tournament.CheckText(fe, f.name, f.v, tournament.OneLine)
	}
	return fe.Err()
}

// Minor reports whether a player born on birth (YYYY-MM-DD) is under AdultAge at now;
// an unknown or unreadable birth date is not a minor's. The 18th birthday is the first
// day of age (read in now's location); one born on 29 February comes of age on 1 March
// of a common year.
func Minor(birth string, now time.Time) bool {
	d, err := time.Parse(DateLayout, birth)
	if err != nil {
		return false
	}
	y, m, day := now.Date()
	today := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
	return today.Before(d.AddDate(AdultAge, 0, 0))
}

// Effective is the visibility that applies at now: the record's own, or for the
// default, full for an adult and hidden for a minor. An erased record shows its neutral
// label (Full): it names nobody.
func Effective(p *Player, now time.Time) Visibility {
	if p.Erased() {
		return Full
	}
	if p.Visibility != ByAge {
		return p.Visibility
	}
	if Minor(p.BirthDate, now) {
		return Hidden
	}
	return Full
}

// Shown is the name a public page shows for the player at now: "Last First" in full,
// the initials ("M. R.", first name first) or HiddenMark.
func Shown(p *Player, now time.Time) string {
	switch Effective(p, now) {
	case Initials:
		return Initial(p.FirstName, p.LastName)
	case Hidden:
		return HiddenMark
	}
	return p.FullName()
}

// Initial returns the initials of a name, first name first: "M. R." for Maria Rossi
// ("M. D. L." for Maria De Luca).
func Initial(first, last string) string {
	var parts []string
	for _, w := range append(strings.Fields(first), strings.Fields(last)...) {
		r, _ := utf8.DecodeRuneInString(w)
		parts = append(parts, strings.ToUpper(string(r))+".")
	}
	if len(parts) == 0 {
		return HiddenMark
	}
	return strings.Join(parts, " ")
}

// Label is the neutral label of an erased record: "Giocatore 17".
func Label(id int64) string { return ErasedLabel + " " + strconv.FormatInt(id, 10) }
