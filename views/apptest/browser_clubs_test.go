package apptest_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The officer creates a club in Chromium and makes a director of club 1 a member of it;
// the director, now in two clubs, switches to it from the navigation.
func TestBrowserOfficerClubAndSwitch(t *testing.T) {
	ctx := browserFor(t, 1280, 900, 90*time.Second)
	app := viewtest.NewApp(t)
	anna := app.Setup()
	res := anna.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {viewtest.Password}, "confirm": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := app.Srv.URL
	login := func(user string) {
		do(t, ctx,
			chromedp.Navigate(base+"/login"),
			chromedp.WaitVisible(`#username`),
			chromedp.SendKeys(`#username`, user),
			chromedp.SendKeys(`#password`, viewtest.Password),
			chromedp.Submit(`#password`),
			chromedp.WaitVisible(`.tiles`),
		)
	}

	login("anna")
	do(t, ctx,
		chromedp.Click(`nav.mainnav a[href="/clubs"]`),
		chromedp.WaitVisible(`#new-club`),
		chromedp.SendKeys(`#name`, "Burraco Roma EUR"),
		chromedp.SendKeys(`#slug`, "roma-eur"),
		chromedp.SendKeys(`#region`, "Lazio"),
		chromedp.Submit(`#slug`),
		chromedp.WaitVisible(`#edit-club`),
	)
	assert.Equal(t, "Circolo Burraco Roma EUR creato.", text(t, ctx, ".flash"))
	shot(t, ctx, "club-new")
	do(t, ctx,
		chromedp.SetValue(`#director`, "2"),
		chromedp.Submit(`#director`),
		chromedp.WaitVisible(`#club-directors`),
	)
	assert.Contains(t, text(t, ctx, "#club-directors"), "bruno")
	// "Remove from the club" reads as a link on the white card (it took the top bar's
	// near-white and could hardly be seen).
	assert.Equal(t, "rgb(20, 108, 67)", run(t, ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#club-directors button.link")).color`)))
	do(t, ctx, chromedp.Click(`form[action="/logout"] button`), chromedp.WaitVisible(`form[action="/login"]`))

	login("bruno")
	require.Equal(t, "Club", run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#club-switch").selectedOptions[0].textContent`)))
	shot(t, ctx, "club-switch")
	do(t, ctx,
		chromedp.SetValue(`#club-switch`, "roma-eur"),
		chromedp.Submit(`#club-switch`),
	)
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector(".flash")`)
	assert.Equal(t, "Ora lavori su Burraco Roma EUR.", text(t, ctx, ".flash"))
	assert.Equal(t, "Burraco Roma EUR", run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#club-switch").selectedOptions[0].textContent`)))
	assert.Equal(t, 0, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('nav.mainnav a[href="/clubs"]').length`)), "a director has no clubs' pages")
}
