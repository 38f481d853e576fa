package views

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An unknown address is a 404 page for everyone; a director page still asks a visitor
// to log in (so a 404 never tells a visitor which director pages exist).
func TestUnknownPathIsNotFound(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	anon := app.client()
	for _, path := range []string{"/nowhere", "/tournaments/1/nowhere", "/players/1/edit/more"} {
		res := anon.get(path)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, path)
		assert.Contains(t, res.body, "Page not found.", path)
		assert.NotContains(t, res.body, `href="/tournaments"`, "no director navigation for a visitor")
		assert.Equal(t, http.StatusNotFound, c.get(path).StatusCode, path)
	}
	res := anon.get("/tournaments/1")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/login?next=%2Ftournaments%2F1", res.Header.Get("Location"))
	assert.Equal(t, http.StatusSeeOther, anon.get("/").StatusCode)
	assert.Equal(t, http.StatusNotFound, c.get("/tournaments/999").StatusCode)
}

// drawn creates a tournament of n players through the pages and draws game 1 with a
// fixed seed; it returns the tournament's and the game's paths.
func drawn(t *testing.T, c *client, n int) (base, game1 string) {
	t.Helper()
	base = newTournamentHTML(t, c, n)
	res := c.post(base+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	return base, res.Header.Get("Location")
}

// Dates read as each language writes them (ISO stays in inputs); one player sitting out
// is singular.
func TestDatesAndSitOutInTheirLanguage(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	base, game1 := drawn(t, c, 4)

	c.lang = "it"
	doc := c.get(game1).doc(t)
	assert.Contains(t, doc.Find(".subtitle").Text(), "giovedì 26 novembre 2026")
	assert.NotContains(t, doc.Text(), "2026-11-26")
	assert.Equal(t, "Riposa:", doc.Find(".sitouts strong").Text(), "one player sits out: singular")
	assert.Contains(t, c.get(game1+"/print").doc(t).Find(".print-sub").First().Text(), "giovedì 26 novembre 2026")
	assert.Contains(t, c.get(base+"/standings").doc(t).Find(".print-sub").Text(), "giovedì 26 novembre 2026")
	assert.Contains(t, c.get("/tournaments").doc(t).Find("tbody td").First().Text(), "26/11/2026")
	assert.Equal(t, "2026-11-26", c.get(base+"/edit").doc(t).Find("#date").AttrOr("value", ""), "inputs keep ISO")

	c.lang = "en"
	doc = c.get(game1).doc(t)
	assert.Contains(t, doc.Find(".subtitle").Text(), "Thursday 26 November 2026")
	assert.Equal(t, "Sitting out:", doc.Find(".sitouts strong").Text())
	assert.Contains(t, c.get("/tournaments").doc(t).Find("tbody td").First().Text(), "26 Nov 2026")

	// Two sitting out: plural in Italian.
	_, game1 = drawn(t, c, 5)
	c.lang = "it"
	assert.Equal(t, "Riposano:", c.get(game1).doc(t).Find(".sitouts strong").Text())
}
