package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// The teams API: a team import previewed with its problems per line in words, then
// confirmed; a team edited; a line-up saved with If-Match, and a stale If-Match answered
// 409 with the line-up as stored and its version as ETag.
func TestAPITeams(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	for i := range 4 {
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Nuovo","last_name":"Iscritto%d","card_number":"N%d"}`, i+1, i+1), nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	}

	var refused dto.TeamImportRefused
	res := c.API("POST", ev.API+"/teams/import", tok, "team;last_name;first_name;card_number\nGufi;;;N1\nGufi;;;N2\nGufi;;;N3\n", &refused)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	require.Len(t, refused.Rows, 3)
	assert.Equal(t, "A team has 4 to 6 players.", refused.Rows[0].Messages["team"])
	var ti dto.TeamImport
	res = c.API("POST", ev.API+"/teams/import?confirm=true", tok, "team;last_name;first_name;card_number\nGufi;;;N1\nGufi;;;N2\nGufi;;;N3\nGufi;;;N4\n", &ti)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 1, ti.Entered)

	m := ev.Members[0]
	var e dto.Entry
	res = c.API("PUT", fmt.Sprintf("%s/teams/%d", ev.API, ev.Teams[0]), tok, fmt.Sprintf(`{"name":"Le Aquile","players":[%d,%d,%d,%d]}`, m[0], m[1], m[2], m[3]), &e)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, "Le Aquile", e.Name)

	path := fmt.Sprintf("%s/rounds/1/lineups/%d", ev.API, ev.Teams[0])
	put := func(ifMatch, body string) *viewtest.Response {
		req, _ := http.NewRequest("PUT", app.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		if ifMatch != "" {
			req.Header.Set("If-Match", ifMatch)
		}
		return c.Do(req)
	}
	res = put("", fmt.Sprintf(`{"pairs":[[%d,%d],[%d,%d]]}`, m[2], m[3], m[0], m[1]))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, `"1"`, res.Header.Get("ETag"))
	res = put(`"1"`, fmt.Sprintf(`{"pairs":[[%d,%d],[%d,%d]]}`, m[3], m[2], m[0], m[1]))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, `"2"`, res.Header.Get("ETag"))
	res = put(`"1"`, fmt.Sprintf(`{"pairs":[[%d,%d],[%d,%d]]}`, m[0], m[1], m[2], m[3]))
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, `"2"`, res.Header.Get("ETag"))
	var lc dto.LineupConflict
	require.NoError(t, json.Unmarshal([]byte(res.Body), &lc))
	assert.Equal(t, m[3], lc.Current.Pairs[0][0].PlayerID, "the line-up as stored")
	assert.Equal(t, 2, lc.Current.Version)
}
