package page

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/views/words"
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

// Translate returns the message for key in lang, formatted with args, in the base
// wording (words.Text). A missing key shows as the key itself (and fails the catalogue
// tests).
func Translate(lang Lang, key string, args ...any) string {
	return words.Text(string(lang), "", key, args...)
}

// T translates key into the language of the page being rendered.
func T(ctx context.Context, key string, args ...any) string {
	p := Of(ctx)
	return TranslateFor(p.Lang, p.Format, key, args...)
}

// TranslateFor translates key in the wording of a format: its own locale file's when it
// words key its own way, else the base's (views/words).
func TranslateFor(lang Lang, format, key string, args ...any) string {
	return words.Text(string(lang), format, key, args...)
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
