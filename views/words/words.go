// Package words is the web layer's catalogue: every message a page, a flash, a printed
// sheet or an API error shows, in Italian and English, read from locale files.
//
// # Files
//
// The catalogue is the TOML files under locales/, embedded and read at start with
// github.com/nicksnyder/go-i18n/v2:
//
//   - it.toml and en.toml hold the base wording, every key. It is neutral: a stage is
//     played in rounds, and a side that does not play a round has the bye.
//   - <format>.it.toml and <format>.en.toml, named by the format's registered name
//     (tournament.Format.Name: individual3, danish, knockout), hold what that format
//     words differently: the 3-player format's "game" and "sit-out", the
//     knockout's "bye into round 2". A key copied unchanged from the base fails the
//     tests; a key may be in one language's file only when the other language's base
//     already says it that way. A format also keeps there the keys of its own, which
//     the base lacks: its name and description (tournament.format_name.<format>,
//     tournament.format.<format>), its settings' labels (danish.rounds), its notes. So
//     adding a format adds its two files and touches no other.
//
// A key is looked up in the format's file, then in the base, then (a key the base lacks)
// in the one format file that has it: the settings form of a new tournament names every
// format. A page with no format (no tournament loaded) and a format with no file of its
// own speak the base. A key missing in a language is taken from Italian, and a key
// missing everywhere shows as itself. A format's own key that only its pages may show
// (individual3's sheet.rp, the "6 · 3 · 1" to circle) is asked for with Own first.
//
// # Arguments and plurals
//
// Messages keep printf verbs (%d, %s, %[2]d): the message chosen is formatted with
// fmt.Sprintf and the arguments the caller passes, as the Go maps before it did. go-i18n
// templates ({{.X}}) are not used.
//
// A message that depends on a number is a plural message: a TOML table with a string per
// CLDR plural form of its language (one and other in English; one, many and other in
// Italian, many being for a million and above), for example
//
//	"entries.missed" = { one = "Bye for %d round missed", other = "Bye for %d rounds missed" }
//
// go-i18n chooses the form by the CLDR rules of the language from the count. The count
// is the first argument of type Counted (Count(n), or CountOf(n, shown) when the verb
// prints something else, such as a list of rounds); without one, the last argument
// holding an integer (an int of any size, or a string of decimal digits: the arguments
// kept in the log and in flash cookies are strings). So a call passing its count as its
// last number needs no change: page.T(ctx, "entries.missed", n).
//
// The tests in this package check that both languages are complete (the same keys, and
// the same verbs, for the base and for each format), that every key is used by the code
// (the sources under views/, tournament/, db/ and scoring/; the keys built at run time
// are the families in dynamicPrefixes and a settings field's ChoicePrefix), that no
// format repeats its base, that a key the base lacks has one format, and that every
// plural message has each form its language needs. "/e" and "(s)" fail them too.
package words

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.toml
var files embed.FS

// fallback is the language a missing message is taken from.
const fallback = "it"

// layer is the base wording ("") or one format's wording of one language.
type layer struct {
	messages  map[string]*i18n.Message
	localizer *i18n.Localizer
}

// catalogue holds every layer by format ("" for the base) and language.
var catalogue = mustLoad(files)

// formats are the formats that have locale files, sorted.
var formats = func() []string {
	var fs []string
	for f := range catalogue {
		if f != "" {
			fs = append(fs, f)
		}
	}
	sort.Strings(fs)
	return fs
}()

// mustLoad reads the locale files; a malformed file stops the program at start.
func mustLoad(fsys fs.FS) map[string]map[string]*layer {
	c, err := load(fsys)
	if err != nil {
		panic(err)
	}
	return c
}

