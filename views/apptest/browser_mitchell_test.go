package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestBrowserMitchellEvening runs a Mitchell evening of 7 pairs in a real Chromium: the
// tournament created from the form, the phantom table announced, round 1 drawn, the
// movement cards printed on A4 (4 tables, two cards a page, the phantom and the sit-out
// marked), round 1 scored, round 2 drawn by the movement and the standings of both
// lines.
func TestBrowserMitchellEvening(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)

	do(t, ctx, chromedp.Navigate(base+"/tournaments/new?format=mitchell"), chromedp.WaitVisible(`#tournament-form`))
	assert.Equal(t, "1", run(t, ctx, chromedp.Value(`#move`)))
	do(t, ctx,
		chromedp.SendKeys(`#name`, "Mitchell del giovedì"),
		chromedp.SetValue(`#date`, "2026-11-26"),
		chromedp.SendKeys(`#venue`, "Circolo Roma"),
		chromedp.SetValue(`#rounds`, "3"),
		chromedp.Submit(`#name`),
	)
	waitFor(t, ctx, `location.pathname.endsWith("/entries") && document.readyState === "complete"`)
	home := strings.TrimSuffix(run(t, ctx, chromedp.Location()), "/entries")
	api := "/api/v1" + strings.TrimPrefix(home, base)

	var ids []int64
	for _, n := range wallNames[:14] {
		var p struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, n[0], n[1]), &p).StatusCode)
		ids = append(ids, p.ID)
	}
	for i := 0; i < len(ids); i += 2 {
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ids[i], ids[i+1]), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)

	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`))
	assert.Contains(t, text(t, ctx, ".next-step"), "il tavolo 4 è fittizio")
	shot(t, ctx, "mitchell-home")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 3`)
	shot(t, ctx, "mitchell-round")

	do(t, ctx, chromedp.Click(`a[href$="/rounds/1/guide"]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1/guide") && document.querySelectorAll(".guide-card").length === 4`)
	assert.Contains(t, text(t, ctx, ".guide-card.phantom"), "tavolo fittizio")
	shot(t, ctx, "mitchell-guide")
	printMedia(t, ctx, true)
	do(t, ctx, chromedp.EmulateViewport(a4Width, a4Height))
	card := heightOf(t, ctx, ".guide-card")
	assert.LessOrEqual(t, 2*card, float64(a4Height), "two cards to a page")
	assert.GreaterOrEqual(t, 2*card, 0.8*a4Height, "the cards fill the page")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll(".guide-card")].every(c => c.scrollHeight <= c.clientHeight + 1)`)), "nothing cut off a card")
	printMedia(t, ctx, false)
	pdf := printPaper(t, ctx, "mitchell-guide")
	assert.Equal(t, 2, pdfPages(pdf), "4 tables, two cards to a page")
	if txt := strings.Join(strings.Fields(pdfText(t, pdf)), " "); txt != "" { // names wrap as they fall
		for _, want := range []string{"Cartellini del movimento", "TAVOLO", "tavolo fittizio", "con 12 VP e 0 MP", "4 · riposa", "Nord-Sud",
			"restano a questo tavolo", "Dopo ogni turno gli Est-Ovest avanzano di 1 tavolo"} {
			assert.Contains(t, txt, want)
		}
	}

	// Round 1 scored, round 2 drawn by the movement from the tournament's page.
	for table := 1; table <= 3; table++ {
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, table), tok,
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, 1000, 400+100*table), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`))
	assert.Contains(t, text(t, ctx, ".draw-form button[type=submit]"), "Sorteggia il turno 2")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/2") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 3`)
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	assert.Equal(t, 7, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".standings-table tbody tr").length`)), "one ranking of both lines")
	// Round 1: tables won by 500, 400 and 300 (14–6, 14–6, 13–7); the pair out: 12.
	vp := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table tbody tr")].map(r => r.querySelector("td.rp").innerText.trim())`))
	assert.Equal(t, []string{"14", "14", "13", "12", "7", "6", "6"}, vp)
	shot(t, ctx, "mitchell-standings")
}
