package table_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// reportingEvening creates a 3-player evening of n players with table reporting on
// (PINs printed) and draws game 1; it returns the game's address and, by table, the
// code and seats' PINs read from the printed table cards.
func reportingEvening(t *testing.T, c *viewtest.Client, n int) (string, map[int]card) {
	t.Helper()
	base := viewtest.TournamentWithEntries(t, c, n)
	version, _ := c.Get(base + "/edit").Doc(t).Find(`#reporting input[name="version"]`).Attr("value")
	res := c.Post(base+"/reporting", url.Values{"reporting": {"on"}, "pin": {"pin"}, "version": {version}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = c.Post(base+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	game1 := res.Header.Get("Location")
	return game1, cards(t, c, game1)
}

// card is what a printed table card carries for reporting.
type card struct {
	Code string
	PINs []string
	URL  string
}

// cards reads the codes, PINs and addresses of a round's printed table cards.
func cards(t *testing.T, c *viewtest.Client, game string) map[int]card {
	t.Helper()
	out := map[int]card{}
	c.Get(game + "/cards").Doc(t).Find(".table-sign").Each(func(_ int, s *goquery.Selection) {
		var n int
		fmt.Sscan(strings.TrimSpace(s.Find(".sign-no").Text()), &n)
		cd := card{Code: strings.TrimSpace(s.Find(".code-value").Text()), URL: strings.TrimSpace(s.Find(".code-url").Text())}
		s.Find(".code-pins strong").Each(func(_ int, p *goquery.Selection) { cd.PINs = append(cd.PINs, p.Text()) })
		assert.Equal(t, 1, s.Find(".code-qr svg").Length(), "a QR code on the card")
		out[n] = cd
	})
	return out
}

// totals is a 3-player sheet of hand totals, the same each hand.
func totals(scores [3]int, extra url.Values) url.Values {
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(scores[s-1]))
		}
	}
	for k, v := range extra {
		form[k] = v
	}
	return form
}

