package ranking_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/ranking"
	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// rank puts an evening of n entries straight into the ranking's store (players first+1 …
// first+n, in place order), as the worker would.
func rank(t *testing.T, a *viewtest.App, tid int64, first int64, n int) {
	set := ranking.Defaults()
	asOf := time.Now().UTC()
	from, to := set.Span(asOf)
	ev := ranking.Evening{TournamentID: tid, ClubID: 1, Date: asOf.Format(time.DateOnly), Tier: ranking.TierClub}
	for i := 0; i < n; i++ {
		ev.Placings = append(ev.Placings, ranking.Placing{Place: i + 1, Players: []int64{first + int64(i)}})
	}
	require.NoError(t, a.Store.RankTournament(context.Background(), tid, tournament.Stamp{}, set.Results(ev),
		func(id int64, rs []ranking.Result) (ranking.Line, bool) { return set.Line(id, rs, from, to) }))
}

// TestPublicRankingPages: the public ranking in pages of 50, kept per revision (an ETag
// and a 304 while it holds, a new page once the ranking moves), its JSON twin and its
// CSV in the reader's conventions; the settings are an officer's.
func TestPublicRankingPages(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	rank(t, a, 1, 1, 60)

	res := c.Get("/p/ranking")
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, 50, doc.Find("li.ranking-line").Length())
	first := doc.Find("li.ranking-line").First()
	assert.Equal(t, "1", strings.TrimSpace(first.Find(".ranking-place").Text()))
	// 60 entries: band 32+, 125 %: 100 × 1.25.
	assert.Equal(t, "125", first.Find(".ranking-points").Text())
	tag := res.Header.Get("ETag")
	require.NotEmpty(t, tag)
	req, _ := http.NewRequest(http.MethodGet, a.Srv.URL+"/p/ranking", nil)
	req.Header.Set("If-None-Match", tag)
	assert.Equal(t, http.StatusNotModified, c.Do(req).StatusCode)

	res = c.Get("/p/ranking?page=2")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, 10, res.Doc(t).Find("li.ranking-line").Length())

	var r dto.Ranking
	res = c.API(http.MethodGet, "/api/v1/public/ranking?page=2", "", "", &r)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 60, r.Total)
	assert.Equal(t, 2, r.Pages)
	require.Len(t, r.Lines, 10)
	// Places 21 to 60 are past the table: the floor for all, ex aequo 21st.
	assert.Equal(t, 21, r.Lines[0].Place)
	assert.True(t, r.Lines[0].Tied)
	assert.Equal(t, "2.5", r.Lines[0].Points)
	res = c.API(http.MethodGet, "/api/v1/public/ranking?page=0", "", "", nil)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)

	// The ranking moves: the page is rendered again.
	rank(t, a, 2, 1, 2)
	res = c.Get("/p/ranking")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.NotEqual(t, tag, res.Header.Get("ETag"))
	assert.Equal(t, "175", res.Doc(t).Find("li.ranking-line .ranking-points").First().Text(), "125 + 50 (1st of 2: 50 %)")

	// The CSV, in Italian: ';' and a decimal comma.
	res = c.Get("/p/ranking.csv?lang=it")
	require.Equal(t, http.StatusOK, res.StatusCode)
	lines := strings.Split(strings.TrimPrefix(res.Body, "\ufeff"), "\n")
	assert.Equal(t, "place;tied;player_id;name;region;category;points;results;counted;wins;best;as_of", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "1;0;1;;;;175;2;2;2;125;"), lines[1])
	assert.Len(t, lines, 62) // the header, 60 lines, the end

	// The settings are an officer's (the setup's director is one): the form, a problem next
	// to its field, a save, a stale save; another director is refused.
	res = c.Get("/ranking/settings")
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	form := url.Values{"table": {"100 80 65"}, "floor": {"90"}, "field": {"1:100"}, "tier_club": {"100"}, "tier_regional": {"150"},
		"tier_national": {"200"}, "window": {"year"}, "months": {""}, "best": {"5"}, "version": {"0"}}
	res = c.Post("/ranking/settings", form)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, 1, res.Doc(t).Find(".has-error #floor").Length(), "the floor is past the table's last points")
	form.Set("floor", "2")
	res = c.Post("/ranking/settings", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = c.Post("/ranking/settings", form)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "a save from version 0 again")
	tok := a.APIToken(c)
	var cfg dto.RankingConfig
	require.Equal(t, http.StatusOK, c.API(http.MethodGet, "/api/v1/ranking/settings", tok, "", &cfg).StatusCode)
	assert.Equal(t, 1, cfg.Version)
	assert.Equal(t, ranking.Year, cfg.Settings.Window)
	assert.Equal(t, []int{100, 80, 65}, cfg.Settings.Table)

	res = c.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Less(t, res.StatusCode, 400, res.Body)
	bruno := a.Client()
	res = bruno.Post("/login", url.Values{"username": {"bruno"}, "password": {"0123456789"}})
	require.Less(t, res.StatusCode, 400, res.Body)
	assert.Equal(t, http.StatusForbidden, bruno.Get("/ranking/settings").StatusCode)
	tb := a.APIToken(bruno)
	assert.Equal(t, http.StatusForbidden, c.API(http.MethodGet, "/api/v1/ranking/settings", tb, "", nil).StatusCode)
	var mine dto.Ranking
	require.Equal(t, http.StatusOK, c.API(http.MethodGet, "/api/v1/ranking", tb, "", &mine).StatusCode)
	assert.Equal(t, 60, mine.Total)
}
