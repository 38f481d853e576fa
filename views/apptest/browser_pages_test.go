package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestBrowserTeamsAndIndividual4Paper prints, on A4 in Chromium, the table list, the
// sheets and the table cards of a teams round (4 teams: 2 matches, 4 tables) and of an individual4 round (9
// players: 2 tables, a bye), and opens the public tables and a team's public page. The
// list, the sheets and the cards each fit the pages they should (the list by table
// used to run over "find your seat" with six names a card); with SCREENSHOT_DIR set every page
// is kept as a PNG (and the prints as PDFs) to look at.
func TestBrowserTeamsAndIndividual4Paper(t *testing.T) {
	ctx := browserFor(t, 1280, 900, 3*time.Minute)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)

	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7}`, nil).StatusCode)
	require.Equal(t, http.StatusOK, c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil).StatusCode)
	teamsID := viewtest.IDFrom(ev.HTML)

	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Individuale","date":"2026-11-24","format":"individual4","settings":{"rounds":3,"hands_per_round":3}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ind := fmt.Sprintf("/tournaments/%d", tr.ID)
	var pids []string
	for _, n := range clubNames[:9] {
		var p struct{ ID int64 }
		require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, n[0], n[1]), &p).StatusCode)
		pids = append(pids, fmt.Sprint(p.ID))
	}
	for _, step := range []struct{ method, path, body string }{
		{"POST", "/entries/batch", `{"player_ids":[` + strings.Join(pids, ",") + `]}`},
		{"POST", "/entries/present", ""},
		{"POST", "/draw", `{"seed":7}`},
		{"PUT", "/published", `{"published":true}`},
	} {
		res := c.API(step.method, "/api/v1"+ind+step.path, tok, step.body, nil)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", step.method, step.path, res.Body)
	}

	look := func(path, name string) {
		t.Helper()
		do(t, ctx, chromedp.Navigate(base+path))
		waitFor(t, ctx, `document.readyState === "complete"`)
		shot(t, ctx, name)
	}
	look(ev.HTML+"/rounds/1/print", "pages-teams-table-list")
	assert.Equal(t, 2, printA4(t, ctx, "pages-teams-table-list"), "the list by table, then find your seat")
	look(ev.HTML+"/rounds/1/sheets", "pages-teams-sheets")
	assert.Equal(t, 2, printA4(t, ctx, "pages-teams-sheets"), "three sheets a page")
	look(ev.HTML+"/rounds/1/cards", "pages-teams-cards")
	assert.Equal(t, 4, printA4(t, ctx, "pages-teams-cards"), "a card a page, its match line and six names included")
	look(ev.HTML+"/edit", "pages-teams-settings")
	look(fmt.Sprintf("/p/%d", teamsID), "pages-teams-public")
	look(fmt.Sprintf("/p/%d/players/%d", teamsID, ev.Teams[0]), "pages-teams-public-team")

	look(ind+"/rounds/1/print", "pages-individual4-table-list")
	assert.Equal(t, 2, printA4(t, ctx, "pages-individual4-table-list"), "the list by table, then find your seat")
	look(ind+"/rounds/1/sheets", "pages-individual4-sheets")
	assert.Equal(t, 1, printA4(t, ctx, "pages-individual4-sheets"), "two sheets, one page")
	look(fmt.Sprintf("/p/%d", tr.ID), "pages-individual4-public")
}
