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

// A season with an evening still being played (game 1 of 2 scored): the director's page,
// the public page, the PDF and CSV say the standings are provisional and list the
// evening in progress, not counted; the federation file is one click from the season's
// and the tournament's pages (final 0 while provisional). Once its last game is
// complete it counts and the marks go.
func TestSeasonMarksAnEveningInProgress(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	c.Lang = "it"
	ids := players(t, a, 3)
	done := evening(t, c, "Serata 1", "2026-03-05", ids, [3]int{300, 200, 100})
	live := evening(t, c, "Serata 2", "2026-03-12", ids, [3]int{100, 200, 300})
	// Serata 2 plays two games: its second is still to draw.
	st, err := a.Server.Tournaments.Load(t.Context(), viewtest.IDFrom(live))
	require.NoError(t, err)
	tr, stage := st.Tournament, st.Stage
	res := c.Post(live, url.Values{"name": {"Serata 2"}, "date": {"2026-03-12"}, "venue": {"Circolo"}, "games": {"2"},
		"hands_per_game": {"3"}, "sit_out": {"rotate"}, "bye_points": {"3"}, "version": {fmt.Sprint(stage.Version)},
		"tournament_version": {fmt.Sprint(tr.Version)}})
	require.Less(t, res.StatusCode, 400, res.Body)
	st, err = a.Server.Tournaments.Load(t.Context(), viewtest.IDFrom(live))
	require.NoError(t, err)
	require.Equal(t, 2, st.Stage.Settings.Rounds(), "the evening now has two games")

	path := createSeason(t, c, seasonForm("Campionato"))
	for _, ev := range []string{done, live} {
		require.Equal(t, http.StatusSeeOther, c.Post(path+"/tournaments", url.Values{"tournament_id": {fmt.Sprint(viewtest.IDFrom(ev))}}).StatusCode)
	}
	sid := viewtest.IDFrom(path)
	s, err := a.Server.Seasons.Get(t.Context(), sid)
	require.NoError(t, err)
	require.Equal(t, http.StatusSeeOther, c.Post(path+"/publish", url.Values{"published": {"true"}, "version": {fmt.Sprint(s.Version)}}).StatusCode)

	doc := c.Get(path).Doc(t)
	note := doc.Find(".season-provisional")
	require.Equal(t, 1, note.Length(), "the director's page says the standings are provisional")
	assert.Contains(t, note.Text(), "Classifica provvisoria")
	assert.Contains(t, note.Text(), "Serata 2")
	assert.Equal(t, 1, doc.Find(".season-table thead .ev-col").Length(), "only the finished evening is a column")
	row := doc.Find(".season-evenings tr.in-progress")
	require.Equal(t, 1, row.Length(), "the evening in progress is listed, marked")
	assert.Contains(t, row.Text(), "in corso")
	fed, ok := doc.Find("a#federation-file").Attr("href")
	require.True(t, ok, "the federation file is one click from the season's page")
	res = c.Get(fed)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Contains(t, res.Header.Get("Content-Disposition"), "federation.csv")
	lines := strings.Split(strings.TrimSpace(strings.TrimPrefix(res.Body, "\ufeff")), "\n")
	assert.True(t, strings.HasSuffix(lines[0], ";final"), lines[0])
	for _, l := range lines[1:] {
		assert.True(t, strings.HasSuffix(l, ";0"), "provisional: %s", l)
		assert.NotContains(t, l, "Serata 2", "the evening in progress is not in the file")
	}
	tfed, ok := c.Get(live).Doc(t).Find("a#federation-file").Attr("href")
	require.True(t, ok, "the federation file is one click from the tournament's page")
	assert.Equal(t, http.StatusOK, c.Get(tfed).StatusCode)

	pub := c.Get(fmt.Sprintf("/p/seasons/%d", sid)).Doc(t)
	assert.Contains(t, pub.Find(".season-provisional").Text(), "Serata 2", "the public page says it too")
	csv := c.Get(path + "/standings.csv").Body
	assert.Contains(t, csv, "classifica provvisoria")
	assert.NotContains(t, csv, "classifica finale")

	// Game 2 drawn and scored: the evening is final and counts at once.
	require.Equal(t, http.StatusSeeOther, c.Post(live+"/draw", url.Values{"seed": {"6"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(live, 2, 1, [3]int{300, 200, 100}).StatusCode)
	doc = c.Get(path).Doc(t)
	assert.Equal(t, 0, doc.Find(".season-provisional").Length())
	assert.Equal(t, 0, doc.Find(".season-evenings tr.in-progress").Length())
	assert.Equal(t, 2, doc.Find(".season-table thead .ev-col").Length())
	assert.Contains(t, c.Get(path+"/standings.csv").Body, "classifica finale")
	assert.True(t, strings.HasSuffix(strings.TrimSpace(c.Get(fed).Body), ";1"))
}
