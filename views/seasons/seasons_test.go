package seasons_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// players registers n players of the club and returns their IDs.
func players(t *testing.T, a *viewtest.App, n int) []int64 {
	t.Helper()
	var ids []int64
	for i := 1; i <= n; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Rossi", Club: "Circolo", Active: true,
			CardNumber: fmt.Sprintf("RM%03d", i)}
		require.NoError(t, a.Store.CreatePlayer(t.Context(), p))
		ids = append(ids, p.ID)
	}
	return ids
}

// evening plays a 3-player evening on a date through the pages: the three players
// entered, its one game drawn (seed 5) and its one table scored, so its ranking is
// final (a season counts it); it returns its path.
func evening(t *testing.T, c *viewtest.Client, name, date string, ids []int64, scores [3]int) string {
	t.Helper()
	res := c.Post("/tournaments", url.Values{"name": {name}, "date": {date}, "venue": {"Circolo"},
		"games": {"1"}, "hands_per_game": {"3"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	for _, id := range ids {
		res := c.Post(base+"/entries", url.Values{"player_id": {fmt.Sprint(id)}})
		require.Less(t, res.StatusCode, 400, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, scores).StatusCode)
	return base
}

// seasonForm is a valid settings form.
func seasonForm(name string) url.Values {
	return url.Values{"name": {name}, "from": {"2026-01-01"}, "to": {"2026-12-31"}, "method": {"place"},
		"table": {"25, 20, 16"}, "best": {"2"}, "min_evenings": {"2"}, "bonus": {"1"}}
}

// createSeason creates a season through the form and returns its path.
func createSeason(t *testing.T, c *viewtest.Client, form url.Values) string {
	t.Helper()
	res := c.Post("/seasons", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	return res.Header.Get("Location")
}

// A bad settings form comes back with every problem next to its field, in the reader's
// language, and what was typed kept.
func TestSeasonFormShowsEveryProblemAndKeepsInput(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	for _, tc := range []struct{ lang, tableErr string }{
		{"en", "whole numbers"},
		{"it", "numeri interi"},
	} {
		c.Lang = tc.lang
		form := url.Values{"name": {""}, "from": {"2026-09-01"}, "to": {"2026-06-30"}, "method": {"place"},
			"table": {"25 venti 16"}, "best": {"sette"}, "min_evenings": {"3"}}
		res := c.Post("/seasons", form)
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
		doc := res.Doc(t)
		for _, f := range []string{"name", "to", "table", "best"} {
			assert.Equal(t, 1, doc.Find("#"+f+"-error").Length(), "%s: an error next to %s", tc.lang, f)
		}
		assert.Contains(t, doc.Find("#table-error").Text(), tc.tableErr)
		assert.Equal(t, 0, doc.Find("#min_evenings-error").Length(), "a good field has no error")
		val := func(id string) string { v, _ := doc.Find("#" + id).Attr("value"); return v }
		assert.Equal(t, "25 venti 16", val("table"), "what was typed is kept")
		assert.Equal(t, "sette", val("best"))
		assert.Equal(t, "2026-09-01", val("from"))
		assert.Equal(t, "3", val("min_evenings"))
		// An out-of-order table is the domain's refusal, next to the table too.
		form = seasonForm("Campionato")
		form.Set("table", "10 20")
		doc = c.Post("/seasons", form).Doc(t)
		assert.Equal(t, 1, doc.Find("#table-error").Length(), tc.lang)
	}
	// Nothing was created.
	list := c.Get("/seasons").Doc(t)
	assert.Equal(t, 0, list.Find(".seasons-list tbody tr").Length())
}

// The settings form saves with its version; a save from a stale form is a 409 that
// shows what is stored beside what was typed, and saving again then wins.
func TestSeasonSettingsStaleSaveShowsTheConflict(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	path := createSeason(t, c, seasonForm("Campionato 2026"))
	edit := c.Get(path + "/edit").Doc(t)
	version, _ := edit.Find(`input[name=version]`).Attr("value")
	assert.Equal(t, "25 20 16", edit.Find("#table").AttrOr("value", ""))
	assert.Equal(t, "place", edit.Find(`input[name=method][checked]`).AttrOr("value", ""))

	// Someone else saves first (best 3).
	first := seasonForm("Campionato 2026")
	first.Set("version", version)
	first.Set("best", "3")
	require.Equal(t, http.StatusSeeOther, c.Post(path, first).StatusCode)

	// The stale form (best 4) is refused, not saved over.
	stale := seasonForm("Campionato 2026")
	stale.Set("version", version)
	stale.Set("best", "4")
	res := c.Post(path, stale)
	require.Equal(t, http.StatusConflict, res.StatusCode)
	doc := res.Doc(t)
	row := doc.Find("table.conflict tbody tr")
	require.Equal(t, 1, row.Length(), "only the field that differs")
	assert.Contains(t, row.Find("th").Text(), "best N")
	assert.Equal(t, "3", strings.TrimSpace(row.Find("td").First().Text()))
	assert.Equal(t, "4", strings.TrimSpace(row.Find("td").Last().Text()))
	assert.Equal(t, "4", doc.Find("#best").AttrOr("value", ""), "what was typed is kept")
	got, err := a.Server.Seasons.Get(t.Context(), viewtest.IDFrom(path))
	require.NoError(t, err)
	assert.Equal(t, 3, got.Settings.Best, "the first save stands")

	// Saving the form again (it carries the new version) saves what was typed.
	again := seasonForm("Campionato 2026")
	again.Set("version", doc.Find(`input[name=version]`).AttrOr("value", ""))
	again.Set("best", "4")
	require.Equal(t, http.StatusSeeOther, c.Post(path, again).StatusCode)
	got, err = a.Server.Seasons.Get(t.Context(), viewtest.IDFrom(path))
	require.NoError(t, err)
	assert.Equal(t, 4, got.Settings.Best)
}

// The season's page: evenings added and taken out through the forms, a tournament out
// of the season's dates refused next to the field, the standings with each evening's
// points, the dropped ones struck through (best 2 of 3), the unranked marked.
func TestSeasonPageShowsCountedAndDropped(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	ids := players(t, a, 4)
	ev1 := evening(t, c, "Serata 1", "2026-02-05", ids[:3], [3]int{300, 200, 100})
	ev2 := evening(t, c, "Serata 2", "2026-02-12", ids[:3], [3]int{100, 300, 200})
	ev3 := evening(t, c, "Serata 3", "2026-02-19", []int64{ids[0], ids[1], ids[3]}, [3]int{200, 100, 300})
	outside := evening(t, c, "Estate", "2027-07-01", ids[:3], [3]int{300, 200, 100})
	path := createSeason(t, c, seasonForm("Campionato 2026"))

	page := c.Get(path).Doc(t)
	options := page.Find("#tournament_id option")
	assert.Equal(t, 3, options.Length(), "the tournaments in the season's dates")
	assert.NotContains(t, options.Text(), "Estate")
	for _, ev := range []string{ev1, ev2, ev3} {
		res := c.Post(path+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(ev))}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	res := c.Post(path+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(outside))}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Equal(t, 1, res.Doc(t).Find("#tournament_id-error").Length(), "out of the dates: said next to the field")
	res = c.Post(path+"/tournaments", url.Values{"tournament_id": {"abc"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, 1, res.Doc(t).Find("#tournament_id-error").Length())

	// Table 25 20 16, best 2, ranked from 2 evenings, bonus 1 an evening. Each evening
	// has three players on distinct scores: 25, 20 and 16 are given once each. P01 and
	// P02 played the three evenings: one result each is dropped; P03 played two (both
	// count); P04 one, under the minimum: not ranked, last.
	page = c.Get(path).Doc(t)
	assert.Equal(t, 3, page.Find(".season-table thead th.ev-col").Length())
	rows := page.Find(".season-table tbody tr")
	require.Equal(t, 4, rows.Length())
	byName := map[string]*goquery.Selection{}
	rows.Each(func(_ int, row *goquery.Selection) {
		byName[strings.TrimSpace(row.Find(".name").Text())] = row
		// The total is the sum of the counted cells and the bonus of every evening played.
		sum, played := 0, 0
		row.Find("td.ev-cell").Each(func(_ int, td *goquery.Selection) {
			if td.Find(".absent").Length() > 0 {
				return
			}
			played++
			var n int
			_, err := fmt.Sscan(strings.TrimSpace(td.Text()), &n)
			require.NoError(t, err)
			assert.Contains(t, []int{25, 20, 16}, n)
			if td.Find("s.dropped").Length() == 0 {
				sum += n
			}
		})
		assert.Equal(t, fmt.Sprint(sum+played), strings.TrimSpace(row.Find("td.season-total").Text()), row.Find(".name").Text())
	})
	for name, want := range map[string]struct{ dropped, absent int }{
		"Rossi P01": {1, 0}, "Rossi P02": {1, 0}, "Rossi P03": {0, 1}, "Rossi P04": {0, 2},
	} {
		row := byName[name]
		require.NotNil(t, row, name)
		assert.Equal(t, want.dropped, row.Find("s.dropped").Length(), "%s: dropped struck through", name)
		assert.Equal(t, want.absent, row.Find(".absent").Length(), name)
	}
	last := rows.Last()
	assert.Equal(t, "Rossi P04", strings.TrimSpace(last.Find(".name").Text()), "the unranked come last")
	assert.True(t, last.HasClass("unranked"))
	assert.Equal(t, "–", strings.TrimSpace(last.Find(".place").Text()))
	legend := page.Find(".season-legend").Text()
	assert.Contains(t, legend, "only the best 2 evenings count")
	assert.Contains(t, legend, "fewer than 2 evenings")

	// A correction of evening 1 changes the season's standings.
	before := byName["Rossi P01"].Find("td.ev-cell").First().Text()
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(ev1, 1, 1, [3]int{100, 200, 300}).StatusCode)
	page = c.Get(path).Doc(t)
	var after string
	page.Find(".season-table tbody tr").Each(func(_ int, row *goquery.Selection) {
		if strings.TrimSpace(row.Find(".name").Text()) == "Rossi P01" {
			after = row.Find("td.ev-cell").First().Text()
		}
	})
	assert.NotEqual(t, strings.TrimSpace(before), strings.TrimSpace(after), "evening 1 corrected: its points in the season moved")

	// Taking evening 3 out: two columns left, the tournament stays.
	res = c.Post(fmt.Sprintf("%s/tournaments/%d/remove", path, viewtest.IDFrom(ev3)), nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	page = c.Get(path).Doc(t)
	assert.Equal(t, 2, page.Find(".season-table thead th.ev-col").Length())
	assert.Equal(t, http.StatusOK, c.Get(ev3).StatusCode)

	// Every form of the page carries the CSRF token; a post without it is refused.
	page.Find("form[method=post]").Each(func(_ int, f *goquery.Selection) {
		assert.Equal(t, 1, f.Find(`input[name=_csrf]`).Length(), f.AttrOr("action", ""))
	})
	req, _ := http.NewRequest(http.MethodPost, a.Srv.URL+path+"/publish", strings.NewReader("published=true&version=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	assert.Equal(t, http.StatusForbidden, c.Do(req).StatusCode)
}

// A new tournament can be put in a season from its own form: a date outside the
// season's is refused next to the field (and nothing is created), one inside counts.
func TestNewTournamentChoosesItsSeason(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	path := createSeason(t, c, seasonForm("Campionato 2026"))
	sid := viewtest.IDFrom(path)
	doc := c.Get("/tournaments/new").Doc(t)
	assert.Equal(t, fmt.Sprint(sid), doc.Find(`#season_id option`).Last().AttrOr("value", ""))

	form := url.Values{"name": {"Serata fuori"}, "date": {"2027-01-14"}, "games": {"2"}, "hands_per_game": {"3"},
		"sit_out": {"rotate"}, "bye_points": {"3"}, "season_id": {fmt.Sprint(sid)}}
	res := c.Post("/tournaments", form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#season_id-error").Text(), "outside the season's dates")
	assert.Equal(t, fmt.Sprint(sid), doc.Find(`#season_id option[selected]`).AttrOr("value", ""), "the choice is kept")
	assert.Equal(t, "Serata fuori", doc.Find("#name").AttrOr("value", ""))
	ts, err := a.Server.Tournaments.List(t.Context())
	require.NoError(t, err)
	assert.Empty(t, ts, "nothing created")

	form.Set("date", "2026-01-15")
	res = c.Post("/tournaments", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	tid := viewtest.IDFrom(strings.TrimSuffix(res.Header.Get("Location"), "/entries"))
	s, err := a.Server.Seasons.Get(t.Context(), sid)
	require.NoError(t, err)
	assert.Equal(t, []int64{tid}, s.Tournaments)
}
