package apptest_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// In real Chromium: a pair is formed from the registry with the search of each place,
// then a round of pairs prints on A4 (the table list with "find your seat", the score
// sheets, the table cards), and its sheet takes an outcome.
func TestBrowserPairs(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, append(viewtest.EightPlayers, "Viola Zeno", "Grigi Olga", "Marrone Pia", "Ocra Tito"), 5)
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)

	// Each place: type, wait for the answer and for htmx to settle (a button clicked
	// before htmx has taken it over does nothing), "Choose".
	settled := func(sel string) {
		t.Helper()
		waitFor(t, ctx, `!!document.querySelector("`+sel+`")`)
		time.Sleep(400 * time.Millisecond)
		waitFor(t, ctx, `!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")`)
	}
	choose := func(slot string) {
		t.Helper()
		run(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#pair-results-`+slot+` button.pick").click(), true`))
		waitFor(t, ctx, `!!document.querySelector('#pair-slot-`+slot+` input[name="pair.`+slot+`"]')`)
	}
	do(t, ctx, chromedp.Navigate(base+ev.HTML+"/entries"), chromedp.WaitVisible(`#pair-form`))
	run(t, ctx, chromedp.Evaluate[bool](`window.notReloaded = true`))
	do(t, ctx, chromedp.SendKeys(`#pair-q-1`, "marr"))
	settled("#pair-results-1 button.pick")
	choose("1")
	settled(`#pair-slot-1 input[name='pair.1']`)
	do(t, ctx, chromedp.SendKeys(`#pair-q-2`, "ocra"))
	settled("#pair-results-2 button.pick")
	shot(t, ctx, "pairs-entries-choosing")
	choose("2")
	settled(`#pair-slot-2 input[name='pair.2']`)
	run(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#pair-add").click(), true`))
	waitFor(t, ctx, `document.querySelector("#entry-list").textContent.includes("Marrone Pia / Ocra Tito")`)
	waitFor(t, ctx, `document.querySelectorAll('#pair-form input[name^="pair."][type=hidden]').length === 0`)
	shot(t, ctx, "pairs-entries")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`window.notReloaded === true`)), "added in place, without a reload")
	assert.Equal(t, 6, int(run(t, ctx, chromedp.Evaluate[float64](`document.querySelectorAll("#entry-list table.entries tbody tr").length`))))

	res := c.API("POST", ev.API+"/entries/present", tok, "", nil)
	require.Equal(t, 200, res.StatusCode)
	drawPairs(t, c, tok, ev)
	round := base + ev.HTML + "/rounds/1"

	do(t, ctx, chromedp.Navigate(round+"/print"), chromedp.WaitVisible(`.find-seat`))
	shot(t, ctx, "pairs-table-list")
	assert.Equal(t, 2, printA4(t, ctx, "pairs-table-list"), "the list by table, then find your seat")
	do(t, ctx, chromedp.Navigate(round+"/sheets"), chromedp.WaitVisible(`.score-sheet`))
	assert.Equal(t, 1, printA4(t, ctx, "pairs-sheets"), "three sheets of two sides on one page")
	do(t, ctx, chromedp.Navigate(round+"/cards"), chromedp.WaitVisible(`.table-sign`))
	assert.Equal(t, 3, printA4(t, ctx, "pairs-cards"), "a card per table")

	do(t, ctx,
		chromedp.Navigate(round+"/tables/1"),
		chromedp.WaitVisible(`#outcome_kind`),
		chromedp.SetValue(`#outcome_kind`, "timeout"),
		chromedp.SetValue(`#outcome_side`, "2"),
	)
	shot(t, ctx, "pairs-sheet")
}
