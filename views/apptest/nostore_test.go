package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/viewtest"
)

// openToAll says whether a GET route needs no login: the public pages and their JSON,
// the table's pages, the login and setup forms, the calculator, the assets.
func openToAll(path string) bool {
	for _, p := range []string{"/p/", "/t", "/api/v1/public/", "/api/v1/t/", "/static", "/healthz", "/login", "/setup", "/calc", "/api/v1/calc/", "/api/v1/openapi.json"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// Every page and JSON answer that needs a login is sent with Cache-Control: no-store,
// so that a club's shared PC keeps no copy of the players, the PINs, the tokens; the
// public pages keep their own caching.
func TestNoStoreBehindTheLogin(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, _ := viewtest.Drawn(t, c, 6)
	tid := viewtest.IDFrom(base)
	assert.Equal(t, http.StatusOK, c.API("PUT", fmt.Sprintf("/api/v1/tournaments/%d/published", tid), tok, `{"published":true}`, nil).StatusCode)
	fill := strings.NewReplacer(":id", fmt.Sprint(tid), ":tid", fmt.Sprint(tid), ":n", "1", ":t", "1", ":eid", "1", ":pid", "1",
		":rid", "1", ":seq", "1", ":ext", "csv", ":format", "csv", ":team", "1", ":view", "tables", ":code", "ABCDEF", "*", "")
	served := 0
	for _, r := range app.Server.Routes() {
		if r.Method != http.MethodGet || openToAll(r.Path) {
			continue
		}
		path := fill.Replace(r.Path)
		var res *viewtest.Response
		if strings.HasPrefix(path, "/api/") {
			res = c.API("GET", path, tok, "", nil)
		} else {
			res = c.Get(path)
		}
		assert.Equal(t, "no-store", res.Header.Get("Cache-Control"), "%s: %d", path, res.StatusCode)
		if res.StatusCode == http.StatusOK {
			served++
		}
	}
	assert.Greater(t, served, 40, "the walk reached the pages, not only refusals")
	for _, path := range []string{fmt.Sprintf("/p/%d", tid), fmt.Sprintf("/p/%d/qr.svg", tid), fmt.Sprintf("/api/v1/public/tournaments/%d", tid)} {
		res := c.Get(path)
		assert.Equal(t, http.StatusOK, res.StatusCode, path)
		assert.NotEqual(t, "no-store", res.Header.Get("Cache-Control"), path)
	}
}
