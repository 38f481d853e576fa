package sheets_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"burraco/views/viewtest"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageForm is what a browser would send from a page's sheet form as it stands.
func pageForm(doc *goquery.Document) url.Values {
	f := url.Values{}
	doc.Find("#sheet input").Each(func(_ int, in *goquery.Selection) {
		name := in.AttrOr("name", "")
		typ := in.AttrOr("type", "")
		if name == "" || ((typ == "checkbox" || typ == "radio") && in.AttrOr("checked", "-") == "-") {
			return
		}
		f.Add(name, in.AttrOr("value", ""))
	})
	return f
}

// A tester's finding: opening a sheet stored as totals in a more detailed form and saving
// it wiped every hand the page could not show. Whatever form a sheet is opened in, a save
// of the page as it stands keeps what is stored.
func TestSwitchingFormNeverWipesAStoredSheet(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := viewtest.Drawn(t, c, 3)
	sheet := game1 + "/tables/1"
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		form.Set(fmt.Sprintf("h%d.s1.total", h), "300")
		form.Set(fmt.Sprintf("h%d.s2.total", h), "100")
		form.Set(fmt.Sprintf("h%d.s3.total", h), "-100")
	}
	require.Equal(t, http.StatusSeeOther, c.Post(sheet, form).StatusCode)
	for _, fm := range []string{"components", "base_cards", "game", "total"} {
		doc := c.Get(sheet + "?form=" + fm).Doc(t)
		f := pageForm(doc)
		f.Set("then", "round")
		res := c.Post(sheet, f)
		require.Less(t, res.StatusCode, 500, res.Body)
		st, err := app.Store.Load(t.Context(), viewtest.IDFrom(game1[:len(game1)-len("/rounds/1")]))
		require.NoError(t, err)
		res1 := st.Results(&st.Rounds[0])[0]
		assert.Equal(t, []int{900, 300, -300}, res1.Scores, "opened as %s and saved as it stood", fm)
	}
}
