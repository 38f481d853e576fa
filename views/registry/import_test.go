package registry_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// encodings are one CSV with accents as spreadsheets save it, in bytes.
var encodings = []struct {
	name string
	data []byte
}{
	{"utf-8", []byte("Nome;Cognome;Circolo\nNiccol\xc3\xb2;Mazz\xc3\xa0;Citt\xc3\xa0 di Forl\xc3\xac\n")},
	{"utf-8 with BOM", []byte("\xef\xbb\xbfNome;Cognome;Circolo\nNiccol\xc3\xb2;Mazz\xc3\xa0;Citt\xc3\xa0 di Forl\xc3\xac\n")},
	{"windows-1252", []byte("Nome;Cognome;Circolo\r\nNiccol\xf2;Mazz\xe0;Citt\xe0 di Forl\xec\r\n")},
}

// notGarbled fails when a page carries text that is not clean UTF-8.
func notGarbled(t *testing.T, body string) {
	t.Helper()
	assert.True(t, utf8.ValidString(body), "the page is valid UTF-8")
	assert.NotContains(t, body, "\ufffd", "no replacement characters")
}

func TestImportEncodingsThroughTheForm(t *testing.T) {
	for _, enc := range encodings {
		t.Run(enc.name, func(t *testing.T) {
			for _, path := range []string{"upload", "paste"} {
				t.Run(path, func(t *testing.T) {
					app := viewtest.NewApp(t)
					c := app.Setup()
					var res *viewtest.Response
					if path == "upload" {
						res = c.Upload("/players/import/preview", "giocatori.csv", enc.data)
					} else {
						res = c.Post("/players/import/preview", url.Values{"csv": {string(enc.data)}})
					}
					require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
					notGarbled(t, res.Body)
					doc := res.Doc(t)
					rows := doc.Find("table.import-rows tbody tr")
					require.Equal(t, 1, rows.Length())
					assert.Equal(t, "new", rows.Find(".badge").Text())
					assert.Equal(t, "Mazzà Niccolò", strings.TrimSpace(rows.Find("td.name").Text()))
					assert.Contains(t, rows.Text(), "Città di Forlì")
					text := doc.Find(".confirm-bar textarea[name=csv]").Text()
					assert.Contains(t, text, "Città di Forlì", "the CSV travels on as UTF-8")

					res = c.Post("/players/import", url.Values{"csv": {text}, "expect": {"1"}})
					require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
					ps, _ := app.Store.AllPlayers(t.Context())
					require.Len(t, ps, 1)
					assert.Equal(t, [3]string{"Niccolò", "Mazzà", "Città di Forlì"}, [3]string{ps[0].FirstName, ps[0].LastName, ps[0].Club})
				})
			}
		})
	}
}

// A file refused for another reason comes back in the paste box as readable text.
func TestImportRefusedWindows1252KeepsReadableText(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Upload("/players/import/preview", "giocatori.csv", []byte("Circolo;Citt\xe0\nRoma;Forl\xec\n"))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	notGarbled(t, res.Body)
	assert.Equal(t, "Circolo;Città\nRoma;Forlì\n", res.Doc(t).Find("#csv").Text())
}

func TestAPIImportEncodings(t *testing.T) {
	for _, enc := range encodings {
		t.Run(enc.name, func(t *testing.T) {
			app := viewtest.NewApp(t)
			c := app.Setup()
			tok := app.APIToken(c)
			var pv struct {
				New, Created int
				Rows         []struct {
					Player struct {
						FirstName string `json:"first_name"`
						LastName  string `json:"last_name"`
						Club      string
					}
				}
			}
			res := c.API("POST", "/api/v1/players/import", tok, string(enc.data), &pv)
			require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
			require.Len(t, pv.Rows, 1)
			assert.Equal(t, "Niccolò Mazzà Città di Forlì", pv.Rows[0].Player.FirstName+" "+pv.Rows[0].Player.LastName+" "+pv.Rows[0].Player.Club)
			c.API("POST", "/api/v1/players/import?confirm=true", tok, string(enc.data), &pv)
			assert.Equal(t, 1, pv.Created)
			ps, _ := app.Store.AllPlayers(t.Context())
			require.Len(t, ps, 1)
			assert.Equal(t, "Città di Forlì", ps[0].Club)
		})
	}
}

// The sample on the import page is a real CSV: copied and pasted, it previews fine.
func TestImportPageSampleIsACopyableCSV(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	for _, lang := range []string{"en", "it"} {
		c.Lang = lang
		sample := c.Get("/players/import").Doc(t).Find("pre.sample").Text()
		require.Contains(t, sample, "\n", "one line per row")
		res := c.Post("/players/import/preview", url.Values{"csv": {sample}})
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		rows := res.Doc(t).Find("table.import-rows tbody tr")
		require.Equal(t, 1, rows.Length())
		assert.True(t, rows.HasClass("row-new"), lang)
		assert.Equal(t, "D'Alessandro Niccolò", strings.TrimSpace(rows.Find("td.name").Text()))
	}
}

