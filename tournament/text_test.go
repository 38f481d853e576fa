package tournament

import (
	"strings"
	"testing"

	"burraco/scoring"

	"github.com/stretchr/testify/assert"
)

// hostile are texts no one-line field accepts: NUL, other controls and bidi controls.
var hostile = map[string]string{
	"NUL":       "Ro\x00ssi",
	"bell":      "Ro\x07ssi",
	"escape":    "Ro\x1b[31mssi",
	"DEL":       "Ro\x7fssi",
	"C1":        "Ro\u009bssi",
	"RLO":       "Ros\u202esi",
	"LRE":       "\u202aRossi",
	"RLI":       "Rossi\u2067",
	"PDI":       "Ro\u2069ssi",
	"FSI/LRI":   "\u2068\u2066Rossi",
	"PDF/RLE":   "\u202b\u202cRossi",
	"LRO":       "\u202dRossi",
	"tab inner": "a\tb", // survives where a field is only trimmed (e-mail, phone)
}

func TestCheckText(t *testing.T) {
	for name, v := range hostile {
		fe := FieldErrors{}
		assert.False(t, CheckText(fe, "f", v, OneLine), name)
		assert.Equal(t, "error.control_chars", fe["f"], name)
	}
	for _, v := range []string{"", "Niccolò D'Alessandro", "עברית", "Ελληνικά", "—", "Zzrossi Mario", "Ærø Ñoño", "名前"} {
		assert.True(t, CheckText(FieldErrors{}, "f", v, OneLine), "%q", v)
	}
	assert.True(t, CheckText(FieldErrors{}, "notes", "line 1\r\nline 2\n\tindented", MultiLine))
	assert.False(t, CheckText(FieldErrors{}, "notes", "line 1\n\u202eevil", MultiLine))
	assert.False(t, CheckText(FieldErrors{}, "notes", "a\x00b", MultiLine))
	assert.False(t, CheckText(FieldErrors{}, "f", "a\nb", OneLine))
	fe := FieldErrors{}
	assert.False(t, CheckText(fe, "f", "Citt\xe0", OneLine))
	assert.Equal(t, "error.bad_characters", fe["f"])
}

// invisible are texts that look like "Zzrossi" (or nothing) but are not: every one is
// refused in every field, one-line or not (issue 18).
var invisible = map[string]string{
	"zero-width space":      "Zz\u200brossi",
	"zero-width non-joiner": "Zz\u200crossi",
	"zero-width joiner":     "Zz\u200drossi",
	"left-to-right mark":    "Zzrossi\u200e",
	"right-to-left mark":    "Zz\u200frossi",
	"word joiner":           "Zz\u2060rossi",
	"BOM":                   "\ufeffZzrossi",
	"soft hyphen":           "Zz\u00adrossi",
	"Arabic letter mark":    "Zz\u061crossi",
	"Mongolian separator":   "Zz\u180erossi",
	"tag":                   "Zzrossi\U000E0041",
	"line separator":        "Zz\u2028rossi",
	"paragraph separator":   "Zz\u2029rossi",
	"variation selector":    "Zz\ufe0frossi",
	"variation selector 17": "Zz\U000E0100rossi",
	"grapheme joiner":       "Zz\u034frossi",
	"Hangul filler":         "Zz\u3164rossi",
	"halfwidth filler":      "Zz\uffa0rossi",
	// The rest of Unicode's default-ignorable code points, and the blank Braille
	// pattern, which shows as a space but is a letter to duplicate detection and search.
	"Khmer vowel inherent":   "Zz\u17b4rossi",
	"Khmer vowel inherent 2": "Zz\u17b5rossi",
	"Braille blank":          "Zz\u2800rossi",
	"unassigned ignorable":   "Zz\u2065rossi",
	"unassigned ignorable 2": "Zz\ufff0rossi",
	"unassigned tag":         "Zz\U000E0080rossi",
}

func TestInvisibleTextRefused(t *testing.T) {
	for name, v := range invisible {
		for _, multi := range []bool{OneLine, MultiLine} {
			fe := FieldErrors{}
			assert.False(t, CheckText(fe, "f", v, multi), "%s (multi-line %v)", name, multi)
			assert.Equal(t, "error.invisible_chars", fe["f"], name)
		}
		p := Player{FirstName: "Mario", LastName: v}
		p.Normalize()
		e, ok := AsError(p.Validate())
		if assert.True(t, ok, "%s: player accepted", name) {
			assert.Equal(t, "error.invisible_chars", e.Fields["last_name"], name)
		}
		tr := Tournament{Name: v, Date: "2026-05-01"}
		tr.Normalize()
		assert.Equal(t, "error.invisible_chars", tr.Validate()["name"], name)
	}
}

