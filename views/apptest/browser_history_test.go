package apptest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// In a real browser, in Italian: a table's history shows the correction with before and
// after; the director undoes it (confirming), and the page says so; the export page
// lists the downloads.
func TestBrowserHistoryUndo(t *testing.T) {
	ctx := browser(t, 1200, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningWithScores(t, app, c)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 2, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 2, 1, [3]int{100, 200, 300}).StatusCode)
	loginInBrowser(t, ctx, app.Srv.URL)

	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/rounds/2/tables/1/history"), chromedp.WaitVisible(`table.history-table`))
	assert.Equal(t, "Storico del tavolo 1, partita 2", text(t, ctx, "section.history h2"))
	first := text(t, ctx, "table.history-table tbody tr:first-child .event-text")
	assert.Contains(t, first, "Partita 2 tavolo 1 corretto: smazzata 1 ")
	assert.Contains(t, first, "300 → 100")
	shot(t, ctx, "history-table")

	do(t, ctx,
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(`table.history-table tbody tr:first-child form.undo button`),
		chromedp.WaitVisible(`.flash`),
	)
	assert.Contains(t, text(t, ctx, ".flash"), "annullata")
	assert.Contains(t, text(t, ctx, "table.history-table tbody tr:first-child .event-text"), "annullata")
	assert.Contains(t, strings.ToLower(text(t, ctx, "table.history-table tbody tr:nth-child(2) .badge")), "annullata dalla n.")
	shot(t, ctx, "history-undone")
	printA4(t, ctx, "history-print")

	// Lock game 1 as final from its page: the badge and the unlock button show.
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/rounds/1"), chromedp.WaitVisible(`.round-lock button`),
		chromedp.Click(`.round-lock button`), chromedp.WaitVisible(`.round-lock .badge`))
	assert.Contains(t, text(t, ctx, ".round-lock button"), "Sblocca")
	shot(t, ctx, "round-locked")

	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/export"), chromedp.WaitVisible(`table.export-list`))
	assert.Equal(t, 10, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('table.export-list a[href$=".pdf"], table.export-list a[href$=".csv"]').length`)),
		"standings, two rounds' tables and results, each PDF and CSV")
	shot(t, ctx, "export")
}
