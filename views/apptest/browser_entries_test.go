package apptest_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// settle waits for an element, then for htmx to be done with the page.
func settle(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
	time.Sleep(300 * time.Millisecond)
	waitFor(t, ctx, `!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")`)
}

// The entries page from the keyboard and for a new director: Enter in the search adds
// the only player found (the search ignoring spaces); a player registered on the spot
// who is already in the registry is offered instead; the roll call is alphabetical,
// present and absent look apart; an entry made by mistake is removed.
func TestBrowserEntriesFriction(t *testing.T) {
	ctx := browser(t, 1366, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	for _, p := range []string{`{"first_name":"Anna","last_name":"De Luca","club":"Circolo Roma"}`,
		`{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"}`, `{"first_name":"Mario","last_name":"Rossi"}`} {
		require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, p, nil).StatusCode)
	}
	var tr struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Giovedì","date":"2026-11-26","format":"individual3"}`, &tr).StatusCode)
	base := app.Srv.URL
	page := fmt.Sprintf("%s/tournaments/%d/entries", base, tr.ID)
	loginInBrowser(t, ctx, base)
	do(t, ctx, chromedp.Navigate(page), chromedp.WaitVisible(`#entry-q`))
	rows := func(n int) {
		t.Helper()
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll("table.entries tbody tr").length === %d`, n))
	}

	// "deluca" finds "De Luca"; Enter adds her, the focus stays in the search.
	do(t, ctx, chromedp.SendKeys(`#entry-q`, "deluca"))
	settle(t, ctx, "#entry-results li")
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	rows(1)
	assert.Contains(t, text(t, ctx, "table.entries"), "De Luca Anna")
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "entry-q"`)
	// Two players found: Enter adds neither.
	run(t, ctx, chromedp.Evaluate[string](`document.getElementById("entry-q").value = ""`))
	do(t, ctx, chromedp.SendKeys(`#entry-q`, "rossi"+kb.Enter))
	settle(t, ctx, "#entry-results li + li")
	time.Sleep(300 * time.Millisecond)
	rows(1)

	// On the spot, someone the registry has: offered, nothing registered.
	newPlayer := func(first, last, club string) {
		t.Helper()
		do(t, ctx,
			chromedp.SendKeys(`form[action$="/entries/new"] #first_name`, first),
			chromedp.SendKeys(`form[action$="/entries/new"] #last_name`, last),
			chromedp.SendKeys(`form[action$="/entries/new"] #club`, club),
			chromedp.Submit(`form[action$="/entries/new"] #first_name`),
		)
	}
	newPlayer("maria", "ROSSI", "circolo roma")
	do(t, ctx, chromedp.WaitVisible(`#duplicate-offer`))
	assert.Contains(t, text(t, ctx, ".alert"), "Rossi Maria, Circolo Roma è già in anagrafica")
	assert.Equal(t, "ROSSI", run(t, ctx, chromedp.Evaluate[string](`document.querySelector('form[action$="/entries/new"] #last_name').value`)), "typed input kept")
	shot(t, ctx, "entries-duplicate")
	do(t, ctx, chromedp.Click(`#duplicate-offer .dup-enter`), chromedp.WaitVisible(`.flash`))
	rows(2)
	// Again: she is entered now; the director says it is another person.
	newPlayer("Maria", "Rossi", "")
	do(t, ctx, chromedp.WaitVisible(`#duplicate-offer`))
	assert.Contains(t, run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#duplicate-offer .badge").textContent`)), "iscritto")
	do(t, ctx, chromedp.Click(`#dup-new`), chromedp.WaitVisible(`.flash`))
	rows(3)
	var players struct{ Total int }
	c.API("GET", "/api/v1/players", tok, "", &players)
	assert.Equal(t, 4, players.Total, "one new person, registered on the director's word")

	// Roll call: alphabetical; present and absent differ in colour and in symbol.
	add := func(q string) {
		run(t, ctx, chromedp.Evaluate[string](`document.getElementById("entry-q").value = ""`))
		do(t, ctx, chromedp.SendKeys(`#entry-q`, q))
		settle(t, ctx, "#entry-results li")
		do(t, ctx, chromedp.KeyEvent(kb.Enter))
	}
	add("mario")
	rows(4)
	names := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.entries td.name")].map(td => td.firstChild.textContent.trim())`))
	assert.Equal(t, []string{"De Luca Anna", "Rossi Maria", "Rossi Maria", "Rossi Mario"}, names)
	do(t, ctx, chromedp.Click(`table.entries tbody tr:first-child button[aria-pressed]`))
	waitFor(t, ctx, `document.querySelectorAll("table.entries button[aria-pressed=true]").length === 1`)
	// The swapped row is styled once htmx has settled it (under load, a moment later).
	settle(t, ctx, "table.entries button[aria-pressed=true]")
	look := run(t, ctx, chromedp.Evaluate[[]string](`(() => {
		const p = document.querySelector("table.entries button[aria-pressed=true]"), a = document.querySelector("table.entries button[aria-pressed=false]");
		return [getComputedStyle(p).backgroundColor, getComputedStyle(a).backgroundColor, p.textContent.replace(/\s+/g, " ").trim(), a.textContent.replace(/\s+/g, " ").trim()];
	})()`))
	assert.NotEqual(t, look[0], look[1], "present and absent have different colours")
	assert.Equal(t, "✓ Presente", look[2])
	assert.Equal(t, "✗ Assente", look[3])
	shot(t, ctx, "entries-roll-call")

	// An entry made by mistake: removed, after a confirmation.
	run(t, ctx, chromedp.Evaluate[bool](`(window.confirm = () => true, true)`))
	do(t, ctx, chromedp.Click(`table.entries tbody tr:last-child button[id^="remove-"]`), chromedp.WaitVisible(`.flash`))
	rows(3)
	assert.Contains(t, text(t, ctx, ".flash"), "Rossi Mario tolto")
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d/history", base, tr.ID)), chromedp.WaitVisible(`main`))
	assert.Contains(t, text(t, ctx, "main"), "Rossi Mario tolto (iscritto per errore)")
	assert.NotContains(t, text(t, ctx, "main"), "log.", "every line has its words")
	shot(t, ctx, "entries-removed-history")

}

// After choosing a pair's first player the focus goes to the second place's search,
// and after the second to "Add pair"; Enter there chooses the only player found.
func TestBrowserPairFocus(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers, 0)
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)
	do(t, ctx, chromedp.Navigate(base+ev.HTML+"/entries"), chromedp.WaitVisible(`#pair-form`))
	do(t, ctx, chromedp.SendKeys(`#pair-q-1`, "verdi"))
	settle(t, ctx, "#pair-results-1 button.pick")
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `!!document.querySelector('#pair-slot-1 input[name="pair.1"]')`)
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "pair-q-2"`)
	do(t, ctx, chromedp.KeyEvent("neri"))
	settle(t, ctx, "#pair-results-2 button.pick")
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `!!document.querySelector('#pair-slot-2 input[name="pair.2"]')`)
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "pair-add"`)
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.querySelector("#entry-list").textContent.includes("Verdi Luca / Neri Ada")`)
}

// A late arrival's bye-points button does not squeeze the names of the roll call: at
// 390 px and at 1366 px every name stays on one line and the page does not scroll
// sideways.
func TestBrowserLateArrivalRow(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Giovedì","date":"2026-11-26","format":"individual3"}`, &tr).StatusCode)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for _, n := range []string{"Bartolomeo", "Massimiliano", "Gianfranco", "Mariangela", "Pierluigi", "Annunziata"} {
		res := c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":%q,"last_name":"D'Alessandro","club":"Circolo Roma"}}`, n), nil)
		require.Equal(t, 201, res.StatusCode, res.Body)
	}
	require.Equal(t, 200, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	require.Equal(t, 201, c.API("POST", api+"/draw", tok, `{"seed": 7}`, nil).StatusCode)
	var late struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", api+"/entries", tok, `{"player":{"first_name":"Pierluigi","last_name":"Mastrogiacomo"}}`, &late).StatusCode)
	require.Equal(t, 200, c.API("POST", fmt.Sprintf("%s/entries/%d", api, late.ID), tok, `{"checked_in": true}`, nil).StatusCode)

	for _, w := range []int{390, 1366} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			ctx := browser(t, w, 900)
			if w < 500 {
				do(t, ctx, chromedp.EmulateViewport(int64(w), 844, chromedp.EmulateMobile))
			}
			loginInBrowser(t, ctx, app.Srv.URL)
			do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d/entries", app.Srv.URL, tr.ID)), chromedp.WaitVisible(`table.entries`))
			require.Equal(t, 1, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('table.entries form[action$="/missed"]').length`)), "the late arrival's button is there")
			shot(t, ctx, fmt.Sprintf("entries-late-%d", w))
			lines := run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll("table.entries td.name")].map(td => {
				const r = document.createRange(); r.selectNodeContents(td.firstChild);
				return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
			})`))
			for i, n := range lines {
				assert.Equal(t, 1, n, "name %d on one line at %d px", i+1, w)
			}
			assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), w, "no sideways scrolling")
		})
	}
}

