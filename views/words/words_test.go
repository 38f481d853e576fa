package words

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forms lists a message's forms, the plural ones named.
func forms(m *i18n.Message) map[string]string {
	out := map[string]string{}
	for name, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if s != "" {
			out[name] = s
		}
	}
	return out
}

var verbRe = regexp.MustCompile(`%(\[[0-9]+\])?[-+# 0]*[0-9]*[vdsqxf]`)

func verbs(s string) []string { return verbRe.FindAllString(s, -1) }

// effective is the catalogue a format's pages read in a language: the base, then the
// format's own file over it.
func effective(format, lang string) map[string]*i18n.Message {
	out := map[string]*i18n.Message{}
	for k, m := range catalogue[""][lang].messages {
		out[k] = m
	}
	if l := catalogue[format][lang]; format != "" && l != nil {
		for k, m := range l.messages {
			out[k] = m
		}
	}
	return out
}

// Both languages have every key, for the base and for each format, with the same verbs
// in every form, and no empty message.
func TestLanguagesComplete(t *testing.T) {
	require.ElementsMatch(t, []string{"individual3", "danish", "knockout", "mitchell", "individual4", "teams"}, formats)
	for _, f := range append([]string{""}, formats...) {
		require.Len(t, catalogue[f], 2, "format %q: one file per language", f)
		it, en := effective(f, "it"), effective(f, "en")
		for k, m := range it {
			e, ok := en[k]
			if !assert.True(t, ok, "format %q: %q missing in English", f, k) {
				continue
			}
			want := verbs(m.Other)
			for lang, msg := range map[string]*i18n.Message{"it": m, "en": e} {
				for form, s := range forms(msg) {
					assert.NotEmpty(t, strings.TrimSpace(s), "%q %s %s", k, lang, form)
					assert.Equal(t, want, verbs(s), "format %q: the verbs of %q (%s, %s) differ", f, k, lang, form)
				}
			}
			assert.Equal(t, isPlural(m), isPlural(e), "format %q: %q is a plural in one language only", f, k)
		}
		for k := range en {
			_, ok := it[k]
			assert.True(t, ok, "format %q: %q missing in Italian", f, k)
		}
	}
}

// A key the base lacks belongs to one format, in both languages: any page finds it there.
func TestOwnKeysHaveOneOwner(t *testing.T) {
	owners := map[string][]string{}
	for _, f := range formats {
		for lang, l := range catalogue[f] {
			for k := range l.messages {
				if catalogue[""][lang].messages[k] == nil {
					owners[k] = append(owners[k], f+"."+lang)
				}
			}
		}
	}
	for k, o := range owners {
		slices.Sort(o)
		if assert.Len(t, o, 2, "%q is in no base file and in %v", k, o) {
			assert.Equal(t, strings.Split(o[0], ".")[0], strings.Split(o[1], ".")[0], "%q: %v", k, o)
		}
	}
	assert.Contains(t, owners, "tournament.format_name.danish")
	assert.Equal(t, "Danish system", Text("en", "", "tournament.format_name.danish"))
	assert.Equal(t, "Knockout", Text("en", "individual3", "tournament.format_name.knockout"))
	assert.Contains(t, Keys(), "danish.rounds")
}

// A format's file holds only what it words differently: no message equal to its base.
func TestNoOverrideEqualToBase(t *testing.T) {
	overrides := 0
	for _, f := range formats {
		for lang, l := range catalogue[f] {
			for k, m := range l.messages {
				overrides++
				if b := catalogue[""][lang].messages[k]; b != nil {
					assert.NotEqual(t, forms(b), forms(m), "%s.%s.toml repeats the base's %q", f, lang, k)
				}
			}
		}
	}
	assert.Greater(t, overrides, 100)
}

// Every plural message has each form its language needs (CLDR, as go-i18n reads it), and
// Text picks the form by the count.
func TestPluralForms(t *testing.T) {
	plurals := 0
	for f, langs := range catalogue {
		for lang, l := range langs {
			for k, m := range l.messages {
				if !isPlural(m) {
					continue
				}
				plurals++
				for _, n := range []any{0, 1, 2, 3, 5, 11, 21, 101, 1000000, 2000000, "1.5"} {
					_, err := l.localizer.Localize(&i18n.LocalizeConfig{MessageID: k, PluralCount: n})
					assert.NoError(t, err, "%q.%s %q, count %v", f, lang, k, n)
				}
			}
		}
	}
	assert.GreaterOrEqual(t, plurals, 10)

	assert.Equal(t, "Bye for 1 round missed", Text("en", "danish", "entries.missed", 1))
	assert.Equal(t, "Bye for 2 rounds missed", Text("en", "danish", "entries.missed", 2))
	assert.Equal(t, "Punti riposo per 1 partita saltata", Text("it", "individual3", "entries.missed", 1))
	assert.Equal(t, "Punti riposo per 0 partite saltate", Text("it", "individual3", "entries.missed", 0))
	// The count is the last number, a string of digits included (a flash, a log line)…
	assert.Equal(t, "Riposo assegnato a Rossi per 1 turno saltato (registrato).", Text("it", "knockout", "entries.missed_done", "Rossi", "1"))
	assert.Equal(t, "Round 3 has 1 match without a winner: enter it (a tie needs the last game action) before the next draw.",
		Text("en", "knockout", "knockout.undecided", 3, 1))
	// … or the one marked, printed as shown.
	assert.Equal(t, "Rossi arrived late: bye points 12 for games 1, 3", Text("en", "individual3", "event.missed_bye", "Rossi", "12", CountOf(2, "1, 3")))
	assert.Equal(t, "Rossi arrivato in ritardo: punti di riposo 12 per il turno 1", Text("it", "danish", "event.missed_bye", "Rossi", "12", CountOf(1, "1")))
}

