package viewtest

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TeamsEvening is a tournament of the teams format made through the API: players
// registered, teams of four entered in order and present.
type TeamsEvening struct {
	API, HTML string    // the tournament's API path and page path
	Players   []int64   // registered players, in order
	Teams     []int64   // team entries: team i has players 4i..4i+3
	Members   [][]int64 // each team's players
}

// NewTeamsEvening registers 4×teams players ("Player NN") and enters teams of four
// ("Team A", "Team B", …) in a new tournament of the teams format, 3 hands a round.
func NewTeamsEvening(t *testing.T, c *Client, tok string, teams int) *TeamsEvening {
	t.Helper()
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Squadre","date":"2026-11-24","format":"teams","settings":{"rounds":3,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ev := &TeamsEvening{API: fmt.Sprintf("/api/v1/tournaments/%d", tr.ID), HTML: fmt.Sprintf("/tournaments/%d", tr.ID)}
	for i := range 4 * teams {
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":"Giocatore","last_name":"Numero%02d","club":"Club %d","new_person":true}`, i+1, i/4+1), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ev.Players = append(ev.Players, p.ID)
	}
	for i := range teams {
		ps := ev.Players[4*i : 4*i+4]
		var e struct{ ID int64 }
		res := c.API("POST", ev.API+"/teams", tok, fmt.Sprintf(`{"name":"Team %c","players":[%d,%d,%d,%d]}`, 'A'+i, ps[0], ps[1], ps[2], ps[3]), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ev.Teams = append(ev.Teams, e.ID)
		ev.Members = append(ev.Members, ps)
	}
	if teams > 0 {
		res = c.API("POST", ev.API+"/entries/present", tok, "", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	return ev
}
