package ranking_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestOfficerFindsTheFederationsPages: the officer's navigation leads to the clubs, the
// national registry and the ranking's settings (the last two were reachable only by
// typing their address); a club's director sees none of the three. A named line of the
// public ranking leads to the player's profile, a hidden one to nothing; a line without
// a region does not start with a stray "·".
func TestOfficerFindsTheFederationsPages(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	federation := []string{"/clubs", "/national", "/ranking/settings"}
	nav := c.Get("/tournaments").Doc(t).Find("nav.mainnav")
	for _, href := range federation {
		link := nav.Find(`a[href="` + href + `"]`)
		require.Equal(t, 1, link.Length(), "the officer's navigation links %s", href)
		assert.NotEmpty(t, strings.TrimSpace(link.Text()))
		res := c.Get(href)
		assert.Equal(t, http.StatusOK, res.StatusCode, href)
		assert.Equal(t, 1, res.Doc(t).Find(`nav.mainnav a.active[href="`+href+`"]`).Length(), "%s is marked as the current page", href)
	}

	res := c.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Less(t, res.StatusCode, 400, res.Body)
	bruno := a.Client()
	res = bruno.Post("/login", url.Values{"username": {"bruno"}, "password": {"0123456789"}})
	require.Less(t, res.StatusCode, 400, res.Body)
	nav = bruno.Get("/tournaments").Doc(t).Find("nav.mainnav")
	require.Equal(t, 1, nav.Length())
	for _, href := range federation {
		assert.Zero(t, nav.Find(`a[href="`+href+`"]`).Length(), "a club's director has no link to %s", href)
	}

	tok := a.APIToken(c)
	var p struct{ ID int64 }
	res = c.API(http.MethodPost, "/api/v1/players", tok, `{"first_name":"Luca","last_name":"Bianchi","card_number":"FIB-1"}`, &p)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	rank(t, a, 1, 1, 2) // national record 1 (Luca Bianchi) first, record 2 (none) second
	doc := c.Get("/p/ranking").Doc(t)
	lines := doc.Find("li.ranking-line")
	require.Equal(t, 2, lines.Length())
	href, _ := lines.First().Find(".ranking-name a").Attr("href")
	assert.Equal(t, "/p/players/1", href)
	assert.Equal(t, "Bianchi Luca", lines.First().Find(".ranking-name a").Text())
	assert.Zero(t, lines.Last().Find(".ranking-name a").Length(), "no profile for a player not shown")
	counted := strings.Join(strings.Fields(lines.First().Find(".ranking-name .ranking-detail").Text()), " ")
	assert.Equal(t, "results counted: 1 of 1", counted) // the test client reads English
}
