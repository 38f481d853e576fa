package page

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// Lang is a UI language.
type Lang string

// The UI languages; Italian is the default, clubs being Italian.
const (
	IT Lang = "it"
	EN Lang = "en"
)

// LangCookie remembers the language a user chose with the switch.
const LangCookie = "lang"

// Lookup reads the catalogue: the message of key in lang, if it has one. It is the one
// place that reads it (views installs it with UseCatalog).
var lookup = func(Lang, string) (string, bool) { return "", false }

// UseCatalog installs the catalogue every translation reads.
func UseCatalog(read func(lang Lang, key string) (string, bool)) { lookup = read }

// Has reports whether the catalogue has key in lang.
func Has(lang Lang, key string) bool {
	_, ok := lookup(lang, key)
	return ok
}

// Translate returns the message for key in lang, formatted with args. A missing key
// shows as the key itself (and fails the catalogue test).
func Translate(lang Lang, key string, args ...any) string {
	msg, ok := lookup(lang, key)
	if !ok {
		msg, ok = lookup(IT, key)
	}
	if !ok {
		return key
	}
	if len(args) > 0 && strings.Contains(msg, "%") {
		return fmt.Sprintf(msg, args...)
	}
	return msg
}

// T translates key into the language of the page being rendered.
func T(ctx context.Context, key string, args ...any) string {
	p := Of(ctx)
	return TranslateFor(p.Lang, p.Format, key, args...)
}

// TranslateFor translates key in the wording of a format: "<format>:<key>" when the
// catalogue has it, else key.
func TranslateFor(lang Lang, format, key string, args ...any) string {
	if format != "" {
		if Has(lang, format+":"+key) {
			key = format + ":" + key
		}
	}
	return Translate(lang, key, args...)
}

// ParseLang accepts a supported language code.
func ParseLang(s string) (Lang, bool) {
	switch l := Lang(strings.ToLower(strings.TrimSpace(s))); l {
	case IT, EN:
		return l, true
	}
	return "", false
}

// NegotiateLang picks the language of a request: the remembered choice, else the best
// supported match of Accept-Language, else Italian.
func NegotiateLang(c echo.Context) Lang {
	if ck, err := c.Cookie(LangCookie); err == nil {
		if l, ok := ParseLang(ck.Value); ok {
			return l
		}
	}
	return FromAcceptLanguage(c.Request().Header.Get("Accept-Language"))
}

// FromAcceptLanguage reads an Accept-Language header such as "en-GB,en;q=0.9,it;q=0.8".
func FromAcceptLanguage(h string) Lang {
	type choice struct {
		lang Lang
		q    float64
		pos  int
	}
	var cs []choice
	for i, part := range strings.Split(h, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		base, _, _ := strings.Cut(tag, "-")
		l, ok := ParseLang(base)
		if !ok {
			continue
		}
		q := 1.0
		if v, found := strings.CutPrefix(strings.TrimSpace(params), "q="); found {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if q > 0 {
			cs = append(cs, choice{l, q, i})
		}
	}
	if len(cs) == 0 {
		return IT
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].q > cs[j].q })
	return cs[0].lang
}
