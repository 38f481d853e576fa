package exports_test

import (
	"bytes"
	"cmp"
	"html"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// eveningInForli is a tournament of six with round 1 played: one player from Forlì, and
// table 1 a tie for first place (4.5 points each).
func eveningInForli(t *testing.T, c *viewtest.Client) string {
	t.Helper()
	base := viewtest.TournamentWithEntries(t, c, 0)
	for _, n := range [][3]string{{"Niccolò", "Bianchì", "Forlì"}, {"Ugo", "Rossi", ""}, {"Anna", "Verdi", ""},
		{"Lia", "Neri", ""}, {"Bice", "Gialli", ""}, {"Ada", "Blu", ""}} {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {n[0]}, "last_name": {n[1]}, "club": {n[2]}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{300, 300, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 2, [3]int{250, 150, -50}).StatusCode)
	return base
}

// csvCells is every cell of a CSV read back, to look for a value anywhere.
func csvCells(rows [][]string) []string {
	var all []string
	for _, r := range rows {
		all = append(all, r...)
	}
	return all
}

// Every CSV export opens in columns in Excel set to the reader's language, accents
// intact: Italian with ";" and a decimal comma, English with "," and a decimal point,
// both with a byte-order mark. The PDF writes decimals and the date in the reader's
// language. The player registry and a scale, files meant to be imported again, import
// back in either language.
func TestExportsInTheReadersLanguage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningInForli(t, c)
	require.Equal(t, http.StatusSeeOther, c.Post("/players", url.Values{"first_name": {"Zoë"}, "last_name": {"Çelik"}, "club": {"Forlì"}}).StatusCode)
	tok := app.APIToken(c)
	var scales struct{ Scales []struct{ ID int64 } }
	c.API("GET", "/api/v1/scales", tok, "", &scales)
	require.NotEmpty(t, scales.Scales)
	scale := "/scales/" + page.Itoa64(scales.Scales[0].ID) + "/export.csv"

	for _, tc := range []struct {
		lang             page.Lang
		half, other, sep string
		date             string
	}{
		{page.IT, "4,5", "4.5", ";", "giovedì 26 novembre 2026"},
		{page.EN, "4.5", "4,5", ",", "Thursday 26 November 2026"},
	} {
		c.Lang = string(tc.lang)
		for _, path := range []string{"/standings.csv", "/rounds/1/tables.csv", "/rounds/1/results.csv"} {
			res := c.Get(base + path)
			require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
			assert.True(t, strings.HasPrefix(res.Body, "\ufeff"), "%s %s: a byte-order mark", tc.lang, path)
			rows := openInExcel(t, res.Body, tc.lang)
			require.Greater(t, len(rows), 6, path)
			assert.GreaterOrEqual(t, len(rows[0]), 3, "%s %s: the header split into columns: %q", tc.lang, path, rows[0])
			for _, r := range rows {
				assert.Len(t, r, len(rows[0]), "%s %s: every row as wide as the header: %q", tc.lang, path, r)
			}
			assert.Contains(t, csvCells(rows), "Bianchì Niccolò", "%s %s", tc.lang, path)
			if path != "/rounds/1/tables.csv" {
				assert.Contains(t, csvCells(rows), tc.half, "%s %s: a shared first place", tc.lang, path)
				assert.NotContains(t, csvCells(rows), tc.other, "%s %s", tc.lang, path)
			}
		}
		rows := openInExcel(t, c.Get(base+"/standings.csv").Body, tc.lang)
		assert.Contains(t, csvCells(rows), "Forlì", tc.lang)

		pdf := pdfText(t, []byte(c.Get(base+"/standings.pdf").Body))
		if pdf != "" {
			assert.Contains(t, pdf, "Forlì", tc.lang)
			assert.Contains(t, pdf, tc.half, tc.lang)
			assert.NotContains(t, pdf, tc.other, tc.lang)
			assert.Contains(t, pdf, tc.date, tc.lang)
			assert.NotContains(t, pdf, "2026-11-26", "%s: no ISO date on paper", tc.lang)
		}
		pdf = pdfText(t, []byte(c.Get(base+"/rounds/1/results.pdf").Body))
		if pdf != "" {
			assert.Contains(t, pdf, tc.half, tc.lang)
		}

		// The registry: a re-import file, in the reader's separator; it reads back.
		body := c.Get("/players/export.csv").Body
		rows = openInExcel(t, body, tc.lang)
		assert.Equal(t, []string{"first_name", "last_name", "club", "card_number", "email", "phone", "notes", "active"}, rows[0], tc.lang)
		assert.Contains(t, rows, []string{"Zoë", "Çelik", "Forlì", "", "", "", "", "yes"}, tc.lang)
		back, _, err := tournament.ParsePlayersCSV(bytes.NewReader([]byte(body)))
		require.NoError(t, err)
		assert.Len(t, back, 7, tc.lang)
		api := c.API("GET", "/api/v1/players/export", tok, "", nil).Body
		assert.Equal(t, body, api, "%s: the API twin answers the same file", tc.lang)

		// A scale: in columns, and it imports again.
		body = c.Get(scale).Body
		rows = openInExcel(t, body, tc.lang)
		assert.Equal(t, []string{"from", "to", "winner", "loser"}, rows[0], tc.lang)
		res := c.Post("/scales/import", url.Values{"name": {"Copia " + tc.sep}, "data": {body}})
		assert.Equal(t, http.StatusSeeOther, res.StatusCode, "%s: %s", tc.lang, res.Body)
	}
}