// "partita/e", "round(s)": a message that depends on a number is a plural message.
func TestNoSlashPlurals(t *testing.T) {
	slash := regexp.MustCompile(`[a-z]/[ei]\b|[a-z]\((s|es|e|i)\)`)
	for f, langs := range catalogue {
		for lang, l := range langs {
			for k, m := range l.messages {
				for _, s := range forms(m) {
					assert.Empty(t, slash.FindString(s), "%q.%s %q: %q", f, lang, k, s)
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	// A format's own wording, else the base.
	assert.Equal(t, "Draw game 2", Text("en", "individual3", "draw.button", 2))
	assert.Equal(t, "Draw round 2", Text("en", "danish", "draw.button", 2))
	assert.Equal(t, "Draw round 2", Text("en", "", "draw.button", 2))
	assert.Equal(t, "Sorteggia il turno 2", Text("it", "knockout", "draw.button", 2))
	// An unknown language speaks Italian; an unknown key shows as itself.
	assert.Equal(t, "Sorteggia il turno 2", Text("fr", "", "draw.button", 2))
	assert.Equal(t, "no.such.key", Text("en", "danish", "no.such.key"))
	assert.True(t, Own("individual3", "sheet.rp"))
	assert.False(t, Own("danish", "sheet.rp"))
	assert.False(t, Own("", "draw.button"))
	assert.True(t, Known("sheet.rp"))
	assert.False(t, Known("no.such.key"))
}

// dynamicPrefixes are the key families the code puts together at run time ("event." +
// a log line's kind): their keys count as used.
var dynamicPrefixes = []string{
	"bracket.why.", "change.rule.", "danish.draw.kind.", "event.", "hand.field.", "import.status.", "log.",
	"outcome.", "player.", "sheet.form.", "sitout.explain.", "tournament.format.", "tournament.format_name.",
	"table.state.", "table.state_help.", "reporting.pin.", "national.visibility.", "national.log.", "tournament.tier.", "sync.state.",
}

// sources returns the Go and templ files of the code that names keys: views (this
// package aside), tournament, db and scoring, with their subpackages.
func sources(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, root := range []string{"..", "../../tournament", "../../db", "../../scoring"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "_templ.go") ||
				!(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".templ")) {
				return nil
			}
			if filepath.Base(filepath.Dir(p)) == "words" && strings.HasSuffix(filepath.Dir(p), filepath.Join("views", "words")) {
				return nil
			}
			b, err := os.ReadFile(p)
			out[p] = string(b)
			return err
		})
		require.NoError(t, err)
	}
	require.Greater(t, len(out), 50, "the walk found the sources")
	return out
}

// Every key is named by the code (or in a family it builds at run time), and every key
// the code names is in the catalogue.
func TestEveryKeyUsed(t *testing.T) {
	src := sources(t)
	quoted := regexp.MustCompile(`"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"`)
	choices := regexp.MustCompile(`ChoicePrefix: *"([a-z0-9_]+)"`) // a settings field's values: "<prefix>.<value>"
	named := map[string]bool{}
	prefixes := slices.Clone(dynamicPrefixes)
	for _, s := range src {
		for _, m := range quoted.FindAllStringSubmatch(s, -1) {
			named[m[1]] = true
		}
		for _, m := range choices.FindAllStringSubmatch(s, -1) {
			prefixes = append(prefixes, m[1]+".")
		}
	}
	keys := map[string]bool{}
	for _, langs := range catalogue {
		for k := range langs["it"].messages {
			keys[k] = true
		}
	}
	all := strings.Join(slices.Collect(maps.Values(src)), "\n")
	for _, p := range dynamicPrefixes {
		assert.Regexp(t, regexp.QuoteMeta(`"`+p+`"`)+` *\+`, all, "no code builds keys under %q", p)
	}
	for k := range keys {
		if named[k] || slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
			continue
		}
		t.Errorf("%q is in the catalogue but no code names it", k)
	}

	// The other way: the keys of the message families the code names (as the old
	// catalogue test did: a t(ctx, "…") call, a service error's key).
	keyRe := regexp.MustCompile(`"((?:error|player|players|director|directors|import|login|setup|api|nav|home|action|pager|account|tokens|hand|scale|scales|calc|rules|tournament|tournaments|entries|entry|draw|game|seats|sheet|standings|print|next|sitout|log|danish|knockout|stage|bracket)\.[a-z_.]*[a-z_])"`)
	prefixRe := regexp.MustCompile(`\b[tT]\(ctx, "([a-z_.]+\.)" \+`)
	found := 0
	for f, s := range src {
		for _, m := range keyRe.FindAllStringSubmatch(s, -1) {
			found++
			assert.True(t, keys[m[1]], "%s uses the key %q, missing from the catalogue", f, m[1])
		}
		for _, m := range prefixRe.FindAllStringSubmatch(s, -1) {
			has := false
			for k := range keys {
				has = has || strings.HasPrefix(k, m[1])
			}
			assert.True(t, has, "%s builds keys under %q but the catalogue has none", f, m[1])
		}
	}
	assert.Greater(t, found, 100, "the scan must find the keys")
}