// load reads every locales/*.toml file into its layer. Each layer has a bundle of its
// own, so go-i18n never falls back from one language or format to another: this package
// decides that.
func load(fsys fs.FS) (map[string]map[string]*layer, error) {
	names, err := fs.Glob(fsys, "locales/*.toml")
	if err != nil {
		return nil, fmt.Errorf("listing the locale files: %w", err)
	}
	c := map[string]map[string]*layer{}
	for _, name := range names {
		format, lang, ok := strings.Cut(strings.TrimSuffix(path.Base(name), ".toml"), ".")
		if !ok {
			format, lang = "", format
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		tag, err := language.Parse(lang)
		if err != nil {
			return nil, fmt.Errorf("the language of %s: %w", name, err)
		}
		b := i18n.NewBundle(tag)
		b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
		mf, err := b.ParseMessageFileBytes(data, name)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: %w", name, err)
		}
		l := &layer{messages: map[string]*i18n.Message{}, localizer: i18n.NewLocalizer(b, lang)}
		for _, m := range mf.Messages {
			l.messages[m.ID] = m
		}
		if c[format] == nil {
			c[format] = map[string]*layer{}
		}
		c[format][lang] = l
	}
	if len(c[""]) == 0 {
		return nil, fmt.Errorf("no base locale file (it.toml, en.toml)")
	}
	return c, nil
}

// Counted is the count a plural message agrees with, and what its verb prints.
type Counted struct {
	N     int
	Shown any
}

// Format prints Shown with the verb, so a Counted stands where its value would.
func (c Counted) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), c.Shown)
}

// Count is the count n of a plural message, printed as itself.
func Count(n int) Counted { return Counted{N: n, Shown: n} }

// CountOf is the count n of a plural message, printed as shown.
func CountOf(n int, shown any) Counted { return Counted{N: n, Shown: shown} }

// Text returns the message key in lang, in the wording of format (its own file first,
// then the base), formatted with args; a plural message takes the form of its count.
func Text(lang, format, key string, args ...any) string {
	if _, ok := catalogue[""][lang]; !ok {
		lang = fallback
	}
	l, m := find(lang, format, key)
	if m == nil {
		if l, m = find(fallback, format, key); m == nil {
			return key
		}
	}
	msg := m.Other
	if isPlural(m) {
		if n, ok := countOf(args); ok {
			if s, err := l.localizer.Localize(&i18n.LocalizeConfig{MessageID: key, PluralCount: n}); err == nil {
				msg = s
			}
		}
	}
	if len(args) > 0 && strings.Contains(msg, "%") {
		return fmt.Sprintf(msg, args...)
	}
	return msg
}

// find returns the layer and message of key in lang: the format's, else the base's.
func find(lang, format, key string) (*layer, *i18n.Message) {
	if format != "" {
		if l := catalogue[format][lang]; l != nil {
			if m := l.messages[key]; m != nil {
				return l, m
			}
		}
	}
	if l := catalogue[""][lang]; l != nil {
		if m := l.messages[key]; m != nil {
			return l, m
		}
	}
	for _, f := range formats { // a key the base lacks: the format file that has it
		if l := catalogue[f][lang]; l != nil {
			if m := l.messages[key]; m != nil {
				return l, m
			}
		}
	}
	return nil, nil
}

// Own reports whether format words key its own way (its file has it).
func Own(format, key string) bool {
	for _, l := range catalogue[format] {
		if format != "" && l.messages[key] != nil {
			return true
		}
	}
	return false
}

// Known reports whether key is in the catalogue, in the base or in a format's file.
func Known(key string) bool {
	for _, langs := range catalogue {
		if l := langs[fallback]; l != nil && l.messages[key] != nil {
			return true
		}
	}
	return false
}

// Keys returns every key a page can show, sorted: the base's, and the formats' own
// keys that the base lacks.
func Keys() []string {
	seen := map[string]bool{}
	for _, langs := range catalogue {
		for k := range langs[fallback].messages {
			seen[k] = true
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// isPlural says whether m has a form other than "other".
func isPlural(m *i18n.Message) bool {
	return m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
}

// countOf finds the count among a plural message's arguments: the first Counted, else
// the last argument holding an integer.
func countOf(args []any) (int, bool) {
	for _, a := range args {
		if c, ok := a.(Counted); ok {
			return c.N, true
		}
	}
	for i := len(args) - 1; i >= 0; i-- {
		if n, ok := integer(args[i]); ok {
			return n, true
		}
	}
	return 0, false
}

// integer reads an integer argument: any integer kind, or a string of decimal digits.
func integer(a any) (int, bool) {
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return int(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int(v.Uint()), true
	case reflect.String:
		n, err := strconv.Atoi(v.String())
		return n, err == nil && n >= 0 && !strings.HasPrefix(v.String(), "+")
	}
	return 0, false
}
