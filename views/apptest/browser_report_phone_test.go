package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// oneTableReporting is a 3-player evening of one table with reporting on and game 1
// drawn: the game's address and the table's printed card.
func oneTableReporting(t *testing.T, c *viewtest.Client) (string, tableCard) {
	t.Helper()
	tour := viewtest.TournamentWithEntries(t, c, 3)
	reportingOn(t, c, tour)
	res := c.Post(tour+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	game := res.Header.Get("Location")
	card := printedCards(t, c, game)[1]
	require.Len(t, card.PINs, 3)
	return game, card
}

// offline cuts a browser context's connection (navigator.onLine false, every request
// failing), or gives it back.
func offline(t *testing.T, ctx context.Context, off bool) {
	t.Helper()
	do(t, ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		var rules []*network.Conditions
		if off {
			rules = []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}}
		}
		if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: rules}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
		return chromedp.Void{}, err
	})
}

// reportsOf reads the director's queue of a round through the API: the state of table
// 1 and how many reports the round has (a report and its dispute are two).
func queueOf(t *testing.T, app *viewtest.App, c *viewtest.Client, tok, game string) (state string, blocked []int) {
	t.Helper()
	var q struct {
		Tables []struct {
			State   string `json:"state"`
			Blocked []int  `json:"blocked"`
		} `json:"tables"`
	}
	res := c.API("GET", "/api/v1"+game+"/reports", tok, "", &q)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	return q.Tables[0].State, q.Tables[0].Blocked
}

// Issue 33: a player who mistypes the PIN on a 390 px phone keeps the sheet typed and
// reads how many tries are left, the focus on that message; the fifth wrong PIN blocks
// the seat (the sheet still there); the director's round page, never reloaded, shows
// the blocked seat and lifts it; the right PIN then sends the sheet, and the focus goes
// to the message saying so.
func TestBrowserReportPINMistypedAndUnblocked(t *testing.T) {
	director := browserFor(t, 1366, 768, 90*time.Second)
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := app.Srv.URL
	game, card := oneTableReporting(t, c)
	wrong := "0000"
	if card.PINs[0] == wrong {
		wrong = "1111"
	}

	loginInBrowser(t, director, base)
	do(t, director, chromedp.Navigate(base+game), chromedp.WaitVisible(`.queue`))
	do(t, director, chromedp.Evaluate[chromedp.Void](`window.__notReloaded = true`))

	ph := phoneContext(t, director)
	do(t, ph, chromedp.Navigate(base+"/t/"+card.Code))
	pageState(t, ph, "not_reported")
	typeTotals(t, ph, [][]string{{"300", "200", "100"}, {"300", "200", "100"}, {"250", "150", "100"}})
	sendAs(t, ph, 1, wrong, `#sheet button.primary`)
	waitFor(t, ph, `document.readyState === "complete" && !!document.querySelector(".alert")`)
	assert.Contains(t, text(t, ph, ".alert"), "restano 4 tentativi", "the tries left, in the phone's language")
	assert.Equal(t, "250", run(t, ph, chromedp.Evaluate[string](`document.getElementById("h3.s1.total").value`)), "the sheet is kept")
	assert.True(t, run(t, ph, chromedp.Evaluate[bool](`document.activeElement === document.querySelector(".alert")`)), "the focus is on the message")
	assert.False(t, run(t, ph, chromedp.Evaluate[bool](`!!document.getElementById("code")`)), "not thrown back to the code page")
	shot(t, ph, "report-pin-tries-left")
	for left := 3; left >= 0; left-- {
		waitFor(t, ph, `(() => { window.__before = true; return true })()`)
		sendAs(t, ph, 1, wrong, `#sheet button.primary`)
		waitFor(t, ph, `!window.__before && document.readyState === "complete" && !!document.querySelector(".alert")`)
	}
	assert.Contains(t, text(t, ph, ".alert"), "bloccato")
	assert.Equal(t, "250", run(t, ph, chromedp.Evaluate[string](`document.getElementById("h3.s1.total").value`)), "the sheet is kept when the seat blocks")
	shot(t, ph, "report-pin-blocked")

	waitFor(t, director, `window.__notReloaded === true && !!document.querySelector('#queue-blocked button[data-unblock="1/1"]')`)
	assert.Contains(t, text(t, director, "#queue-blocked"), "linea 1")
	shot(t, director, "report-director-blocked")
	do(t, director, chromedp.Click(`#queue-blocked button[data-unblock="1/1"]`))
	waitFor(t, director, `document.readyState === "complete" && !!document.querySelector(".flash") && !document.querySelector("#queue-blocked")`)

	do(t, ph, chromedp.Evaluate[chromedp.Void](`window.__before = true`))
	sendAs(t, ph, 1, card.PINs[0], `#sheet button.primary`)
	waitFor(t, ph, `!window.__before && document.readyState === "complete" && document.querySelector("#tp").dataset.state === "reported"`)
	assert.True(t, run(t, ph, chromedp.Evaluate[bool](`document.activeElement === document.querySelector(".flash")`)), "after sending, the focus is on the message")
	shot(t, ph, "report-pin-sent")
}

