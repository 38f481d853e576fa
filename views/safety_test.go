package views

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
)

// The CSRF token counts only from the form body or the X-CSRF-Token header: one in
// the query string is ignored (issue 18), so the post is refused and writes nothing.
func TestCSRFTokenNotFromQuery(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := c.csrf()
	form := url.Values{"first_name": {"Mario"}, "last_name": {"Rossi"}}
	for _, q := range []string{"_csrf=" + url.QueryEscape(tok), "%5Fcsrf=" + url.QueryEscape(tok)} {
		req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/players?"+q, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		assert.Equal(t, http.StatusForbidden, c.do(req).StatusCode, q)
	}
	ps, err := app.store.AllPlayers(t.Context())
	require.NoError(t, err)
	assert.Empty(t, ps, "nothing was written")

	// From the body, and from the header, it still works.
	form.Set("_csrf", tok)
	assert.Equal(t, http.StatusSeeOther, c.post("/players", form).StatusCode)
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/players", strings.NewReader(url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", tok)
	assert.Equal(t, http.StatusSeeOther, c.do(req).StatusCode)
	ps, _ = app.store.AllPlayers(t.Context())
	assert.Len(t, ps, 2)
}

// A JSON body with a key given twice is refused like an unknown field (issue 18), in
// a player, in a tournament's nested settings and in a score sheet's hand: 422, nothing
// written.
func TestAPIRefusesDuplicateKeys(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	tok := app.apiToken(c)
	var e apiErr
	res := c.api("POST", "/api/v1/players", tok, `{"first_name":"Mario","last_name":"Rossi","last_name":"Verdi"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, e.Error.Message, `"last_name" is given twice`)
	res = c.api("POST", "/api/v1/players", tok, `{"first_name":"Mario","last_name":"Rossi","LAST_NAME":"Verdi"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "encoding/json matches keys ignoring case")
	ps, _ := app.store.AllPlayers(t.Context())
	assert.Empty(t, ps)

	res = c.api("POST", "/api/v1/tournaments", tok, `{"name":"Open","date":"2026-05-01","format":"danish","settings":{"rounds":4,"rounds":5}}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.body)
	assert.Contains(t, e.Error.Message, `"rounds" is given twice in settings`)
	ts, _ := app.store.ListTournaments(t.Context())
	assert.Empty(t, ts)
}

// Unpublishing takes effect before its answer, on every instance (issue 18): two
// instances of the app on one database, each trusting a revision it read for a second,
// have every public page and JSON twin of a published tournament in their caches; once
// the unpublishing (through the API on one, through the form on the other) has
// answered, every public route answers 404 on both at once.
func TestUnpublishIsImmediateOnEveryInstance(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := newTestAppOn(t, dsn, WithPublicRevisionTTL(time.Second))
	b := newTestAppOn(t, dsn, WithPublicRevisionTTL(time.Second))
	ca := a.setup()
	tok := a.apiToken(ca)
	pe := seedPublic(t, a, 9)
	paths := publicPaths(pe.tid, pe.entries[:2])
	warm := func() {
		for _, app := range []*testApp{a, b} {
			anon := app.client()
			for range 2 { // the second read is answered from the cache
				for _, p := range paths {
					require.Equal(t, http.StatusOK, anon.get(p).StatusCode, p)
				}
			}
		}
	}
	gone := func(how string) {
		for i, app := range []*testApp{a, b} {
			anon := app.client()
			for _, p := range paths {
				assert.Equal(t, http.StatusNotFound, anon.get(p).StatusCode, "%s, then %s on instance %d", how, p, i)
			}
		}
	}
	base := fmt.Sprintf("/api/v1/tournaments/%d/published", pe.tid)
	warm()
	res := ca.api("PUT", base, tok, `{"published":false}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	gone("unpublished through the API on a")

	res = ca.api("PUT", base, tok, `{"published":true}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.body)
	require.Equal(t, http.StatusOK, a.client().get(paths[0]).StatusCode, "published again: at once where it was done")
	require.Eventually(t, func() bool { return b.client().get(paths[0]).StatusCode == http.StatusOK },
		5*time.Second, 50*time.Millisecond, "and within the TTL elsewhere")
	warm()
	cb := b.client()
	require.Equal(t, http.StatusSeeOther, cb.post("/login", url.Values{"username": {"anna"}, "password": {testPassword}}).StatusCode)
	res = cb.post(fmt.Sprintf("/tournaments/%d/publish", pe.tid), url.Values{"published": {"false"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	gone("unpublished through the form on b")
}
