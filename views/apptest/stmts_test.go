package apptest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/views/viewtest"
)

// newCountedApp is the app on a fresh database whose statements are counted.
func newCountedApp(t *testing.T) (*viewtest.App, *db.Counter) {
	t.Helper()
	n := &db.Counter{}
	store, err := db.OpenCounting(dbtest.DSN(t), n)
	require.NoError(t, err)
	return viewtest.NewAppWith(t, store), n
}

// statements runs a request and returns the statements it sent to the database, with
// the number of transactions it began.
func statements(n *db.Counter, do func()) (int, int, []string) {
	n.Reset()
	do()
	return n.Statements(), n.Transactions(), n.Log()
}

// The commands of an evening run few statements whatever the page after them needs: a
// 3-player sheet save (HTML and API) at most 12, a draw at most 15 (16 with a sit-out), in one transaction
// each (issue 19). The session's own reads count: they are part of the request, and so,
// since issue 38, does the read of the director's clubs the request's scope is made of
// (scopeRead, added to each budget).
func TestCommandStatements(t *testing.T) {
	const scopeRead = 1
	app, n := newCountedApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := viewtest.TournamentWithEntries(t, c, 6)
	api := "/api/v1" + base
	check := func(what string, limit int, do func()) {
		t.Helper()
		stmts, txs, log := statements(n, do)
		t.Logf("%s: %d statements, %d transactions\n  %s", what, stmts, txs, strings.Join(log, "\n  "))
		require.LessOrEqual(t, stmts, limit+scopeRead, "%s:\n%s", what, strings.Join(log, "\n"))
		require.Equal(t, 1, txs, "%s runs in one transaction:\n%s", what, strings.Join(log, "\n"))
	}
	check("HTML draw of game 1", 15, func() {
		res := c.Post(base+"/draw", url.Values{"seed": {"5"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	})
	sheet := base + "/rounds/1/tables/1"
	form := url.Values{"form": {"total"}, "version": {sheetInput(c.Get(sheet).Doc(t), "version")}}
	for h := 1; h <= 3; h++ {
		for s, score := range []string{"300", "200", "100"} {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s+1), score)
		}
	}
	check("HTML save of a 3-player sheet", 12, func() {
		res := c.Post(sheet, form)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
		require.Equal(t, base+"/rounds/1/tables/2", res.Header.Get("Location"), "on to the next table")
	})
	check("API save of a 3-player sheet", 12, func() {
		res := c.API("PUT", api+"/rounds/1/tables/2", tok, totals(100, 200, 300), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	})
	check("HTML draw of game 2", 15, func() {
		res := c.Post(base+"/draw", url.Values{"seed": {"6"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	})

	base = viewtest.TournamentWithEntries(t, c, 6)
	api = "/api/v1" + base
	check("API draw of game 1", 15, func() {
		res := c.API("POST", api+"/draw", tok, `{"seed": 5}`, nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	})
	for table := 1; table <= 2; table++ {
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, table), tok, totals(100, 200, 300), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	check("API draw of game 2", 15, func() {
		res := c.API("POST", api+"/draw", tok, `{"seed": 6}`, nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	})

	// Seven players: a sit-out each game, its bye read and written too, and (issue 21) the
	// reporting settings read to know whether the tables get codes: one statement more,
	// the same for any field.
	base = viewtest.TournamentWithEntries(t, c, 7)
	api = "/api/v1" + base
	res := c.API("POST", api+"/draw", tok, `{"seed": 5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	for table := 1; table <= 2; table++ {
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, table), tok, totals(100, 200, 300), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	check("HTML draw of game 2 with a sit-out", 16, func() {
		res := c.Post(base+"/draw", url.Values{"seed": {"6"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	})
}
