package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// loginInBrowser logs the test director in.
func loginInBrowser(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	do(t, ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`#username`),
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#password`, viewtest.Password),
		chromedp.Submit(`#password`),
		chromedp.WaitVisible(`.tiles`),
	)
}

// activeID is the id of the focused element, or its href for a link.
func activeID(t *testing.T, ctx context.Context) string {
	return run(t, ctx, chromedp.Evaluate[string](`document.activeElement.id || document.activeElement.getAttribute("href") || ""`))
}

// printMedia switches the page to print media and back, to measure what paper shows.
func printMedia(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	media := ""
	if on {
		media = "print"
	}
	do(t, ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return chromedp.Void{}, err
	})
}

// From the round's grid to the next table, entering a table of totals from the keyboard
// alone: the first table to enter has the focus, Enter opens it, its first box has the
// focus, Tab goes along the sheet, Enter saves and opens the next table to enter.
func TestBrowserKeystrokesForATableOfTotals(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := drawn(t, c, 6)
	game1 = app.Srv.URL + game1
	loginInBrowser(t, ctx, app.Srv.URL)

	// Earlier in the evening the director chose totals (with the mouse, not counted).
	do(t, ctx, chromedp.Navigate(game1+"/tables/2"), chromedp.WaitVisible(`#sheet`),
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`[id="h1.s1.total"]`))

	do(t, ctx, chromedp.Navigate(game1), chromedp.WaitVisible(`.table-card`))
	waitFor(t, ctx, `document.activeElement.matches("a.table-card")`)
	require.True(t, strings.HasSuffix(activeID(t, ctx), "/tables/1"), "the first table to enter has the focus")
	shot(t, ctx, "round-focus")

	keys, digits := 0, 0
	press := func(k string) {
		t.Helper()
		do(t, ctx, chromedp.KeyEvent(k))
		keys++
	}
	typeIn := func(s string) {
		t.Helper()
		do(t, ctx, chromedp.KeyEvent(s))
		digits += len(s)
	}
	press(kb.Enter)
	waitFor(t, ctx, `document.activeElement && document.activeElement.id === "h1.s1.total"`)
	scores := []string{"820", "-20", "-160", "300", "100", "0", "45", "50", "-95"}
	for i, s := range scores {
		if i > 0 {
			press(kb.Tab)
		}
		typeIn(s)
	}
	waitFor(t, ctx, `document.querySelector("#game-1").textContent === "1165" && document.querySelector("#game-3").textContent === "-255"`)
	press(kb.Enter)
	waitFor(t, ctx, `location.pathname.endsWith("/tables/2") && document.activeElement && document.activeElement.id === "h1.s1.total"`)
	assert.Equal(t, "Tavolo 1 salvato.", text(t, ctx, ".flash"))
	shot(t, ctx, "next-table")
	t.Logf("one table of totals, round page to the next table: %d keys beyond %d digits and minus signs", keys, digits)
	assert.LessOrEqual(t, keys, 12)

	// The second table, the last to enter: Enter saves and goes back to the round.
	for i, s := range scores {
		if i > 0 {
			press(kb.Tab)
		}
		typeIn(s)
	}
	waitFor(t, ctx, `document.querySelector("#game-2").textContent === "130"`)
	press(kb.Enter)
	// The address changes before the round page has loaded: wait for its cards, then count.
	waitFor(t, ctx, fmt.Sprintf(`location.href === %q && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 2`, game1))
	assert.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".table-card.done").length`)))
}

// On a phone the sheet is one column: each cell says whose hand it is.
func TestBrowserSheetOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := drawn(t, c, 3)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, form := range []string{"total", "components", "game"} {
		do(t, ctx, chromedp.Navigate(app.Srv.URL+game1+"/tables/1?form="+form), chromedp.WaitVisible(`#sheet`))
		labels := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".sheet-cell")].map(c => c.querySelector(".cell-who").innerText)`))
		names := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".sheet-names .sheet-name")].map(c => c.textContent)`))
		require.Len(t, names, 3)
		rows := 3
		if form == "game" {
			rows = 1
		}
		require.Len(t, labels, rows*3, form)
		for i, l := range labels {
			assert.Contains(t, l, names[i%3], form)
			if form != "game" {
				assert.Contains(t, l, fmt.Sprintf("Smazzata %d", i/3+1), form)
			} else {
				assert.Contains(t, l, "Totale partita", form)
			}
		}
		assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390, "no sideways scrolling")
		shot(t, ctx, "sheet-phone-"+form)
	}
	// The top menu is all there on a phone: no link cut off.
	cut := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".mainnav a")].filter(a => { const r = a.getBoundingClientRect(); return r.right > window.innerWidth || r.left < 0 }).map(a => a.textContent)`))
	assert.Empty(t, cut, "menu links cut off on a phone")
	do(t, ctx, chromedp.Navigate(app.Srv.URL+"/tournaments"), chromedp.WaitVisible(`.mainnav`))
	shot(t, ctx, "menu-phone")
}

// clubNames are the names of a club evening, some of them long.
var clubNames = [][2]string{
	{"Niccolò", "D'Alessandro"}, {"Maria Grazia", "Bianchi Ferretti"}, {"Giovanni Battista", "Santangelo"}, {"Anna", "Verdi"},
	{"Mario", "Rossi"}, {"Zoë", "Bianchi"}, {"Francesca", "Lo Monaco Caruso"}, {"Pierluigi", "Castelfranchi"},
	{"Lucia", "Esposito"}, {"Antonio", "De Santis"}, {"Rosa", "Marchetti"}, {"Giuseppe", "Colombo"},
	{"Elena", "Ricci"}, {"Salvatore", "Mancini"}, {"Chiara", "Fontana"}, {"Roberto", "Galli"},
	{"Teresa", "Barbieri"}, {"Paolo", "Moretti"},
}

// clubEvening creates a tournament of n players with club names and draws game 1; with
// played, it enters every table and draws and enters the next games.
func clubEvening(t *testing.T, c *viewtest.Client, n, played int) (base, game string) {
	t.Helper()
	res := c.Post("/tournaments", url.Values{"name": {"Torneo sociale del giovedì"}, "date": {"2026-11-26"}, "venue": {"Circolo del Burraco di Roma"},
		"games": {"3"}, "hands_per_game": {"3"}, "qualifiers": {"4"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base = strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	for _, nm := range clubNames[:n] {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {nm[0]}, "last_name": {nm[1]}, "new_person": {"1"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode, "roll call: all present")
	for g := 1; g <= max(played, 1); g++ {
		res := c.Post(base+"/draw", url.Values{"seed": {fmt.Sprint(10 + g)}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		game = res.Header.Get("Location")
		if g > played {
			break
		}
		for tb := 1; tb <= n/3; tb++ {
			form := url.Values{"form": {"total"}}
			for h := 1; h <= 3; h++ {
				for s := 1; s <= 3; s++ {
					form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(5*((tb*7+h*13+s*s*g*11)%90)-100))
				}
			}
			res := c.Post(fmt.Sprintf("%s/tables/%d", game, tb), form)
			require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		}
	}
	return base, game
}

// Paper: three score sheets to an A4 page, nothing clipped; a "find your seat" list to
// read on a wall; table cards, one per page.
func TestBrowserPrintedRound(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := clubEvening(t, c, 18, 0)
	game1 = app.Srv.URL + game1
	loginInBrowser(t, ctx, app.Srv.URL)

	do(t, ctx, chromedp.Navigate(game1+"/sheets"), chromedp.WaitVisible(`.score-sheet`))
	require.Equal(t, 6, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".score-sheet").length`)))
	assert.Equal(t, 2, printA4(t, ctx, "score-sheets-6"), "6 tables: 3 sheets to a page")
	printMedia(t, ctx, true)
	clipped := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".score-sheet")].filter(s => s.scrollWidth > s.clientWidth + 1 || s.querySelector("table.sheet").getBoundingClientRect().right > s.getBoundingClientRect().right + 1).map(s => s.querySelector(".sheet-table").textContent)`))
	assert.Empty(t, clipped, "no sheet wider than its page")
	overflowing := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".score-sheet")].filter(s => s.scrollHeight > s.clientHeight + 1).map(s => s.querySelector(".sheet-table").textContent)`))
	assert.Empty(t, overflowing, "no sheet taller than its third of a page")
	printMedia(t, ctx, false)

	do(t, ctx, chromedp.Navigate(game1+"/print"), chromedp.WaitVisible(`.find-seat`))
	printMedia(t, ctx, true)
	size := run(t, ctx, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".find-seat .name")).fontSize)`))
	assert.GreaterOrEqual(t, size, 24.0, "find your seat: names big enough to read on a wall (at least 18pt)")
	printMedia(t, ctx, false)
	assert.Equal(t, 2, printA4(t, ctx, "table-list-18"), "by table, then 18 players to find their seat on one page")

	// Table cards: linked from the round page, one per table, one to a page.
	do(t, ctx, chromedp.Navigate(game1), chromedp.WaitVisible(`.table-card`))
	do(t, ctx, chromedp.Click(`a[href$="/cards"]`), chromedp.WaitVisible(`.table-sign`))
	require.Equal(t, 6, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".table-sign").length`)))
	assert.Equal(t, "1", text(t, ctx, ".table-sign .sign-no"))
	shot(t, ctx, "table-cards-screen")
	assert.Equal(t, 6, printA4(t, ctx, "table-cards"), "one card per page")
}

