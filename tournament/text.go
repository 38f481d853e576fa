package tournament

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text kinds for CheckText: a one-line field (a name, a club, an e-mail) or a
// multi-line one (notes), where tab and line breaks are allowed.
const (
	OneLine   = false
	MultiLine = true
)

// HostileRune reports a character no text field of the app stores: NUL and every other
// control character (C0, DEL, C1), and the bidirectional controls U+202A–U+202E and
// U+2066–U+2069 that make text display in another order than it is stored ("Trojan
// Source"). In multi-line text tab, line feed and carriage return are allowed.
func HostileRune(r rune, multiline bool) bool {
	switch {
	case multiline && (r == '\t' || r == '\n' || r == '\r'):
		return false
	case unicode.IsControl(r):
		return true
	case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

// InvisibleRune reports a character that shows nothing, or nothing but a break, yet
// makes two equal-looking texts differ, so that a duplicate or a search goes astray
// ("Zz\u200brossi" beside "Zzrossi"): every format character (Unicode category Cf: the
// zero-width space, joiners and non-joiners, direction marks, the word joiner, the BOM,
// the soft hyphen, tags), the line and paragraph separators U+2028 and U+2029, the
// variation selectors, the combining grapheme joiner, the Hangul fillers, the rest of
// Unicode's default-ignorable code points (the Khmer inherent vowels U+17B4 and U+17B5,
// the unassigned U+2065, U+FFF0–U+FFF8 and U+E0000–U+E0FFF) and the blank Braille
// pattern U+2800, which shows as a space but counts as a letter. No text
// field of the app stores one (docs/SECURITY.md says why they are refused, not removed).
func InvisibleRune(r rune) bool {
	switch {
	case unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r),
		unicode.Is(unicode.Variation_Selector, r):
		return true
	case r == '\u034f', r == '\u115f', r == '\u1160', r == '\u3164', r == '\uffa0':
		return true
	case r == '\u17b4', r == '\u17b5', r == '\u2065', r == '\u2800',
		r >= '\ufff0' && r <= '\ufff8', r >= 0xE0000 && r <= 0xE0FFF:
		return true
	}
	return false
}

// CheckText records the problem of a text field, if any: "error.bad_characters" for
// bytes that are not UTF-8, "error.control_chars" for a hostile character (see
// HostileRune), "error.invisible_chars" for an invisible one (see InvisibleRune). It
// reports whether the text is acceptable.
func CheckText(fe FieldErrors, field, v string, multiline bool) bool {
	if !utf8.ValidString(v) {
		fe.Add(field, "error.bad_characters")
		return false
	}
	if strings.ContainsFunc(v, func(r rune) bool { return HostileRune(r, multiline) }) {
		fe.Add(field, "error.control_chars")
		return false
	}
	if strings.ContainsFunc(v, InvisibleRune) {
		fe.Add(field, "error.invisible_chars")
		return false
	}
	return true
}

// textField is one text field of a value the store writes, with its rules: the field's
// name in errors, one line or many, and its most characters.
type textField struct {
	field     string
	v         string
	multiline bool
	most      int
}

// checkTexts records every field's problem: CheckText's first, else "error.too_long".
func checkTexts(fe FieldErrors, fs ...textField) {
	for _, f := range fs {
		if CheckText(fe, f.field, f.v, f.multiline) && utf8.RuneCountInString(f.v) > f.most {
			fe.Add(f.field, "error.too_long")
		}
	}
}

// CheckName records the problem of a one-line name of at most most characters, if
// any, with the text rules of every other name (CheckText), and reports whether it is
// acceptable: what every path that takes a name in (a form, the API, a CSV row) asks
// before the store's Vet asks again.
func CheckName(fe FieldErrors, field, v string, most int) bool {
	n := len(fe)
	checkTexts(fe, textField{field, v, OneLine, most})
	return len(fe) == n
}

// Vet checks every text field of a value about to be written — a player, an entry and
// its members, a tournament, a round (its override reason), a VP scale, a tournament
// document — with the text rules (CheckText) and the length limits, and returns EINVALID with the fields at fault, or
// nil. The store calls it in every write that stores a name or a note, so that a path
// in that forgets to check (a form, the API, a CSV import, a document) is refused there
// instead of storing the text (docs/SECURITY.md, "Hostile text"). Seasons are vetted
// by VetSeason. A value of another type is an internal error.
func Vet(v any) error {
	fe := FieldErrors{}
	switch x := v.(type) {
	case *Player:
		vetPlayer(fe, "", x)
	case *Entry:
		vetEntry(fe, "", x)
	case *Tournament:
		vetTournament(fe, "", x)
	case *Scale:
		checkTexts(fe, textField{"name", x.Name, OneLine, maxNameLen})
	case *Round:
		vetRound(fe, "", x)
	case *Document:
		vetTournament(fe, "tournament.", &x.Tournament)
		for i := range x.Players {
			vetPlayer(fe, fmt.Sprintf("players[%d].", i), &x.Players[i])
		}
		for i := range x.Entries {
			vetEntry(fe, fmt.Sprintf("entries[%d].", i), &x.Entries[i])
		}
		for i := range x.Stages {
			for j := range x.Stages[i].Rounds {
				vetRound(fe, fmt.Sprintf("stages[%d].rounds[%d].", i, j), &x.Stages[i].Rounds[j])
			}
		}
	default:
		return fmt.Errorf("vet: no text rules for %T", v)
	}
	return fe.Err()
}

func vetPlayer(fe FieldErrors, at string, p *Player) {
	checkTexts(fe,
		textField{at + "first_name", p.FirstName, OneLine, maxNameLen},
		textField{at + "last_name", p.LastName, OneLine, maxNameLen},
		textField{at + "club", p.Club, OneLine, maxNameLen},
		textField{at + "card_number", p.CardNumber, OneLine, maxCardLen},
		textField{at + "email", p.Email, OneLine, maxEmailLen},
		textField{at + "phone", p.Phone, OneLine, maxPhoneLen},
		textField{at + "notes", p.Notes, MultiLine, maxNotesLen})
}

func vetEntry(fe FieldErrors, at string, e *Entry) {
	checkTexts(fe,
		textField{at + "name", e.Name, OneLine, maxEntryName},
		textField{at + "club", e.Club, OneLine, 2*maxNameLen + 3})
	for i, m := range e.Members {
		checkTexts(fe, textField{fmt.Sprintf("%smembers.%d", at, i+1), m.Name, OneLine, 2*maxNameLen + 1})
	}
}

// vetRound checks a round's override reason, a note as the director typed it.
func vetRound(fe FieldErrors, at string, r *Round) {
	checkTexts(fe, textField{at + "override", r.Override, MultiLine, maxNotesLen})
}

func vetTournament(fe FieldErrors, at string, t *Tournament) {
	checkTexts(fe,
		textField{at + "name", t.Name, OneLine, maxNameLen},
		textField{at + "venue", t.Venue, OneLine, maxNameLen},
		textField{at + "notes", t.Notes, MultiLine, maxNotesLen})
}

// VetSeason checks a season's name as Vet checks every other name (a season is written
// by its own store).
func VetSeason(name string) error {
	fe := FieldErrors{}
	checkTexts(fe, textField{"name", name, OneLine, maxNameLen})
	return fe.Err()
}
