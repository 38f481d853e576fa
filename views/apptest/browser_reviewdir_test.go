package apptest_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A settings form's choices, a radio button and its words: every button is drawn at
// its own size, whatever the length of the words beside it (a long description once
// squeezed its button narrower than the others).
func TestBrowserSettingsChoicesKeepTheirSize(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	app.Setup()
	loginInBrowser(t, ctx, app.Srv.URL)
	for _, format := range []string{"danish", "teams", "individual3"} {
		do(t, ctx, chromedp.Navigate(app.Srv.URL+"/tournaments/new?format="+format), chromedp.WaitVisible(`#tournament-form`))
		widths := run(t, ctx, chromedp.Evaluate[[]float64](`[...document.querySelectorAll(".choice input")].map(i => i.getBoundingClientRect().width)`))
		require.NotEmpty(t, widths, format)
		for i, w := range widths {
			assert.InDelta(t, widths[0], w, 0.5, "%s: choice %d is %.1fpx wide, the first %.1fpx", format, i+1, w, widths[0])
		}
	}
}

// The printed list by table of a teams round, on A4: every card keeps its table's number
// beside its names, the long ones wrapping in the list, rather than some cards dropping
// their names under the number (cards of one page each in their own layout).
func TestBrowserTeamsTableListNumberBesideNames(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 8)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7}`, nil).StatusCode)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+ev.HTML+"/rounds/1/print"), chromedp.WaitVisible(`.print-tables`))
	// A4's width inside its margins (186 mm), in print media.
	do(t, ctx, chromedp.EmulateViewport(703, 1000))
	printMedia(t, ctx, true)
	below := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".print-table")].filter(c => {
		const no = c.querySelector(".print-table-no").getBoundingClientRect(), ol = c.querySelector("ol").getBoundingClientRect();
		return no.right > ol.left + 0.5 || no.bottom <= ol.top;
	}).map(c => c.querySelector(".print-table-no").textContent)`))
	assert.Empty(t, below, "tables whose names drop under the number")
	assert.Equal(t, 8, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".print-table").length`)))
}

// A team's public page on a phone: the table of what each player brought is laid out as
// a table (cells apart, not the 1px of a bare table under a card's style), and a
// numeric column's heading sits right, over its figures, as in every list.
func TestBrowserTeamContributionsOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7}`, nil).StatusCode)
	require.Equal(t, http.StatusOK, c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil).StatusCode)
	res := c.API("PUT", ev.API+"/rounds/1/tables/1", tok, `{"hands":[[{"form":3,"total":1200},{"form":3,"total":700}]]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	id := viewtest.IDFrom(ev.HTML)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(fmt.Sprintf("%s/p/%d/players/%d", app.Srv.URL, id, ev.Teams[0])), chromedp.WaitVisible(`.contribution-table`))
	shot(t, ctx, "team-contributions-phone")
	cells := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".contribution-table th, .contribution-table td")]
		.filter(c => parseFloat(getComputedStyle(c).paddingLeft) < 4).map(c => c.textContent.trim())`))
	assert.Empty(t, cells, "cells without room")
	aligned := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".contribution-table th.num")].map(th => getComputedStyle(th).textAlign)`))
	require.NotEmpty(t, aligned)
	for _, a := range aligned {
		assert.Equal(t, "right", a)
	}
}

// A round's row of actions: "Lock as final", a smaller button in a form of its own,
// sits on the middle line of the row's other buttons (it was pinned to the row's top,
// looking dropped in from another page).
func TestBrowserRoundLockButtonInLine(t *testing.T) {
	ctx := browser(t, 1366, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game := viewtest.Drawn(t, c, 9)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+game), chromedp.WaitVisible(`.actions .round-lock button`))
	off := run(t, ctx, chromedp.Evaluate[float64](`(() => {
		const mid = el => { const r = el.getBoundingClientRect(); return r.top + r.height / 2 };
		const lock = document.querySelector(".actions .round-lock button");
		return mid(lock) - mid(lock.closest(".actions").querySelector("a.button"));
	})()`))
	assert.InDelta(t, 0, off, 1, "the lock button's middle is %.1fpx off the other buttons'", off)
}
