package views

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upload posts a file to the import preview, as the page's file field does.
func (c *client) upload(path string, name string, data []byte) *response {
	c.app.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("_csrf", c.csrf())
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	require.NoError(c.app.t, mw.Close())
	req, _ := http.NewRequest(http.MethodPost, c.app.srv.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.do(req)
}

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
					app := newTestApp(t)
					c := app.setup()
					var res *response
					if path == "upload" {
						res = c.upload("/players/import/preview", "giocatori.csv", enc.data)
					} else {
						res = c.post("/players/import/preview", url.Values{"csv": {string(enc.data)}})
					}
					require.Equal(t, http.StatusOK, res.StatusCode, res.body)
					notGarbled(t, res.body)
					doc := res.doc(t)
					rows := doc.Find("table.import-rows tbody tr")
					require.Equal(t, 1, rows.Length())
					assert.Equal(t, "new", rows.Find(".badge").Text())
					assert.Equal(t, "Mazzà Niccolò", strings.TrimSpace(rows.Find("td.name").Text()))
					assert.Contains(t, rows.Text(), "Città di Forlì")
					text := doc.Find(".confirm-bar textarea[name=csv]").Text()
					assert.Contains(t, text, "Città di Forlì", "the CSV travels on as UTF-8")

					res = c.post("/players/import", url.Values{"csv": {text}, "expect": {"1"}})
					require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
					ps, _ := app.store.AllPlayers(t.Context())
					require.Len(t, ps, 1)
					assert.Equal(t, [3]string{"Niccolò", "Mazzà", "Città di Forlì"}, [3]string{ps[0].FirstName, ps[0].LastName, ps[0].Club})
				})
			}
		})
	}
}

// A file refused for another reason comes back in the paste box as readable text.
func TestImportRefusedWindows1252KeepsReadableText(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	res := c.upload("/players/import/preview", "giocatori.csv", []byte("Circolo;Citt\xe0\nRoma;Forl\xec\n"))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	notGarbled(t, res.body)
	assert.Equal(t, "Circolo;Città\nRoma;Forlì\n", res.doc(t).Find("#csv").Text())
}

func TestAPIImportEncodings(t *testing.T) {
	for _, enc := range encodings {
		t.Run(enc.name, func(t *testing.T) {
			app := newTestApp(t)
			c := app.setup()
			tok := app.apiToken(c)
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
			res := c.api("POST", "/api/v1/players/import", tok, string(enc.data), &pv)
			require.Equal(t, http.StatusOK, res.StatusCode, res.body)
			require.Len(t, pv.Rows, 1)
			assert.Equal(t, "Niccolò Mazzà Città di Forlì", pv.Rows[0].Player.FirstName+" "+pv.Rows[0].Player.LastName+" "+pv.Rows[0].Player.Club)
			c.api("POST", "/api/v1/players/import?confirm=true", tok, string(enc.data), &pv)
			assert.Equal(t, 1, pv.Created)
			ps, _ := app.store.AllPlayers(t.Context())
			require.Len(t, ps, 1)
			assert.Equal(t, "Città di Forlì", ps[0].Club)
		})
	}
}

// The sample on the import page is a real CSV: copied and pasted, it previews fine.
func TestImportPageSampleIsACopyableCSV(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	for _, lang := range []string{"en", "it"} {
		c.lang = lang
		sample := c.get("/players/import").doc(t).Find("pre.sample").Text()
		require.Contains(t, sample, "\n", "one line per row")
		res := c.post("/players/import/preview", url.Values{"csv": {sample}})
		require.Equal(t, http.StatusOK, res.StatusCode, res.body)
		rows := res.doc(t).Find("table.import-rows tbody tr")
		require.Equal(t, 1, rows.Length())
		assert.True(t, rows.HasClass("row-new"), lang)
		assert.Equal(t, "D'Alessandro Niccolò", strings.TrimSpace(rows.Find("td.name").Text()))
	}
}
