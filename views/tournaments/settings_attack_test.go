package tournaments_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// formValues are a form's fields as the browser would send them untouched.
func formValues(form *goquery.Selection) url.Values {
	v := url.Values{}
	form.Find("input[name], select[name], textarea[name]").Each(func(_ int, s *goquery.Selection) {
		name := s.AttrOr("name", "")
		switch {
		case goquery.NodeName(s) == "select":
			opt := s.Find("option[selected]")
			if opt.Length() == 0 {
				opt = s.Find("option").First()
			}
			v.Add(name, opt.AttrOr("value", opt.Text()))
		case goquery.NodeName(s) == "textarea":
			v.Add(name, s.Text())
		case s.AttrOr("type", "") == "checkbox" || s.AttrOr("type", "") == "radio":
			if _, on := s.Attr("checked"); on {
				v.Add(name, s.AttrOr("value", "on"))
			}
		default:
			v.Add(name, s.AttrOr("value", ""))
		}
	})
	return v
}

// Every number box of every format's settings, typed as words, as a huge number and as
// a negative one on the new tournament's form: refused (422) with the error next to the
// box that was wrong (its own, in the language of the page), what was typed kept, and no
// tournament made.
func TestSettingsFormsRefuseOddNumbersOnEveryFormat(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = "it"
	for _, format := range []string{"individual3", "danish", "mitchell", "individual4", "teams", "knockout"} {
		doc := c.Get("/tournaments/new?format=" + format).Doc(t)
		form := doc.Find("#tournament-form")
		require.Equal(t, 1, form.Length(), format)
		action := form.AttrOr("action", "/tournaments")
		base := formValues(form)
		base.Set("name", "Attacco "+format)
		base.Set("format", format)
		var numbers []string
		form.Find(`input[inputmode="numeric"]`).Each(func(_ int, s *goquery.Selection) {
			if n := s.AttrOr("name", ""); n != "qualifiers" {
				numbers = append(numbers, n)
			}
		})
		require.NotEmpty(t, numbers, format)
		for _, field := range numbers {
			for _, typed := range []string{"tre", "99999999999999999999", "1e3", "-7"} {
				v := url.Values{}
				for k, vs := range base {
					v[k] = append([]string(nil), vs...)
				}
				v.Set(field, typed)
				v.Set("_idem", fmt.Sprintf("attack-%s-%s-%s", format, field, typed)) // a new submission each
				res := c.Post(action, v)
				if res.StatusCode == http.StatusSeeOther {
					if typed == "-7" {
						continue // some boxes take a negative number (a bye's MP)
					}
					t.Errorf("%s %s=%q: saved", format, field, typed)
					continue
				}
				if !assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s %s=%q", format, field, typed) {
					continue
				}
				d := res.Doc(t)
				box := d.Find(`#tournament-form [name="` + field + `"]`)
				assert.Equal(t, typed, box.AttrOr("value", ""), "%s %s: what was typed is kept", format, field)
				errID := box.AttrOr("aria-describedby", "")
				msg := strings.TrimSpace(d.Find("#" + field + "-error").Text())
				assert.NotEmpty(t, msg, "%s %s=%q: the error is next to the box", format, field, typed)
				assert.Contains(t, errID, field+"-error", "%s %s=%q: the box points at its error", format, field, typed)
				assert.NotContains(t, msg, "Enter", "%s %s=%q: in Italian", format, field, typed)
				assert.NotContains(t, msg, ".err.", "%s %s=%q: a word, not a key", format, field, typed)
			}
		}
	}
}

// The same settings through the API on every format scored in MP and VP: each shared
// figure out of range, of the wrong JSON type or fractional is refused (422) on its own
// field (settings.<name>), in the language asked for, and nothing is created.
func TestAPISettingsRefuseOddNumbersOnEveryFormat(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	c.Lang = "it"
	bad := map[string][]string{
		"rounds":            {"0", "31", "-1", `"3"`, "2.5", "1e9", "99999999999999999999"},
		"hands_per_round":   {"0", "11"},
		"bye_vp":            {"-1", "101"},
		"bye_mp":            {"-10001", "10001"},
		"timeout_mp":        {"-1", "10001"},
		"timeout_winner_vp": {"101"},
		"timeout_loser_vp":  {"-1", "15"},
	}
	for _, format := range []string{"danish", "mitchell", "individual4", "teams"} {
		for field, values := range bad {
			for _, v := range values {
				body := fmt.Sprintf(`{"name":"X","date":"2026-11-24","format":%q,"settings":{%q:%s}}`, format, field, v)
				var e viewtest.APIError
				res := c.API("POST", "/api/v1/tournaments", tok, body, &e)
				if !assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s %s=%s: %s", format, field, v, res.Body) {
					continue
				}
				msg, ok := e.Error.Fields["settings."+field]
				if !ok {
					msg, ok = e.Error.Fields["settings"] // a value of the wrong JSON type
				}
				assert.True(t, ok, "%s %s=%s: %s", format, field, v, res.Body)
				assert.NotContains(t, msg, ".err.", "%s %s=%s: a word, not a key", format, field, v)
			}
		}
	}
	// The language asked for: the same refusal in Italian and in English differs.
	msgs := map[string]string{}
	for _, lang := range []string{"it", "en"} {
		c.Lang = lang
		var e viewtest.APIError
		c.API("POST", "/api/v1/tournaments", tok, `{"name":"X","date":"2026-11-24","format":"teams","settings":{"rounds":31}}`, &e)
		msgs[lang] = e.Error.Fields["settings.rounds"]
		require.NotEmpty(t, msgs[lang], lang)
	}
	assert.NotEqual(t, msgs["it"], msgs["en"], "%v", msgs)
	var list struct{ Tournaments []struct{ Name string } }
	c.API("GET", "/api/v1/tournaments", tok, "", &list)
	assert.Empty(t, list.Tournaments, "nothing created")
}

// A drawn teams stage's settings edited on the page with a word, fewer rounds than drawn
// and a fixed figure changed: refused next to each box, in Italian, what was typed
// kept, the version unchanged.
func TestDrawnSettingsFormRefusesNextToEachBox(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	res := c.API("POST", ev.API+"/draw", tok, `{"seed":3}`, nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	c.Lang = "it"
	form := c.Get(ev.HTML + "/edit").Doc(t).Find("#tournament-form")
	require.Equal(t, 1, form.Length())
	version := formValues(form).Get("version")
	typed := map[string]string{"hands_per_round": "quattro", "rounds": "0", "bye_vp": "13"}
	for field, x := range typed {
		v := formValues(form)
		v.Set(field, x)
		res = c.Post(form.AttrOr("action", ""), v)
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s: %s", field, res.Body)
		d := res.Doc(t)
		assert.Equal(t, x, d.Find(`#tournament-form [name="`+field+`"]`).AttrOr("value", ""), field)
		msg := strings.TrimSpace(d.Find("#" + field + "-error").Text())
		assert.NotEmpty(t, msg, "%s: the error next to its box", field)
		assert.NotContains(t, msg, "Enter", field)
		assert.Equal(t, version, d.Find(`#tournament-form input[name="version"]`).AttrOr("value", ""))
	}
}