// The standings of 14 players fit one A4 page, each name on one line.
func TestBrowserStandingsOnePage(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	base, _ := clubEvening(t, c, 14, 3)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/standings"), chromedp.WaitVisible(`.standings-table`))
	require.Equal(t, 14, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".standings-table tbody tr").length`)))
	shot(t, ctx, "standings-14")
	assert.Equal(t, 1, printA4(t, ctx, "standings-14"), "14 players on one page, legend included")
	printMedia(t, ctx, true)
	do(t, ctx, chromedp.EmulateViewport(718, 1000)) // A4's printable width at 96 dpi
	wrapped := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table td.name")].filter(td => td.getClientRects().length && td.querySelector(".pn").getClientRects().length > 1).map(td => td.textContent.trim())`))
	assert.Empty(t, wrapped, "names on one line")
	printMedia(t, ctx, false)
}

// Names stay on one line in the round's table cards at 1366 px.
func TestBrowserTableCardsAt1366(t *testing.T) {
	ctx := browser(t, 1366, 768)
	app := viewtest.NewApp(t)
	c := app.Setup()
	_, game1 := clubEvening(t, c, 18, 1)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+game1), chromedp.WaitVisible(`.table-card`))
	shot(t, ctx, "round-1366")
	wrapped := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".table-card .pname")].filter(n => n.getClientRects().length > 1 || n.scrollWidth > n.clientWidth || n.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(n).lineHeight)).map(n => n.textContent)`))
	assert.Empty(t, wrapped, "names wrap or are cut in the table cards")
}
