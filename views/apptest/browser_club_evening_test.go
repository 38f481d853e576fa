package apptest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// A club evening as a director lives it (issue 8), in a real browser: 13 players and a
// no-show entered, a roll call, game 1 drawn, undone and drawn again, a player absent
// after the draw, two tables entered from the keyboard, a late arrival given the bye
// points for the game missed, game 2 drawn, then a correction of game 1 kept and another
// re-seated, four games to the end, the final standings and the A4 prints. What is not
// the point here (registering players, most score sheets) goes through the API.
func TestBrowserClubEvening(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	api := func(method, path, body string, out any) {
		t.Helper()
		res := c.API(method, "/api/v1"+path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}

	var tr struct{ ID int64 }
	api("POST", "/tournaments", `{"name":"Giovedì al circolo","date":"2026-11-26","format":"individual3","venue":"Circolo del Burraco","qualifiers":4,"settings":{"games":4}}`, &tr)
	base := fmt.Sprintf("/tournaments/%d", tr.ID)
	names := [][2]string{{"Mario", "Rossi"}, {"Lucia", "Bianchi"}, {"Niccolò", "D'Alessandro"}, {"Anna", "Verdi"},
		{"Carla", "Esposito"}, {"Luca", "Romano"}, {"Sara", "Colombo"}, {"Paolo", "Ricci"}, {"Giulia", "Marino"},
		{"Franco", "Greco"}, {"Elena", "Bruno"}, {"Marco", "Gallo"}, {"Chiara", "Conti"}, {"Nessuno", "Assente"}}
	var pids []string
	for _, n := range names {
		var p struct{ ID int64 }
		api("POST", "/players", fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, n[0], n[1]), &p)
		pids = append(pids, fmt.Sprint(p.ID))
	}
	var entered struct{ Entries []tournament.Entry }
	api("POST", base+"/entries/batch", `{"player_ids":[`+strings.Join(pids, ",")+`]}`, &entered)
	require.Len(t, entered.Entries, 14)
	entry := map[string]int64{}
	for _, e := range entered.Entries {
		entry[e.Name] = e.ID
	}
	noShow := entry["Assente Nessuno"]

	loginInBrowser(t, ctx, app.Srv.URL)
	url := func(p string) string { return app.Srv.URL + base + p }

	// Roll call: everyone present, then the no-show marked absent, without a reload.
	do(t, ctx, chromedp.Navigate(url("/entries")), chromedp.WaitVisible(`#all-present`), chromedp.Click(`#all-present`))
	waitFor(t, ctx, `document.querySelectorAll("table.entries tr.inactive").length === 0`)
	do(t, ctx, chromedp.Click(fmt.Sprintf(`[id="present-%d"]`, noShow)))
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('[id="present-%d"]').getAttribute("aria-pressed") === "false"`, noShow))
	require.Contains(t, text(t, ctx, "#entry-list h2"), "13")

	// Game 1: drawn, undone (the director confirms), drawn again.
	do(t, ctx, chromedp.Navigate(url("")), chromedp.WaitVisible(`.draw-form`))
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.querySelector(".table-card") !== null`)
	do(t, ctx, chromedp.Navigate(url("")), chromedp.WaitVisible(`.undo-draw`))
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`), chromedp.Click(`.undo-draw button`), chromedp.WaitVisible(`.draw-form`))
	waitFlash(t, ctx, "annullato")
	st, err := app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	require.Empty(t, st.Rounds, "the draw was undone")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.querySelector(".table-card") !== null`)
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	r1 := st.Rounds[0]
	require.Len(t, r1.Tables, 4)
	require.Len(t, r1.Byes, 1, "13 present: four tables and one sitting out")
	sitOut := r1.Byes[0].EntryID

	// A player seated at table 2 is not there after all: the one sitting out takes the seat.
	gone := r1.Tables[1].Sides[2].EntryID
	do(t, ctx, chromedp.Navigate(url("/entries")), chromedp.WaitVisible(fmt.Sprintf(`[id="present-%d"]`, gone)))
	require.Contains(t, run(t, ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector('[id="present-%d"]').dataset.confirm`, gone))),
		"partita 1", "marking absent someone in a drawn game asks first")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`), chromedp.Click(fmt.Sprintf(`[id="present-%d"]`, gone)))
	waitFlash(t, ctx, "prende il suo posto")
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	require.Equal(t, sitOut, st.Rounds[0].Tables[1].Sides[2].EntryID)
	require.Empty(t, st.Rounds[0].Byes)

	// Tables 1 and 2 from the keyboard, as totals; tables 3 and 4 through the API.
	do(t, ctx, chromedp.Navigate(url("/rounds/1/tables/1")), chromedp.WaitVisible(`#sheet`),
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`[id="h1.s1.total"]`))
	do(t, ctx, chromedp.Navigate(url("/rounds/1")), chromedp.WaitVisible(`.table-card`))
	waitFor(t, ctx, `document.activeElement.matches("a.table-card")`)
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	for table, scores := range [][]string{
		{"300", "100", "-100", "300", "100", "-100", "300", "100", "-100"},
		{"200", "400", "0", "200", "400", "0", "200", "400", "0"},
	} {
		waitFor(t, ctx, fmt.Sprintf(`location.pathname.endsWith("/tables/%d") && document.activeElement && document.activeElement.id === "h1.s1.total"`, table+1))
		for i, s := range scores {
			if i > 0 {
				do(t, ctx, chromedp.KeyEvent(kb.Tab))
			}
			do(t, ctx, chromedp.KeyEvent(s))
		}
		waitFor(t, ctx, fmt.Sprintf(`document.querySelector("#game-1").textContent === %q`, fmt.Sprint(3*atoi(scores[0]))))
		do(t, ctx, chromedp.KeyEvent(kb.Enter))
	}
	waitFor(t, ctx, `location.pathname.endsWith("/tables/3")`)
	api("PUT", base+"/rounds/1/tables/3", totals(500, 0, 250), nil)
	api("PUT", base+"/rounds/1/tables/4", totals(-50, 150, 100), nil)

	// A late arrival: entered and present after game 1, given the bye points for it.
	var late struct{ ID int64 }
	api("POST", base+"/entries", `{"player":{"first_name":"Tardi","last_name":"Zanetti"}}`, &late)
	api("POST", fmt.Sprintf("%s/entries/%d", base, late.ID), `{"checked_in":true}`, nil)
	do(t, ctx, chromedp.Navigate(url("/entries")), chromedp.WaitVisible(fmt.Sprintf(`form[action$="/entries/%d/missed"] button`, late.ID)),
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(fmt.Sprintf(`form[action$="/entries/%d/missed"] button`, late.ID)))
	waitFlash(t, ctx, "Punti riposo assegnati a Zanetti Tardi per 1")

	// Game 2.
	do(t, ctx, chromedp.Navigate(url("")), chromedp.WaitVisible(`.draw-form`), chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/2") && document.querySelector(".table-card") !== null`)
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	drawn := tournament.SeatsOf(&st.Rounds[1])
	require.Contains(t, st.Rounds[1].People(), late.ID, "the late arrival plays from game 2")

	// Withdrawing asks first; saying no changes nothing (htmx's request included).
	do(t, ctx, chromedp.Navigate(url("/entries")), chromedp.WaitVisible(`#entry-list`),
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => false`),
		chromedp.Click(fmt.Sprintf(`tr[id="entry-%d"] button[value="withdraw"]`, late.ID)))
	do(t, ctx, chromedp.Sleep(300*time.Millisecond))
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	require.False(t, st.Entry(late.ID).Withdrawn, "the director said no")

	// A correction of game 1, table 1 (seat 3 now wins): the sheet asks; keep.
	correct := func(table int, scores [3]string) {
		t.Helper()
		do(t, ctx, chromedp.Navigate(url(fmt.Sprintf("/rounds/1/tables/%d", table))), chromedp.WaitVisible(`[id="h1.s1.total"]`))
		for h := 1; h <= 3; h++ {
			for s := 1; s <= 3; s++ {
				do(t, ctx, chromedp.SetValue(fmt.Sprintf(`[id="h%d.s%d.total"]`, h, s), scores[s-1]))
			}
		}
		do(t, ctx, chromedp.Click(`#sheet .form-actions button[type=submit]`), chromedp.WaitVisible(`.reseat-choice`))
		require.Contains(t, text(t, ctx, ".reseat-choice h3"), "La partita 2 non è iniziata")
		require.NotZero(t, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".reseat-choice li").length`)))
	}
	correct(1, [3]string{"-100", "100", "300"})
	shot(t, ctx, "reseat-choice")
	// Enter in a box does not pick an answer (a tester's finding): the question stays.
	do(t, ctx, chromedp.Focus(`[id="h1.s1.total"]`), chromedp.KeyEvent(kb.Enter))
	do(t, ctx, chromedp.Sleep(500*time.Millisecond))
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector(".reseat-choice")`)
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	require.Equal(t, drawn, tournament.SeatsOf(&st.Rounds[1]), "Enter re-seated nothing")
	require.Equal(t, 300, st.Rounds[0].Tables[0].Hands[0].Score, "nor saved anything")
	do(t, ctx, chromedp.Click(`.reseat-choice button[value="keep"]`))
	waitFlash(t, ctx, "resta come sorteggiata")
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	require.Equal(t, drawn, tournament.SeatsOf(&st.Rounds[1]), "kept as drawn")
	require.Equal(t, -100, st.Rounds[0].Tables[0].Hands[0].Score, "the correction itself is saved")

	// Another correction (table 2: seat 3 now wins), re-seated this time.
	correct(2, [3]string{"0", "200", "400"})
	do(t, ctx, chromedp.Click(`.reseat-choice button[value="reseat"]`))
	waitFlash(t, ctx, "ricalcolati")
	st, err = app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	reseated := tournament.SeatsOf(&st.Rounds[1])
	require.NotEqual(t, drawn, reseated)
	later := st.Rounds[1]
	st.Rounds = st.Rounds[:1]
	want, _, err := st.Format().Draw(st, later.Seed)
	require.NoError(t, err)
	require.Equal(t, tournament.SeatsOf(want), reseated, "game 2 seated from the corrected results")

	// Games 2 to 4 through the API, each drawn once the previous is complete.
	fill := func(n int) {
		var r struct{ Tables []struct{ Number int } }
		api("GET", fmt.Sprintf("%s/rounds/%d", base, n), "", &r)
		for _, tb := range r.Tables {
			api("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, n, tb.Number), totals(100*tb.Number+5*n, 50*n, -25*tb.Number), nil)
		}
	}
	fill(2)
	api("POST", base+"/draw", `{"round":3}`, nil)
	fill(3)
	api("POST", base+"/draw", `{"round":4}`, nil)
	fill(4)

	// The final standings: everyone who played (the late arrival with a sit-out for game
	// 1), not the no-show nor the player absent from the start of game 1.
	do(t, ctx, chromedp.Navigate(url("/standings")), chromedp.WaitVisible(`.standings-table`))
	rows := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table tbody td.name")].map(td => td.textContent.trim())`))
	require.Len(t, rows, 13)
	joined := strings.Join(rows, "|")
	assert.NotContains(t, joined, "Assente", "a no-show is not ranked")
	assert.NotContains(t, joined, st.Entry(gone).Name, "absent before playing: not ranked")
	assert.Contains(t, joined, "Zanetti Tardi")
	assert.Contains(t, text(t, ctx, ".print-sub"), "finale")
	var api4 struct{ Standings []json.RawMessage }
	api("GET", base+"/standings", "", &api4)
	require.Len(t, api4.Standings, 13)
	shot(t, ctx, "club-standings")
	assert.Equal(t, 1, printA4(t, ctx, "club-standings"), "the standings on one A4 page")

	// Paper: game 4's score sheets three to a page, nothing clipped.
	do(t, ctx, chromedp.Navigate(url("/rounds/4/sheets")), chromedp.WaitVisible(`.score-sheet`))
	sheets := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".score-sheet").length`))
	assert.Equal(t, (sheets+2)/3, printA4(t, ctx, "club-sheets"), "%d tables, three to a page", sheets)
	printMedia(t, ctx, true)
	clipped := run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll(".score-sheet")].filter(s => s.querySelector("table.sheet").getBoundingClientRect().right > s.getBoundingClientRect().right + 1).length`))
	assert.Zero(t, clipped, "no score sheet clipped")
	printMedia(t, ctx, false)

	// The log tells the evening in order.
	var evs struct{ Events []tournament.Event }
	api("GET", base+"/events", "", &evs)
	var kinds []string
	for _, e := range evs.Events {
		kinds = append(kinds, e.Kind)
	}
	for _, k := range []string{"draw_undone", "missed_bye", "scores", "entry"} {
		assert.True(t, slices.Contains(kinds, k), "the log has %s", k)
	}
	_ = http.StatusOK
}

func atoi(s string) int {
	var n int
	fmt.Sscanf(s, "%d", &n)
	return n
}

// waitFlash waits until the page's flash message says something (across the redirect
// that brings it).
func waitFlash(t *testing.T, ctx context.Context, says string) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`(document.querySelector(".flash") || {textContent: ""}).textContent.includes(%q)`, says))
}
