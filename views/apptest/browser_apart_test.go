package apptest_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestBrowserClubsApart: a pure Danish evening of six players, three of Circolo Roma,
// with clubs kept apart for two rounds. Round 2's pairing order says who was moved and
// why; the settings page adds a pair never to meet with its two selects.
func TestBrowserClubsApart(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	call := func(method, path, body string, out any) {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Serata dei circoli","date":"2026-11-27","venue":"Circolo Roma","format":"danish",
		"settings":{"sides":"individual","rounds":3,"pairing":"danish","apart_clubs_rounds":2}}`, &tr)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	club := map[int64]bool{}
	for i, n := range [][2]string{{"Rossi", "Circolo Roma"}, {"Bianchi", "Circolo Roma"}, {"Esposito", "Circolo Roma"},
		{"Verdi", "Forlì"}, {"Neri", ""}, {"Gialli", ""}} {
		var e struct{ ID int64 }
		call("POST", api+"/entries", fmt.Sprintf(`{"player":{"first_name":"Anna","last_name":%q,"club":%q}}`, n[0], n[1]), &e)
		club[e.ID] = i < 3
	}
	call("POST", api+"/entries/present", "", nil)
	var g struct {
		Tables []struct {
			Number  int
			Entries []int64
		}
	}
	call("POST", api+"/draw", `{"seed":11}`, &g)
	// Every Roma player wins: round 2's order has the three of Roma on top.
	for i, tb := range g.Tables {
		a, b := 1000, 1000
		if club[tb.Entries[0]] {
			a += 300 * (i + 1)
		} else {
			b += 300 * (i + 1)
		}
		call("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, tb.Number), fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
	}
	call("POST", api+"/draw", `{"seed":12}`, &g)

	base := app.Srv.URL
	home := fmt.Sprintf("%s/tournaments/%d", base, tr.ID)
	loginInBrowser(t, ctx, base)
	do(t, ctx, chromedp.Navigate(home+"/rounds/2/order"), chromedp.WaitVisible(`table.order`))
	moved := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.order td.moved")].map(td => td.textContent.trim()).filter(s => s)`))
	require.NotEmpty(t, moved, "the three of Roma lead: the first is moved down")
	assert.Equal(t, "spostata per evitare Circolo Roma contro Circolo Roma", moved[0])
	shot(t, ctx, "apart-order")

	do(t, ctx, chromedp.Navigate(home+"/edit"), chromedp.WaitVisible(`#never_meet_a`))
	do(t, ctx, chromedp.SetValue(`#never_meet_a`, fmt.Sprint(firstOf(club, false))), chromedp.SetValue(`#never_meet_b`, fmt.Sprint(lastOf(club, false))))
	shot(t, ctx, "apart-settings")
	do(t, ctx, chromedp.Submit(`#never_meet_a`))
	waitFor(t, ctx, `document.readyState === "complete" && !location.pathname.endsWith("/edit")`)
	do(t, ctx, chromedp.Navigate(home+"/edit"), chromedp.WaitVisible(`#never_meet input[type=checkbox]`))
	assert.Equal(t, 1, len(run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#never_meet input[type=checkbox]:checked")].map(i => i.value)`))))
	shot(t, ctx, "apart-settings-listed")
	res := c.Get(fmt.Sprintf("/tournaments/%d", tr.ID))
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// firstOf and lastOf pick the smallest and largest entry ID of the club or not.
func firstOf(club map[int64]bool, roma bool) int64 {
	var best int64
	for id, r := range club {
		if r == roma && (best == 0 || id < best) {
			best = id
		}
	}
	return best
}

func lastOf(club map[int64]bool, roma bool) int64 {
	var best int64
	for id, r := range club {
		if r == roma && id > best {
			best = id
		}
	}
	return best
}
