package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestBrowserDanishRound plays one round of a Danish tournament for 7 pairs in a real
// Chromium: the draw (one pair has the bye), a sheet entered from the keyboard, a
// time-out marked on another, the VP on the round page, the standings; and the printed
// pages on A4.
func TestBrowserDanishRound(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Danese del venerdì","date":"2026-11-27","venue":"Circolo Roma","format":"danish",
		"settings":{"sides":"pairs","rounds":3,"hands_per_round":3,"pairing":"no_rematch"}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	players := append(viewtest.EightPlayers, "Viola Zeno", "Grigi Olga", "Marrone Pia", "Ocra Tito", "Ambra Lia", "Corallo Dino")
	var ids []int64
	for _, n := range players {
		last, first, _ := strings.Cut(n, " ")
		var p struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, first, last), &p).StatusCode)
		ids = append(ids, p.ID)
	}
	for i := 0; i < len(ids); i += 2 {
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ids[i], ids[i+1]), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)

	base := app.Srv.URL
	home := fmt.Sprintf("%s/tournaments/%d", base, tr.ID)
	loginInBrowser(t, ctx, base)
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`))
	assert.Contains(t, text(t, ctx, ".next-step"), "7 linee presenti: una riposa a ogni turno, con 12 VP e 0 MP.")
	assert.Contains(t, text(t, ctx, ".draw-form button[type=submit]"), "Sorteggia il turno 1")
	shot(t, ctx, "danish-home")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 3`)
	assert.Contains(t, text(t, ctx, "h2"), "Turno 1")
	shot(t, ctx, "danish-round")

	// Table 1 from the keyboard, hand totals: 400+300+200 against 100+0+50: +750, 16-4.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/tables/1"), chromedp.WaitVisible(`#sheet`),
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`[id="h1.s1.total"]`),
		chromedp.Focus(`[id="h1.s1.total"]`))
	for i, s := range []string{"400", "100", "300", "0", "200", "50"} {
		keys := s + kb.Tab
		if i == 5 {
			keys = s
		}
		do(t, ctx, chromedp.KeyEvent(keys))
	}
	waitFor(t, ctx, `document.querySelector("#game-1").textContent === "900" && document.querySelector("#game-2").textContent === "150"`)
	shot(t, ctx, "danish-sheet")
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.readyState === "complete" && (document.querySelector(".flash") || {textContent: ""}).textContent.trim() === "Tavolo 1 salvato."`)

	// Table 2: side 2 ran out of time after one hand, 300 to 250: side 1 gets +355, 14-6.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/tables/2"), chromedp.WaitVisible(`#sheet`),
		// The switch reloads the sheet: wait for the new page (its total button pressed)
		// before typing, or the keys may go to a node of the page being left.
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`.form-switch button[value="total"][aria-pressed="true"]`),
		chromedp.WaitVisible(`[id="h1.s1.total"]`),
		chromedp.SendKeys(`[id="h1.s1.total"]`, "300"), chromedp.SendKeys(`[id="h1.s2.total"]`, "250"),
		chromedp.SetValue(`#outcome_kind`, "timeout"), chromedp.SetValue(`#outcome_side`, "2"),
		chromedp.Submit(`[id="h1.s1.total"]`))
	waitFor(t, ctx, `document.readyState === "complete" && (document.querySelector(".flash") || {textContent: ""}).textContent.trim() === "Tavolo 2 salvato."`)

	do(t, ctx, chromedp.Navigate(home+"/rounds/1"), chromedp.WaitVisible(`.table-card`))
	vp := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".table-card")].slice(0, 2).map(c => [...c.querySelectorAll(".ppoints")].map(p => p.textContent.trim()).join("-"))`))
	assert.Equal(t, []string{"16-4", "14-6"}, vp)
	mp := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".table-card")].slice(0, 2).map(c => [...c.querySelectorAll(".pmp")].map(p => p.textContent.trim()).join(" "))`))
	assert.Equal(t, []string{"+750 −750", "+355 −355"}, mp)
	assert.Equal(t, "ha esaurito il tempo, linea 2", text(t, ctx, ".table-card:nth-child(2) .table-outcome"), "the time-out shows on its card")
	shot(t, ctx, "danish-round-results")

	// Printed: the list by table and "find your seat", the sheets, the cards.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/print"), chromedp.WaitVisible(`.find-seat`))
	assert.Equal(t, 2, printA4(t, ctx, "danish-table-list"))
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/sheets"), chromedp.WaitVisible(`.score-sheet`))
	assert.Equal(t, 1, printA4(t, ctx, "danish-sheets"))
	assert.Equal(t, "MP · VP", text(t, ctx, ".score-sheet tfoot tr:last-child th"), "the sheet's last line is for MP and VP")
	assert.Contains(t, text(t, ctx, ".sheet-outcome"), "tempo scaduto · rinuncia. Linea", "the format's outcomes: a time-out, a forfeit")
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/cards"), chromedp.WaitVisible(`.table-sign`))
	assert.Equal(t, 3, printA4(t, ctx, "danish-cards"))

	// The standings so far: the winners of tables 1 and 2 lead on VP.
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	first := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table tbody tr:first-child td")].map(td => td.textContent.trim())`))
	require.GreaterOrEqual(t, len(first), 4)
	assert.Contains(t, first, "16")
	assert.Contains(t, first, "750")
	assert.Equal(t, "VP", text(t, ctx, ".standings-table thead th.big-col"))
	shot(t, ctx, "danish-standings")
	assert.Equal(t, 1, printA4(t, ctx, "danish-standings"))
}
