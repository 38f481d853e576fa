package apptest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// drawPairs draws round 1 of a pairs evening through the API.
func drawPairs(t *testing.T, c *viewtest.Client, tok string, ev *viewtest.PairsEvening) {
	t.Helper()
	res := c.API("POST", ev.API+"/draw", tok, `{"seed": 5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
}

func TestAPIPairsAndOutcomes(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers, 1)

	var e struct {
		Kind    string
		Name    string
		Members []struct {
			PlayerID int64 `json:"player_id"`
			Name     string
		}
	}
	res := c.API("POST", ev.API+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.Players[2], ev.Players[3]), &e)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, "pair", e.Kind)
	assert.Equal(t, "D'Alessandro Niccolò / Verdi Luca", e.Name)
	require.Len(t, e.Members, 2)
	assert.Equal(t, ev.Players[3], e.Members[1].PlayerID)

	var ae viewtest.APIError
	res = c.API("POST", ev.API+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.Players[4], ev.Players[1]), &ae)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "This player is already entered in this tournament (alone or in a pair).", ae.Error.Fields["pair.2"])
	res = c.API("POST", ev.API+"/entries", tok, fmt.Sprintf(`{"pair":[%d]}`, ev.Players[4]), &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	res = c.API("POST", ev.API+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d],"player_id":%d}`, ev.Players[4], ev.Players[5], ev.Players[6]), &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "a pair and a player at once: refused, not half done")
	assert.Equal(t, "Give one of player_id, player_ids, player or pair.", ae.Error.Fields["entry"])
	res = c.API("POST", ev.API+"/entries", tok, fmt.Sprintf(`{"player_id":%d}`, ev.Players[4]), &ae)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "The entries of this tournament are pairs: add a pair.", ae.Error.Message)

	// CSV import: preview, refusal with every row, confirm.
	csv := "last_name_1,first_name_1,last_name_2,first_name_2\nNeri,Ada,Gialli,Ugo\nBlu,Eva,Rossi,Mario\n"
	var bad struct {
		Error struct{ Code string }
		Rows  []struct {
			Line     int
			Messages map[string]string
		}
	}
	res = c.API("POST", ev.API+"/entries/import?confirm=true", tok, csv, &bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	require.Len(t, bad.Rows, 2)
	assert.Empty(t, bad.Rows[0].Messages)
	assert.Equal(t, "This player is already entered in this tournament (alone or in a pair).", bad.Rows[1].Messages["p2.last_name"])
	csv = "last_name_1,first_name_1,last_name_2,first_name_2\nNeri,Ada,Gialli,Ugo\nBlu,Eva,Nuova,Bea\n"
	var ok struct {
		Valid      bool
		Entered    int
		Registered int
	}
	res = c.API("POST", ev.API+"/entries/import", tok, csv, &ok)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.True(t, ok.Valid)
	assert.Equal(t, 0, ok.Entered)
	assert.Equal(t, 1, ok.Registered)
	res = c.API("POST", ev.API+"/entries/import?confirm=true", tok, csv, &ok)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 2, ok.Entered)

	// Outcomes on a table, through PUT.
	res = c.API("POST", ev.API+"/entries/present", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	drawPairs(t, c, tok, ev)
	table := ev.API + "/rounds/1/tables/2"
	res = c.API("GET", table, tok, "", nil)
	tag := res.Header.Get("ETag")
	put := func(body, ifMatch string, out any) *viewtest.Response {
		req, _ := http.NewRequest("PUT", app.Srv.URL+table, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		if ifMatch != "" {
			req.Header.Set("If-Match", ifMatch)
		}
		r := c.Do(req)
		if out != nil {
			require.NoError(t, json.Unmarshal([]byte(r.Body), out), r.Body)
		}
		return r
	}
	res = put(`{"outcome":{"kind":"dragon","side":1}}`, tag, &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This format does not offer this outcome.", ae.Error.Fields["outcome.kind"])
	res = put(`{"hands":[],"outcome":{"kind":"forfeit","side":3}}`, tag, &ae)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Choose a side of this table.", ae.Error.Fields["outcome.side"])

	var saved struct {
		Table struct {
			Outcome  struct{ Kind string }
			Complete bool
			Points   []string
		}
	}
	res = put(`{"hands":[],"outcome":{"kind":"forfeit","side":2}}`, tag, &saved)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, "forfeit", saved.Table.Outcome.Kind)
	assert.True(t, saved.Table.Complete)
	assert.Equal(t, []string{"2", "0"}, saved.Table.Points)
	// The old version again: 409 with what is stored now.
	var conflict struct {
		Current struct{ Outcome struct{ Kind string } }
	}
	res = put(`{"outcome":{"kind":""}}`, tag, &conflict)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Equal(t, "forfeit", conflict.Current.Outcome.Kind)

	var evs struct{ Events []struct{ Kind, Text string } }
	c.API("GET", ev.API+"/events", tok, "", &evs)
	assert.Equal(t, "scores", evs.Events[0].Kind)
	assert.Contains(t, evs.Events[0].Text, "table 2: scores entered: outcome none (the scores decide) → forfeit (did not play), outcome, side – → 2")
}