// A table reported from one phone, confirmed from two others and accepted by the
// director: each step shows its state, and the sheet ends in the round's results.
func TestReportConfirmAccept(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game1, cs := reportingEvening(t, dir, 6)
	require.Len(t, cs, 2)
	cd := cs[1]
	require.Len(t, cd.Code, 6)
	require.Len(t, cd.PINs, 3)
	assert.True(t, strings.HasSuffix(cd.URL, "/t/"+cd.Code), cd.URL)
	// The wall list shows no code and no PIN.
	wall := dir.Get(game1 + "/print").Body
	assert.NotContains(t, wall, cd.Code)

	// The code form opens the table, whatever the case typed.
	phone := app.Client()
	res := phone.Get("/t?code=" + strings.ToLower(cd.Code))
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/t/"+cd.Code, res.Header.Get("Location"))
	doc := phone.Get("/t/" + cd.Code).Doc(t)
	assert.Equal(t, "not_reported", doc.Find("#tp").AttrOr("data-state", ""))
	assert.Equal(t, 3, doc.Find(".tp-seats li").Length())
	assert.Equal(t, 0, doc.Find(".code-pins").Length(), "no PIN on the table's page")
	for _, p := range cd.PINs {
		assert.NotContains(t, doc.Find("main").Text(), "PIN "+p)
	}

	// A wrong figure: the message next to the box, what was typed kept.
	bad := totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}})
	bad.Set("h2.s3.total", "7")
	res = phone.Post("/t/"+cd.Code+"/report", bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.NotEmpty(t, strings.TrimSpace(doc.Find("#cell-2-3 .cell-errors").Text()))
	assert.Equal(t, "7", doc.Find(`[id="h2.s3.total"]`).AttrOr("value", ""))
	assert.Equal(t, cd.PINs[0], doc.Find(`#pin`).AttrOr("value", ""))

	// A wrong PIN: said next to the PIN.
	res = phone.Post("/t/"+cd.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {"0000"}}))
	if cd.PINs[0] != "0000" {
		require.Equal(t, http.StatusUnauthorized, res.StatusCode, res.Body)
		assert.NotEmpty(t, res.Doc(t).Find("#pin-error").Text())
	}

	res = phone.Post("/t/"+cd.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = phone.Get("/t/" + cd.Code).Doc(t)
	assert.Equal(t, "reported", doc.Find("#tp").AttrOr("data-state", ""))
	assert.Contains(t, doc.Find(".flash").Text(), "report sent")
	assert.Contains(t, doc.Find(".report-figures .rf-total").Text(), "900")

	// The director's round page shows it waiting.
	doc = dir.Get(game1).Doc(t)
	assert.Equal(t, "reported", doc.Find(`.chip[data-table="1"]`).AttrOr("data-state", ""))

	// Two other phones confirm it: confirmed.
	for _, seat := range []int{2, 3} {
		other := app.Client()
		res = other.Post("/t/"+cd.Code+"/confirm", url.Values{"seat": {fmt.Sprint(seat)}, "pin": {cd.PINs[seat-1]}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	doc = phone.Get("/t/" + cd.Code).Doc(t)
	assert.Equal(t, "confirmed", doc.Find("#tp").AttrOr("data-state", ""))
	doc = dir.Get(game1).Doc(t)
	assert.Equal(t, "confirmed", doc.Find(`.chip[data-table="1"]`).AttrOr("data-state", ""))
	assert.Equal(t, 1, doc.Find("#accept-all").Length())

	// The projector, published, shows the revision before the acceptance.
	tour := strings.Split(game1, "/rounds/")[0]
	version, _ := dir.Get(tour).Doc(t).Find(`form[action$="/publish"] input[name="version"]`).Attr("value")
	require.Equal(t, http.StatusSeeOther, dir.Post(tour+"/publish", url.Values{"version": {version}, "published": {"true"}}).StatusCode)
	projector := strings.Replace(tour, "/tournaments/", "/p/", 1) + "/projector/standings"
	rev, ok := app.Client().Get(projector).Doc(t).Find("#projector").Attr("data-revision")
	require.True(t, ok)
	assert.Equal(t, http.StatusNoContent, app.Client().Get(projector+"/live?since="+rev).StatusCode)

	res = dir.Post(game1+"/reports/accept", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	// The projector's next poll brings the new standings.
	live := app.Client().Get(projector + "/live?since=" + rev)
	require.Equal(t, http.StatusOK, live.StatusCode)
	assert.Contains(t, live.Body, "900")
	doc = dir.Get(game1).Doc(t)
	assert.Equal(t, "accepted", doc.Find(`.chip[data-table="1"]`).AttrOr("data-state", ""))
	assert.Equal(t, 1, doc.Find(".table-card.done").Length(), "the sheet is in the round's results")
	assert.Equal(t, "accepted", phone.Get("/t/"+cd.Code).Doc(t).Find("#tp").AttrOr("data-state", ""))
}

// A confirmer who sees other figures disputes; the director sees both versions side by
// side and accepts one.
func TestDisputeSettledByTheDirector(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game1, cs := reportingEvening(t, dir, 3)
	cd := cs[1]
	phone := app.Client()
	require.Equal(t, http.StatusSeeOther, phone.Post("/t/"+cd.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}})).StatusCode)
	other := app.Client()
	res := other.Post("/t/"+cd.Code+"/confirm", totals([3]int{200, 300, 100}, url.Values{"seat": {"2"}, "pin": {cd.PINs[1]}, "other": {"1"}}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc := other.Get("/t/" + cd.Code).Doc(t)
	assert.Equal(t, "disputed", doc.Find("#tp").AttrOr("data-state", ""))
	assert.Equal(t, 2, doc.Find(".tp-report").Length(), "both versions")

	doc = dir.Get(game1).Doc(t)
	line := doc.Find("#queue-1")
	assert.Equal(t, "disputed", line.AttrOr("data-state", ""))
	require.Equal(t, 2, line.Find(".queue-version").Length())
	action, _ := line.Find(".queue-version").Eq(1).Find("form").Attr("action")
	version, _ := line.Find(".queue-version").Eq(1).Find(`input[name="version"]`).Attr("value")
	res = dir.Post(action, url.Values{"version": {version}, "table": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	// The same click again (a second tab): refused, said above the queue.
	res = dir.Post(action, url.Values{"version": {version}, "table": {"1"}})
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Contains(t, res.Doc(t).Find("#round-live .alert").Text(), "table 1")
	doc = dir.Get(game1).Doc(t)
	assert.Equal(t, "accepted", doc.Find(`.chip[data-table="1"]`).AttrOr("data-state", ""))
	// Side 2's version is in: 600 for side 2 (200 × 3 for side 1).
	assert.Contains(t, doc.Find(".table-card").First().Text(), "900")
}

// The director's sheet beats a report sent after it: the table says so and keeps the
// director's figures.
func TestDirectorsEntryBeatsALateReport(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	game1, cs := reportingEvening(t, dir, 3)
	cd := cs[1]
	require.Equal(t, http.StatusSeeOther, dir.Post(game1+"/tables/1", totals([3]int{100, 200, 300}, nil)).StatusCode)
	phone := app.Client()
	res := phone.Post("/t/"+cd.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {cd.PINs[0]}}))
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, "entered", doc.Find("#tp").AttrOr("data-state", ""))
	assert.NotEmpty(t, doc.Find(".alert").Text())
}
