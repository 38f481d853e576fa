package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// Paper, as issue 17 found it: wall lists and brackets that fill the page, a game's
// score apart from its points, signatures clear of the cut. Sizes are read in print
// media at A4's printable width, in points (a CSS pixel is 0.75 pt, a mm 3.78 px).

const (
	a4Width  = 718  // A4 portrait's printable width at 96 dpi (12 mm margins)
	a4Height = 1017 // its printable height (14 mm margins)
	pxPerMM  = 96 / 25.4
)

// wallNames are 24 players of a club, some names long.
var wallNames = append(clubNames[:18:18], [][2]string{
	{"Vittoria", "Parisi"}, {"Alessandro", "Lombardi"}, {"Giulia", "Conti"},
	{"Fabrizio", "Ferraro"}, {"Silvia", "Gentile"}, {"Marco", "Caruso"},
}...)

// drawnThreePlayer creates a 3-player tournament of the players named and draws game 1;
// it returns the game's address.
func drawnThreePlayer(t *testing.T, c *viewtest.Client, names [][2]string) string {
	t.Helper()
	res := c.Post("/tournaments", url.Values{"name": {"Torneo sociale del giovedì"}, "date": {"2026-11-26"}, "venue": {"Circolo del Burraco di Roma"},
		"games": {"3"}, "hands_per_game": {"3"}, "qualifiers": {"4"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	for _, nm := range names {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {nm[0]}, "last_name": {nm[1]}, "new_person": {"1"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
	res = c.Post(base+"/draw", url.Values{"seed": {"11"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	return res.Header.Get("Location")
}

// drawnDanishPairs creates a Danish tournament of the pairs of the players named, with
// hands hands a round, and draws round 1; it returns the tournament's address.
func drawnDanishPairs(t *testing.T, app *viewtest.App, c *viewtest.Client, names [][2]string, hands int) string {
	t.Helper()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, fmt.Sprintf(`{"name":"Danese del venerdì","date":"2026-11-27","venue":"Circolo Roma","format":"danish",
		"settings":{"sides":"pairs","rounds":3,"hands_per_round":%d,"pairing":"no_rematch"}}`, hands), &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	var ids []int64
	for _, n := range names {
		var p struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q,"new_person":true}`, n[0], n[1]), &p).StatusCode)
		ids = append(ids, p.ID)
	}
	for i := 0; i+1 < len(ids); i += 2 {
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ids[i], ids[i+1]), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	res = c.API("POST", api+"/draw", tok, `{"seed":7}`, nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	return fmt.Sprintf("/tournaments/%d", tr.ID)
}

// printPaper prints the page on A4 and returns the PDF; with SCREENSHOT_DIR set it
// keeps it, and its pages as PNG (pdftoppm), to look at.
func printPaper(t *testing.T, ctx context.Context, name string) []byte {
	t.Helper()
	pdf := run(t, ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
	if dir := os.Getenv("SCREENSHOT_DIR"); dir != "" {
		path := filepath.Join(dir, name+".pdf")
		require.NoError(t, os.WriteFile(path, pdf, 0o644))
		if bin, err := exec.LookPath("pdftoppm"); err == nil {
			require.NoError(t, exec.Command(bin, "-r", "60", "-png", path, filepath.Join(dir, name)).Run())
		}
	}
	return pdf
}

// smallestPt is the smallest computed font size, in points, of the elements matched.
func smallestPt(t *testing.T, ctx context.Context, sel string) float64 {
	t.Helper()
	js := fmt.Sprintf(`Math.min(...[...document.querySelectorAll(%q)].map(e => parseFloat(getComputedStyle(e).fontSize))) * 0.75`, sel)
	pt := run(t, ctx, chromedp.Evaluate[float64](js))
	require.Greater(t, pt, 0.0, sel)
	return pt
}

// heightOf is an element's height in CSS pixels.
func heightOf(t *testing.T, ctx context.Context, sel string) float64 {
	t.Helper()
	return run(t, ctx, chromedp.Evaluate[float64](fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect().height`, sel)))
}

// The printed table list, by table and "find your seat", read on a wall: 24 players
// of a 3-player evening and 24 players in 12 Danish pairs each fit one page a list, the
// names at least 16pt, the list filling most of its page; 9 players get bigger type.
func TestBrowserWallListsFillThePage(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	loginInBrowser(t, ctx, app.Srv.URL)

	for _, tc := range []struct {
		name    string
		round   string
		minPt   float64
		minFill float64
	}{
		{"wall-24", drawnThreePlayer(t, c, wallNames), 16, 0.7},
		{"wall-pairs-24", drawnDanishPairs(t, app, c, wallNames, 3) + "/rounds/1", 16, 0.7},
		{"wall-9", drawnThreePlayer(t, c, wallNames[:9]), 20, 0.5},
	} {
		do(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(app.Srv.URL+tc.round+"/print"), chromedp.WaitVisible(`.find-seat`))
		printMedia(t, ctx, true)
		do(t, ctx, chromedp.EmulateViewport(a4Width, a4Height))
		byTable := smallestPt(t, ctx, ".print-table li")
		seat := smallestPt(t, ctx, ".find-seat td.name")
		t.Logf("%s: names by table %.1fpt, find your seat %.1fpt", tc.name, byTable, seat)
		assert.GreaterOrEqual(t, byTable+0.01, tc.minPt, "%s: names by table", tc.name)
		assert.GreaterOrEqual(t, seat+0.01, tc.minPt, "%s: names to find your seat", tc.name)
		tables, seats := heightOf(t, ctx, ".print-tables"), heightOf(t, ctx, ".find-seat")
		t.Logf("%s: the lists fill %.0f%% and %.0f%% of their pages", tc.name, 100*tables/a4Height, 100*seats/a4Height)
		assert.GreaterOrEqual(t, tables/a4Height, tc.minFill, "%s: the list by table fills its page", tc.name)
		assert.GreaterOrEqual(t, seats/a4Height, tc.minFill, "%s: find your seat fills its page", tc.name)
		printMedia(t, ctx, false)
		pdf := printPaper(t, ctx, tc.name)
		assert.Equal(t, 2, pdfPages(pdf), "%s: one page a list", tc.name)
		if text := pdfText(t, pdf); text != "" {
			assert.Contains(t, text, "Verdi Anna", tc.name)
		}
	}
}

// A 16-side bracket prints on one A4 landscape page in type of at least 10pt, filling
// the page, every name whole.
func TestBrowserBracketFillsThePage(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	app.Setup()
	home := knockoutAfterTwoRounds(t, app, 16)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(home+"/bracket"), chromedp.WaitVisible(`.bracket`))
	printMedia(t, ctx, true)
	do(t, ctx, chromedp.EmulateViewport(1070, 756)) // A4 landscape's printable box (7 and 5 mm margins)
	pt := smallestPt(t, ctx, ".bracket-name")
	t.Logf("16 sides: names in %.1fpt", pt)
	assert.GreaterOrEqual(t, pt+0.01, 10.0, "type size on paper, in points")
	assert.GreaterOrEqual(t, heightOf(t, ctx, ".bracket")/756, 0.85, "the bracket fills the page's height")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll(".bracket-name")].every(n => n.scrollWidth <= n.clientWidth + 1)`)), "no name cut short")
	printMedia(t, ctx, false)
	pdf := printPaper(t, ctx, "bracket-16")
	assert.Equal(t, 1, pdfPages(pdf), "one page")
	assert.True(t, landscapeA4(pdf), "A4 landscape")
	if text := pdfText(t, pdf); text != "" {
		for i := 1; i <= 16; i++ {
			assert.Contains(t, text, fmt.Sprintf("Bianchi Giocatore%02d", i), "every name whole on paper")
		}
	}
}

// Printed standings: a game's score sits under its points, smaller, never on their
// line ("1 95" read as 195, Danish "12 900"): a Danish round of 6 pairs (few, wide
// columns, where the two met on a line) and a 3-player evening of three games.
func TestBrowserPrintedStandingsScoreApart(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	loginInBrowser(t, ctx, app.Srv.URL)
	danish := drawnDanishPairs(t, app, c, wallNames[:12], 3)
	for table, score := range [][2]int{{900, 150}, {400, 395}, {95, 1000}} {
		res := c.API("PUT", fmt.Sprintf("/api/v1%s/rounds/1/tables/%d", danish, table+1), tok,
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, score[0], score[1]), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	club, _ := clubEvening(t, c, 14, 3)
	for _, tc := range []struct {
		name, base string
		scores     int
	}{{"standings-danish", danish, 6}, {"standings-3player", club, 30}} {
		name, base := tc.name, tc.base
		do(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(app.Srv.URL+base+"/standings"), chromedp.WaitVisible(`.standings-table`))
		printMedia(t, ctx, true)
		do(t, ctx, chromedp.EmulateViewport(a4Width, a4Height))
		// For each played game: the box of its points (the cell's text outside <small>)
		// and of its score (<small>).
		bad := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table td.game-cell")].filter(td => td.querySelector("small") && !td.textContent.includes("R")).filter(td => {
			const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT, {acceptNode: n => n.textContent.trim() && !n.parentElement.closest("small") ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT});
			const text = walk.nextNode();
			const range = document.createRange();
			range.selectNodeContents(text);
			const pts = range.getBoundingClientRect(), small = td.querySelector("small");
			const score = small.getBoundingClientRect();
			const smaller = parseFloat(getComputedStyle(small).fontSize) < parseFloat(getComputedStyle(text.parentElement).fontSize);
			return !(score.top >= pts.bottom - 1 && smaller);
		}).map(td => td.innerText.replace(/\s+/g, " "))`))
		require.GreaterOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".standings-table td.game-cell small").length`)), tc.scores, name)
		assert.Empty(t, bad, "%s: a game's score on the line of its points, or not smaller", name)
		printMedia(t, ctx, false)
		pdf := printPaper(t, ctx, name)
		assert.Equal(t, 1, pdfPages(pdf), "%s: one page", name)
	}
}

// Score sheets, three to a page to be cut apart: the signature line ends at least 3mm
// above the cut, for a 3-player table and for Danish pairs (side labels, pairs of
// names, the outcome line) of 3 and 4 hands.
func TestBrowserSheetSignaturesClearOfTheCut(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	loginInBrowser(t, ctx, app.Srv.URL)
	for _, tc := range []struct{ name, round string }{
		{"sheets-3player", drawnThreePlayer(t, c, wallNames[:9])},
		{"sheets-danish-3", drawnDanishPairs(t, app, c, wallNames[:12], 3) + "/rounds/1"},
		{"sheets-danish-4", drawnDanishPairs(t, app, c, wallNames[12:], 4) + "/rounds/1"},
	} {
		do(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(app.Srv.URL+tc.round+"/sheets"), chromedp.WaitVisible(`.score-sheet`))
		printMedia(t, ctx, true)
		do(t, ctx, chromedp.EmulateViewport(a4Width, a4Height))
		gaps := run(t, ctx, chromedp.Evaluate[[]float64](`[...document.querySelectorAll(".score-sheet")].map(s => s.getBoundingClientRect().bottom - Math.max(...[...s.querySelectorAll(".sheet-sign, .sheet-sign span")].map(e => e.getBoundingClientRect().bottom)))`))
		require.Len(t, gaps, 3, tc.name)
		for i, g := range gaps {
			assert.GreaterOrEqual(t, g/pxPerMM, 3.0, "%s: table %d: the signatures %.1fmm from the cut", tc.name, i+1, g/pxPerMM)
		}
		overflowing := run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll(".score-sheet")].filter(s => s.scrollHeight > s.clientHeight + 1).length`))
		assert.Zero(t, overflowing, "%s: no sheet taller than its third of a page", tc.name)
		printMedia(t, ctx, false)
		assert.Equal(t, 1, pdfPages(printPaper(t, ctx, tc.name)), tc.name)
	}
}