// The registry's merge page offers the likely duplicate and refuses, next to it, two
// records entered in one tournament.
func TestBrowserMergeRefused(t *testing.T) {
	ctx := browser(t, 1366, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var keep, dup struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","club":"Circolo Roma"}`, &keep).StatusCode)
	require.Equal(t, 201, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"Rossi","new_person":true}`, &dup).StatusCode)
	var tr struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Giovedì","date":"2026-11-26","format":"individual3"}`, &tr).StatusCode)
	require.Equal(t, 201, c.API("POST", fmt.Sprintf("/api/v1/tournaments/%d/entries/batch", tr.ID), tok, fmt.Sprintf(`{"player_ids":[%d,%d]}`, keep.ID, dup.ID), nil).StatusCode)
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/players/%d/edit", base, keep.ID)), chromedp.WaitVisible(`#merge-link`))
	do(t, ctx, chromedp.Click(`#merge-link`), chromedp.WaitVisible(`#merge-candidates`))
	require.Equal(t, 1, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#merge-candidates li").length`)))
	run(t, ctx, chromedp.Evaluate[bool](`(window.confirm = () => true, true)`))
	do(t, ctx, chromedp.Click(`#merge-candidates button`), chromedp.WaitVisible(`.alert`))
	assert.Contains(t, text(t, ctx, ".alert"), "Entrambi sono iscritti a Giovedì")
	shot(t, ctx, "players-merge-refused")
}
