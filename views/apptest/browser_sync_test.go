package apptest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament/relay"
	"burraco/views/viewtest"
)

// A laptop's director links it to the hub in Chromium with a code a director of the
// club made on the hub; the tournaments' list then shows each one's way to the hub:
// accepted for one sent, waiting for one the hub has not answered yet.
func TestBrowserLinkLaptopAndSyncStates(t *testing.T) {
	ctx := browserFor(t, 1280, 900, 90*time.Second)
	hub, laptop := viewtest.NewApp(t), viewtest.NewApp(t)
	res := hub.Setup().Post("/sync/codes", nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	code := strings.TrimSpace(res.Doc(t).Find("#link-code").Text())
	lc := laptop.Setup()

	base := laptop.Srv.URL
	do(t, ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`#username`),
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#password`, viewtest.Password),
		chromedp.Submit(`#password`),
		chromedp.WaitVisible(`.tiles`),
		chromedp.Navigate(base+"/sync"),
		chromedp.WaitVisible(`#address`),
	)
	assert.Contains(t, text(t, ctx, "#hub-link"), "Non ancora collegato")
	do(t, ctx,
		chromedp.SendKeys(`#address`, hub.Srv.URL),
		chromedp.SendKeys(`#code`, code),
		chromedp.SendKeys(`#label`, "Portatile sala"),
		chromedp.Submit(`#code`),
		chromedp.WaitVisible(`.flash`),
	)
	assert.Equal(t, "Portatile collegato all'hub.", text(t, ctx, ".flash"))
	assert.Contains(t, text(t, ctx, "#hub-link"), hub.Srv.URL)
	shot(t, ctx, "sync-linked")

	// A final tournament sent and accepted; another queued, the hub not answered yet.
	bg := context.Background()
	app := laptop.Server.App
	_, err := app.Tournaments.Import(bg, resultsDocument(t, "knockout.json"))
	require.NoError(t, err)
	n, err := app.Relay.Laptop.Seal(bg)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	_, err = app.Relay.Laptop.SendDue(bg)
	require.NoError(t, err)
	viewtest.TournamentWithEntries(t, lc, 3)
	ts, err := app.Tournaments.List(bg)
	require.NoError(t, err)
	now := time.Now()
	for _, tr := range ts {
		if tr.Name != "Coppa" {
			require.NoError(t, laptop.Store.Enqueue(bg, &relay.Entry{Tournament: tr.ID, UID: strings.Repeat("a", 32), Revision: 1,
				Body: []byte("{}"), Signature: "x", State: relay.Waiting, QueuedAt: now, NextAt: now.Add(time.Hour)}))
		}
	}
	do(t, ctx, chromedp.Navigate(base+"/tournaments"), chromedp.WaitVisible(`td.sync-state`))
	states := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("td.sync-state")].map(td => td.dataset.state + ":" + td.textContent.trim())`))
	assert.ElementsMatch(t, []string{"accepted:accettato", "waiting:in attesa"}, states)
	shot(t, ctx, "sync-states")
}

// resultsDocument is the tournament document inside one of docs/examples/results.
func resultsDocument(t *testing.T, name string) []byte {
	raw, err := os.ReadFile("../../docs/examples/results/" + name)
	require.NoError(t, err)
	var env struct {
		Document json.RawMessage `json:"document"`
	}
	require.NoError(t, json.Unmarshal(raw, &env))
	return env.Document
}
