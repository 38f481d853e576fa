package tournament

import (
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
