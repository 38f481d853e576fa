package registry_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/registry"
	"burraco/views/viewtest"
)

func TestPlayerFormKeepsInputAndShowsErrorsPerField(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Post("/players", url.Values{"first_name": {"Niccolò"}, "last_name": {"D'Alessandro"}, "card_number": {"RM1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	for _, lang := range []struct{ code, msg string }{
		{"en", "Another player already has this card number."},
		{"it", "Un altro giocatore ha già questa tessera."},
	} {
		c.Lang = lang.code
		res = c.Post("/players", url.Values{"first_name": {"Zoë"}, "last_name": {"Bianchi"}, "card_number": {"rm1"}, "email": {"bad"}})
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, lang.code)
		doc := res.Doc(t)
		assert.Equal(t, lang.msg, doc.Find("#card_number-error").Text(), lang.code)
		assert.NotEmpty(t, doc.Find("#email-error").Text(), "every problem at once")
		assert.Equal(t, "Zoë", doc.Find("#first_name").AttrOr("value", ""))
		assert.Equal(t, "rm1", doc.Find("#card_number").AttrOr("value", ""))
		assert.Equal(t, "true", doc.Find("#card_number").AttrOr("aria-invalid", ""))
	}
	ps, _ := app.Store.AllPlayers(t.Context())
	require.Len(t, ps, 1)

	// Edit, deactivate, reactivate: never a delete.
	c.Lang = "en"
	id := page.Itoa(int(ps[0].ID))
	res = c.Get("/players/" + id + "/edit")
	assert.Equal(t, "Niccolò", res.Doc(t).Find("#first_name").AttrOr("value", ""))
	res = c.Post("/players/"+id, url.Values{"first_name": {"Niccolò"}, "last_name": {"D'Alessandro"}, "club": {"Circolo Roma"}, "card_number": {"RM1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res = c.Get(res.Header.Get("Location"))
	assert.Contains(t, res.Doc(t).Find(".flash").Text(), "D'Alessandro Niccolò saved.")
	assert.Contains(t, res.Doc(t).Find("#player-results").Text(), "Circolo Roma")

	require.Equal(t, http.StatusSeeOther, c.Post("/players/"+id+"/deactivate", nil).StatusCode)
	assert.Contains(t, c.Get("/players").Doc(t).Find(".empty").Text(), "No players match")
	res = c.Get("/players?inactive=true")
	assert.Equal(t, "inactive", res.Doc(t).Find("#player-results .badge").Text())
	require.Equal(t, http.StatusSeeOther, c.Post("/players/"+id+"/activate", nil).StatusCode)
	assert.Equal(t, 1, c.Get("/players").Doc(t).Find("#player-results tbody tr").Length())
}

func TestPlayerNamesAreEscaped(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	evil := `<script>alert("x")</script>`
	res := c.Post("/players", url.Values{"first_name": {evil}, "last_name": {"Rossi"}, "club": {`"><img src=x onerror=alert(1)>`}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res = c.Get("/players")
	assert.NotContains(t, res.Body, evil)
	assert.Contains(t, res.Body, "&lt;script&gt;")
	doc := res.Doc(t)
	assert.Equal(t, 0, doc.Find("#player-results script, #player-results img").Length())
	assert.Contains(t, doc.Find("#player-results td.name").Text(), evil, "shown as text, exactly")
}

func TestPlayerListSearchAndPaging(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	var csv strings.Builder
	csv.WriteString("nome,cognome,circolo\n")
	for i := range 60 {
		csv.WriteString("Player,Surname" + page.Itoa(100+i) + ",Club\n")
	}
	csv.WriteString("Mario,Rossi,Roma\n")
	res := c.Post("/players/import", url.Values{"csv": {csv.String()}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	doc := c.Get("/players").Doc(t)
	assert.Equal(t, registry.PlayersPerPage, doc.Find("#player-results tbody tr").Length())
	assert.Contains(t, doc.Find(".pager").Text(), "Page 1 of 2")
	assert.Equal(t, 11, c.Get("/players?page=2").Doc(t).Find("#player-results tbody tr").Length())
	doc = c.Get("/players?q=rossi+roma").Doc(t)
	assert.Equal(t, 1, doc.Find("#player-results tbody tr").Length())
	assert.Equal(t, "rossi roma", doc.Find("#q").AttrOr("value", ""))
}

func TestImportPreviewConfirmCancel(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	require.Equal(t, http.StatusSeeOther, c.Post("/players", url.Values{"first_name": {"Mario"}, "last_name": {"Rossi"}, "card_number": {"C1"}}).StatusCode)

	csv := "Nome;Cognome;Circolo;Tessera;Email\n" +
		"Niccolò;D'Alessandro;Circolo Roma;RM9;\n" + // new
		"Altro;Nome;;c1;\n" + // duplicate card
		";Senza nome;;;\n" + // invalid
		"Ugo;Gialli;;;not-an-email\n" // invalid
	// Upload as a file, as a director would.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("_csrf", c.CSRF())
	fw, _ := mw.CreateFormFile("file", "giocatori.csv")
	_, _ = fw.Write([]byte(csv))
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/players/import/preview", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res := c.Do(req)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc := res.Doc(t)
	rows := doc.Find("table.import-rows tbody tr")
	require.Equal(t, 4, rows.Length())
	assert.Equal(t, []string{"new", "duplicate", "invalid", "invalid"}, rows.Find(".badge").Map(func(_ int, s *goquery.Selection) string { return s.Text() }))
	assert.Contains(t, rows.Eq(1).Text(), "Card number already registered to Rossi Mario")
	assert.Contains(t, rows.Eq(2).Text(), "First name: This field is required.")
	assert.Contains(t, rows.Eq(3).Text(), "Email: This is not a valid email address.")
	assert.Equal(t, "Import 1 new players", strings.TrimSpace(doc.Find(".confirm-bar button.primary").Text()))
	assert.Equal(t, csv, doc.Find(".confirm-bar textarea[name=csv]").Text(), "the CSV travels with the confirm form")

	// Previewing wrote nothing; cancelling is just leaving.
	ps, _ := app.Store.AllPlayers(t.Context())
	require.Len(t, ps, 1)
	assert.Equal(t, "/players/import", doc.Find(".confirm-bar a").AttrOr("href", ""))

	res = c.Post("/players/import", url.Values{"csv": {csv}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Contains(t, c.Get("/players").Doc(t).Find(".flash").Text(), "1 players created, 3 rows skipped")
	ps, _ = app.Store.AllPlayers(t.Context())
	require.Len(t, ps, 2)
	assert.Equal(t, "D'Alessandro", ps[0].LastName)
	assert.Equal(t, "Niccolò", ps[0].FirstName)

	// A file that cannot be read comes back with its error next to the text, kept.
	res = c.Post("/players/import/preview", url.Values{"csv": {"colore,nome\nrosso,x\n"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#csv-error").Text(), "The header must have a first name and a last name column")
	assert.Equal(t, "colore,nome\nrosso,x\n", doc.Find("#csv").Text())
}

func TestExportCSV(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	require.Equal(t, http.StatusSeeOther, c.Post("/players", url.Values{"first_name": {"Niccolò"}, "last_name": {"D'Alessandro"}, "club": {"Società"}}).StatusCode)
	res := c.Get("/players/export.csv")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/csv; charset=utf-8", res.Header.Get("Content-Type"))
	assert.Regexp(t, `^attachment; filename="players-\d{4}-\d{2}-\d{2}\.csv"$`, res.Header.Get("Content-Disposition"))
	assert.Equal(t, "\xef\xbb\xbffirst_name,last_name,club,card_number,email,phone,notes,active\nNiccolò,D'Alessandro,Società,,,,,yes\n", res.Body)
}
