package table_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/views"
	"burraco/views/viewtest"
)

// A room of phones polls each table's state every few seconds: while the tournament
// has not changed (its revision as the public pages trust it), a poll is answered from
// memory, without a statement; a change (a report) is seen by the next poll once the
// trusted revision moves, and a wrong code is still asked of the service.
func TestStatePollsAnswerFromMemory(t *testing.T) {
	var count db.Counter
	store, err := db.OpenCounting(dbtest.DSN(t), &count)
	require.NoError(t, err)
	const ttl = 300 * time.Millisecond
	app := viewtest.NewAppWith(t, store, views.WithPublicRevisionTTL(ttl))
	dir := app.Setup()
	game1, cs := reportingEvening(t, dir, 6)
	cd := cs[1]

	phone := app.Client()
	key, ok := phone.Get("/t/" + cd.Code).Doc(t).Find("#tp").Attr("hx-get")
	require.True(t, ok)
	state := "/t/" + cd.Code + "/state?since=" + url.QueryEscape(key[len("/t/"+cd.Code+"/state?since="):])
	require.Equal(t, http.StatusNoContent, phone.Get(state).StatusCode, "the page's own state: unchanged")
	require.Equal(t, http.StatusNoContent, phone.Get(state).StatusCode, "the round's states, read once")
	count.Reset()
	for range 20 {
		require.Equal(t, http.StatusNoContent, phone.Get(state).StatusCode)
	}
	assert.LessOrEqual(t, count.Statements(), 1, "polls of an unchanged table read nothing (but the revision, once a TTL)")

	// Another side reports: once the trusted revision moves, the poll asks for a reload.
	res := app.Client().Post("/t/"+cd.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"2"}, "pin": {cd.PINs[1]}}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	require.Eventually(t, func() bool {
		res := phone.Get(state)
		return res.StatusCode == http.StatusOK && res.Header.Get("HX-Refresh") == "true"
	}, 5*ttl, ttl/10, "the report is seen within the TTL")

	// Another table's state is its own: table 1's key (a report waiting) polled at
	// table 2 (none) reloads, and table 1's page polls unchanged again.
	key, _ = phone.Get("/t/" + cd.Code).Doc(t).Find("#tp").Attr("hx-get")
	since := key[len("/t/"+cd.Code+"/state?since="):]
	require.NotEqual(t, "not_reported", since)
	assert.Equal(t, http.StatusNoContent, phone.Get("/t/"+cd.Code+"/state?since="+url.QueryEscape(since)).StatusCode)
	res = phone.Get("/t/" + cs[2].Code + "/state?since=" + url.QueryEscape(since))
	assert.Equal(t, "true", res.Header.Get("HX-Refresh"), "table 2 has no report: not the state table 1's page showed")

	// Reporting turned off: the page the phone shows is gone, the next polls say so.
	base := strings.Split(game1, "/rounds/")[0]
	version, _ := dir.Get(base + "/edit").Doc(t).Find(`#reporting input[name="version"]`).Attr("value")
	res = dir.Post(base+"/reporting", url.Values{"pin": {"pin"}, "version": {version}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	require.Eventually(t, func() bool {
		res := phone.Get("/t/" + cd.Code + "/state?since=" + url.QueryEscape(since))
		return res.Header.Get("HX-Refresh") == "true"
	}, 5*ttl, ttl/10, "the code's page gone within the TTL")
	assert.Equal(t, http.StatusNotFound, phone.Get("/t/"+cd.Code).StatusCode)

	// A wrong code is asked of the service each time (and counted against the client).
	count.Reset()
	res = phone.Get("/t/ZZZZZZ/state?since=not_reported")
	assert.Equal(t, "true", res.Header.Get("HX-Refresh"))
	assert.Greater(t, count.Statements(), 1, "a wrong code reaches the store")
}

// The polls' fast path (before echo) answers as the ordinary way does: same status and
// headers but the CSRF cookie echo's middleware renews; it steps aside for a code it has
// not found, another method or another address.
func TestStatePollFastPathAnswersAsEcho(t *testing.T) {
	app := viewtest.NewApp(t, views.WithPublicRevisionTTL(time.Minute))
	dir := app.Setup()
	_, cs := reportingEvening(t, dir, 6)
	srv := app.Srv.Config.Handler.(*views.Server)
	do := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	for _, since := range []string{"not_reported", "reported.1-1"} {
		path := "/t/" + cs[1].Code + "/state?since=" + since
		fastNow := func() bool {
			return srv.Tables().ServeFast(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
		}
		if !fastNow() {
			// The first polls go through echo: the code is found, the round's states read.
			do(path)
			do(path)
		}
		require.True(t, fastNow(), path)
		viaEcho := httptest.NewRecorder()
		echoReq := httptest.NewRequest(http.MethodGet, path, nil)
		echoReq.Header.Set("X-Test", "echo")
		// Through echo's handler alone: the Server's own ServeHTTP would take the fast path.
		srv.Echo().ServeHTTP(viaEcho, echoReq)
		fast := do(path)
		assert.Equal(t, viaEcho.Code, fast.Code, since)
		want := viaEcho.Header().Clone()
		want.Del("Set-Cookie")
		want.Del("Vary")
		got := fast.Header().Clone()
		assert.NotEmpty(t, want.Get("X-Request-Id"), "the routed answer names its request")
		assert.NotEmpty(t, got.Get("X-Request-Id"), "the fast answer names its request")
		want.Del("X-Request-Id") // each request its own
		got.Del("X-Request-Id")
		assert.Equal(t, want, got, since)
	}
	assert.Equal(t, http.StatusNoContent, do("/t/"+cs[1].Code+"/state?since=not_reported").Code)
	for _, p := range []string{"/t/" + cs[2].Code + "/state", "/t/" + cs[1].Code, "/t/" + cs[1].Code + "/state/x", "/t//state"} {
		assert.False(t, srv.Tables().ServeFast(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, p, nil)), p)
	}
	assert.False(t, srv.Tables().ServeFast(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/t/"+cs[1].Code+"/state", nil)))
}
