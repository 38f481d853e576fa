package seasons_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A season's public page, player line and projector are 404 until published (the same
// as a season that does not exist), then read-only pages kept per revision key: a 304
// for a client that has the page, a new page once an evening is corrected; the
// projector polls with the key it shows. A stale publish is a conflict.
func TestSeasonPublicPages(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	ids := players(t, a, 3)
	ev1 := evening(t, c, "Serata 1", "2026-03-05", ids, [3]int{300, 200, 100})
	path := createSeason(t, c, seasonForm("Campionato di primavera"))
	sid := viewtest.IDFrom(path)
	require.Equal(t, http.StatusSeeOther, c.Post(path+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(ev1))}}).StatusCode)

	anon := a.Client()
	pub := fmt.Sprintf("/p/seasons/%d", sid)
	line := fmt.Sprintf("%s/players/%d", pub, ids[0])
	for _, p := range []string{pub, line, pub + "/projector", pub + "/projector/live", "/p/seasons/999"} {
		assert.Equal(t, http.StatusNotFound, anon.Get(p).StatusCode, p)
	}
	assert.Equal(t, 0, c.Get(path).Doc(t).Find(`.public-links a[href="`+pub+`"]`).Length(), "no public link before publishing")

	// A stale publish (an old version) is a conflict; the current one publishes.
	s, err := a.Server.Seasons.Get(t.Context(), sid)
	require.NoError(t, err)
	res := c.Post(path+"/publish", url.Values{"published": {"true"}, "version": {fmt.Sprint(s.Version - 1)}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.NotEmpty(t, res.Doc(t).Find(".alert").Text())
	require.Equal(t, http.StatusSeeOther, c.Post(path+"/publish", url.Values{"published": {"true"}, "version": {fmt.Sprint(s.Version)}}).StatusCode)
	assert.Equal(t, 1, c.Get(path).Doc(t).Find(`.public-links a[href="`+pub+`"]`).Length())

	res = anon.Get(pub)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, 0, doc.Find("form").Length(), "no form on a public page")
	assert.Equal(t, 3, doc.Find(".season-table tbody tr").Length())
	href, _ := doc.Find(".season-table tbody tr .name a").First().Attr("href")
	assert.True(t, strings.HasPrefix(href, pub+"/players/"), href)
	assert.NotContains(t, res.Body, "RM001", "no card number on a public page")

	// Kept per key: the same bytes and a 304 while nothing changed.
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)
	req, _ := http.NewRequest(http.MethodGet, a.Srv.URL+pub, nil)
	req.Header.Set("If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, anon.Do(req).StatusCode)

	lineDoc := anon.Get(line).Doc(t)
	assert.Contains(t, lineDoc.Find("h2").Text(), "Rossi P01")
	assert.Equal(t, 1, lineDoc.Find(".season-lines tbody tr").Length(), "one evening played")
	assert.Equal(t, http.StatusNotFound, anon.Get(fmt.Sprintf("%s/players/%d", pub, 999999)).StatusCode)

	// The projector: its content carries the key; polled with it, 204; else the content.
	proj := anon.Get(pub + "/projector").Doc(t)
	key, ok := proj.Find("#projector").Attr("data-revision")
	require.True(t, ok)
	assert.Equal(t, http.StatusNoContent, anon.Get(pub+"/projector/live?since="+url.QueryEscape(key)).StatusCode)
	assert.Equal(t, http.StatusOK, anon.Get(pub+"/projector/live?since=old").StatusCode)

	// A correction of the evening moves the key: a new page, not the kept one.
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(ev1, 1, 1, [3]int{100, 200, 300}).StatusCode)
	req, _ = http.NewRequest(http.MethodGet, a.Srv.URL+pub, nil)
	req.Header.Set("If-None-Match", etag)
	again := anon.Do(req)
	assert.Equal(t, http.StatusOK, again.StatusCode, "the evening changed: the page is rendered again")
	assert.NotEqual(t, etag, again.Header.Get("ETag"))
	assert.Equal(t, http.StatusOK, anon.Get(pub+"/projector/live?since="+url.QueryEscape(key)).StatusCode, "the projector swaps in the new standings")

	// Unpublished: 404 again.
	s, err = a.Server.Seasons.Get(t.Context(), sid)
	require.NoError(t, err)
	require.Equal(t, http.StatusSeeOther, c.Post(path+"/publish", url.Values{"published": {"false"}, "version": {fmt.Sprint(s.Version)}}).StatusCode)
	assert.Equal(t, http.StatusNotFound, anon.Get(pub).StatusCode)
}

// The standings download in the reader's language: Italian with ';' and a decimal comma,
// English with ','; a dropped result in brackets; the PDF is a PDF.
func TestSeasonStandingsDownloads(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	ids := players(t, a, 3)
	form := seasonForm("Campionato")
	form.Set("table", "25 20 15") // three shared places share (25+20+15)/3 = 20 exactly
	form.Set("best", "1")
	form.Set("bonus", "")
	path := createSeason(t, c, form)
	for i, day := range []string{"2026-04-02", "2026-04-09"} {
		// Evening 1: all three tied, 20 each. Evening 2: distinct, 25, 20 and 15.
		scores := [3]int{100, 100, 100}
		if i == 1 {
			scores = [3]int{300, 200, 100}
		}
		ev := evening(t, c, fmt.Sprintf("Serata %d", i+1), day, ids, scores)
		require.Equal(t, http.StatusSeeOther, c.Post(path+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(ev))}}).StatusCode)
	}
	c.Lang = "it"
	res := c.Get(path + "/standings.csv")
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Contains(t, res.Header.Get("Content-Disposition"), "season-")
	rows := strings.Split(strings.TrimPrefix(strings.TrimSpace(res.Body), "\ufeff"), "\n")
	require.Len(t, rows, 4, res.Body)
	assert.True(t, strings.HasPrefix(rows[0], "#;Nome;Totale;Ser.;1 02/04;2 09/04"), rows[0])
	// Best 1 of 2: each player's worse evening is in brackets. Evening 1 gave 20 to all;
	// evening 2 gave 25, 20 and 15. The winner's 20 is dropped for 25; the other two
	// total 20 (a 20 kept, a 15 or the other 20 dropped) and share place 2.
	body := strings.Join(rows[1:], "\n")
	assert.Contains(t, body, ";25;2;(20);25", "the winner: 25 counted, evening 1's 20 dropped")
	assert.Equal(t, 3, strings.Count(body, "("), "one dropped a player")
	assert.Equal(t, 2, strings.Count(body, "\n2=;"), "two share place 2")
	c.Lang = "en"
	res = c.Get(path + "/standings.csv")
	assert.True(t, strings.HasPrefix(strings.TrimPrefix(res.Body, "\ufeff"), "#,Name,Total,Ev.,1 2 Apr,2 9 Apr"), res.Body)
	res = c.Get(path + "/standings.pdf")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.True(t, bytes.HasPrefix([]byte(res.Body), []byte("%PDF")))
	assert.Equal(t, http.StatusNotFound, c.Get(path+"/standings.xls").StatusCode)
}
