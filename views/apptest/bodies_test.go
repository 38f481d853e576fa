package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	tsync "burraco/tournament/sync"
	"burraco/views/site"
	"burraco/views/viewtest"
)

// nestedJSON is a body of n arrays one inside the other, as a report's hands.
func nestedJSON(n int) string {
	return `{"seat":1,"pin":"1234","hands":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`
}

// Each route reads at most the body it needs: a table's report (open to all) 32 KB, a
// director's command 256 KB (a file 4 MB: TestBodyLimitOfEveryRoute, TestBodyLimit);
// past it 413, announced or not.
func TestBodyLimitPerRoute(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Giovedì","date":"2026-11-26","format":"individual3"}`, &tr).StatusCode)
	reporting := fmt.Sprintf("/api/v1/tournaments/%d/reporting", tr.ID)
	pad := func(body string, size int64) string { // a JSON object of size bytes
		return body[:len(body)-1] + strings.Repeat(" ", int(size)-len(body)) + "}"
	}
	cases := []struct {
		method, path, body string
		limit              int64
	}{
		{"POST", "/api/v1/t/ABCDEF/report", `{"seat":1,"pin":"1234"}`, site.SmallBody},
		{"PUT", reporting, `{"reporting":true}`, site.FormBody},
	}
	for _, k := range cases {
		res := c.API(k.method, k.path, tok, pad(k.body, k.limit), nil)
		assert.NotEqual(t, http.StatusRequestEntityTooLarge, res.StatusCode, k.path)
		res = c.API(k.method, k.path, tok, pad(k.body, k.limit+1), nil)
		assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode, k.path)
		// Sent in chunks, without a length: refused when the reading passes the limit.
		req, _ := http.NewRequest(k.method, app.Srv.URL+k.path, struct{ *strings.Reader }{strings.NewReader(pad(k.body, k.limit+1))})
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		assert.Equal(t, http.StatusRequestEntityTooLarge, c.Do(req).StatusCode, k.path)
	}
	// The table's page (a form, open to all) takes the same small body.
	res := c.Post("/t/ABCDEF/report", map[string][]string{"notes": {strings.Repeat("a", int(site.SmallBody))}})
	assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode)
}

// Every route open to all takes the small body; every other takes at most a director's
// command but the imports of files.
func TestBodyLimitOfEveryRoute(t *testing.T) {
	app := viewtest.NewApp(t)
	open := map[string]bool{"POST /lang": true, "POST /setup": true, "POST /login": true, "POST /t/:code/preview": true,
		"POST /t/:code/report": true, "POST /t/:code/confirm": true, "POST /api/v1/setup": true, "POST /api/v1/login": true,
		"POST /api/v1/calc/hand": true, "POST /api/v1/t/:code/report": true, "POST /api/v1/t/:code/confirm": true,
		"POST /api/v1/sync/link": true}
	b := app.Server.Bodies()
	for _, r := range app.Server.Routes() {
		if r.Method == http.MethodGet || r.Method == echoRouteNotFound {
			continue
		}
		limit := b.Limit(r.Method, r.Path)
		switch {
		case open[r.Method+" "+r.Path]:
			assert.Equal(t, site.SmallBody, limit, r.Method+" "+r.Path)
		case r.Path == "/api/v1/sync/results": // a results document: at most tsync.MaxBody
			assert.Equal(t, int64(tsync.MaxBody), limit, r.Method+" "+r.Path)
		case strings.Contains(r.Path, "import"):
			assert.Equal(t, site.ImportBody, limit, r.Method+" "+r.Path)
		default:
			assert.Equal(t, site.FormBody, limit, r.Method+" "+r.Path)
		}
	}
}

const echoRouteNotFound = "echo_route_not_found"

// Nesting deeper than the JSON reader's limit is refused at once, on a route open to all
// and on a director's, however deep (the size is the route's limit).
func TestDeepJSONRefused(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Giovedì","date":"2026-11-26","format":"individual3"}`, &tr).StatusCode)
	for _, k := range []struct{ method, path string }{
		{"POST", "/api/v1/t/ABCDEF/report"},
		{"PUT", fmt.Sprintf("/api/v1/tournaments/%d/reporting", tr.ID)},
	} {
		limit := app.Server.Bodies().Limit(k.method, strings.Replace(strings.Replace(k.path, "ABCDEF", ":code", 1), fmt.Sprint(tr.ID), ":id", 1))
		var e viewtest.APIError
		res := c.API(k.method, k.path, tok, nestedJSON(int(limit/2-40)), &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, k.path)
		assert.Contains(t, e.Error.Message, "nested deeper than 32 levels", k.path)
	}
}

// A true/false (or any field that cannot be empty) sent as null is refused, naming
// the field, where encoding/json would keep what was stored.
func TestNullRefusedNamingTheField(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	require.Equal(t, 201, c.API("POST", "/api/v1/tournaments", tok, `{"name":"Giovedì","date":"2026-11-26","format":"individual3"}`, &tr).StatusCode)
	path := fmt.Sprintf("/api/v1/tournaments/%d/reporting", tr.ID)
	require.Equal(t, 200, c.API("PUT", path, tok, `{"reporting":true,"auto_accept":true}`, nil).StatusCode)
	for _, body := range []string{`{"reporting":null}`, `{"reporting":false,"auto_accept":null}`, `{"reporting":false,"pin":null}`} {
		var e viewtest.APIError
		res := c.API("PUT", path, tok, body, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, body)
		assert.Len(t, e.Error.Fields, 1, body)
		for f := range e.Error.Fields {
			assert.Contains(t, body, `"`+f+`":null`)
		}
	}
	var got struct {
		Reporting  bool `json:"reporting"`
		AutoAccept bool `json:"auto_accept"`
	}
	c.API("GET", path, tok, "", &got)
	assert.True(t, got.Reporting && got.AutoAccept, "nothing changed")
	// Elsewhere too: a player's active flag, a tournament's name.
	for _, k := range []struct{ method, path, body, field string }{
		{"POST", "/api/v1/players", `{"first_name":"Anna","last_name":null}`, "last_name"},
		{"POST", "/api/v1/tournaments", `{"name":null,"date":"2026-11-26"}`, "name"},
	} {
		var e viewtest.APIError
		assert.Equal(t, http.StatusUnprocessableEntity, c.API(k.method, k.path, tok, k.body, &e).StatusCode, k.body)
		assert.Contains(t, e.Error.Fields, k.field, k.body)
	}
}
