package apptest_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/viewtest"
)

// knockoutAfterTwoRounds creates a knockout of n players through the service, plays
// rounds 1 and 2 (the side at position 1 wins every match) and draws round 3; it
// returns the tournament's page.
func knockoutAfterTwoRounds(t *testing.T, app *viewtest.App, n int) string {
	t.Helper()
	ctx := t.Context()
	svc := &tournament.Tournaments{Store: app.Store, Players: app.Store}
	tr, stage, err := tournament.New(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), "knockout")
	require.NoError(t, err)
	tr.Name, tr.Venue = "Coppa d'autunno", "Circolo Roma"
	f, _ := tournament.FormatOf("knockout")
	stage.Settings, err = f.Decode([]byte(`{"hands_per_match":1}`))
	require.NoError(t, err)
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	var ids []int64
	for i := 1; i <= n; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("Giocatore%02d", i), LastName: "Bianchi", Active: true}
		require.NoError(t, app.Store.CreatePlayer(ctx, p))
		ids = append(ids, p.ID)
	}
	_, err = svc.AddPlayers(ctx, tr.ID, ids, "anna")
	require.NoError(t, err)
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	for round := 1; round <= 3; round++ {
		r, err := svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 2026}, "anna")
		require.NoError(t, err)
		if round == 3 {
			break
		}
		for _, tb := range r.Tables {
			sh := tournament.Sheet{Hands: [][]*scoring.Hand{{{Form: scoring.TotalOnly, Total: 500 + 5*tb.Number}, {Form: scoring.TotalOnly, Total: 100}}}}
			_, err := svc.SaveSheet(ctx, tr.ID, round, tb.Number, sh, "anna")
			require.NoError(t, err)
		}
	}
	return fmt.Sprintf("%s/tournaments/%d", app.Srv.URL, tr.ID)
}

// landscapeA4 reports whether every page of a PDF is A4 landscape.
func landscapeA4(pdf []byte) bool {
	boxes := regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`).FindAllSubmatch(pdf, -1)
	for _, b := range boxes {
		w, _ := strconv.ParseFloat(string(b[1]), 64)
		h, _ := strconv.ParseFloat(string(b[2]), 64)
		if w < 835 || w > 848 || h < 589 || h > 600 {
			return false
		}
	}
	return len(boxes) > 0
}

// TestBrowserBracket opens the bracket of a 13-side knockout after two rounds, on
// screen and on paper, then a 64-side one on paper: one A4 landscape page each, the
// names whole and the type no smaller than 6.5 pt.
func TestBrowserBracket(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	app.Setup()
	home := knockoutAfterTwoRounds(t, app, 13)
	loginInBrowser(t, ctx, app.Srv.URL)

	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.next-step`))
	do(t, ctx, chromedp.Click(`a[href$="/bracket"]`), chromedp.WaitVisible(`.bracket`))
	require.Equal(t, 5, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".bracket-round").length`)), "4 rounds and the winner")
	require.Equal(t, []int{8, 4, 2, 1, 1}, run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll(".bracket-round")].map(r => r.querySelectorAll(".bracket-match").length)`)))
	require.Equal(t, 3, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".bracket-match.bye").length`)), "3 byes")
	// Every winner of round 1 and every bye is in round 2; round 3 is drawn, the final not.
	require.True(t, run(t, ctx, chromedp.Evaluate[bool](`(() => {
		const rounds = [...document.querySelectorAll(".bracket-round")];
		const names = r => [...rounds[r].querySelectorAll(".bracket-side")].map(s => s.querySelector(".bracket-name").textContent.trim());
		const won = [...rounds[0].querySelectorAll(".bracket-side.win .bracket-name")].map(s => s.textContent.trim());
		return won.length === 8 && won.every(n => names(1).includes(n)) && names(3).every(n => n === "—");
	})()`)))
	require.Equal(t, "Turno a 16 linee\nTurno 1", text(t, ctx, ".bracket-round:first-child .bracket-round-name"))
	shot(t, ctx, "bracket-13")

	printMedia(t, ctx, true)
	require.True(t, run(t, ctx, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector(".topbar")).display === "none"`)), "no navigation chrome on paper")
	do(t, ctx, chromedp.EmulateViewport(1123, 794))
	shot(t, ctx, "bracket-13-print")
	printMedia(t, ctx, false)
	pdf := run(t, ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
	assert.Equal(t, 1, pdfPages(pdf), "one page")
	assert.True(t, landscapeA4(pdf), "A4 landscape")

	// The round and a score sheet of two sides, the standings in groups.
	do(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(home+"/rounds/1"), chromedp.WaitVisible(`.table-grid`))
	shot(t, ctx, "knockout-round")
	do(t, ctx, chromedp.Navigate(home+"/rounds/3/tables/1"), chromedp.WaitVisible(`#sheet`))
	shot(t, ctx, "knockout-sheet")
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	shot(t, ctx, "knockout-standings")

	// 64 sides: the same page holds them, readable.
	home64 := knockoutAfterTwoRounds(t, app, 64)
	do(t, ctx, chromedp.Navigate(home64+"/bracket"), chromedp.WaitVisible(`.bracket`))
	require.Equal(t, 32, run(t, ctx, chromedp.Evaluate[int](`document.querySelector(".bracket-round").querySelectorAll(".bracket-match").length`)))
	printMedia(t, ctx, true)
	do(t, ctx, chromedp.EmulateViewport(1123, 794))
	pt := run(t, ctx, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".bracket-match")).fontSize) * 0.75`))
	assert.GreaterOrEqual(t, pt, 6.5, "type size on paper, in points")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll(".bracket-name")].every(n => n.scrollWidth <= n.clientWidth + 1)`)), "no name cut short")
	shot(t, ctx, "bracket-64-print")
	printMedia(t, ctx, false)
	pdf = run(t, ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
	assert.Equal(t, 1, pdfPages(pdf), "64 sides on one page")
	assert.True(t, landscapeA4(pdf))
	assert.False(t, bytes.Contains(pdf, []byte("/Type /Pages /Count 2")))
}
