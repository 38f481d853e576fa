package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// browserRound creates a tournament of a format with four players present through the
// API and draws round 1; it returns the round's page, and the API client and token.
func browserRound(t *testing.T, app *viewtest.App, format, settings string) (string, *viewtest.Client, string) {
	t.Helper()
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"`+format+`","settings":`+settings+`}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for i := 1; i <= 4; i++ {
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi"}}`, i), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	res = c.API("POST", api+"/draw", tok, `{"seed":3}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	return fmt.Sprintf("%s/tournaments/%d/rounds/1", app.Srv.URL, tr.ID), c, tok
}

// typeHands types base and cards for each hand of a 2-sided sheet, from its first box:
// hands[h] = {base 1, cards 1, base 2, cards 2}.
func typeHands(t *testing.T, ctx context.Context, hands [][4]string) {
	t.Helper()
	do(t, ctx, chromedp.Focus(`[id="h1.s1.base"]`))
	first := true
	for _, h := range hands {
		for _, v := range h {
			if !first {
				do(t, ctx, chromedp.KeyEvent(kb.Tab))
			}
			first = false
			do(t, ctx, chromedp.KeyEvent(v))
		}
	}
}

// A Danish sheet opens in base and cards, as the printed sheet has them; as the hands
// are typed it shows the MP and VP before anything is saved; Enter on it while a box is
// empty asks before saving it incomplete (answered no: nothing saved; yes: saved).
func TestBrowserSheetLiveResultAndIncompleteEnter(t *testing.T) {
	ctx := browser(t, 1200, 900)
	app := viewtest.NewApp(t)
	round, _, _ := browserRound(t, app, "danish", `{"sides":"individual","rounds":3,"hands_per_round":3}`)
	loginInBrowser(t, ctx, app.Srv.URL)

	do(t, ctx, chromedp.Navigate(round+"/tables/1"), chromedp.WaitVisible(`#sheet`))
	assert.Equal(t, "true", run(t, ctx, chromedp.Evaluate[string](`document.querySelector('.form-switch button[value="base_cards"]').getAttribute("aria-pressed")`)),
		"the sheet opens in base and cards, as printed")
	require.Equal(t, "h1.s1.base", activeID(t, ctx))
	assert.Equal(t, "MP · VP", text(t, ctx, ".sheet-result .hand-label"))
	assert.Equal(t, "–", text(t, ctx, "#result-1"))

	// Two hands of three: 500+200 against 100+0, then 300+100 against 200+50.
	typeHands(t, ctx, [][4]string{{"500", "200", "100", "0"}, {"300", "100", "200", "50"}})
	waitFor(t, ctx, `document.querySelector("#game-1").textContent === "1100" && document.querySelector("#game-2").textContent === "350"`)
	assert.Equal(t, "–", text(t, ctx, "#result-1"), "no result while hands are missing")

	// Enter now asks; "no" keeps the page and saves nothing.
	run(t, ctx, chromedp.Evaluate[bool](`window.asked = ""; window.confirm = function (m) { window.asked = m; return false; }; true`))
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `window.asked !== ""`)
	assert.Equal(t, "Il tavolo 1 non è completo: alcune caselle sono vuote. Salvarlo incompleto?", run(t, ctx, chromedp.Evaluate[string](`window.asked`)))
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`location.pathname.endsWith("/tables/1") && !!window.confirm`)), "still on the sheet, not reloaded")

	// The third hand: 400+0 against 100+100. 1500 against 550: +950, 17-3, live.
	do(t, ctx, chromedp.Focus(`[id="h3.s1.base"]`), chromedp.KeyEvent("400"), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("0"),
		chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("100"), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("100"))
	waitFor(t, ctx, `document.querySelector("#result-1").textContent.trim() === "+950 · 17" && document.querySelector("#result-2").textContent.trim() === "−950 · 3"`)
	shot(t, ctx, "sheet-danish-live")
	st, err := app.Store.Load(t.Context(), viewtest.IDFrom(round[len(app.Srv.URL):len(round)-len("/rounds/1")]))
	require.NoError(t, err)
	assert.Empty(t, st.Rounds[0].Tables[0].Hands, "nothing saved yet")

	// Complete: Enter saves without asking.
	run(t, ctx, chromedp.Evaluate[bool](`window.asked = ""; true`))
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `location.pathname.endsWith("/tables/2") && document.readyState === "complete"`)
	assert.Equal(t, "Tavolo 1 salvato.", text(t, ctx, ".flash"))

	// Table 2: one hand, Enter, answered yes: saved incomplete, and the flash says so.
	waitFor(t, ctx, `!!document.querySelector('[id="h1.s1.base"]')`)
	typeHands(t, ctx, [][4]string{{"300", "0", "100", "0"}})
	waitFor(t, ctx, `document.querySelector("#game-1").textContent === "300"`)
	run(t, ctx, chromedp.Evaluate[bool](`window.asked = ""; window.confirm = function (m) { window.asked = m; return true; }; true`))
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector(".flash") && document.querySelector(".flash").textContent.trim() === "Tavolo 2 salvato, ma incompleto: mancano dei punteggi."`)
}

// A knockout sheet says who goes through as soon as the hands say it, before saving;
// an exact tie says nobody until the last game action is chosen.
func TestBrowserKnockoutSheetSaysWhoGoesThrough(t *testing.T) {
	ctx := browser(t, 1200, 900)
	app := viewtest.NewApp(t)
	round, _, _ := browserRound(t, app, "knockout", `{"hands_per_match":1}`)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(round+"/tables/1"), chromedp.WaitVisible(`#sheet`))
	names := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".sheet-names .sheet-name")].map(e => e.textContent.trim())`))
	require.Len(t, names, 2)
	assert.Equal(t, "", text(t, ctx, "#through"))

	typeHands(t, ctx, [][4]string{{"600", "300", "600", "300"}})
	waitFor(t, ctx, `document.querySelector("#game-2").textContent === "900"`)
	assert.Equal(t, "", text(t, ctx, "#through"), "a tie: nobody yet")
	do(t, ctx, chromedp.SetValue(`#outcome_kind`, "last_action"), chromedp.SetValue(`#outcome_side`, "1"))
	run(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#outcome_side").dispatchEvent(new Event("change", {bubbles: true})); true`))
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector("#through").textContent.trim() === %q`, "Passa il turno: "+names[1]))
	shot(t, ctx, "sheet-knockout-through")

	do(t, ctx, chromedp.SetValue(`#outcome_kind`, ""), chromedp.Focus(`[id="h1.s2.cards"]`), chromedp.KeyEvent(kb.Backspace))
	waitFor(t, ctx, `document.querySelector("#game-2").textContent === "630"`)
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector("#through").textContent.trim() === %q`, "Passa il turno: "+names[0]))
	assert.Equal(t, "+270 · 1", text(t, ctx, "#result-1"))
}

// Changing the format tab of a new tournament keeps what was typed in the fields every
// format has.
func TestBrowserNewTournamentTabKeepsWhatWasTyped(t *testing.T) {
	ctx := browser(t, 1200, 900)
	app := viewtest.NewApp(t)
	app.Setup()
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+"/tournaments/new"), chromedp.WaitVisible(`#name`),
		chromedp.SendKeys(`#name`, "Coppa d'autunno"),
		chromedp.SetValue(`#date`, "2026-12-05"),
		chromedp.SendKeys(`#venue`, "Circolo Forlì"),
		chromedp.SetValue(`#qualifiers`, "4"),
		chromedp.SendKeys(`#notes`, "Quota 10 €; premi ai primi 3"),
		chromedp.Click(`.format-choice a[href$="format=danish"]`))
	waitFor(t, ctx, `location.search.includes("format=danish") && document.readyState === "complete" && !!document.querySelector('input[name="format"][value="danish"]')`)
	got := run(t, ctx, chromedp.Evaluate[[]string](`["name", "date", "venue", "qualifiers", "notes"].map(n => document.getElementById(n).value)`))
	assert.Equal(t, []string{"Coppa d'autunno", "2026-12-05", "Circolo Forlì", "4", "Quota 10 €; premi ai primi 3"}, got)
	shot(t, ctx, "new-tournament-danish-tab")

	// And back to the 3-player tab, then create it.
	do(t, ctx, chromedp.Click(`.format-choice a[href$="format=individual3"]`))
	waitFor(t, ctx, `location.search.includes("format=individual3") && document.readyState === "complete" && !!document.querySelector('input[name="format"][value="individual3"]')`)
	assert.Equal(t, "Circolo Forlì", run(t, ctx, chromedp.Evaluate[string](`document.getElementById("venue").value`)))
}
