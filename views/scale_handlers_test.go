package views

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// editorForm is a scale editor post with the given rows of from,to,winner,loser.
func editorForm(name string, rows ...[4]string) url.Values {
	v := url.Values{"name": {name}, "rows": {itoa(len(rows))}, "op": {"save"}}
	for i, r := range rows {
		for j, col := range []string{"from", "to", "winner", "loser"} {
			v.Set(bandField(i, col), r[j])
		}
	}
	return v
}

func TestScalePages(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	doc := c.get("/scales").doc(t)
	assert.Equal(t, 2, doc.Find("tbody tr").Length())
	assert.Contains(t, doc.Find("tbody").Text(), "FIBUR 3 smazzate (20-0)")

	// A built-in scale shows its bands and cannot be edited.
	href := doc.Find("tbody tr a").First().AttrOr("href", "")
	doc = c.get(href).doc(t)
	assert.Equal(t, 11, doc.Find("table.bands tbody tr").Length())
	assert.Equal(t, "1505 and over", doc.Find("table.bands tbody tr").Last().Find("td").First().Text())
	assert.Equal(t, 0, doc.Find(`a[href$="/edit"]`).Length())
	assert.Equal(t, http.StatusConflict, c.get(href+"/edit").StatusCode)
	assert.Equal(t, http.StatusConflict, c.post(href, editorForm("x", [4]string{"0", "", "10", "10"})).StatusCode)

	// Copy it, then edit the copy with mistakes: an error per band, what was typed kept.
	res := c.post(href+"/copy", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	edit := res.Header.Get("Location")
	doc = c.get(edit).doc(t)
	assert.Equal(t, "FIBUR 3 smazzate (20-0) (copia)", doc.Find("#name").AttrOr("value", ""))
	copyURL := strings.TrimSuffix(edit, "/edit")
	res = c.post(copyURL, editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"60", "150", "9", "11"}, [4]string{"155", "", "x", "0"}))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.doc(t)
	assert.Equal(t, "Enter a whole number.", doc.Find(`[id="bands.2.winner-error"]`).Text())
	assert.Equal(t, "x", doc.Find(`[id="bands.2.winner"]`).AttrOr("value", ""))
	res = c.post(copyURL, editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"60", "150", "9", "11"}, [4]string{"155", "", "20", "0"}))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.doc(t)
	assert.Equal(t, "Must start just after the previous band ends.", doc.Find(`[id="bands.1.from-error"]`).Text())
	assert.Equal(t, "The winner cannot get fewer VP than the loser.", doc.Find(`[id="bands.1.winner-error"]`).Text())
	assert.Contains(t, doc.Find("#preview").Text(), "problems", "the preview stays in step with the form")

	// Add a row without saving.
	form := editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"55", "", "20", "0"})
	form.Set("op", "add")
	doc = c.post(copyURL, form).doc(t)
	assert.Equal(t, 3, doc.Find("table.editor tbody tr").Length())
	assert.Equal(t, "155", doc.Find(`[id="bands.1.to"]`).AttrOr("value", ""))
	assert.Equal(t, "160", doc.Find(`[id="bands.2.from"]`).AttrOr("value", ""))

	// The live preview.
	form = editorForm("Club", [4]string{"0", "50", "10", "10"}, [4]string{"55", "", "20", "0"})
	form.Set("diff", "-60")
	res = c.post("/scales/preview", form)
	assert.Equal(t, "20–0", res.doc(t).Find("#preview strong").Text())
	form.Set(bandField(1, "from"), "70")
	assert.Contains(t, c.post("/scales/preview", form).doc(t).Find("#preview").Text(), "1 problems")

	res = c.post(copyURL, editorForm("Club 10-0", [4]string{"0", "50", "5", "5"}, [4]string{"55", "", "10", "0"}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	doc = c.get(copyURL).doc(t)
	assert.Contains(t, doc.Find("h1").Text(), "Club 10-0")
	assert.Equal(t, 2, doc.Find("table.bands tbody tr").Length())

	// Export and import round-trip, then delete.
	csv := c.get(copyURL + "/export.csv")
	assert.Equal(t, "\ufefffrom,to,winner,loser\n0,50,5,5\n55,,10,0\n", csv.body)
	js := c.get(copyURL + "/export.json")
	assert.Contains(t, js.body, `"to": null`)
	res = c.post("/scales/import", url.Values{"name": {"Imported"}, "data": {csv.body}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res = c.post("/scales/import", url.Values{"name": {"Bad"}, "data": {"from,to,winner,loser\n5,50,5,5\n55,,1,0\n"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, res.doc(t).Find(".alert").Text(), "Band 1, from: The first band starts at 0.")
	assert.Contains(t, res.doc(t).Find(".alert").Text(), "Band 2, winner: The winner's VP cannot drop")

	res = c.post(copyURL+"/delete", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusNotFound, c.get(copyURL).StatusCode)
}

func TestCalculatorPage(t *testing.T) {
	app := newTestApp(t)
	app.setup()
	c := app.client() // public: no login
	doc := c.get("/calc?preset=standard&closed=on&kitty_taken=on&opened=on&clean=1&dirty=1&table=420&diff=600").doc(t)
	assert.Equal(t, "820", doc.Find("#hand-total").Text())
	lines := doc.Find("table.lines tbody tr").Map(func(_ int, s *goqSel) string { return strings.Join(strings.Fields(s.Text()), " ") })
	assert.Equal(t, []string{"Closing +100", "Clean burraco +200", "Dirty burraco +100", "Cards on the table +420"}, lines)
	assert.Equal(t, "15", doc.Find("#vp-winner").Text())
	assert.Equal(t, "5", doc.Find("#vp-loser").Text())

	doc = c.get("/calc?preset=three_player&table=30&in_hand=90&opened=").doc(t)
	assert.Equal(t, 0, doc.Find("#hand-total").Length())
	assert.Contains(t, doc.Find(".error-list").Text(), "A player who never opened has nothing on the table.")
	doc = c.get("/calc?preset=three_player&in_hand=90").doc(t)
	assert.Equal(t, "-280", doc.Find("#hand-total").Text(), "kitty not taken, never opened: -100 - 2×90")
	doc = c.get("/calc?closed=on&kitty_taken=on&opened=on&table=abc").doc(t)
	assert.Equal(t, "Enter a whole number.", doc.Find("#table-error").Text())
	assert.Equal(t, "abc", doc.Find("#table").AttrOr("value", ""))
}

func TestAPIScalesAndCalc(t *testing.T) {
	app := newTestApp(t)
	tok := app.apiToken(app.setup())
	c := app.client()
	var list struct {
		Scales []struct {
			ID      int64
			Name    string
			Builtin bool
		}
	}
	c.api("GET", "/api/v1/scales", tok, "", &list)
	require.Len(t, list.Scales, 2)
	fibur := itoa(int(list.Scales[0].ID))

	var vp struct{ Winner, Loser int }
	res := c.api("GET", "/api/v1/calc/vp?scale_id="+fibur+"&diff=-1505", "", "", &vp)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, [2]int{20, 0}, [2]int{vp.Winner, vp.Loser})

	var hand struct {
		Total int
		Lines []struct {
			Key    string
			Label  string
			Points int
		}
	}
	res = c.api("POST", "/api/v1/calc/hand", "", `{"preset":"standard","hand":{"opened":true,"table":30,"in_hand":90}}`, &hand)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	assert.Equal(t, -160, hand.Total)
	assert.Equal(t, "Kitty not taken", hand.Lines[0].Label)
	var e apiErr
	res = c.api("POST", "/api/v1/calc/hand", "", `{"hand":{"closed":true,"opened":true,"table":33}}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, map[string]string{"table": "Points go in fives.", "closed": "Whoever closes must have taken the kitty."}, e.Error.Fields)

	var sc struct {
		ID   int64
		Name string
	}
	res = c.api("POST", "/api/v1/scales/"+fibur+"/copy", tok, `{"name":"Mine"}`, &sc)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.body)
	id := itoa(int(sc.ID))
	res = c.api("PUT", "/api/v1/scales/"+id, tok, `{"name":"Mine","bands":[{"from":0,"to":100,"winner":10,"loser":10},{"from":105,"to":null,"winner":20,"loser":0}]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	res = c.api("PUT", "/api/v1/scales/"+fibur, tok, `{"name":"x","bands":[{"from":0,"to":null,"winner":1,"loser":1}]}`, &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, e.Error.Message, "copy it")
	res = c.api("POST", "/api/v1/scales", tok, `{"name":"Bad","bands":[{"from":0,"to":50,"winner":10,"loser":10}]}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Leave the last band open (no upper bound).", e.Error.Fields["bands.0.to"])

	res = c.api("GET", "/api/v1/scales/"+id+"/export?format=csv", tok, "", nil)
	assert.Equal(t, "\ufefffrom,to,winner,loser\n0,100,10,10\n105,,20,0\n", res.body)
	res = c.api("POST", "/api/v1/scales/import?format=csv&name=Again", tok, res.body, &sc)
	assert.Equal(t, http.StatusCreated, res.StatusCode)
	js := c.api("GET", "/api/v1/scales/"+id+"/export", tok, "", nil).body
	res = c.api("POST", "/api/v1/scales/import?format=json&name=FromJSON", tok, js, &sc)
	assert.Equal(t, http.StatusCreated, res.StatusCode, res.body)
	assert.Equal(t, "FromJSON", sc.Name)
	assert.Equal(t, http.StatusNoContent, c.api("DELETE", "/api/v1/scales/"+id, tok, "", nil).StatusCode)
	assert.Equal(t, http.StatusConflict, c.api("DELETE", "/api/v1/scales/"+fibur, tok, "", nil).StatusCode)
}
