package views

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loginInBrowser logs the test director in.
func loginInBrowser(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	do(t, ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`#username`),
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#password`, testPassword),
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
	app := newTestApp(t)
	c := app.setup()
	_, game1 := drawn(t, c, 6)
	game1 = app.srv.URL + game1
	loginInBrowser(t, ctx, app.srv.URL)

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
	waitFor(t, ctx, fmt.Sprintf(`location.href === %q`, game1))
	assert.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".table-card.done").length`)))
}

// On a phone the sheet is one column: each cell says whose hand it is.
func TestBrowserSheetOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := newTestApp(t)
	c := app.setup()
	_, game1 := drawn(t, c, 3)
	loginInBrowser(t, ctx, app.srv.URL)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, form := range []string{"total", "components", "game"} {
		do(t, ctx, chromedp.Navigate(app.srv.URL+game1+"/tables/1?form="+form), chromedp.WaitVisible(`#sheet`))
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
	do(t, ctx, chromedp.Navigate(app.srv.URL+"/tournaments"), chromedp.WaitVisible(`.mainnav`))
	shot(t, ctx, "menu-phone")
}
