package views

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
)

func TestSetupOnlyOnce(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	for _, path := range []string{"/", "/players", "/login", "/nowhere"} {
		res := c.get(path)
		assert.Equal(t, http.StatusSeeOther, res.StatusCode, path)
		assert.Equal(t, "/setup", res.Header.Get("Location"), path)
	}

	// A bad form comes back with errors next to the fields and what was typed kept.
	res := c.post("/setup", url.Values{"username": {"Bad Name"}, "name": {"Anna Verdi"}, "password": {"short"}, "confirm": {"short"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.doc(t)
	assert.Equal(t, "Bad Name", doc.Find("#username").AttrOr("value", ""))
	assert.Equal(t, "Anna Verdi", doc.Find("#name").AttrOr("value", ""))
	assert.Equal(t, "", doc.Find("#password").AttrOr("value", "x"), "passwords are never echoed")
	assert.Contains(t, doc.Find("#username-error").Text(), "lower-case letters")
	assert.Contains(t, doc.Find("#password-error").Text(), "at least 10")
	assert.Equal(t, 0, mustCount(t, app))

	c = app.setup()
	res = c.get("/")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.body, "Welcome, Anna Verdi")

	// Once a director exists, the setup form is gone, for everyone.
	for _, cl := range []*client{c, app.client()} {
		assert.Equal(t, http.StatusNotFound, cl.get("/setup").StatusCode)
		res := cl.post("/setup", url.Values{"username": {"eve"}, "name": {"Eve"}, "password": {testPassword}, "confirm": {testPassword}})
		assert.Equal(t, http.StatusNotFound, res.StatusCode)
	}
	assert.Equal(t, http.StatusSeeOther, app.client().get("/players").StatusCode)
}

func mustCount(t *testing.T, app *testApp) int {
	n, err := app.store.CountDirectors(t.Context())
	require.NoError(t, err)
	return n
}

// publicRoutes are the only routes an anonymous visitor may use. Adding a public route
// means adding it here, on purpose.
var publicRoutes = map[string]bool{
	"GET /static/*":      true,
	"GET /static*":       true,
	"GET /healthz":       true,
	"POST /lang":         true,
	"GET /setup":         true,
	"POST /setup":        true,
	"GET /login":         true,
	"POST /login":        true,
	"POST /api/v1/setup": true,
	"POST /api/v1/login": true,
	// The score calculator is public by design (issue 3).
	"GET /calc":              true,
	"POST /api/v1/calc/hand": true,
	"GET /api/v1/calc/vp":    true,
	// The API's OpenAPI document (issue 19): what the routes are, nothing stored.
	"GET /api/v1/openapi.json": true,
	// A published tournament's pages and their JSON twins (issue 12): read-only, 404 for
	// anything not published; TestPublicPagesExposeNothingPrivate scans each of them.
	"GET /p/:id":                                      true,
	"GET /p/:id/standings":                            true,
	"GET /p/:id/players/:eid":                         true,
	"GET /p/:id/projector/:view":                      true,
	"GET /p/:id/projector/:view/live":                 true,
	"GET /p/:id/qr.svg":                               true,
	"GET /p/:id/bracket":                              true,
	"GET /api/v1/public/tournaments/:id/bracket":      true,
	"GET /api/v1/public/tournaments/:id":              true,
	"GET /api/v1/public/tournaments/:id/standings":    true,
	"GET /api/v1/public/tournaments/:id/players/:eid": true,
}

func TestEveryRouteRefusesAnonymous(t *testing.T) {
	app := newTestApp(t)
	app.setup()
	s := New(Services{}, nil)
	param := regexp.MustCompile(`:[a-z]+`)
	checked := 0
	for _, r := range s.Routes() {
		key := r.Method + " " + r.Path
		if publicRoutes[key] || r.Method == "echo_route_any" {
			continue
		}
		path := strings.ReplaceAll(param.ReplaceAllString(r.Path, "1"), "*", "x")
		method := r.Method
		if method == "echo_route_any" || method == "" {
			method = http.MethodGet
		}
		c := app.client()
		req, _ := http.NewRequest(method, app.srv.URL+path, strings.NewReader(""))
		// Same-origin, so that CSRF protection lets it through and only the login check remains.
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res := c.do(req)
		if strings.HasPrefix(r.Path, "/api/") {
			assert.Equal(t, http.StatusUnauthorized, res.StatusCode, key)
			assert.Contains(t, res.body, `"code":"unauthorized"`, key)
		} else if method == http.MethodGet {
			assert.Equal(t, http.StatusSeeOther, res.StatusCode, key)
			assert.True(t, strings.HasPrefix(res.Header.Get("Location"), "/login?next="), key)
		} else {
			assert.Equal(t, http.StatusUnauthorized, res.StatusCode, key)
		}
		checked++
	}
	assert.Greater(t, checked, 30, "the walk must cover the route table")

	// A bad or revoked token is no better than none.
	c := app.client()
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/api/v1/players", nil)
	req.Header.Set("Authorization", "Bearer bt_forged")
	assert.Equal(t, http.StatusUnauthorized, c.do(req).StatusCode)
}

func TestCSRF(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	form := url.Values{"first_name": {"Mario"}, "last_name": {"Rossi"}}

	form.Set("_csrf", "")
	res := c.post("/players", form)
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	form.Set("_csrf", "forged-token-forged-token-forged!")
	res = c.post("/players", form)
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	assert.Contains(t, res.body, "expired or came from another site")

	// A cross-site browser request is refused even with a token.
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/players", strings.NewReader(url.Values{"_csrf": {c.csrf()}, "first_name": {"M"}, "last_name": {"R"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	assert.Equal(t, http.StatusForbidden, c.do(req).StatusCode)

	ps, _ := app.store.AllPlayers(t.Context())
	assert.Empty(t, ps, "nothing was written")

	form.Del("_csrf")
	res = c.post("/players", form)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	ps, _ = app.store.AllPlayers(t.Context())
	assert.Len(t, ps, 1)

	// The logout and language forms are protected too.
	assert.Equal(t, http.StatusForbidden, c.post("/logout", url.Values{"_csrf": {"x"}}).StatusCode)
	assert.Equal(t, http.StatusForbidden, c.post("/lang", url.Values{"_csrf": {"x"}, "lang": {"it"}}).StatusCode)
}

func TestLoginLogoutAndThrottling(t *testing.T) {
	app := newTestApp(t)
	app.setup()
	c := app.client()

	res := c.get("/players?q=rossi")
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	loc := res.Header.Get("Location")
	res = c.get(loc)
	assert.Equal(t, "/players?q=rossi", res.doc(t).Find("input[name=next]").AttrOr("value", ""))

	res = c.post("/login", url.Values{"username": {"anna"}, "password": {"wrong"}})
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
	assert.Contains(t, res.doc(t).Find(".alert").Text(), "Wrong username or password")
	assert.Equal(t, "anna", res.doc(t).Find("#username").AttrOr("value", ""), "the username typed is kept")

	res = c.post("/login", url.Values{"username": {"anna"}, "password": {testPassword}, "next": {"/players?q=rossi"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/players?q=rossi", res.Header.Get("Location"))
	var session *http.Cookie
	for _, ck := range res.Cookies() {
		if ck.Name == page.SessionCookie {
			session = ck
		}
	}
	require.NotNil(t, session)
	assert.True(t, session.HttpOnly)
	assert.Equal(t, http.SameSiteLaxMode, session.SameSite)
	assert.Equal(t, http.StatusOK, c.get("/players").StatusCode)

	// An open redirect through "next" is not possible.
	res = app.client().post("/login", url.Values{"username": {"anna"}, "password": {testPassword}, "next": {"//evil.example/x"}})
	assert.Equal(t, "/", res.Header.Get("Location"))

	res = c.post("/logout", nil)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusSeeOther, c.get("/players").StatusCode, "logged out")

	// Throttling: after five failures from this address, even the right password from
	// it waits a little (the policy's own tests are in auth_security_test.go).
	t2 := app.client()
	for range tournament.MaxFailuresPerPair {
		assert.Equal(t, http.StatusUnauthorized, t2.post("/login", url.Values{"username": {"anna"}, "password": {"nope"}}).StatusCode)
	}
	res = t2.post("/login", url.Values{"username": {"anna"}, "password": {testPassword}})
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.Contains(t, res.body, "Too many failed attempts")
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
}

func TestLanguage(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	c.lang = ""
	title := func(r *response) string { return r.doc(t).Find("h1").First().Text() }

	assert.Equal(t, "Anagrafica giocatori", title(c.get("/players")), "Italian by default")
	req, _ := http.NewRequest(http.MethodGet, app.srv.URL+"/players", nil)
	req.Header.Set("Accept-Language", "en-GB,en;q=0.9,it;q=0.5")
	assert.Equal(t, "Player registry", title(c.do(req)))
	req.Header.Set("Accept-Language", "de-DE,it;q=0.9,en;q=0.8")
	assert.Equal(t, "Anagrafica giocatori", title(c.do(req)))

	res := c.post("/lang", url.Values{"lang": {"en"}, "back": {"/players"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/players", res.Header.Get("Location"))
	req.Header.Set("Accept-Language", "it")
	assert.Equal(t, "Player registry", title(c.do(req)), "the switch is remembered over Accept-Language")
	assert.Equal(t, "en", c.get("/players").doc(t).Find("html").AttrOr("lang", ""))
}

func TestErrorPages(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	res := c.get("/players/999/edit")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Equal(t, "404", res.doc(t).Find(".error-status").Text())
	assert.Contains(t, res.body, "Back to the home page")
	res = c.get("/no/such/page")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Contains(t, res.header("Content-Type"), "text/html")
}

func (r *response) header(k string) string { return r.Header.Get(k) }

func TestDirectorsAndPasswordForms(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	res := c.post("/directors", url.Values{"username": {"anna"}, "name": {"Altra Anna"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.doc(t)
	assert.Equal(t, "This username is already taken.", doc.Find("#username-error").Text())
	assert.Equal(t, "Altra Anna", doc.Find("#name").AttrOr("value", ""))
	res = c.post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, 2, c.get("/directors").doc(t).Find("table.list tbody tr").Length())

	// Bruno logs in elsewhere; Anna changes her password: her other sessions end, this one stays.
	other := app.client()
	require.Equal(t, http.StatusSeeOther, other.post("/login", url.Values{"username": {"anna"}, "password": {testPassword}}).StatusCode)
	res = c.post("/account/password", url.Values{"current": {"wrong"}, "password": {"nuova-password"}, "confirm": {"nuova-password"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This is not your current password.", res.doc(t).Find("#current-error").Text())
	res = c.post("/account/password", url.Values{"current": {testPassword}, "password": {"nuova-password"}, "confirm": {"nuova-password"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusOK, c.get("/players").StatusCode, "this session stays")
	assert.Equal(t, http.StatusSeeOther, other.get("/players").StatusCode, "the other session ended")

	// Tokens: created (shown once), listed by prefix, revoked.
	secret := app.apiToken(c)
	doc = c.get("/tokens").doc(t)
	assert.Equal(t, 0, doc.Find("#new-token").Length(), "the secret is shown only once")
	revoke := doc.Find(`form[action$="/revoke"]`).First().AttrOr("action", "")
	require.Equal(t, http.StatusSeeOther, c.post(revoke, nil).StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.api("GET", "/api/v1/me", secret, "", nil).StatusCode)
}

func TestInternalErrorPage(t *testing.T) {
	s := New(Services{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	s.echo.GET("/broken", func(echo.Context) error { panic("secret detail") })
	for path, want := range map[string]string{"/broken": "Something went wrong on our side"} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Language", "en")
		rec := httptest.NewRecorder()
		s.echo.ServeHTTP(rec, req)
		assert.Equal(t, http.StatusInternalServerError, rec.Code)
		assert.Contains(t, rec.Body.String(), want)
		assert.NotContains(t, rec.Body.String(), "secret detail", "internals are logged, not shown")
	}
}
