package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

func totals(a, b, c int) string {
	row := fmt.Sprintf(`[{"form":2,"total":%d},{"form":2,"total":%d},{"form":2,"total":%d}]`, a, b, c)
	return `{"hands":[` + row + "," + row + "," + row + `]}`
}

type apiGameOut struct {
	Number int
	Seed   int64
	Tables []struct {
		Number   int
		Entries  []int64
		Scores   []int
		Points   []string
		Complete bool
	}
	Byes     []struct{ EntryID int64 } `json:"byes"`
	Complete bool
}

// pairsEvening is a tournament of the 2-sided test format (entries are pairs) made
// through the API: players registered, n pairs entered and present.
type pairsEvening struct {
	api, html string  // the tournament's API path and page path
	players   []int64 // registered players, in order
	pairs     []int64 // entries: players 2i-1 and 2i
}

func newPairsEvening(t *testing.T, c *viewtest.Client, tok string, players []string, pairs int) *pairsEvening {
	t.Helper()
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Coppie","date":"2026-11-24","format":"test2","settings":{"games":2,"hands":1}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ev := &pairsEvening{api: fmt.Sprintf("/api/v1/tournaments/%d", tr.ID), html: fmt.Sprintf("/tournaments/%d", tr.ID)}
	for _, n := range players {
		last, first, _ := strings.Cut(n, " ")
		var p struct{ ID int64 }
		res := c.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, first, last), &p)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ev.players = append(ev.players, p.ID)
	}
	for i := 0; i < pairs; i++ {
		var e struct{ ID int64 }
		res := c.API("POST", ev.api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ev.players[2*i], ev.players[2*i+1]), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ev.pairs = append(ev.pairs, e.ID)
	}
	if pairs > 0 {
		res = c.API("POST", ev.api+"/entries/present", tok, "", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	return ev
}

var eightPlayers = []string{"Rossi Mario", "Bianchi Anna", "D'Alessandro Niccolò", "Verdi Luca", "Neri Ada", "Gialli Ugo", "Blu Eva", "Rosa Ivo"}

// drawPairs draws round 1 of a pairs evening through the API.
func drawPairs(t *testing.T, c *viewtest.Client, tok string, ev *pairsEvening) {
	t.Helper()
	res := c.API("POST", ev.api+"/draw", tok, `{"seed": 5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
}
