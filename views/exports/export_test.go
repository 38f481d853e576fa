package exports_test

import (
	"bytes"
	"database/sql"
	"encoding/csv"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/charmap"

	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// eveningWithScores is a tournament of six with round 1 played and round 2 drawn; one
// player's name has an accent and another starts like a spreadsheet formula.
func eveningWithScores(t *testing.T, app *viewtest.App, c *viewtest.Client) string {
	t.Helper()
	base := viewtest.TournamentWithEntries(t, c, 4)
	for _, n := range [][2]string{{"Niccolò", "Bianchì"}, {"Ugo", "=SUM(A1)"}} {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {n[0]}, "last_name": {n[1]}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 2, [3]int{250, 150, -50}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", nil).StatusCode)
	return base
}

// readCSV reads an English export (the test client's language) as Excel set to English
// opens it.
func readCSV(t *testing.T, body string) [][]string {
	t.Helper()
	return openInExcel(t, body, page.EN)
}

// openInExcel reads a CSV as Excel set to lang opens it with a double click: UTF-8 only
// after a byte-order mark (else its local code page, Windows-1252), cells split on the
// language's list separator (";" in Italian, whose decimal mark is the comma; "," in
// English).
func openInExcel(t *testing.T, body string, lang page.Lang) [][]string {
	t.Helper()
	text, utf8 := strings.CutPrefix(body, "\ufeff")
	if !utf8 {
		var err error
		text, err = charmap.Windows1252.NewDecoder().String(body)
		require.NoError(t, err)
	}
	r := csv.NewReader(strings.NewReader(text))
	r.FieldsPerRecord = -1
	if lang == page.IT {
		r.Comma = ';'
	}
	rows, err := r.ReadAll()
	require.NoError(t, err)
	return rows
}

// Standings, a table list and a round's results come out as CSV through the one writer
// (a cell that looks like a formula is neutralised) and as a PDF whose text, accents
// included, reads back.
func TestExportsCSVAndPDF(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningWithScores(t, app, c)

	res := c.Get(base + "/standings.csv")
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, "text/csv; charset=utf-8", res.Header.Get("Content-Type"))
	assert.Contains(t, res.Header.Get("Content-Disposition"), "standings.csv")
	rows := readCSV(t, res.Body)
	require.Len(t, rows, 7)
	assert.Equal(t, []string{"#", "Name"}, rows[0][:2])
	names := map[string]bool{}
	for _, r := range rows[1:] {
		names[r[1]] = true
	}
	assert.True(t, names["Bianchì Niccolò"], "%v", names)
	assert.True(t, names["'=SUM(A1) Ugo"], "the formula is neutralised: %v", names)

	res = c.Get(base + "/rounds/1/tables.csv")
	require.Equal(t, http.StatusOK, res.StatusCode)
	rows = readCSV(t, res.Body)
	assert.Equal(t, []string{"Table", "Seat", "Name"}, rows[0])
	assert.Len(t, rows, 7, "two tables of three")

	c.Lang = "it"
	res = c.Get(base + "/rounds/1/results.csv")
	require.Equal(t, http.StatusOK, res.StatusCode)
	rows = openInExcel(t, res.Body, page.IT)
	assert.Equal(t, []string{"Tavolo", "Posto", "Nome", "Punteggio", "Punti"}, rows[0])
	require.Len(t, rows, 7)
	assert.Equal(t, []string{"1", "1"}, rows[1][:2])
	assert.Equal(t, "900", rows[1][3], "three hands of 300")
	assert.NotEmpty(t, rows[1][4], "a complete table has its points")

	for _, path := range []string{"/standings.pdf", "/rounds/1/tables.pdf", "/rounds/1/results.pdf"} {
		res = c.Get(base + path)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		assert.Equal(t, "application/pdf", res.Header.Get("Content-Type"))
		require.True(t, strings.HasPrefix(res.Body, "%PDF-"), path)
		text := pdfText(t, []byte(res.Body))
		if text == "" {
			continue
		}
		assert.Contains(t, text, "Giovedì", path)
		assert.Contains(t, text, "Bianchì Niccolò", path)
	}
	assert.Equal(t, http.StatusNotFound, c.Get(base+"/standings.xls").StatusCode)
}

// pdfText extracts a PDF's text with pdftotext, or returns "" when it is not installed
// (poppler-utils; under CI=true it must be).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		require.NotEqual(t, "true", os.Getenv("CI"), "pdftotext (poppler-utils) is needed under CI")
		t.Log("pdftotext not installed: the PDF's text is not read back")
		return ""
	}
	in := filepath.Join(t.TempDir(), "r.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(bin, "-layout", in, "-").Output()
	require.NoError(t, err)
	return string(out)
}

