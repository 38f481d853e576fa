package scales_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// editorForm is a scale editor post with the given rows of from,to,winner,loser.
func editorForm(name string, rows ...[4]string) url.Values {
	v := url.Values{"name": {name}, "rows": {page.Itoa(len(rows))}, "op": {"save"}}
	for i, r := range rows {
		for j, col := range []string{"from", "to", "winner", "loser"} {
			v.Set(fmt.Sprintf("bands.%d.%s", i, col), r[j])
		}
	}
	return v
}

func TestScalePages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	doc := c.Get("/scales").Doc(t)
	assert.Equal(t, 4, doc.Find("tbody tr").Length())
	assert.Contains(t, doc.Find("tbody").Text(), "FIBUR 3 smazzate (20-0)")
	assert.Contains(t, doc.Find("tbody").Text(), "Squadre 3 smazzate (20-0)", "the team scales ship built in")

	// A built-in scale shows its bands and cannot be edited.
	href := doc.Find("tbody tr a").First().AttrOr("href", "")
	doc = c.Get(href).Doc(t)
	assert.Equal(t, 11, doc.Find("table.bands tbody tr").Length())
	assert.Equal(t, "1505 and over", doc.Find("table.bands tbody tr").Last().Find("td").First().Text())
	assert.Equal(t, 0, doc.Find(`a[href$="/edit"]`).Length())
	assert.Equal(t, http.StatusConflict, c.Get(href+"/edit").StatusCode)
	assert.Equal(t, http.StatusConflict, c.Post(href, editorForm("x", [4]string{"0", "", "10", "10"})).StatusCode)

	// Copy it, then edit the copy with mistakes: an error per band, what was typed kept.
	res := c.Post(href+"/copy", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	edit := res.Header.Get("Location")
	doc = c.Get(edit).Doc(t)
	assert.Equal(t, "FIBUR 3 smazzate (20-0) (copia)", doc.Find("#name").AttrOr("value", ""))
	copyURL := strings.TrimSuffix(edit, "/edit")
	res = c.Post(copyURL, editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"60", "150", "9", "11"}, [4]string{"155", "", "x", "0"}))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "Enter a whole number.", doc.Find(`[id="bands.2.winner-error"]`).Text())
	assert.Equal(t, "x", doc.Find(`[id="bands.2.winner"]`).AttrOr("value", ""))
	res = c.Post(copyURL, editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"60", "150", "9", "11"}, [4]string{"155", "", "20", "0"}))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "Must start just after the previous band ends.", doc.Find(`[id="bands.1.from-error"]`).Text())
	assert.Equal(t, "The winner cannot get fewer VP than the loser.", doc.Find(`[id="bands.1.winner-error"]`).Text())
	assert.Contains(t, doc.Find("#preview").Text(), "problems", "the preview stays in step with the form")

	// Add a row without saving.
	form := editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"55", "", "20", "0"})
	form.Set("op", "add")
	doc = c.Post(copyURL, form).Doc(t)
	assert.Equal(t, 3, doc.Find("table.editor tbody tr").Length())
	assert.Equal(t, "155", doc.Find(`[id="bands.1.to"]`).AttrOr("value", ""))
	assert.Equal(t, "160", doc.Find(`[id="bands.2.from"]`).AttrOr("value", ""))

	// The live preview.
	form = editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"55", "", "20", "0"})
	form.Set("diff", "-60")
	res = c.Post("/scales/preview", form)
	assert.Equal(t, "20–0", res.Doc(t).Find("#preview strong").Text())
	form.Set("bands.1.from", "70")
	assert.Contains(t, c.Post("/scales/preview", form).Doc(t).Find("#preview").Text(), "1 problems")

	res = c.Post(copyURL, editorForm("Club 10-0", [4]string{"0", "50", "5", "5"}, [4]string{"55", "", "10", "0"}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	doc = c.Get(copyURL).Doc(t)
	assert.Contains(t, doc.Find("h1").Text(), "Club 10-0")
	assert.Equal(t, 2, doc.Find("table.bands tbody tr").Length())

	// Export and import round-trip, then delete.
	csv := c.Get(copyURL + "/export.csv")
	assert.Equal(t, "\ufefffrom,to,winner,loser\n0,50,5,5\n55,,10,0\n", csv.Body)
	js := c.Get(copyURL + "/export.json")
	assert.Contains(t, js.Body, `"to": null`)
	res = c.Post("/scales/import", url.Values{"name": {"Imported"}, "data": {csv.Body}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res = c.Post("/scales/import", url.Values{"name": {"Bad"}, "data": {"from,to,winner,loser\n5,50,5,5\n55,,1,0\n"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find(".alert").Text(), "Band 1, from: The first band starts at 0.")
	assert.Contains(t, res.Doc(t).Find(".alert").Text(), "Band 2, winner: The winner's VP cannot drop")

	res = c.Post(copyURL+"/delete", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusNotFound, c.Get(copyURL).StatusCode)
}
