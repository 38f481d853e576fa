package apptest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// The director's season page on a 390 px phone: the list of evenings (date, name, the
// button to take one out) fits the screen, no sideways scrolling.
func TestBrowserSeasonDirectorPageOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Post("/seasons", url.Values{"name": {"Campionato sociale 2026"}, "from": {"2026-01-01"}, "to": {"2026-12-31"},
		"method": {"place"}, "table": {"25 20 16 13 11 10 9 8"}, "best": {"7"}, "min_evenings": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	season := res.Header.Get("Location")
	for ev := 1; ev <= 2; ev++ {
		res := c.Post("/tournaments", url.Values{"name": {fmt.Sprintf("Serata del martedì %d", ev)}, "date": {fmt.Sprintf("2026-03-%02d", ev)},
			"venue": {"Circolo Aurora"}, "games": {"1"}, "hands_per_game": {"3"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
		for i := range 6 {
			p := &tournament.Player{FirstName: "Giovanni Battista", LastName: fmt.Sprintf("Santangelo%d%d", ev, i), Club: "Circolo Aurora", Active: true}
			require.NoError(t, app.Store.CreatePlayer(t.Context(), p))
			require.Less(t, c.Post(base+"/entries", url.Values{"player_id": {fmt.Sprint(p.ID)}}).StatusCode, 400)
		}
		require.Equal(t, http.StatusSeeOther, c.Post(season+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(base))}}).StatusCode)
	}
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(app.Srv.URL+season), chromedp.WaitVisible(`.season-evenings table`))
	require.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".season-evenings tbody tr").length`)))
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390, "no sideways scrolling on a phone")
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`document.querySelector(".season-evenings tbody button").getBoundingClientRect().right <= 390`)), "the take-out button on screen")
	shot(t, ctx, "season-director-phone")
}

// The director's list of seasons on a 390 px phone fits the screen (it was 490 px wide:
// the dates kept on one line beside a long name and the published badge).
func TestBrowserSeasonsListOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	c := app.Setup()
	for i, name := range []string{"Campionato sociale del martedì sera 2026/27", "Coppa di primavera"} {
		res := c.Post("/seasons", url.Values{"name": {name}, "from": {"2026-09-01"}, "to": {"2027-06-30"}, "method": {"place"},
			"table": {"25 20 16"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		if i == 0 {
			s, err := app.Server.Seasons.Get(t.Context(), viewtest.IDFrom(res.Header.Get("Location")))
			require.NoError(t, err)
			require.Equal(t, http.StatusSeeOther, c.Post(res.Header.Get("Location")+"/publish",
				url.Values{"published": {"true"}, "version": {fmt.Sprint(s.Version)}}).StatusCode)
		}
	}
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(app.Srv.URL+"/seasons"), chromedp.WaitVisible(`.seasons-list`))
	require.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".seasons-list tbody tr").length`)))
	sw := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	cw := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.clientWidth`))
	assert.LessOrEqual(t, sw, cw, "no sideways scrolling on a phone")
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`Math.ceil(document.querySelector(".seasons-list").getBoundingClientRect().right)`)), cw, "the list inside the screen")
	shot(t, ctx, "seasons-list-phone")
}
