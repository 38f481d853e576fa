package teams_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// pagesOK fetches every page of a teams tournament a director or the public may open and
// fails on any answer but want (200 for the director's pages; public ones as public).
func pagesOK(t *testing.T, c *viewtest.Client, tok string, ev *viewtest.TeamsEvening, rounds int, public int, label string) {
	t.Helper()
	paths := []string{ev.HTML, ev.HTML + "/entries", ev.HTML + "/standings", ev.HTML + "/history"}
	for n := 1; n <= rounds; n++ {
		paths = append(paths, fmt.Sprintf("%s/rounds/%d", ev.HTML, n))
	}
	for _, team := range ev.Teams {
		paths = append(paths, fmt.Sprintf("%s/teams/%d", ev.HTML, team))
	}
	for _, p := range paths {
		res := c.Get(p)
		assert.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", label, p)
	}
	for _, p := range []string{ev.API, ev.API + "/standings"} {
		res := c.API("GET", p, tok, "", nil)
		assert.Equal(t, http.StatusOK, res.StatusCode, "%s: %s %s", label, p, res.Body)
	}
	for _, team := range ev.Teams {
		res := c.API("GET", fmt.Sprintf("%s/teams/%d", ev.API, team), tok, "", nil)
		assert.Equal(t, http.StatusOK, res.StatusCode, "%s: team %d %s", label, team, res.Body)
	}
	id := ev.API[len("/api/v1/tournaments/"):]
	pub := []string{"/p/" + id, "/p/" + id + "/standings", "/api/v1/public/tournaments/" + id, "/api/v1/public/tournaments/" + id + "/standings"}
	for _, team := range ev.Teams {
		pub = append(pub, fmt.Sprintf("/p/%s/players/%d", id, team), fmt.Sprintf("/api/v1/public/tournaments/%s/players/%d", id, team))
	}
	for _, m := range ev.Members[0] {
		pub = append(pub, fmt.Sprintf("/p/%s/players/%d", id, m))
	}
	anon := c.App.Client()
	for _, p := range pub {
		res := anon.Get(p)
		if public == http.StatusOK && p == fmt.Sprintf("/p/%s/players/%d", id, ev.Members[0][0]) {
			assert.Less(t, res.StatusCode, 500, "%s: %s", label, p)
			continue
		}
		assert.Equal(t, public, res.StatusCode, "%s: %s %s", label, p, res.Body)
	}
}

// A 5-team evening in odd states: a bye team, a team withdrawn after the draw, the
// stage played out, then a knockout of its qualifiers; unpublished its public pages and
// JSON are not found; no page answers 500 at any step.
func TestTeamsOddStates(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 5)
	pagesOK(t, c, tok, ev, 0, http.StatusNotFound, "no round")
	for n := 1; n <= 3; n++ {
		var r dto.Round
		res := c.API("POST", ev.API+"/draw", tok, fmt.Sprintf(`{"seed":%d,"round":%d}`, n, n), &r)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		if n < 3 {
			require.Len(t, r.Byes, 1, "5 teams: a bye team")
		}
		pagesOK(t, c, tok, ev, n, http.StatusNotFound, fmt.Sprintf("round %d drawn", n))
		if n == 2 {
			// The bye team withdraws after the draw.
			res = c.API("POST", fmt.Sprintf("%s/entries/%d", ev.API, r.Byes[0].EntryID), tok, `{"withdrawn":true}`, nil)
			require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
			pagesOK(t, c, tok, ev, n, http.StatusNotFound, "bye team withdrawn")
		}
		for _, tb := range r.Tables {
			saveTotals(t, c, tok, ev.API, n, tb.Number, 900+10*tb.Number, 800)
		}
		pagesOK(t, c, tok, ev, n, http.StatusNotFound, fmt.Sprintf("round %d played", n))
	}
	// Every round drawn: there is no round 4 to name a line-up for.
	m := ev.Members[0]
	res := c.API("PUT", fmt.Sprintf("%s/rounds/4/lineups/%d", ev.API, ev.Teams[0]), tok, lineupJSON(m[1], m[0], m[3], m[2]), nil)
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "a round past the stage's: %s", res.Body)
	assert.Equal(t, http.StatusNotFound, c.Get(ev.HTML+"/rounds/4/lineups").StatusCode)
	res = c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	pagesOK(t, c, tok, ev, 3, http.StatusOK, "published")

	// A knockout of the teams' qualifiers.
	res = c.API("PUT", ev.API, tok, `{"name":"Squadre","date":"2026-11-24","format":"teams","qualifiers":4}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", ev.API+"/stages", tok, `{"format":"knockout"}`, nil)
	if res.StatusCode != http.StatusCreated {
		t.Logf("knockout after teams refused: %d %s", res.StatusCode, res.Body)
		assert.Less(t, res.StatusCode, 500, res.Body)
		return
	}
	res = c.API("POST", ev.API+"/draw", tok, `{"seed":1,"round":1}`, nil)
	assert.Less(t, res.StatusCode, 500, res.Body)
	for _, p := range []string{ev.HTML, ev.HTML + "/rounds/1", ev.HTML + "/bracket", ev.HTML + "/standings", ev.HTML + "/rounds/1/lineups", ev.HTML + "/rounds/1/sheets", ev.HTML + "/stages/1"} {
		res := c.Get(p)
		assert.Less(t, res.StatusCode, 500, "knockout: %s", p)
	}
	// A team left out of the knockout: its public page and JSON answer alike, never 500.
	anon := c.App.Client()
	for _, team := range ev.Teams {
		h := anon.Get(fmt.Sprintf("/p/%s/players/%d", ev.API[len("/api/v1/tournaments/"):], team)).StatusCode
		j := anon.Get(fmt.Sprintf("/api/v1/public/tournaments/%s/players/%d", ev.API[len("/api/v1/tournaments/"):], team)).StatusCode
		assert.Less(t, h, 500)
		assert.Equal(t, h, j, "team %d: the page and its JSON twin agree", team)
	}
}
