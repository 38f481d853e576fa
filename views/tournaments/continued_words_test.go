package tournaments_test

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

// A stage that continues is not fed by qualifiers: the confirmation lists everyone as
// carrying on, the tournament's pages say stage 2 continues stage 1, and its standings
// have a column of what each entry carried.
func TestContinuedStageSaysItContinues(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	api := func(method, path, body string) {
		t.Helper()
		res := app.Client().API(method, path, tok, body, nil)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Danese","date":"2026-11-26","format":"danish",
		"settings":{"sides":"pairs","rounds":1,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12,"bye_mp":0}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for i := range 4 {
		var p1, p2 struct{ ID int64 }
		c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Uno","last_name":"P%d"}`, i), &p1)
		c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Due","last_name":"P%d"}`, i), &p2)
		api("POST", base+"/entries", fmt.Sprintf(`{"pair":[%d,%d]}`, p1.ID, p2.ID))
	}
	api("POST", base+"/entries/present", "")
	api("POST", base+"/draw", `{"seed":3}`)
	for tb := 1; tb <= 2; tb++ {
		api("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":600}]]}`, 600+300*tb))
	}
	page := fmt.Sprintf("/tournaments/%d", tr.ID)
	doc := c.Get(page + "/stages/new?format=danish&start=continued").Doc(t)
	assert.Equal(t, "Everyone carries on, best first", strings.TrimSpace(doc.Find(".stage-confirm h3").Text()))
	require.Equal(t, http.StatusSeeOther, c.Post(page+"/stages", url.Values{"format": {"danish"}, "start": {"continued"}}).StatusCode)
	sub := c.Get(page).Doc(t).Find(".subtitle").Text()
	assert.Contains(t, sub, "Stage 2, continuing stage 1")
	assert.NotContains(t, sub, "qualifiers")
	// The standings show what each entry carried: table 2 of stage 1 won 1200–600, +600
	// → 15–5 VP; the leader's "Stage 1" cell says 15, its MP 600 under it.
	st := c.Get(page + "/standings").Doc(t)
	assert.Equal(t, "Stage 1", strings.TrimSpace(st.Find(".standings-table thead th.carried").Text()))
	first := st.Find(".standings-table tbody tr").First().Find("td.carried")
	assert.Equal(t, "15", strings.TrimSpace(first.Find(".game-pts").Text()))
	assert.Equal(t, "600", strings.TrimSpace(first.Find(".game-score").Text()))
	c.Lang = "it"
	assert.Contains(t, c.Get(page).Doc(t).Find(".subtitle").Text(), "Fase 2, che continua la fase 1")
}