// pdfWord is a word of a PDF page where pdftotext finds it, in points.
type pdfWord struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

var bboxWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)

// pdfWords is every word of a PDF's pages with its box (pdftotext -bbox), or nil when
// pdftotext is not installed.
func pdfWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		require.NotEqual(t, "true", os.Getenv("CI"), "pdftotext (poppler-utils) is needed under CI")
		return nil
	}
	in := filepath.Join(t.TempDir(), "r.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(bin, "-bbox", in, "-").Output()
	require.NoError(t, err)
	var ws []pdfWord
	for _, m := range bboxWord.FindAllStringSubmatch(string(out), -1) {
		f := func(i int) float64 { v, _ := strconv.ParseFloat(m[i], 64); return v }
		ws = append(ws, pdfWord{html.UnescapeString(m[5]), f(1), f(2), f(3), f(4)})
	}
	return ws
}

// The PDF standings' headings are each readable: every word of every heading comes out
// as a word of its own (none run into the next: "partitaMiglior"), with at least a
// space between words on a line.
func TestPDFStandingsHeadingsApart(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningInForli(t, c)
	for _, lang := range []page.Lang{page.IT, page.EN} {
		c.Lang = string(lang)
		pdf := []byte(c.Get(base + "/standings.pdf").Body)
		if dir := os.Getenv("SCREENSHOT_DIR"); dir != "" {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "standings-report-"+string(lang)+".pdf"), pdf, 0o644))
		}
		words := pdfWords(t, pdf)
		if words == nil {
			t.Skip("pdftotext not installed")
		}
		heads := openInExcel(t, c.Get(base+"/standings.csv").Body, lang)[0]
		heads = heads[:len(heads)-1] // the CSV's last column says whether the ranking is final; the PDF says it under the title
		assertHeadingsApart(t, words, heads, "2026", "Ugo", string(lang))
	}
}

// assertHeadingsApart checks a PDF report's headings, the words between the word top
// (the subtitle's) and the word bottom (the first row's): every word of every heading is
// a word of its own, at least 2pt from the next on its line.
func assertHeadingsApart(t *testing.T, words []pdfWord, headings []string, top, bottom, name string) {
	t.Helper()
	at := func(text string) pdfWord {
		i := slices.IndexFunc(words, func(w pdfWord) bool { return w.Text == text })
		require.GreaterOrEqual(t, i, 0, "%s: %q in the PDF", name, text)
		return words[i]
	}
	y0, y1 := at(top).YMax, at(bottom).YMin
	var head []pdfWord
	for _, w := range words {
		if w.YMin > y0 && w.YMax < y1 {
			head = append(head, w)
		}
	}
	var want, got []string
	for _, h := range headings {
		want = append(want, strings.Fields(h)...)
	}
	for _, w := range head {
		got = append(got, w.Text)
	}
	assert.ElementsMatch(t, want, got, "%s: the headings' words, each apart", name)
	slices.SortFunc(head, func(a, b pdfWord) int {
		return cmp.Or(cmp.Compare(math.Round(a.YMin), math.Round(b.YMin)), cmp.Compare(a.XMin, b.XMin))
	})
	for i := 1; i < len(head); i++ {
		a, b := head[i-1], head[i]
		if math.Round(a.YMin) == math.Round(b.YMin) {
			assert.GreaterOrEqual(t, b.XMin-a.XMax, 2.0, "%s: %q and %q too close", name, a.Text, b.Text)
		}
	}
}
