package tournaments_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestStartContinuedStagePage: a finished Danish evening offers a next stage that
// continues it; the confirmation says the entries carry their VP and MP on, the start
// keeps it, and a knockout asked to continue is refused next to the choice.
func TestStartContinuedStagePage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	api := func(method, path, body string, out any) {
		t.Helper()
		res := app.Client().API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	api("POST", "/api/v1/tournaments", `{"name":"Danese","date":"2026-11-26","format":"danish",
		"settings":{"sides":"pairs","rounds":1,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12,"bye_mp":0}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for i := range 4 {
		var p1, p2 struct{ ID int64 }
		api("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"Uno","last_name":"P%d"}`, i), &p1)
		api("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"Due","last_name":"P%d"}`, i), &p2)
		api("POST", base+"/entries", fmt.Sprintf(`{"pair":[%d,%d]}`, p1.ID, p2.ID), nil)
	}
	api("POST", base+"/entries/present", "", nil)
	api("POST", base+"/draw", `{"seed":3}`, nil)
	for tb := 1; tb <= 2; tb++ {
		api("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":600}]]}`, 600+300*tb), nil)
	}

	page := fmt.Sprintf("/tournaments/%d", tr.ID)
	doc := c.Get(page).Doc(t)
	assert.Equal(t, 1, doc.Find(`#stage-start option[value="continued"]`).Length(), "the choice is offered")
	assert.Equal(t, 1, doc.Find(`#stage-format option[value="danish"]`).Length())

	res := c.Get(page + "/stages/new?format=danish&start=continued")
	require.Equal(t, http.StatusOK, res.StatusCode)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find(".stage-confirm").Text(), "carry on with their VP and MP")
	assert.Equal(t, 4, doc.Find(".stage-qualifiers li").Length(), "everyone carries on")
	assert.Equal(t, "continued", doc.Find(`input[name="start"]`).AttrOr("value", ""))

	res = c.Post(page+"/stages", url.Values{"format": {"knockout"}, "start": {"continued"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find("#start-error").Text(), "Only a Danish or Mitchell stage can continue")

	res = c.Post(page+"/stages", url.Values{"format": {"danish"}, "start": {"continued"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	var st struct {
		Stage     int
		Standings []struct{ VP string }
	}
	api("GET", base+"/standings", "", &st)
	assert.Equal(t, 2, st.Stage)
	require.Len(t, st.Standings, 4)
	// Table 1: 900–600, +300 → 13-7 VP; table 2: 1200–600, +600 → 15-5 VP. Stage 2, before
	// its round 1, ranks the carried values: 15, 13, 7, 5.
	var vps []string
	for _, l := range st.Standings {
		vps = append(vps, l.VP)
	}
	assert.Equal(t, []string{"15", "13", "7", "5"}, vps)
}