// A tournament exported as JSON from one app and imported through the page of another,
// empty one reads back the same: its standings, its rounds, its log.
func TestExportImportThroughThePages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningWithScores(t, app, c)
	res := c.Get(base + "/export.json")
	require.Equal(t, http.StatusOK, res.StatusCode)
	doc := res.Body

	other := viewtest.NewApp(t)
	c2 := other.Setup()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	require.NoError(t, mw.WriteField("_csrf", c2.CSRF()))
	fw, err := mw.CreateFormFile("file", "tournament.json")
	require.NoError(t, err)
	_, _ = fw.Write([]byte(doc))
	require.NoError(t, mw.Close())
	req, _ := http.NewRequest(http.MethodPost, other.Srv.URL+"/tournaments/import", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res = c2.Do(req)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, base, res.Header.Get("Location"))

	a, err := app.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	b, err := other.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, readCSV(t, c.Get(base+"/standings.csv").Body), readCSV(t, c2.Get(base+"/standings.csv").Body))
	assert.Equal(t, c.Get(base+"/history").Doc(t).Find("table.history-table").Text(), c2.Get(base+"/history").Doc(t).Find("table.history-table").Text())

	// Again: refused, with the reason next to the form.
	body.Reset()
	mw = multipart.NewWriter(&body)
	_ = mw.WriteField("_csrf", c2.CSRF())
	fw, _ = mw.CreateFormFile("file", "tournament.json")
	_, _ = fw.Write([]byte(doc))
	_ = mw.Close()
	req, _ = http.NewRequest(http.MethodPost, other.Srv.URL+"/tournaments/import", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res = c2.Do(req)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, res.Body, "is already here")

	// The API twin.
	tok := app.APIToken(c)
	var got tournament.Document
	res = c.API("GET", "/api/v1"+base+"/export", tok, "", &got)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, tournament.DocumentKind, got.Kind)
	assert.Len(t, got.Players, 6)

	third := viewtest.NewApp(t)
	c3 := third.Setup()
	tok3 := third.APIToken(c3)
	var created struct{ Tournament tournament.Tournament }
	res = c3.API("POST", "/api/v1/tournaments/import", tok3, doc, &created)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, "Giovedì", created.Tournament.Name)
	c3st, err := third.Store.Load(t.Context(), viewtest.IDFrom(base))
	require.NoError(t, err)
	assert.Equal(t, a, c3st)
}

// The backup downloaded from the app is an SQLite file that passes integrity_check and
// holds the tournament.
func TestBackupDownload(t *testing.T) {
	if dbtest.OnPostgres() {
		t.Skip("the backup download is SQLite's VACUUM INTO (PostgreSQL has pg_dump); the SQLite pass runs it")
	}
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningWithScores(t, app, c)
	res := c.Get("/backup")
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.True(t, strings.HasPrefix(res.Body, "SQLite format 3\x00"))
	path := filepath.Join(t.TempDir(), "backup.db")
	require.NoError(t, os.WriteFile(path, []byte(res.Body), 0o600))
	conn, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	defer conn.Close()
	var check, name string
	require.NoError(t, conn.QueryRow("PRAGMA integrity_check").Scan(&check))
	assert.Equal(t, "ok", check)
	require.NoError(t, conn.QueryRow("SELECT name FROM tournaments WHERE id = ?", viewtest.IDFrom(base)).Scan(&name))
	assert.Equal(t, "Giovedì", name)

	tok := app.APIToken(c)
	res = c.API("GET", "/api/v1/backup", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.True(t, strings.HasPrefix(res.Body, "SQLite format 3\x00"))
	assert.Equal(t, http.StatusSeeOther, app.Client().Get("/backup").StatusCode, "directors only")
}