// Issue 34: a sheet typed on a 390 px phone survives a reload and a dropped connection:
// it comes back after the reload, the send pressed offline keeps it on the phone and
// says so, and once the connection is back it goes by itself and arrives once (one
// report; the same sheet sent again under its key changes nothing). Then the confirm
// list leaves out the side that confirmed, and a dispute's differing cells are marked
// on the director's page.
func TestBrowserSheetKeptOnThePhone(t *testing.T) {
	director := browserFor(t, 1366, 768, 90*time.Second)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := app.Srv.URL
	game, card := oneTableReporting(t, c)
	do(t, director, chromedp.Navigate("about:blank"))

	ph := phoneContext(t, director)
	do(t, ph, chromedp.Navigate(base+"/t/"+card.Code))
	pageState(t, ph, "not_reported")
	typeTotals(t, ph, [][]string{{"300", "200", "100"}, {"300", "200", "100"}, {"250", "150", "100"}})
	do(t, ph, chromedp.Evaluate[chromedp.Void](`document.getElementById("seat").value = "1"; document.getElementById("seat").dispatchEvent(new Event("change", {bubbles: true}))`))

	do(t, ph, chromedp.Reload())
	waitFor(t, ph, `document.readyState === "complete" && !!document.getElementById("h3.s1.total") && document.getElementById("h3.s1.total").value === "250"`)
	assert.Equal(t, "1", run(t, ph, chromedp.Evaluate[string](`document.getElementById("seat").value`)), "the side chosen too")
	assert.False(t, run(t, ph, chromedp.Evaluate[bool](`document.getElementById("tp-kept").hidden`)), "the page says the sheet came back")
	waitFor(t, ph, `document.querySelector("#game-1").textContent.trim() === "850"`)
	assert.False(t, run(t, ph, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > 390`)), "no sideways scrolling")
	shot(t, ph, "report-kept-reload")

	offline(t, ph, true)
	waitFor(t, ph, `navigator.onLine === false`)
	do(t, ph, chromedp.Evaluate[chromedp.Void](`document.getElementById("pin").value = `+fmt.Sprintf("%q", card.PINs[0])), chromedp.Click(`#sheet button.primary`))
	waitFor(t, ph, `!document.getElementById("tp-kept").hidden && document.getElementById("tp-kept").textContent.includes("connessione")`)
	assert.True(t, run(t, ph, chromedp.Evaluate[bool](`document.activeElement === document.getElementById("tp-kept")`)), "the focus is on the message")
	shot(t, ph, "report-kept-offline")
	state, _ := queueOf(t, app, c, tok, game)
	assert.Equal(t, "not_reported", state, "nothing sent while offline")

	kept := run(t, ph, chromedp.Evaluate[string](`localStorage.getItem("burraco-sheet:`+card.Code+`")`))
	require.Contains(t, kept, `"pending":true`, "the sheet waits on the phone")
	offline(t, ph, false)
	waitFor(t, ph, `document.readyState === "complete" && document.querySelector("#tp") && document.querySelector("#tp").dataset.state === "reported" && !!document.querySelector(".flash")`)
	assert.True(t, run(t, ph, chromedp.Evaluate[bool](`document.activeElement === document.querySelector(".flash")`)), "the focus is on the message")
	assert.Equal(t, "", run(t, ph, chromedp.Evaluate[string](`location.search`)), "the address is clean")
	assert.Equal(t, 0, run(t, ph, chromedp.Evaluate[int](`Object.keys(localStorage).filter(k => k.startsWith("burraco-sheet:")).length`)), "the phone forgot the sheet sent")
	shot(t, ph, "report-kept-sent")
	state, _ = queueOf(t, app, c, tok, game)
	assert.Equal(t, "reported", state)

	// The same sheet arriving again under its key (an answer lost) is stored once.
	var hist struct {
		Events []struct {
			Kind string `json:"kind"`
		} `json:"events"`
	}
	count := func() int {
		hist.Events = nil
		res := c.API("GET", "/api/v1"+game[:len(game)-len("/rounds/1")]+"/history", tok, "", &hist)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		n := 0
		for _, e := range hist.Events {
			if e.Kind == "report" {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 1, count(), "one report")
	// The answer lost on the way: the phone still holds the sheet and sends it again on
	// the next load, under the same key: answered as the first time, stored once.
	do(t, ph, chromedp.Evaluate[chromedp.Void](`localStorage.setItem("burraco-sheet:`+card.Code+`", `+fmt.Sprintf("%q", kept)+`); window.__before = true`), chromedp.Reload())
	waitFor(t, ph, `!window.__before && document.readyState === "complete" && location.search === "" && !!document.querySelector(".flash") && !document.querySelector(".alert")`)
	assert.Equal(t, "reported", run(t, ph, chromedp.Evaluate[string](`document.querySelector("#tp").dataset.state`)))
	assert.Equal(t, 1, count(), "still one report")

	// Side 2 confirms; the confirm list then offers side 3 only.
	ph2 := phoneContext(t, director)
	do(t, ph2, chromedp.Navigate(base+"/t/"+card.Code))
	pageState(t, ph2, "reported")
	sendAs(t, ph2, 2, card.PINs[1], `#confirm button.primary`)
	waitFor(t, ph2, `document.readyState === "complete" && !!document.querySelector(".flash")`)
	assert.Equal(t, []string{"", "3"}, run(t, ph2, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#confirm #seat option")).map(o => o.value)`)),
		"a side that confirmed is not offered again")

	// Side 3 sees other figures in game 3: a dispute; the director's page marks the
	// cells that differ.
	do(t, ph2, chromedp.Click(`.tp-other summary`))
	do(t, ph2, chromedp.WaitVisible(`.tp-other[open]`))
	waitFor(t, ph2, `(() => { const el = document.getElementById("h3.s1.total"); if (!el) return false; el.value = "300"; el.dispatchEvent(new Event("input", {bubbles: true})); const e2 = document.getElementById("h3.s2.total"); e2.value = "100"; e2.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
	sendAs(t, ph2, 3, card.PINs[2], `#sheet button.primary`)
	pageState(t, ph2, "disputed")

	loginInBrowser(t, director, base)
	do(t, director, chromedp.Navigate(base+game), chromedp.WaitVisible(`#queue-1`))
	// Game 3 of sides 1 and 2 and their game totals differ: four cells a version.
	assert.Equal(t, 8, run(t, director, chromedp.Evaluate[int](`document.querySelectorAll("#queue-1 td.rf-diff").length`)))
	assert.Equal(t, 0, run(t, director, chromedp.Evaluate[int](`document.querySelectorAll("#queue-1 tbody tr:nth-child(1) td.rf-diff").length`)), "game 1 agrees")
	assert.Contains(t, text(t, director, "#queue-1 td.rf-diff"), "diverso dall'altra versione", "said to a screen reader")
	assert.NotEqual(t, run(t, director, chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#queue-1 tbody tr:nth-child(1) td")).backgroundColor`)),
		run(t, director, chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#queue-1 td.rf-diff")).backgroundColor`)), "and seen")
	shot(t, director, "report-dispute-marked")
}
