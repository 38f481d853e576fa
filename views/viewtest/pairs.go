package viewtest

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// PairsEvening is a tournament of the 2-sided test format (entries are pairs) made
// through the API: players registered, pairs entered and present.
type PairsEvening struct {
	API, HTML string  // the tournament's API path and page path
	Players   []int64 // registered players, in order
	Pairs     []int64 // entries: players 2i-1 and 2i
}

// EightPlayers are names for a PairsEvening ("Last First").
var EightPlayers = []string{"Rossi Mario", "Bianchi Anna", "D'Alessandro Niccolò", "Verdi Luca", "Neri Ada", "Gialli Ugo", "Blu Eva", "Rosa Ivo"}

// NewPairsEvening registers players and enters the first pairs of them, present, in a
// new tournament of the test format "test2" (formattest must be registered).
func NewPairsEvening(t *testing.T, c *Client, tok string, players []string, pairs int) *PairsEvening {
	t.Helper()
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Coppie","date":"2026-11-24","format":"test2","settings":{"games":2,"hands":1}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ev := &PairsEvening{API: fmt.Sprintf("/api/v1/tournaments/%d", tr.ID), HTML: fmt.Sprintf("/tournaments/%d", tr.ID)}
	for _, n := range players {
		last, first, _ := strings.Cut(n, " ")
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, first, last), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ev.Players = append(ev.Players, p.ID)
	}
	for i := 0; i < pairs; i++ {
		var e struct{ ID int64 }
		res := c.API("POST", ev.API+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.Players[2*i], ev.Players[2*i+1]), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ev.Pairs = append(ev.Pairs, e.ID)
	}
	if pairs > 0 {
		res = c.API("POST", ev.API+"/entries/present", tok, "", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	return ev
}
