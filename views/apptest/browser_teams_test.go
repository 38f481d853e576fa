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

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// teamPlayers are the registry of the teams evening: 26 players, four a team in order
// (the last two never entered).
var teamPlayers = []string{
	"Rossi Mario", "Bianchi Anna", "Verdi Luca", "Neri Ada",
	"Gialli Ugo", "Blu Eva", "Rosa Ivo", "Viola Zeno",
	"Grigi Olga", "Marrone Pia", "Ocra Tito", "Ambra Lia",
	"Corallo Dino", "Celeste Rita", "Porpora Gino", "Avorio Nadia",
	"Salvia Piero", "Menta Carla", "Cedro Aldo", "Ortensia Bice",
	"Granata Elio", "Lilla Franca", "Oliva Sergio", "Indaco Tina",
	"Sabbia Remo", "Ruggine Vera",
}

// TestBrowserTeamsEvening is a 6-team evening through the pages in Chromium: the
// tournament created in the teams format with the team scale chosen, a team formed with
// the search of each place, one imported from CSV, the others entered; the roll call; a
// team changes its line-up for round 1; the draw (3 matches, 6 tables); the printed
// table list and sheets; every sheet entered (one from the keyboard); each match's
// total on the round page worked by hand; the team standings; round 2 drawn with no
// rematch.
func TestBrowserTeamsEvening(t *testing.T) {
	ctx := browserFor(t, 1280, 900, 150*time.Second)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var ids []int64
	for i, n := range teamPlayers {
		last, first, _ := strings.Cut(n, " ")
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q,"card_number":"T%02d"}`, first, last, i+1), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ids = append(ids, p.ID)
	}
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)
	settled := func() {
		t.Helper()
		time.Sleep(300 * time.Millisecond)
		waitFor(t, ctx, `document.readyState === "complete" && !document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")`)
	}

	// The new tournament, in the teams format, on the 3-hand team scale.
	do(t, ctx, chromedp.Navigate(base+"/tournaments/new?format=teams"), chromedp.WaitVisible(`#tournament-form`))
	assert.Contains(t, text(t, ctx, ".lead"), "Squadre da 4 a 6 giocatori")
	require.True(t, run(t, ctx, chromedp.Evaluate[bool](`(() => {
		const s = document.querySelector("#scale_id");
		const o = [...s.options].find(o => o.textContent.startsWith("Squadre 3 smazzate"));
		if (!o) return false;
		s.value = o.value; return true })()`)), "the team scale is offered")
	do(t, ctx, chromedp.SetValue(`#name`, "Squadre del giovedì"), chromedp.SetValue(`#date`, "2026-11-26"))
	shot(t, ctx, "teams-new")
	do(t, ctx, chromedp.Submit(`#name`))
	waitFor(t, ctx, `/\/tournaments\/\d+\/entries$/.test(location.pathname) && document.readyState === "complete"`)
	home := base + strings.TrimSuffix(run(t, ctx, chromedp.Evaluate[string](`location.pathname`)), "/entries")
	api := "/api/v1" + strings.TrimPrefix(home, base)

	// Four teams through the API, in the order of the registry.
	for i := range 4 {
		res := c.API("POST", api+"/teams", tok, fmt.Sprintf(`{"name":"Squadra %d","players":[%d,%d,%d,%d]}`, i+1, ids[4*i], ids[4*i+1], ids[4*i+2], ids[4*i+3]), nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	}
	// The fifth formed on the entries page, each place with its search.
	do(t, ctx, chromedp.Navigate(home+"/entries"), chromedp.WaitVisible(`#team-form`))
	do(t, ctx, chromedp.SendKeys(`#team-form #name`, "I Grandi"))
	for slot, q := range []string{"salvia", "menta", "cedro", "ortensia"} {
		s := fmt.Sprint(slot + 1)
		do(t, ctx, chromedp.SendKeys(`#team-q-`+s, q))
		waitFor(t, ctx, `!!document.querySelector("#team-results-`+s+` button.pick")`)
		settled()
		run(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#team-results-`+s+` button.pick").click(), true`))
		waitFor(t, ctx, `!!document.querySelector('#team-slot-`+s+` input[name="players.`+s+`"]')`)
		settled()
	}
	shot(t, ctx, "teams-entries-forming")
	run(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#team-add").click(), true`))
	waitFor(t, ctx, `document.querySelector("#entry-list").textContent.includes("I Grandi")`)
	settled()
	// The sixth imported from CSV: previewed, then entered.
	csv := "squadra;cognome;nome;tessera\nLa Rinascita;Granata;Elio;T21\nLa Rinascita;Lilla;Franca;T22\nLa Rinascita;Oliva;Sergio;T23\nLa Rinascita;Indaco;Tina;T24\n"
	do(t, ctx, chromedp.Navigate(home+"/teams/import"), chromedp.WaitVisible(`#csv`),
		chromedp.SetValue(`#csv`, csv), chromedp.Click(`#team-import-preview`), chromedp.WaitVisible(`#team-rows`))
	assert.Equal(t, 4, int(run(t, ctx, chromedp.Evaluate[float64](`document.querySelectorAll("#team-rows tbody tr").length`))))
	shot(t, ctx, "teams-import-preview")
	do(t, ctx, chromedp.Click(`#team-import-confirm`))
	waitFor(t, ctx, `location.pathname.endsWith("/entries") && document.readyState === "complete" && document.querySelector("#entry-list").textContent.includes("La Rinascita")`)
	// Roll call: everyone is here.
	do(t, ctx, chromedp.Click(`#all-present`))
	waitFor(t, ctx, `!document.querySelector("#all-present")`)
	settled()
	assert.Contains(t, text(t, ctx, "#entry-list h2"), "6 presenti su 6")
	shot(t, ctx, "teams-entries")

	var ev struct {
		Entries []struct {
			ID   int64
			Name string
		}
	}
	require.Equal(t, http.StatusOK, c.API("GET", api, tok, "", &ev).StatusCode)
	teamOf := map[string]int64{}
	for _, e := range ev.Entries {
		teamOf[e.Name] = e.ID
	}
	require.Len(t, teamOf, 6)

	// Squadra 1 changes its line-up for round 1: Verdi and Neri as pair 1.
	s1 := teamOf["Squadra 1"]
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`#lineups-next`), chromedp.Click(`#lineups-next`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1/lineups") && document.readyState === "complete"`)
	assert.Equal(t, 6, int(run(t, ctx, chromedp.Evaluate[float64](`document.querySelectorAll("form.lineup-form").length`))))
	sel := func(p, k int) string { return fmt.Sprintf("#lineup-%d-%d-%d", s1, p, k) }
	do(t, ctx,
		chromedp.SetValue(sel(1, 1), fmt.Sprint(ids[2])), chromedp.SetValue(sel(1, 2), fmt.Sprint(ids[3])),
		chromedp.SetValue(sel(2, 1), fmt.Sprint(ids[0])), chromedp.SetValue(sel(2, 2), fmt.Sprint(ids[1])))
	shot(t, ctx, "teams-lineups")
	do(t, ctx, chromedp.Click(fmt.Sprintf("#lineup-save-%d", s1)))
	waitFor(t, ctx, `document.readyState === "complete" && (document.querySelector(".flash") || {textContent: ""}).textContent.includes("Squadra 1")`)
	assert.Contains(t, text(t, ctx, fmt.Sprintf("#team-%d .lineup-origin", s1)), "Indicata per il turno 1")

	// The draw: 3 matches, 6 tables. The log on the overview words every line.
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`))
	assert.NotContains(t, text(t, ctx, "main"), "log.", "every line of the log has its words")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 6`)
	assert.Equal(t, 6, int(run(t, ctx, chromedp.Evaluate[float64](`document.querySelectorAll("table.match-list tbody tr").length`))), "3 matches, a line per team")
	shot(t, ctx, "teams-round")
	var ms dto.Matches
	require.Equal(t, http.StatusOK, c.API("GET", api+"/rounds/1/matches", tok, "", &ms).StatusCode)
	require.Len(t, ms.Matches, 3)
	met := map[[2]int64]bool{}
	for _, m := range ms.Matches {
		met[[2]int64{min(m.Entries[0], m.Entries[1]), max(m.Entries[0], m.Entries[1])}] = true
	}

	// Printed: the table list and the sheets, looked at.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/print"), chromedp.WaitVisible(`.find-seat`))
	shot(t, ctx, "teams-table-list")
	list := text(t, ctx, "body")
	assert.Contains(t, list, "Squadra 1")
	assert.Contains(t, list, "Verdi Luca", "Squadra 1's pair 1 of its line-up")
	assert.LessOrEqual(t, printA4(t, ctx, "teams-table-list"), 3)
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/sheets"), chromedp.WaitVisible(`.score-sheet`))
	shot(t, ctx, "teams-sheets")
	assert.Equal(t, 6, int(run(t, ctx, chromedp.Evaluate[float64](`document.querySelectorAll(".score-sheet").length`))))
	assert.LessOrEqual(t, printA4(t, ctx, "teams-sheets"), 3)

	// Every sheet: table 1 from its page (600 a hand against 300), the others through
	// the API. Each match: its first table 1800 v 900 (+900 for the team at position 1),
	// its second 1000 v 800 (−200 for it, at position 2): +700, 13–7 on the team scale.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/tables/1"), chromedp.WaitVisible(`#sheet`),
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`.form-switch button[value="total"][aria-pressed="true"]`),
		chromedp.WaitVisible(`[id="h1.s1.total"]`))
	for h := 1; h <= 3; h++ {
		do(t, ctx, chromedp.SendKeys(fmt.Sprintf(`[id="h%d.s1.total"]`, h), "600"), chromedp.SendKeys(fmt.Sprintf(`[id="h%d.s2.total"]`, h), "300"))
	}
	shot(t, ctx, "teams-sheet")
	do(t, ctx, chromedp.Submit(`[id="h1.s1.total"]`))
	waitFor(t, ctx, `document.readyState === "complete" && (document.querySelector(".flash") || {textContent: ""}).textContent.trim() === "Tavolo 1 salvato."`)
	for tb := 2; tb <= 6; tb++ {
		a, b := 1800, 900
		if tb%2 == 0 {
			a, b = 1000, 800
		}
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, tb), tok, fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	do(t, ctx, chromedp.Navigate(home+"/rounds/1"), chromedp.WaitVisible(`table.match-list`))
	got := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.match-list tbody tr")].map(r => r.querySelector(".match-mp").textContent.trim() + " " + r.querySelector(".match-vp").textContent.trim())`))
	assert.Equal(t, []string{"+700 13", "−700 7", "+700 13", "−700 7", "+700 13", "−700 7"}, got)
	shot(t, ctx, "teams-round-results")

	// The team standings: three teams on 13 VP and +700, three on 7 and −700.
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	rows := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table tbody tr")].map(r => [...r.querySelectorAll("td")].slice(2, 4).map(td => td.textContent.trim()).join(" "))`))
	require.Len(t, rows, 6)
	assert.Equal(t, []string{"13 700", "13 700", "13 700", "7 -700", "7 -700", "7 -700"}, rows)
	shot(t, ctx, "teams-standings")

	// Squadra 1's page: each player's contribution.
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/teams/%d", home, s1)), chromedp.WaitVisible(`.contribution-table`))
	shot(t, ctx, "teams-team-page")
	assert.Equal(t, 4, int(run(t, ctx, chromedp.Evaluate[float64](`document.querySelectorAll(".contribution-table tbody tr").length`))))

	// Round 2: no rematch.
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`), chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/2") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 6`)
	require.Equal(t, http.StatusOK, c.API("GET", api+"/rounds/2/matches", tok, "", &ms).StatusCode)
	require.Len(t, ms.Matches, 3)
	for _, m := range ms.Matches {
		assert.False(t, met[[2]int64{min(m.Entries[0], m.Entries[1]), max(m.Entries[0], m.Entries[1])}], "no rematch in round 2: %v", m.Entries)
	}
	shot(t, ctx, "teams-round-2")
}
