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

// An individual evening at 4-player tables in odd states: 10 players (two byes), a
// seated player withdrawn after the draw, a bye's player withdrawn, the round played,
// the next drawn; every page, its API twin and the public pages answer, none 500.
func TestIndividual4OddStates(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Individuale","date":"2026-11-24","format":"individual4","settings":{"rounds":3,"hands_per_round":3}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api, html := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID), fmt.Sprintf("/tournaments/%d", tr.ID)
	var entries []int64
	for i := range 10 {
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Solo","last_name":"Numero%02d"}`, i+1), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		var e struct{ ID int64 }
		res = c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, p.ID), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		entries = append(entries, e.ID)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	res = c.API("PUT", api+"/published", tok, `{"published":true}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	check := func(label string, rounds int) {
		t.Helper()
		paths := []string{html, html + "/entries", html + "/standings", html + "/history", html + "/standings.csv"}
		for n := 1; n <= rounds; n++ {
			paths = append(paths, fmt.Sprintf("%s/rounds/%d", html, n), fmt.Sprintf("%s/rounds/%d/print", html, n), fmt.Sprintf("%s/rounds/%d/tables/1", html, n), fmt.Sprintf("%s/rounds/%d/seats", html, n))
		}
		for _, p := range paths {
			assert.Less(t, c.Get(p).StatusCode, 500, "%s: %s", label, p)
		}
		anon := app.Client()
		pub := []string{fmt.Sprintf("/p/%d", tr.ID), fmt.Sprintf("/p/%d/standings", tr.ID), fmt.Sprintf("/api/v1/public/tournaments/%d", tr.ID)}
		for _, e := range entries {
			pub = append(pub, fmt.Sprintf("/p/%d/players/%d", tr.ID, e), fmt.Sprintf("/api/v1/public/tournaments/%d/players/%d", tr.ID, e))
		}
		for _, p := range pub {
			assert.Less(t, anon.Get(p).StatusCode, 500, "%s: %s", label, p)
		}
	}
	var r dto.Round
	res = c.API("POST", api+"/draw", tok, `{"seed":4,"round":1}`, &r)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	require.Len(t, r.Tables, 2)
	check("drawn", 1)
	seated := r.Tables[0].Sides[0].Partners[0]
	res = c.API("POST", fmt.Sprintf("%s/entries/%d", api, seated), tok, `{"withdrawn":true}`, nil)
	assert.Less(t, res.StatusCode, 500, res.Body)
	check("a seated partner withdrawn", 1)
	if len(r.Byes) > 0 {
		res = c.API("POST", fmt.Sprintf("%s/entries/%d", api, r.Byes[0].EntryID), tok, `{"withdrawn":true}`, nil)
		assert.Less(t, res.StatusCode, 500, res.Body)
		check("a bye withdrawn", 1)
	}
	res = c.API("GET", api+"/rounds/1", tok, "", &r)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	for _, tb := range r.Tables {
		saveTotals(t, c, tok, api, 1, tb.Number, 500, 400)
	}
	check("played", 1)
	res = c.API("POST", api+"/draw", tok, `{"seed":5,"round":2}`, nil)
	assert.Less(t, res.StatusCode, 500, res.Body)
	check("round 2", 2)
}
