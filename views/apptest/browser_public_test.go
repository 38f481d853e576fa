package apptest_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// A projector open in one browser context shows a score saved through the sheet page in
// another (the director's) within 5 seconds.
func TestBrowserProjectorShowsASavedScore(t *testing.T) {
	projector := browser(t, 1280, 720)
	app := viewtest.NewApp(t)
	app.Setup()
	pe := seedPublic(t, app, 9)
	base := app.Srv.URL

	do(t, projector, chromedp.Navigate(fmt.Sprintf("%s/p/%d/projector/standings", base, pe.tid)))
	waitFor(t, projector, `document.querySelectorAll("#projector tbody tr:not([hidden])").length > 0`)
	before := run(t, projector, chromedp.Evaluate[string](`document.querySelector("#projector").dataset.revision`))
	shot(t, projector, "projector-standings")

	director, cancel := chromedp.NewContext(projector, chromedp.WithNewBrowserContext())
	defer cancel()
	loginInBrowser(t, director, base)
	sheet := fmt.Sprintf("%s/tournaments/%d/rounds/2/tables/1", base, pe.tid)
	do(t, director, chromedp.Navigate(sheet), chromedp.WaitVisible(`#sheet`),
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`[id="h1.s1.total"]`))
	totals := []string{"900", "-100", "-200"}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			do(t, director, chromedp.SendKeys(fmt.Sprintf(`[id="h%d.s%d.total"]`, h, s), totals[s-1]))
		}
	}
	do(t, director, chromedp.Submit(`[id="h3.s3.total"]`))
	waitFor(t, director, `!location.pathname.endsWith("/tables/1")`)
	saved := time.Now()

	// What the projector must come to show: the leader of the standings now.
	var now dto.PublicStandings
	res := app.Client().Get(fmt.Sprintf("/api/v1/public/tournaments/%d/standings", pe.tid))
	require.NoError(t, json.Unmarshal([]byte(res.Body), &now))
	leader := now.Lines[0].Name
	deadline := saved.Add(5 * time.Second)
	for {
		rev := run(t, projector, chromedp.Evaluate[string](`document.querySelector("#projector").dataset.revision`))
		first := run(t, projector, chromedp.Evaluate[string](`document.querySelector("#projector tbody tr td.name").textContent.trim()`))
		if rev != before && first == leader {
			break
		}
		require.True(t, time.Now().Before(deadline), "the projector still shows revision %s, first %q; want %q", rev, first, leader)
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("projector updated %v after the save", time.Since(saved).Round(10*time.Millisecond))
	shot(t, projector, "projector-after-save")

	// The seats on the projector: everyone of the round, paged to fit the screen.
	do(t, projector, chromedp.Navigate(fmt.Sprintf("%s/p/%d/projector/tables", base, pe.tid)))
	waitFor(t, projector, `document.querySelectorAll("#projector tbody tr:not([hidden])").length > 0`)
	assert.Equal(t, 9, run(t, projector, chromedp.Evaluate[int](`document.querySelectorAll("#projector tbody tr").length`)))
	assert.False(t, run(t, projector, chromedp.Evaluate[bool](`document.documentElement.scrollHeight > window.innerHeight + 2`)), "one screen at a time")
	shot(t, projector, "projector-tables")
}

// On a phone, the public seat search finds "Niccolò" from "niccolo".
func TestBrowserSeatSearchOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	app.Setup()
	pe := seedPublic(t, app, 12)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(fmt.Sprintf("%s/p/%d", app.Srv.URL, pe.tid)), chromedp.WaitVisible(`#seat-q`))
	require.Equal(t, 12, run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#seat-list li")].filter(li => !li.hidden).length`)))
	do(t, ctx, chromedp.SendKeys(`#seat-q`, "niccolo"))
	waitFor(t, ctx, `[...document.querySelectorAll("#seat-list li")].filter(li => !li.hidden).length === 1`)
	found := run(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#seat-list li")].find(li => !li.hidden).textContent`))
	assert.Contains(t, found, "Niccolò")
	assert.Contains(t, found, "Tavolo")
	assert.False(t, run(t, ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > 390`)), "no sideways scrolling")
	// The clock counts down on the phone.
	clock := text(t, ctx, `.pub-clock .clock`)
	assert.Regexp(t, `^(\d+:)?\d+:\d\d$`, clock)
	shot(t, ctx, "public-seat-search-phone")

	do(t, ctx, chromedp.Click(`#seat-list li:not([hidden]) a`))
	waitFor(t, ctx, `location.pathname.includes("/players/") && document.readyState === "complete" && !!document.querySelector(".pub-game")`)
	assert.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".pub-game").length`)))
	shot(t, ctx, "public-player-phone")
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/p/%d/standings", app.Srv.URL, pe.tid)), chromedp.WaitVisible(`.pub-standings`))
	assert.False(t, run(t, ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > 390`)), "standings: no sideways scrolling")
	shot(t, ctx, "public-standings-phone")
}

// The table tent prints on one A4 page, the QR code in each half.
func TestBrowserTableTentOnA4(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	base, _ := drawn(t, c, 9)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/tent"), chromedp.WaitVisible(`.tent`))
	waitFor(t, ctx, `[...document.querySelectorAll(".tent img")].every(i => i.complete && i.naturalWidth > 0)`)
	shot(t, ctx, "table-tent")
	assert.Equal(t, 1, printA4(t, ctx, "table-tent"))
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base), chromedp.WaitVisible(`.public-panel`))
	shot(t, ctx, "tournament-public-panel")
}

// A knockout's public bracket on a phone: a list by round, the page does not scroll
// sideways (TestBrowserPublicPagesFitPhones checks every name whole).
func TestBrowserPublicBracketOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	app.Setup()
	id, _, _ := seedPublicKnockout(t, app)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(fmt.Sprintf("%s/p/%d/bracket", app.Srv.URL, id)), chromedp.WaitVisible(`.bracket`))
	assert.Equal(t, 7, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".bracket-round:not(.bracket-champion) .bracket-match").length`)))
	assert.False(t, run(t, ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > 390`)), "no sideways scrolling of the page")
	shot(t, ctx, "public-bracket-phone")
}
