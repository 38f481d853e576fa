package teams_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

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
