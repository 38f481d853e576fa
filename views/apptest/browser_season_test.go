package apptest_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// seasonOfTen plays ten 3-player evenings of a club through the pages (two tables a
// night, members taking turns to miss one) and gathers them in a season counting
// the best 7, ranked from 5 evenings; it returns the season's path.
func seasonOfTen(t *testing.T, a *viewtest.App, c *viewtest.Client) string {
	t.Helper()
	names := [][2]string{{"Niccolò", "D'Alessandro"}, {"Anna", "Verdi"}, {"Mario", "Rossi"}, {"Lucia", "Bianchi"},
		{"Giorgio", "Esposito"}, {"Chiara", "Romano"}, {"Paolo", "Colombo"}, {"Sara", "Greco"}, {"Elena", "Ricci"}}
	var ids []int64
	for i, n := range names {
		p := &tournament.Player{FirstName: n[0], LastName: n[1], Club: "Circolo Aurora", Active: true, CardNumber: fmt.Sprintf("RM%03d", i+1)}
		require.NoError(t, a.Store.CreatePlayer(t.Context(), p))
		ids = append(ids, p.ID)
	}
	res := c.Post("/seasons", url.Values{"name": {"Campionato sociale 2026"}, "from": {"2026-01-01"}, "to": {"2026-12-31"},
		"method": {"place"}, "table": {"25 20 16 13 11 10 9 8"}, "best": {"7"}, "min_evenings": {"5"}, "bonus": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	season := res.Header.Get("Location")
	for ev := 0; ev < 10; ev++ {
		// Six of the first eight play, the two missing ones changing each week (four
		// play 7 evenings, four 8: those drop one); Elena, the ninth, comes to the last
		// two only (a seventh player: one sits out) and is not ranked (fewer than 5).
		var in []int64
		for i, id := range ids[:8] {
			if i/2 != ev%4 {
				in = append(in, id)
			}
		}
		if ev >= 8 {
			in = append(in, ids[8])
		}
		res := c.Post("/tournaments", url.Values{"name": {fmt.Sprintf("Serata %d", ev+1)}, "date": {fmt.Sprintf("2026-%02d-%02d", 1+ev/4, 5+7*(ev%4))},
			"venue": {"Circolo Aurora"}, "games": {"1"}, "hands_per_game": {"3"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
		for _, id := range in {
			require.Less(t, c.Post(base+"/entries", url.Values{"player_id": {fmt.Sprint(id)}}).StatusCode, 400)
		}
		require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
		res = c.Post(base+"/draw", url.Values{"seed": {fmt.Sprint(11 + ev)}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Doc(t).Find(".alert, .error").Text())
		for tb := 1; tb <= 2; tb++ {
			scores := [3]int{300 - 40*ev, 150 + 30*tb, -100 + 25*ev}
			require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, tb, scores).StatusCode)
		}
		res = c.Post(season+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(base))}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	return season
}

// The season's standings in Chromium: on a laptop (1366×768) every evening in a column,
// the dropped ones struck through, the total in big type; printed on one A4 landscape
// page with the legend; published, on a 390 px phone the place, name, total and
// evenings, no sideways scrolling, and a player's line with every evening.
func TestBrowserSeasonPage(t *testing.T) {
	ctx := browserFor(t, 1366, 768, 120*time.Second)
	app := viewtest.NewApp(t)
	c := app.Setup()
	path := seasonOfTen(t, app, c)
	base := app.Srv.URL
	do(t, ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`#username`),
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#password`, viewtest.Password),
		chromedp.Submit(`#password`),
		chromedp.WaitVisible(`.tiles`),
		chromedp.Navigate(base+path),
		chromedp.WaitVisible(`.season-table`),
	)
	require.Equal(t, 10, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".season-table thead th.ev-col").length`)))
	require.Equal(t, 9, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".season-table tbody tr").length`)))
	assert.Equal(t, 1, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".season-table tr.unranked").length`)))
	assert.Greater(t, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".season-table s.dropped").length`)), 0, "best 7 of up to 10: some results dropped")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector(".season-table s.dropped")).textDecorationLine.includes("line-through")`)))
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 1366, "ten evenings fit a laptop's width")
	total := run(t, ctx, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".season-table td.season-total")).fontSize)`))
	name := run(t, ctx, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".season-table td.name")).fontSize)`))
	assert.Greater(t, total, 1.4*name, "the total in big type")
	shot(t, ctx, "season-laptop")

	// Printed: one A4 page, landscape for ten evenings; the names, the totals and the
	// legend on it, no navigation.
	pdf := printPaper(t, ctx, "season-a4")
	assert.Equal(t, 1, pdfPages(pdf))
	assert.True(t, bytes.Contains(pdf, []byte("/MediaBox [0 0 841")), "A4 landscape")
	if txt := pdfText(t, pdf); txt != "" {
		for _, want := range []string{"Campionato sociale 2026", "D'Alessandro Niccolò", "Totale", "scartata", "fuori classifica"} {
			assert.Contains(t, strings.ToLower(txt), strings.ToLower(want)) // headings print in capitals
		}
		assert.NotContains(t, txt, "Impostazioni", "no buttons on paper")
	}

	do(t, ctx, chromedp.Navigate(base+path+"/edit"), chromedp.WaitVisible(`#season-form`))
	shot(t, ctx, "season-settings")

	// A player's history in the registry: every evening played, the season's place.
	do(t, ctx, chromedp.Navigate(base+path), chromedp.WaitVisible(`.season-table`), chromedp.Click(`.season-table tbody tr:first-child .name a`), chromedp.WaitVisible(`.player-history`))
	assert.Equal(t, 7, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".player-history tbody tr").length`)))
	assert.Equal(t, "1", text(t, ctx, ".player-seasons td.place"))
	shot(t, ctx, "player-history")

	// Published: the public page on a phone.
	do(t, ctx, chromedp.Navigate(base+path), chromedp.WaitVisible(`.season-publish button`), chromedp.Click(`.season-publish button`))
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector(".public-links")`)
	pub := strings.Replace(path, "/seasons/", "/p/seasons/", 1)
	// The projector: the standings full screen, polling for changes.
	do(t, ctx, chromedp.Navigate(base+pub+"/projector"), chromedp.WaitVisible(`#projector .season-table`))
	shot(t, ctx, "season-projector")
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	do(t, ctx, chromedp.Navigate(base+pub), chromedp.WaitVisible(`.season-table`))
	require.Equal(t, 390, run(t, ctx, chromedp.Evaluate[int](`window.innerWidth`)))
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390, "no sideways scrolling on a phone")
	assert.Equal(t, 0, run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll(".season-table .ev-cell")].filter(e => e.offsetWidth > 0).length`)), "the evenings are on the player's line")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`document.querySelector(".season-table td.season-total").offsetWidth > 0`)))
	shot(t, ctx, "season-phone")
	do(t, ctx, chromedp.Click(`.season-table tbody tr:first-child .name a`), chromedp.WaitVisible(`.season-lines`))
	assert.GreaterOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".season-lines tbody tr").length`)), 5)
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390)
	shot(t, ctx, "season-phone-line")
}
