package admin_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

func TestSetupOnlyOnce(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Client()
	for _, path := range []string{"/", "/players", "/login", "/nowhere"} {
		res := c.Get(path)
		assert.Equal(t, http.StatusSeeOther, res.StatusCode, path)
		assert.Equal(t, "/setup", res.Header.Get("Location"), path)
	}

	// A bad form comes back with errors next to the fields and what was typed kept.
	res := c.Post("/setup", url.Values{"username": {"Bad Name"}, "name": {"Anna Verdi"}, "password": {"short"}, "confirm": {"short"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.Doc(t)
	assert.Equal(t, "Bad Name", doc.Find("#username").AttrOr("value", ""))
	assert.Equal(t, "Anna Verdi", doc.Find("#name").AttrOr("value", ""))
	assert.Equal(t, "", doc.Find("#password").AttrOr("value", "x"), "passwords are never echoed")
	assert.Contains(t, doc.Find("#username-error").Text(), "lower-case letters")
	assert.Contains(t, doc.Find("#password-error").Text(), "at least 10")
	assert.Equal(t, 0, mustCount(t, app))

	c = app.Setup()
	res = c.Get("/")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Body, "Welcome, Anna Verdi")

	// Once a director exists, the setup form is gone, for everyone.
	for _, cl := range []*viewtest.Client{c, app.Client()} {
		assert.Equal(t, http.StatusNotFound, cl.Get("/setup").StatusCode)
		res := cl.Post("/setup", url.Values{"username": {"eve"}, "name": {"Eve"}, "password": {viewtest.Password}, "confirm": {viewtest.Password}})
		assert.Equal(t, http.StatusNotFound, res.StatusCode)
	}
	assert.Equal(t, http.StatusSeeOther, app.Client().Get("/players").StatusCode)
}

func mustCount(t *testing.T, app *viewtest.App) int {
	n, err := app.Store.CountDirectors(t.Context())
	require.NoError(t, err)
	return n
}

func TestLoginLogoutAndThrottling(t *testing.T) {
	app := viewtest.NewApp(t)
	app.Setup()
	c := app.Client()

	res := c.Get("/players?q=rossi")
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	loc := res.Header.Get("Location")
	res = c.Get(loc)
	assert.Equal(t, "/players?q=rossi", res.Doc(t).Find("input[name=next]").AttrOr("value", ""))

	res = c.Post("/login", url.Values{"username": {"anna"}, "password": {"wrong"}})
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find(".alert").Text(), "Wrong username or password")
	assert.Equal(t, "anna", res.Doc(t).Find("#username").AttrOr("value", ""), "the username typed is kept")

	res = c.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}, "next": {"/players?q=rossi"}})
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
	assert.Equal(t, http.StatusOK, c.Get("/players").StatusCode)

	// An open redirect through "next" is not possible.
	res = app.Client().Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}, "next": {"//evil.example/x"}})
	assert.Equal(t, "/", res.Header.Get("Location"))

	res = c.Post("/logout", nil)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusSeeOther, c.Get("/players").StatusCode, "logged out")

	// Throttling: after five failures from this address, even the right password from
	// it waits a little (the policy's own tests are in auth_security_test.go).
	t2 := app.Client()
	for range tournament.MaxFailuresPerPair {
		assert.Equal(t, http.StatusUnauthorized, t2.Post("/login", url.Values{"username": {"anna"}, "password": {"nope"}}).StatusCode)
	}
	res = t2.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}})
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.Contains(t, res.Body, "Too many failed attempts")
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
}

func TestLanguage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = ""
	title := func(r *viewtest.Response) string { return r.Doc(t).Find("h1").First().Text() }

	assert.Equal(t, "Anagrafica giocatori", title(c.Get("/players")), "Italian by default")
	req, _ := http.NewRequest(http.MethodGet, app.Srv.URL+"/players", nil)
	req.Header.Set("Accept-Language", "en-GB,en;q=0.9,it;q=0.5")
	assert.Equal(t, "Player registry", title(c.Do(req)))
	req.Header.Set("Accept-Language", "de-DE,it;q=0.9,en;q=0.8")
	assert.Equal(t, "Anagrafica giocatori", title(c.Do(req)))

	res := c.Post("/lang", url.Values{"lang": {"en"}, "back": {"/players"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/players", res.Header.Get("Location"))
	req.Header.Set("Accept-Language", "it")
	assert.Equal(t, "Player registry", title(c.Do(req)), "the switch is remembered over Accept-Language")
	assert.Equal(t, "en", c.Get("/players").Doc(t).Find("html").AttrOr("lang", ""))
}

func TestDirectorsAndPasswordForms(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Post("/directors", url.Values{"username": {"anna"}, "name": {"Altra Anna"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.Doc(t)
	assert.Equal(t, "This username is already taken.", doc.Find("#username-error").Text())
	assert.Equal(t, "Altra Anna", doc.Find("#name").AttrOr("value", ""))
	res = c.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, 2, c.Get("/directors").Doc(t).Find("table.list tbody tr").Length())

	// Bruno logs in elsewhere; Anna changes her password: her other sessions end, this one stays.
	other := app.Client()
	require.Equal(t, http.StatusSeeOther, other.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}}).StatusCode)
	res = c.Post("/account/password", url.Values{"current": {"wrong"}, "password": {"nuova-password"}, "confirm": {"nuova-password"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This is not your current password.", res.Doc(t).Find("#current-error").Text())
	res = c.Post("/account/password", url.Values{"current": {viewtest.Password}, "password": {"nuova-password"}, "confirm": {"nuova-password"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusOK, c.Get("/players").StatusCode, "this session stays")
	assert.Equal(t, http.StatusSeeOther, other.Get("/players").StatusCode, "the other session ended")

	// Tokens: created (shown once), listed by prefix, revoked.
	secret := app.APIToken(c)
	doc = c.Get("/tokens").Doc(t)
	assert.Equal(t, 0, doc.Find("#new-token").Length(), "the secret is shown only once")
	revoke := doc.Find(`form[action$="/revoke"]`).First().AttrOr("action", "")
	require.Equal(t, http.StatusSeeOther, c.Post(revoke, nil).StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.API("GET", "/api/v1/me", secret, "", nil).StatusCode)
}
