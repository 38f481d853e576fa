package teams_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A team's page in Italian says MP, as the round page and the standings do, not "PM".
func TestTeamPageSaysMPInItalian(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	res := c.API("POST", ev.API+"/draw", tok, `{"seed":7,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	saveTotals(t, c, tok, ev.API, 1, 1, 1800, 900)
	saveTotals(t, c, tok, ev.API, 1, 2, 1000, 800)
	c.Lang = "it"
	doc := c.Get(fmt.Sprintf("%s/teams/%d", ev.HTML, ev.Teams[0])).Doc(t)
	page := strings.Join(strings.Fields(doc.Find("main").Text()), " ")
	assert.Contains(t, page, "MP totali")
	assert.Contains(t, page, "Gli MP del tavolo giocato da ciascuno")
	assert.NotContains(t, page, "PM ")
}

// A team's public page: the match's heading gives its VP; each of its lines gives the
// table it sat at and its score, not a table's "0" points (the match scores, not a table).
func TestPublicTeamPageGamesWithoutTablePoints(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	res := c.API("POST", ev.API+"/draw", tok, `{"seed":7,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	saveTotals(t, c, tok, ev.API, 1, 1, 1800, 900)
	saveTotals(t, c, tok, ev.API, 1, 2, 1000, 800)
	require.Equal(t, http.StatusOK, c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil).StatusCode)
	pub := app.Client()
	pub.Lang = "it"
	doc := pub.Get(fmt.Sprintf("/p/%d/players/%d", viewtest.IDFrom(ev.HTML), ev.Teams[0])).Doc(t)
	game := doc.Find(".pub-game").First()
	head := strings.Join(strings.Fields(game.Find("h3").Text()), " ")
	assert.Regexp(t, ` \d+ VP$`, head)
	lines := game.Find("li")
	require.Equal(t, 4, lines.Length(), "two tables of two sides")
	var tables []string
	lines.Each(func(_ int, li *goquery.Selection) {
		line := strings.Join(strings.Fields(li.Text()), " ")
		assert.NotContains(t, line, " · 0", line)
		assert.Regexp(t, `· Tavolo [12] (1800|900|1000|800)$`, line)
		small := strings.Join(strings.Fields(li.Find("small").Text()), " ")
		tables = append(tables, regexp.MustCompile(`· Tavolo \d+$`).FindString(small))
	})
	assert.ElementsMatch(t, []string{"· Tavolo 1", "· Tavolo 1", "· Tavolo 2", "· Tavolo 2"}, tables)
}
