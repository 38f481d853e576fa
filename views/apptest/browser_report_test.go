package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// tableCard is what a printed table card carries for reporting: the code and the seats'
// PINs.
type tableCard struct {
	Code string
	PINs []string
}

// reportingOn turns table reporting on for a tournament (PINs printed) through its
// settings form.
func reportingOn(t *testing.T, c *viewtest.Client, base string) {
	t.Helper()
	version, _ := c.Get(base + "/edit").Doc(t).Find(`#reporting input[name="version"]`).Attr("value")
	res := c.Post(base+"/reporting", url.Values{"reporting": {"on"}, "pin": {"pin"}, "version": {version}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
}

// printedCards reads the codes and PINs of a round's printed table cards, by table.
func printedCards(t *testing.T, c *viewtest.Client, round string) map[int]tableCard {
	t.Helper()
	out := map[int]tableCard{}
	c.Get(round + "/cards").Doc(t).Find(".table-sign").Each(func(_ int, s *goquery.Selection) {
		var n int
		fmt.Sscan(strings.TrimSpace(s.Find(".sign-no").Text()), &n)
		tc := tableCard{Code: strings.TrimSpace(s.Find(".code-value").Text())}
		s.Find(".code-pins strong").Each(func(_ int, p *goquery.Selection) { tc.PINs = append(tc.PINs, p.Text()) })
		out[n] = tc
	})
	return out
}

// phoneContext opens a new browser context (its own cookies) at 390×844, as a player's phone.
func phoneContext(t *testing.T, parent context.Context) context.Context {
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	return ctx
}

// typeTotals switches a table page's sheet to hand totals and types them, row by row.
func typeTotals(t *testing.T, ctx context.Context, rows [][]string) {
	t.Helper()
	if !run(t, ctx, chromedp.Evaluate[bool](`!!document.getElementById("h1.s1.total")`)) {
		// The switch reloads the page: wait for the new one, not the old one's boxes.
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.__before = true`), chromedp.Click(`.form-switch button[value="total"]`))
		waitFor(t, ctx, `!window.__before && document.readyState === "complete" && !!document.getElementById("h1.s1.total")`)
	}
	for h, row := range rows {
		for s, v := range row {
			js := fmt.Sprintf(`(() => { const el = document.getElementById("h%d.s%d.total"); el.value = %q; el.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, h+1, s+1, v)
			waitFor(t, ctx, js)
		}
	}
}

// sendAs picks the side and types its PIN in the form holding #seat, and sends it with
// the button given.
func sendAs(t *testing.T, ctx context.Context, seat int, pin, button string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector(%q); if (!b) return false; const s = b.form.querySelector("[name=seat]"), p = b.form.querySelector("[name=pin]"); if (!s || !p) return false; s.value = %q; p.value = %q; return true })()`, button, fmt.Sprint(seat), pin))
	do(t, ctx, chromedp.Click(button))
}

// pageState waits until a table's page shows a state.
func pageState(t *testing.T, ctx context.Context, state string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`document.readyState === "complete" && document.querySelector("#tp") && document.querySelector("#tp").dataset.state === %q`, state))
}

// chipState waits until the director's round page, never reloaded, shows a table in a
// state.
func chipState(t *testing.T, ctx context.Context, table int, state string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`window.__notReloaded === true && document.querySelector('.chip[data-table="%d"]') && document.querySelector('.chip[data-table="%d"]').dataset.state === %q`, table, table, state))
}

// Three browser contexts, as on a club night: a reporter's and a confirmer's phones at
// 390×844 and the director at 1366×768. A 3-player table is reported, confirmed from a
// phone handed round, and the director's page (never reloaded) follows it to the
// acceptance, and the standings have it. Then a Danish round: a dispute the director
// settles by accepting one version, and the director's entry beating a late report.
func TestBrowserTableReporting(t *testing.T) {
	director := browserFor(t, 1366, 768, 60*time.Second)
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := app.Srv.URL

	// A 3-player game of one table, reporting on.
	tour := viewtest.TournamentWithEntries(t, c, 3)
	reportingOn(t, c, tour)
	res := c.Post(tour+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	game1 := res.Header.Get("Location")
	card := printedCards(t, c, game1)[1]
	require.Len(t, card.PINs, 3)

	loginInBrowser(t, director, base)
	do(t, director, chromedp.Navigate(base+game1), chromedp.WaitVisible(`.queue`))
	do(t, director, chromedp.Evaluate[chromedp.Void](`window.__notReloaded = true`))
	chipState(t, director, 1, "not_reported")

	reporter, confirmer := phoneContext(t, director), phoneContext(t, director)
	do(t, reporter, chromedp.Navigate(base+"/t"), chromedp.WaitVisible(`#code`), chromedp.SendKeys(`#code`, strings.ToLower(card.Code)), chromedp.Submit(`#code`))
	pageState(t, reporter, "not_reported")
	typeTotals(t, reporter, [][]string{{"300", "200", "100"}, {"300", "200", "100"}, {"300", "200", "100"}})
	// The live totals and what they give, before sending: 900 and 6 points for the first.
	waitFor(t, reporter, `document.querySelector("#game-1").textContent.trim() === "900" && document.querySelector("#result-1").textContent.trim() === "6"`)
	assert.False(t, run(t, reporter, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > 390`)), "no sideways scrolling on a phone")
	shot(t, reporter, "report-phone-sheet")
	sendAs(t, reporter, 1, card.PINs[0], `#sheet button.primary`)
	pageState(t, reporter, "reported")
	chipState(t, director, 1, "reported")

	// The phone handed round: sides 2 and 3 confirm.
	do(t, confirmer, chromedp.Navigate(base+"/t/"+card.Code))
	pageState(t, confirmer, "reported")
	shot(t, confirmer, "report-phone-confirm")
	sendAs(t, confirmer, 2, card.PINs[1], `#confirm button.primary`)
	waitFor(t, confirmer, `document.readyState === "complete" && !!document.querySelector(".flash")`)
	sendAs(t, confirmer, 3, card.PINs[2], `#confirm button.primary`)
	pageState(t, confirmer, "confirmed")
	chipState(t, director, 1, "confirmed")
	// The reporter's phone, left open, follows the table.
	pageState(t, reporter, "confirmed")
	shot(t, director, "report-director-confirmed")

	do(t, director, chromedp.Click(`#accept-all`))
	waitFor(t, director, `document.readyState === "complete" && document.querySelector('.chip[data-table="1"]') && document.querySelector('.chip[data-table="1"]').dataset.state === "accepted"`)
	pageState(t, reporter, "accepted")
	do(t, director, chromedp.Navigate(base+tour+"/standings"), chromedp.WaitVisible(`table`))
	assert.Contains(t, text(t, director, "table tbody tr"), "6", "the winner's 6 points are in the standings")
	// The table's page on a wide screen, the setting, and the card printed on one A4.
	do(t, director, chromedp.Navigate(base+"/t/"+card.Code), chromedp.WaitVisible(`#tp`))
	shot(t, director, "report-table-desktop")
	do(t, director, chromedp.Navigate(base+tour+"/edit"), chromedp.WaitVisible(`#reporting`))
	shot(t, director, "report-settings")
	do(t, director, chromedp.Navigate(base+game1+"/cards"), chromedp.WaitVisible(`.code-qr svg`))
	shot(t, director, "report-card")
	assert.Equal(t, 1, printA4(t, director, "report-card"), "one table, one A4 card")

	// A Danish round of two tables of pairs.
	names := [][2]string{{"Anna", "Verdi"}, {"Bruno", "Neri"}, {"Carla", "Bianchi"}, {"Dario", "Rossi"},
		{"Elena", "Gallo"}, {"Fabio", "Costa"}, {"Gina", "Fontana"}, {"Ugo", "Moretti"}}
	danish := drawnDanishPairs(t, app, c, names, 3)
	reportingOn(t, c, danish)
	round1 := danish + "/rounds/1"
	cards := printedCards(t, c, round1)
	require.Len(t, cards, 2)
	do(t, director, chromedp.Navigate(base+round1), chromedp.WaitVisible(`.queue`))
	do(t, director, chromedp.Evaluate[chromedp.Void](`window.__notReloaded = true`))

	// Table 1: side 2 sees other figures: disputed, both versions beside each other.
	t1 := cards[1]
	do(t, reporter, chromedp.Navigate(base+"/t/"+t1.Code))
	pageState(t, reporter, "not_reported")
	typeTotals(t, reporter, [][]string{{"400", "100"}, {"300", "0"}, {"200", "50"}})
	sendAs(t, reporter, 1, t1.PINs[0], `#sheet button.primary`)
	pageState(t, reporter, "reported")
	do(t, confirmer, chromedp.Navigate(base+"/t/"+t1.Code))
	pageState(t, confirmer, "reported")
	do(t, confirmer, chromedp.Click(`.tp-other summary`))
	typeTotals(t, confirmer, [][]string{{"400", "100"}, {"100", "200"}, {"200", "50"}})
	do(t, confirmer, chromedp.WaitVisible(`.tp-other[open]`))
	sendAs(t, confirmer, 2, t1.PINs[1], `#sheet button.primary`)
	pageState(t, confirmer, "disputed")
	shot(t, confirmer, "report-phone-disputed")
	chipState(t, director, 1, "disputed")
	shot(t, director, "report-director-dispute")
	// The director accepts side 2's version.
	do(t, director, chromedp.Click(`#queue-1 .queue-version:nth-child(2) button`))
	waitFor(t, director, `document.readyState === "complete" && document.querySelector('.chip[data-table="1"]') && document.querySelector('.chip[data-table="1"]').dataset.state === "accepted"`)

	// Table 2: the phone opens the page, the director enters the sheet first; the late
	// report is refused and the page says the director entered it.
	t2 := cards[2]
	do(t, reporter, chromedp.Navigate(base+"/t/"+t2.Code))
	pageState(t, reporter, "not_reported")
	do(t, reporter, chromedp.Evaluate[chromedp.Void](`document.querySelector("#tp").removeAttribute("hx-trigger")`))
	typeTotals(t, reporter, [][]string{{"200", "100"}, {"200", "100"}, {"200", "100"}})
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		form.Set(fmt.Sprintf("h%d.s1.total", h), "500")
		form.Set(fmt.Sprintf("h%d.s2.total", h), "0")
	}
	require.Equal(t, http.StatusSeeOther, c.Post(round1+"/tables/2", form).StatusCode)
	sendAs(t, reporter, 1, t2.PINs[0], `#sheet button.primary`)
	pageState(t, reporter, "entered")
	assert.NotEmpty(t, text(t, reporter, ".alert"))
	shot(t, reporter, "report-phone-late")
	do(t, director, chromedp.Navigate(base+round1), chromedp.WaitVisible(`.queue`))
	assert.Equal(t, "entered", run(t, director, chromedp.Evaluate[string](`document.querySelector('.chip[data-table="2"]').dataset.state`)))
	shot(t, director, "report-director-round")
}

// The table reporting pages pass axe-core (WCAG 2.1 A and AA) where they are used: the
// players' pages on a phone (390×844), in each state and with their mistakes shown (the
// code form, the table's page to report, to confirm, disputed), none scrolling
// sideways; the director's round page with a dispute in its queue, the setting and the
// printed card at 1366×768.
func TestBrowserAxeTableReporting(t *testing.T) {
	browserCtx := browserFor(t, 1366, 768, 3*time.Minute)
	app := viewtest.NewApp(t)
	c := app.Setup()
	names := [][2]string{{"Anna", "Verdi"}, {"Bruno", "Neri"}, {"Carla", "Bianchi"}, {"Dario", "Rossi"},
		{"Elena", "Gallo"}, {"Fabio", "Costa"}, {"Gina", "Fontana"}, {"Ugo", "Moretti"}}
	danish := drawnDanishPairs(t, app, c, names, 3)
	reportingOn(t, c, danish)
	cards := printedCards(t, c, danish+"/rounds/1")
	t1, t2 := cards[1], cards[2]
	// Table 1 disputed; table 2 reported, waiting for confirmation.
	phoneClient := app.Client()
	sheet := func(a, b string, extra url.Values) url.Values {
		f := url.Values{"form": {"total"}}
		for h := 1; h <= 3; h++ {
			f.Set(fmt.Sprintf("h%d.s1.total", h), a)
			f.Set(fmt.Sprintf("h%d.s2.total", h), b)
		}
		for k, v := range extra {
			f[k] = v
		}
		return f
	}
	require.Equal(t, http.StatusSeeOther, phoneClient.Post("/t/"+t1.Code+"/report", sheet("300", "100", url.Values{"seat": {"1"}, "pin": {t1.PINs[0]}})).StatusCode)
	require.Equal(t, http.StatusSeeOther, phoneClient.Post("/t/"+t1.Code+"/confirm", sheet("100", "300", url.Values{"seat": {"2"}, "pin": {t1.PINs[1]}, "other": {"1"}})).StatusCode)
	require.Equal(t, http.StatusSeeOther, phoneClient.Post("/t/"+t2.Code+"/report", sheet("200", "100", url.Values{"seat": {"1"}, "pin": {t2.PINs[0]}})).StatusCode)
	// A third tournament's table, not reported yet, for the sheet.
	tour := viewtest.TournamentWithEntries(t, c, 3)
	reportingOn(t, c, tour)
	res := c.Post(tour+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	t3 := printedCards(t, c, res.Header.Get("Location"))[1]

	players := []a11yPage{
		{path: "/t"},
		{path: "/t", error: sendWith("#code", map[string]string{"#code": ""})},
		{path: "/t/" + t3.Code},
		{path: "/t/" + t3.Code, error: sendWith(`[id="h1.s1.base"]`, map[string]string{`[id="h1.s1.base"]`: "12x", "#seat": "1", "#pin": t3.PINs[0]})},
		{path: "/t/" + t2.Code},
		{path: "/t/" + t1.Code},
	}
	director := []a11yPage{{path: danish + "/rounds/1"}, {path: danish + "/edit"}, {path: danish + "/rounds/1/cards", wide: true}}
	do(t, browserCtx, chromedp.Navigate("about:blank"))
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		w := size[0]
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
			defer cancel()
			do(t, ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: axeSource})
				return chromedp.Void{}, err
			})
			if w < 640 {
				phone(t, ctx, size[0], size[1])
			} else {
				do(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
			}
			check := func(p a11yPage) {
				t.Helper()
				do(t, ctx, chromedp.Navigate(app.Srv.URL+p.path))
				waitFor(t, ctx, `document.readyState === "complete" && !!window.axe`)
				state := ""
				if p.error != "" {
					state = " (error state)"
					run(t, ctx, chromedp.Evaluate[bool](p.error))
					waitFor(t, ctx, `!window.__sent && document.readyState === "complete" && !!window.axe`)
					require.True(t, run(t, ctx, chromedp.Evaluate[bool](`!!document.querySelector(".error, .alert, [aria-invalid=true]")`)), "%s: the mistakes show", p.path)
				}
				for _, v := range run(t, ctx, chromedp.Evaluate[[]axeViolation](axeRun, chromedp.EvalAwaitPromise)) {
					t.Errorf("%s%s: %s (%s): %s", p.path, state, v.ID, v.Help, strings.Join(v.Nodes, " | "))
				}
				shot(t, ctx, fmt.Sprintf("axe-report-%d%s%s", w, strings.NewReplacer("/", "_", "?", "_").Replace(p.path), strings.ReplaceAll(state, " ", "_")))
				if w < 640 && !p.wide {
					sw := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
					assert.LessOrEqual(t, sw, int(w), "%s%s scrolls sideways", p.path, state)
				}
			}
			if w < 640 {
				for _, p := range players {
					check(p)
				}
				return
			}
			loginInBrowser(t, ctx, app.Srv.URL)
			for _, p := range director {
				check(p)
			}
		})
	}
}
