package seasons_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A player's page in the registry lists every tournament played (date, format, place,
// points) and their place in each season, with the public line linked once the season
// is published.
func TestPlayerHistoryPage(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	ids := players(t, a, 4)
	ev1 := evening(t, c, "Serata uno", "2026-05-07", ids[:3], [3]int{300, 200, 100})
	evening(t, c, "Serata due", "2026-05-14", ids[1:], [3]int{300, 200, 100})
	path := createSeason(t, c, seasonForm("Campionato di maggio"))
	sid := viewtest.IDFrom(path)
	require.Equal(t, http.StatusSeeOther, c.Post(path+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(ev1))}}).StatusCode)

	hist, err := a.Server.Seasons.PlayerHistory(t.Context(), ids[1])
	require.NoError(t, err)
	require.Len(t, hist.Played, 2, "P02 played both evenings")

	doc := c.Get(fmt.Sprintf("/players/%d", ids[1])).Doc(t)
	assert.Contains(t, doc.Find("h1").Text(), "Rossi P02")
	rows := doc.Find(".player-history tbody tr")
	require.Equal(t, 2, rows.Length())
	for i, r := range hist.Played {
		row := rows.Eq(i)
		assert.Contains(t, row.Text(), r.Name)
		assert.Contains(t, row.Text(), fmt.Sprintf("%d", r.Place))
		assert.Contains(t, row.Find("td").Eq(2).Text(), "3", "the format's name") // "Individuale, tavoli da 3" / "tables of 3"
	}
	seasons := doc.Find(".player-seasons tbody tr")
	require.Equal(t, 1, seasons.Length(), "one season")
	assert.Contains(t, seasons.Text(), "Campionato di maggio")
	assert.Equal(t, 0, seasons.Find("a.public-line").Length(), "no public link before publishing")

	s, err := a.Server.Seasons.Get(t.Context(), sid)
	require.NoError(t, err)
	require.Equal(t, http.StatusSeeOther, c.Post(path+"/publish", url.Values{"published": {"true"}, "version": {fmt.Sprint(s.Version)}}).StatusCode)
	doc = c.Get(fmt.Sprintf("/players/%d", ids[1])).Doc(t)
	link, ok := doc.Find(".player-seasons a.public-line").Attr("href")
	require.True(t, ok, "the published season's public line")
	assert.Equal(t, fmt.Sprintf("/p/seasons/%d/players/%d", sid, ids[1]), link)
	assert.Equal(t, http.StatusOK, a.Client().Get(link).StatusCode)

	// The evening's public page of an entry links to the player's line in the published
	// season.
	tid := viewtest.IDFrom(ev1)
	tr, err := a.Server.Tournaments.Load(t.Context(), tid)
	require.NoError(t, err)
	require.Equal(t, http.StatusSeeOther, c.Post(ev1+"/publish", url.Values{"published": {"true"}, "version": {fmt.Sprint(tr.Tournament.Version)}}).StatusCode)
	var eid int64
	for _, e := range tr.Entries {
		if len(e.Members) == 1 && e.Members[0].PlayerID == ids[1] {
			eid = e.ID
		}
	}
	require.NotZero(t, eid)
	pub := a.Client().Get(fmt.Sprintf("/p/%d/players/%d", tid, eid)).Doc(t)
	assert.Equal(t, link, pub.Find(".pub-season-links a").AttrOr("href", ""))
	assert.Contains(t, pub.Find(".pub-season-links a").Text(), "Campionato di maggio")

	// A player who played nothing: the page says so.
	doc = c.Get(fmt.Sprintf("/players/%d", ids[3])).Doc(t)
	assert.Equal(t, 1, doc.Find(".player-history tbody tr").Length())
	assert.True(t, strings.Contains(doc.Find(".player-seasons").Text(), "Not in any season yet"))
	assert.Equal(t, http.StatusNotFound, c.Get("/players/999999").StatusCode)
}
