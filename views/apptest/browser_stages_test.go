package apptest_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// TestBrowserStartStageAsksFirst walks the start of a knockout in Chromium: the
// overview's button opens the confirmation with the qualifiers; confirming starts the
// stage; the knockout's standings lead to the evening's sheets (screenshots: stage-*).
func TestBrowserStartStageAsksFirst(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	base, _, _ := finishedEvening(t, app, c)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base), chromedp.WaitVisible(`form.start-stage button`),
		chromedp.Click(`form.start-stage button`))
	waitFor(t, ctx, `document.querySelector(".stage-confirm") !== null`)
	shot(t, ctx, "stage-confirm")
	assert.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".stage-qualifiers li").length`)))
	assert.Contains(t, text(t, ctx, ".stage-confirm h2"), "Avviare la fase 2?")
	do(t, ctx, chromedp.Click(`.stage-confirm button[type=submit]`))
	waitFor(t, ctx, `(document.querySelector(".flash") || {textContent: ""}).textContent.includes("Fase 2 avviata")`)
	res := c.Post(base+"/draw", url.Values{"round": {"1"}})
	require.Equal(t, 303, res.StatusCode, res.Body)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/standings"), chromedp.WaitVisible(`a.stage-sheets-link`),
		chromedp.Click(`a.stage-sheets-link`))
	waitFor(t, ctx, `document.querySelector(".stage-sheets") !== null`)
	shot(t, ctx, "stage-sheets")
	do(t, ctx, chromedp.Click(fmt.Sprintf(`a[href="%s/rounds/2/tables/1?stage=1"]`, base)))
	waitFor(t, ctx, `document.querySelector(".stage-note") !== null`)
	shot(t, ctx, "stage-sheet")
	assert.True(t, strings.HasSuffix(run(t, ctx, chromedp.Evaluate[string](`location.search`)), "stage=1"))
}

// TestBrowserLateAward shows a late arrival's award on the round's page and on the
// public page of the player at 390 px (screenshots: late-*): "in ritardo: 3 punti
// assegnati", not among the sit-outs.
func TestBrowserLateAward(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	app.Setup()
	pe := seedPublic(t, app, 7)
	p := &tournament.Player{FirstName: "Tardo", LastName: "Zanetti", Active: true}
	require.NoError(t, app.Store.CreatePlayer(t.Context(), p))
	late, err := pe.svc.AddPlayer(t.Context(), pe.tid, p.ID, pe.director)
	require.NoError(t, err)
	here := true
	_, _, err = pe.svc.SetEntry(t.Context(), pe.tid, late.ID, tournament.EntryChange{CheckedIn: &here}, pe.director)
	require.NoError(t, err)
	_, err = pe.svc.AwardMissed(t.Context(), pe.tid, late.ID, pe.director)
	require.NoError(t, err)
	pe.saveTable(t, 1, 2)

	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/p/%d/players/%d", app.Srv.URL, pe.tid, late.ID)), chromedp.WaitVisible(`.pub-game`))
	shot(t, ctx, "late-public-player")
	assert.Contains(t, text(t, ctx, ".pub-game h3"), "in ritardo: 3 punti assegnati")
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d/rounds/1", app.Srv.URL, pe.tid)), chromedp.WaitVisible(`.late-awards`))
	shot(t, ctx, "late-round")
	assert.NotContains(t, text(t, ctx, ".sitouts"), "Zanetti")
}
