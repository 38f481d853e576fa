package apptest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// twoSides is a sheet of two sides for the API, the same totals every hand.
func twoSides(hands, a, b int) string {
	row := fmt.Sprintf(`[{"form":2,"total":%d},{"form":2,"total":%d}]`, a, b)
	return `{"hands":[` + strings.TrimSuffix(strings.Repeat(row+",", hands), ",") + `]}`
}

// partnerships lists a round's partnerships as "low-high" entry IDs.
func partnerships(r *tournament.Round) []string {
	var out []string
	for _, tb := range r.Tables {
		for _, sd := range tb.Sides {
			m := sd.Members()
			if len(m) == 2 {
				out = append(out, fmt.Sprint(min(m[0], m[1]), "-", max(m[0], m[1])))
			}
		}
	}
	return out
}

// An individual evening at 4-player tables for 18 players, through the pages (issue 23):
// the tournament created in the format from the form, the roll call, round 1 drawn (four
// tables of two partnerships, two players sitting out), the printed table list (each
// partnership's two names, a line per player in "find your seat", naming the partner)
// and the score sheets (a column per partnership with both names), a sheet entered on
// the page and the others through the API, round 2 drawn with no partner twice, and
// the standings by player in VP and MP.
func TestBrowserIndividual4Evening(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := app.Srv.URL
	loginInBrowser(t, ctx, base)

	// The new-tournament form offers the format.
	do(t, ctx, chromedp.Navigate(base+"/tournaments/new"), chromedp.WaitVisible(`#tournament-form`))
	require.Contains(t, text(t, ctx, `.format-choice a[href$="format=individual4"]`), "Individuale, tavoli da 4")
	do(t, ctx, chromedp.Click(`.format-choice a[href$="format=individual4"]`))
	waitFor(t, ctx, `location.search.includes("format=individual4") && document.readyState === "complete" && !!document.querySelector("#rounds")`)
	do(t, ctx,
		chromedp.SendKeys(`#name`, "Individuale del martedì"),
		chromedp.SetValue(`#date`, "2026-11-24"),
		chromedp.SendKeys(`#venue`, "Circolo Roma"),
		chromedp.SetValue(`#rounds`, "3"),
		chromedp.Submit(`#name`),
	)
	waitFor(t, ctx, `location.pathname.endsWith("/entries") && document.readyState === "complete"`)
	home := strings.TrimSuffix(run(t, ctx, chromedp.Location()), "/entries")
	path := strings.TrimPrefix(home, base)
	api := func(method, p, body string, out any) {
		t.Helper()
		res := c.API(method, "/api/v1"+path+p, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, p, res.Body)
	}

	// 18 players registered and entered (the registry is not the point here).
	var pids []string
	for _, n := range clubNames {
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, n[0], n[1]), &p)
		require.Equal(t, 201, res.StatusCode, res.Body)
		pids = append(pids, fmt.Sprint(p.ID))
	}
	require.Len(t, pids, 18)
	api("POST", "/entries/batch", `{"player_ids":[`+strings.Join(pids, ",")+`]}`, nil)

	// The roll call on the page: everyone present.
	do(t, ctx, chromedp.Navigate(home+"/entries"), chromedp.WaitVisible(`#all-present`), chromedp.Click(`#all-present`))
	waitFor(t, ctx, `document.querySelectorAll("table.entries tr.inactive").length === 0`)

	// Round 1: four tables of two partnerships, two players sit out.
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`))
	shot(t, ctx, "individual4-home")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 4`)
	st, err := app.Store.Load(t.Context(), mustID(t, path))
	require.NoError(t, err)
	r1 := st.Rounds[0]
	require.Len(t, r1.Tables, 4)
	require.Len(t, r1.SitOuts(), 2)
	for _, tb := range r1.Tables {
		require.Len(t, tb.Sides, 2)
		for _, sd := range tb.Sides {
			require.Len(t, sd.Partners, 1, "a partnership of two, as stored")
		}
	}
	cards := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".table-card")].map(c => [...c.querySelectorAll(".pname")].map(p => p.title).join(" | "))`))
	for i, card := range cards {
		want := st.Entry(r1.Tables[i].Sides[0].EntryID).Name + " / " + st.Entry(r1.Tables[i].Sides[0].Partners[0]).Name
		assert.True(t, strings.HasPrefix(card, want+" | "), "table %d names both partners of side 1: %q", i+1, card)
		assert.Equal(t, 2, strings.Count(card, " / "), "table %d: two partnerships", i+1)
	}
	assert.Equal(t, []int{4, 4, 4, 4}, run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll(".table-card")].map(c => c.querySelectorAll(".pname.many .who").length)`)),
		"each player on a line of their own")
	shot(t, ctx, "individual4-round")

	// The printed list by table: four names a table; "find your seat": a line per player.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/print"), chromedp.WaitVisible(`.find-seat`))
	assert.Equal(t, 4, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".print-table").length`)))
	assert.Equal(t, []int{4, 4, 4, 4}, run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll(".print-table")].map(t => t.querySelectorAll(".member").length)`)))
	seats := run(t, ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll(".find-seat tr")].map(r => [...r.cells].map(c => c.textContent.trim()))`))
	require.Len(t, seats, 18)
	partnered := 0
	for _, row := range seats {
		require.Len(t, row, 3)
		if strings.HasPrefix(row[1], "con ") {
			partnered++
			assert.Contains(t, row[2], "coppia", "a partnership's player finds the table and the side: %v", row)
		} else {
			assert.Equal(t, "riposa", row[2], "%v", row)
		}
	}
	assert.Equal(t, 16, partnered)
	shot(t, ctx, "individual4-table-list")
	assert.Equal(t, 2, printA4(t, ctx, "individual4-table-list"), "the list by table, then find your seat")

	// The score sheets: a column per partnership with both names.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/sheets"), chromedp.WaitVisible(`.score-sheet`))
	heads := run(t, ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll(".score-sheet thead th.player")].map(th => th.querySelectorAll(".member").length)`))
	assert.Equal(t, []int{2, 2, 2, 2, 2, 2, 2, 2}, heads)
	shot(t, ctx, "individual4-sheets")
	assert.Equal(t, 2, printA4(t, ctx, "individual4-sheets"), "three sheets a page")
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/cards"), chromedp.WaitVisible(`.table-sign`))
	assert.Equal(t, 4, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".table-sign").length`)))

	// Table 1 entered on the page: each column named by its partnership.
	do(t, ctx, chromedp.Navigate(home+"/rounds/1/tables/1"), chromedp.WaitVisible(`#sheet`),
		chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`.form-switch button[value="total"][aria-pressed="true"]`))
	names := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".sheet-names .sheet-name")].map(c => c.textContent.trim())`))
	require.Len(t, names, 2)
	for _, n := range names {
		assert.Contains(t, n, " / ", "a column is a partnership")
	}
	for h := 1; h <= 3; h++ {
		do(t, ctx, chromedp.SendKeys(fmt.Sprintf(`[id="h%d.s1.total"]`, h), "400"), chromedp.SendKeys(fmt.Sprintf(`[id="h%d.s2.total"]`, h), "150"))
	}
	shot(t, ctx, "individual4-sheet")
	do(t, ctx, chromedp.Submit(`[id="h1.s1.total"]`))
	waitFlash(t, ctx, "Tavolo 1 salvato")
	for tb := 2; tb <= 4; tb++ {
		api("PUT", fmt.Sprintf("/rounds/1/tables/%d", tb), twoSides(3, 100*tb, 50), nil)
	}
	do(t, ctx, chromedp.Navigate(home+"/rounds/1"), chromedp.WaitVisible(`.table-card`))
	assert.Equal(t, 4, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".table-card.done").length`)))
	shot(t, ctx, "individual4-round-results")

	// Round 2: nobody partners the same player again.
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`), chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/2") && document.readyState === "complete" && document.querySelectorAll(".table-card").length === 4`)
	st, err = app.Store.Load(t.Context(), mustID(t, path))
	require.NoError(t, err)
	require.Len(t, st.Rounds, 2)
	before := partnerships(&st.Rounds[0])
	require.Len(t, before, 8)
	for _, p := range partnerships(&st.Rounds[1]) {
		assert.NotContains(t, before, p, "a partner of round 1 again")
	}

	// The standings: a line per player, VP then MP.
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	assert.Equal(t, 18, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".standings-table tbody tr").length`)))
	cols := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".standings-table thead th")].map(th => th.textContent.trim())`))
	assert.Contains(t, cols, "VP")
	assert.Contains(t, cols, "MP")
	shot(t, ctx, "individual4-standings")
}

// mustID reads a tournament's ID from its path "/tournaments/{id}".
func mustID(t *testing.T, path string) int64 {
	t.Helper()
	var id int64
	_, err := fmt.Sscanf(path, "/tournaments/%d", &id)
	require.NoError(t, err)
	return id
}