func TestHostileTextRefused(t *testing.T) {
	for name, v := range hostile {
		t.Run(name, func(t *testing.T) {
			for _, field := range []string{"first_name", "last_name", "club", "card_number", "email", "phone", "notes"} {
				p := Player{FirstName: "Anna", LastName: "Rossi"}
				setColumn(&p, field, v)
				if field == "email" {
					p.Email = "an" + v + "@example.it"
				}
				p.Normalize()
				if field == "notes" && v == "a\tb" {
					assert.NoError(t, p.Validate(), "a tab is allowed in notes")
					continue
				}
				if (field == "first_name" || field == "last_name" || field == "club") && v == "a\tb" {
					// One-line names fold white space into a space: nothing hostile is kept.
					assert.NoError(t, p.Validate())
					assert.NotContains(t, p.FirstName+p.LastName+p.Club, "\t")
					continue
				}
				e, ok := AsError(p.Validate())
				if assert.True(t, ok, "%s %q accepted", field, v) {
					assert.Equal(t, "error.control_chars", e.Fields[field], "%s %q", field, v)
				}
			}
			for _, field := range []string{"name", "venue", "notes"} {
				tr := Tournament{Name: "Open", Date: "2026-05-01"}
				switch field {
				case "name":
					tr.Name = "Open " + v
				case "venue":
					tr.Venue = v
				case "notes":
					tr.Notes = v
				}
				tr.Normalize()
				fe := tr.Validate()
				if field == "notes" && v == "a\tb" || field != "notes" && v == "a\tb" {
					assert.Empty(t, fe)
					continue
				}
				assert.Equal(t, "error.control_chars", fe[field], "%s %q", field, v)
			}
			in := DirectorInput{Username: "anna", Name: "Anna " + v, Password: "correct horse", Confirm: "correct horse"}
			in.Normalize()
			if v != "a\tb" {
				e, ok := AsError(in.Validate())
				if assert.True(t, ok) {
					assert.Equal(t, "error.control_chars", e.Fields["name"])
				}
			}
			sc := &Scale{Name: "Scale " + v, Bands: []scoring.Band{{From: 0, To: scoring.Open, Winner: 10, Loser: 10}}}
			if v != "a\tb" {
				e, ok := AsError(validateScale(sc))
				if assert.True(t, ok) {
					assert.Equal(t, "error.control_chars", e.Fields["name"])
				}
			}
		})
	}
}

// TestVet: the store's check names every text field at fault, with the message a form
// shows (CheckText's first, else too long), in every kind of value it writes, and lets
// through what the forms take (a note's line breaks, a pair's long name).
func TestVet(t *testing.T) {
	long := strings.Repeat("x", maxNameLen+1)
	for _, tc := range []struct {
		name   string
		v      any
		fields map[string]string
	}{
		{"player", &Player{FirstName: "Ugo", LastName: "Ne\u200bri", Club: long, Notes: "a\nb\tc"},
			map[string]string{"last_name": "error.invisible_chars", "club": "error.too_long"}},
		{"player notes", &Player{FirstName: "Ugo", LastName: "Neri", Notes: "a\u2028b"},
			map[string]string{"notes": "error.invisible_chars"}},
		{"entry", &Entry{Name: "Rossi Mario / Bianchi Anna", Club: "Roma\x1b", Members: []Member{{Name: "Rossi Mario"}, {Name: "Bi\u202eanchi"}}},
			map[string]string{"club": "error.control_chars", "members.2": "error.control_chars"}},
		{"pair's long name", &Entry{Name: strings.Repeat("x", maxEntryName)}, nil},
		{"team", &Entry{Name: strings.Repeat("x", 5000)}, map[string]string{"name": "error.too_long"}},
		{"tournament", &Tournament{Name: "Sera\x00", Venue: "ok", Notes: "riga 1\r\nriga 2"},
			map[string]string{"name": "error.control_chars"}},
		{"scale", &Scale{Name: "Mia\u2067"}, map[string]string{"name": "error.control_chars"}},
		{"round", &Round{Override: "late\u202e"}, map[string]string{"override": "error.control_chars"}},
		{"round's long reason", &Round{Override: strings.Repeat("x", maxNotesLen+1)}, map[string]string{"override": "error.too_long"}},
		{"round's reason on lines", &Round{Override: "riga 1\nriga 2"}, nil},
		{"document", &Document{Tournament: Tournament{Name: "Sera"}, Players: []Player{{LastName: "\ufeffRossi"}}, Entries: []Entry{{Name: long + long + long + long + long}}},
			map[string]string{"players[0].last_name": "error.invisible_chars", "entries[0].name": "error.too_long"}},
		{"document's round", &Document{Tournament: Tournament{Name: "Sera"}, Stages: []StageRounds{{Rounds: []Round{{Override: "a\u200bb"}}}}},
			map[string]string{"stages[0].rounds[0].override": "error.invisible_chars"}},
	} {
		err := Vet(tc.v)
		if tc.fields == nil {
			assert.NoError(t, err, tc.name)
			continue
		}
		e, ok := AsError(err)
		if assert.True(t, ok, tc.name) {
			assert.Equal(t, EINVALID, e.Code, tc.name)
			assert.Equal(t, tc.fields, e.Fields, tc.name)
		}
	}
	assert.Error(t, Vet(&Stage{}), "a value without text rules is an internal error")
	assert.NoError(t, VetSeason("Campionato 2026"))
	assert.Error(t, VetSeason("Campionato\u20282026"))
}