// A column the registry has no place for is named in the preview and left out.
func TestImportIgnoresUnknownColumns(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	csv := "Nome;Cognome;Data di nascita;Circolo;Codice fiscale\nAnna;Verdi;01/02/1950;Roma;VRDNNA50\n"
	for _, lang := range []struct{ code, msg string }{
		{"en", `These columns are not imported and will be ignored: "Data di nascita", "Codice fiscale".`},
		{"it", `Queste colonne non vengono importate e saranno ignorate: "Data di nascita", "Codice fiscale".`},
	} {
		c.Lang = lang.code
		res := c.Upload("/players/import/preview", "soci.csv", []byte(csv))
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		doc := res.Doc(t)
		assert.Equal(t, lang.msg, doc.Find("#ignored-columns").Text())
		assert.True(t, doc.Find("table.import-rows tbody tr").HasClass("row-new"))
	}
	c.Lang = "en"
	res := c.Post("/players/import", url.Values{"csv": {csv}, "expect": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	ps, _ := app.Store.AllPlayers(t.Context())
	require.Len(t, ps, 1)
	assert.Equal(t, tournament.Player{FirstName: "Anna", LastName: "Verdi", Club: "Roma", Active: true}, tournament.Player{
		FirstName: ps[0].FirstName, LastName: ps[0].LastName, Club: ps[0].Club, CardNumber: ps[0].CardNumber, Notes: ps[0].Notes, Active: ps[0].Active})

	// The API says the same.
	tok := app.APIToken(c)
	var pv struct {
		Ignored []string `json:"ignored_columns"`
		Message string   `json:"ignored_message"`
	}
	res = c.API("POST", "/api/v1/players/import", tok, csv, &pv)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, []string{"Data di nascita", "Codice fiscale"}, pv.Ignored)
	assert.Contains(t, pv.Message, `"Data di nascita"`)
}

// A row with a bad email is corrected in the preview, checked again, and imported
// with the correction; the file itself travels unchanged.
func TestImportFixARowInThePreview(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	csv := "nome;cognome;email\nAnna;Verdi;anna@verdi.it\nUgo;Gialli;ugo(at)gialli.it\n;Senza;\n"
	res := c.Post("/players/import/preview", url.Values{"csv": {csv}})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, 0, doc.Find("#line-2 input.fix").Length(), "a valid row is shown as text")
	email := doc.Find(`#line-3 input[name="fix.3.email"]`)
	assert.Equal(t, "ugo(at)gialli.it", email.AttrOr("value", ""), "the cell as the file has it")
	assert.Equal(t, "true", email.AttrOr("aria-invalid", ""))
	assert.Equal(t, "Line 3: Email", email.AttrOr("aria-label", ""))
	assert.Equal(t, "recheck", doc.Find("#import-form button[type=submit]").First().AttrOr("id", ""),
		"Enter in a cell checks again: it never imports")
	assert.Equal(t, "1", doc.Find("input[name=expect]").AttrOr("value", ""))

	// What the browser sends back: every field of the form, one cell changed.
	form := url.Values{"csv": {doc.Find("textarea[name=csv]").Text()}, "expect": {"1"}}
	doc.Find("input.fix").Each(func(_ int, s *goquery.Selection) { form.Set(s.AttrOr("name", ""), s.AttrOr("value", "")) })
	form.Set("fix.3.email", "ugo@gialli.it")
	res = c.Post("/players/import/preview", form)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.True(t, doc.Find("#line-3").HasClass("row-new"))
	assert.True(t, doc.Find("#line-3").HasClass("row-fixed"))
	assert.Equal(t, "ugo@gialli.it", doc.Find(`#line-3 input[name="fix.3.email"]`).AttrOr("value", ""), "the correction is kept")
	assert.True(t, doc.Find("#line-4").HasClass("row-invalid"))
	assert.Equal(t, csv, doc.Find("textarea[name=csv]").Text(), "the file is not rewritten")
	assert.Equal(t, "Import 2 new players", strings.TrimSpace(doc.Find(".confirm-bar button.primary").Text()))

	// Confirming a correction that was not checked again shows the preview, writes nothing.
	form.Set("fix.4.first_name", "Sara")
	res = c.Post("/players/import", form)
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#import-note").Text(), "nothing was imported")
	assert.Equal(t, "Import 3 new players", strings.TrimSpace(doc.Find(".confirm-bar button.primary").Text()))
	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps)

	form.Set("expect", "3")
	res = c.Post("/players/import", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	ps, _ = app.Store.AllPlayers(t.Context())
	require.Len(t, ps, 3)
	emails := map[string]string{}
	for _, p := range ps {
		emails[p.FullName()] = p.Email
	}
	assert.Equal(t, map[string]string{"Verdi Anna": "anna@verdi.it", "Gialli Ugo": "ugo@gialli.it", "Senza Sara": ""}, emails)
}
