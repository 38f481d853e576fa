package table_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// Issue 34: a sheet sent twice from a phone under its key (the form's hidden field,
// kept on the phone: a connection dropped before the answer) is stored once, and both
// sends are answered alike, back to the table's page with the key (?sent=) so that the
// phone forgets the sheet; a key that is not printable ASCII is refused, the sheet kept.
func TestSheetSentTwiceUnderItsKeyArrivesOnce(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game, cs := reportingEvening(t, dir, 3)
	cd := cs[1]
	phone := app.Client()
	sheet := totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}, page.IdempotencyField: {"sheet-7f3a"}})
	for i := range 2 {
		res := phone.Post("/t/"+cd.Code+"/report", sheet)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, "send %d: %s", i+1, res.Body)
		assert.Equal(t, "/t/"+cd.Code+"?sent=sheet-7f3a", res.Header.Get("Location"))
	}
	hist := dir.Get(strings.Split(game, "/rounds/")[0] + "/history").Doc(t)
	assert.Equal(t, 1, strings.Count(hist.Find("main").Text(), "result reported (code "+cd.Code), "one report line in the history:\n%s", hist.Find("main").Text())

	bad := totals([3]int{300, 200, 100}, url.Values{"seat": {"2"}, "pin": {cd.PINs[1]}, page.IdempotencyField: {"chiave\u00e8"}, "other": {"1"}})
	bad.Set("h1.s1.total", "100")
	bad.Set("h1.s2.total", "400")
	res := phone.Post("/t/"+cd.Code+"/confirm", bad)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Equal(t, "400", res.Doc(t).Find(`[id="h1.s2.total"]`).AttrOr("value", ""), "the sheet kept")
}

// Issue 34: once a side confirmed, the confirm list offers only the sides still to
// confirm; the sheet to dispute still lists it (a side may change its mind, issue 33),
// and its other figures dispute the report: both versions on the page, the cells that
// differ marked (class, words for a screen reader), on the director's round page too.
func TestConfirmListAndDisputedCellsMarked(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game, cs := reportingEvening(t, dir, 3)
	cd := cs[1]
	phone := app.Client()
	res := phone.Post("/t/"+cd.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = phone.Post("/t/"+cd.Code+"/confirm", url.Values{"seat": {"2"}, "pin": {cd.PINs[1]}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)

	doc := phone.Get("/t/" + cd.Code).Doc(t)
	var confirm, dispute []string
	doc.Find("#confirm select[name=seat] option").Each(func(_ int, o *goquery.Selection) { confirm = append(confirm, o.AttrOr("value", "")) })
	doc.Find("#sheet select[name=seat] option").Each(func(_ int, o *goquery.Selection) { dispute = append(dispute, o.AttrOr("value", "")) })
	assert.Equal(t, []string{"", "3"}, confirm, "side 2 confirmed: not offered again")
	assert.Equal(t, []string{"", "2", "3"}, dispute)

	other := totals([3]int{300, 200, 100}, url.Values{"seat": {"2"}, "pin": {cd.PINs[1]}, "other": {"1"}})
	other.Set("h2.s1.total", "250")
	other.Set("h2.s2.total", "250")
	res = phone.Post("/t/"+cd.Code+"/confirm", other)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	for _, d := range []*goquery.Document{phone.Get("/t/" + cd.Code).Doc(t), dir.Get(game).Doc(t)} {
		// Hand 2 of sides 1 and 2, and their game totals: 4 cells in each version.
		assert.Equal(t, 8, d.Find(".report-figures td.rf-diff").Length())
		assert.Equal(t, 0, d.Find(".report-figures tbody tr:nth-child(1) td.rf-diff").Length(), "hand 1 agrees")
		assert.Contains(t, d.Find("td.rf-diff .visually-hidden").First().Text(), "differs from the other version")
	}
}
