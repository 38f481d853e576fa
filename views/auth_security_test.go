package views

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sessionOf(t *testing.T, c *client) string {
	t.Helper()
	u, _ := url.Parse(c.app.srv.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == sessionCookie {
			return ck.Value
		}
	}
	return ""
}

// Issue 9 (5): a password change, by form or API, revokes the director's API tokens.
func TestPasswordChangeRevokesTokens(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	first, second := app.apiToken(c), app.apiToken(c)
	require.Equal(t, http.StatusOK, c.api("GET", "/api/v1/me", first, "", nil).StatusCode)
	assert.Contains(t, c.get("/account").body, "revokes your API tokens", "the form says so")

	res := c.post("/account/password", url.Values{"current": {testPassword}, "password": {"nuova-password"}, "confirm": {"nuova-password"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.api("GET", "/api/v1/me", first, "", nil).StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.api("GET", "/api/v1/me", second, "", nil).StatusCode)
	assert.Equal(t, http.StatusOK, c.get("/players").StatusCode, "the session that changed it stays")

	// Through the API: the token used and every other one stop working.
	third, fourth := app.apiToken(c), app.apiToken(c)
	res = c.api("PUT", "/api/v1/me/password", third, `{"current":"nuova-password","password":"terza-password","confirm":"terza-password"}`, nil)
	require.Equal(t, http.StatusNoContent, res.StatusCode, res.body)
	assert.Equal(t, http.StatusUnauthorized, c.api("GET", "/api/v1/me", third, "", nil).StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.api("GET", "/api/v1/me", fourth, "", nil).StatusCode)
}

// Issue 9 (6): logging in again in a browser ends that browser's previous session.
func TestSecondLoginEndsPreviousSession(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	old := sessionOf(t, c)
	require.NotEmpty(t, old)
	res := c.post("/login", url.Values{"username": {"anna"}, "password": {testPassword}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	renewed := sessionOf(t, c)
	require.NotEqual(t, old, renewed)
	assert.Equal(t, http.StatusOK, c.get("/players").StatusCode)

	stale := app.client()
	u, _ := url.Parse(app.srv.URL)
	stale.http.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: old, Path: "/"}})
	assert.Equal(t, http.StatusSeeOther, stale.get("/players").StatusCode, "the old session is gone on the server")
}
