package admin_test

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views"
	"burraco/views/page"
	"burraco/views/site"
	"burraco/views/viewtest"
)

func sessionOf(t *testing.T, c *viewtest.Client) string {
	t.Helper()
	u, _ := url.Parse(c.App.Srv.URL)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == page.SessionCookie {
			return ck.Value
		}
	}
	return ""
}

// Issue 9 (5): a password change, by form or API, revokes the director's API tokens.
func TestPasswordChangeRevokesTokens(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	first, second := app.APIToken(c), app.APIToken(c)
	require.Equal(t, http.StatusOK, c.API("GET", "/api/v1/me", first, "", nil).StatusCode)
	assert.Contains(t, c.Get("/account").Body, "revokes your API tokens", "the form says so")

	res := c.Post("/account/password", url.Values{"current": {viewtest.Password}, "password": {"nuova-password"}, "confirm": {"nuova-password"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.API("GET", "/api/v1/me", first, "", nil).StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.API("GET", "/api/v1/me", second, "", nil).StatusCode)
	assert.Equal(t, http.StatusOK, c.Get("/players").StatusCode, "the session that changed it stays")

	// Through the API: the token used and every other one stop working.
	third, fourth := app.APIToken(c), app.APIToken(c)
	res = c.API("PUT", "/api/v1/me/password", third, `{"current":"nuova-password","password":"terza-password","confirm":"terza-password"}`, nil)
	require.Equal(t, http.StatusNoContent, res.StatusCode, res.Body)
	assert.Equal(t, http.StatusUnauthorized, c.API("GET", "/api/v1/me", third, "", nil).StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.API("GET", "/api/v1/me", fourth, "", nil).StatusCode)
}

// Issue 9 (6): logging in again in a browser ends that browser's previous session.
func TestSecondLoginEndsPreviousSession(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	old := sessionOf(t, c)
	require.NotEmpty(t, old)
	res := c.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	renewed := sessionOf(t, c)
	require.NotEqual(t, old, renewed)
	assert.Equal(t, http.StatusOK, c.Get("/players").StatusCode)

	stale := app.Client()
	u, _ := url.Parse(app.Srv.URL)
	stale.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: page.SessionCookie, Value: old, Path: "/"}})
	assert.Equal(t, http.StatusSeeOther, stale.Get("/players").StatusCode, "the old session is gone on the server")
}

// postFrom posts the login form with an X-Forwarded-For header.
func loginFrom(c *viewtest.Client, xff, username, password string) *viewtest.Response {
	form := url.Values{"username": {username}, "password": {password}, "_csrf": {c.CSRF()}}
	req, _ := http.NewRequest(http.MethodPost, c.App.Srv.URL+"/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	return c.Do(req)
}

// Issue 9 (2): X-Forwarded-For counts only from a trusted proxy.
func TestLoginThrottleIgnoresSpoofedForwardedFor(t *testing.T) {
	for name, opts := range map[string][]views.Option{
		"no trusted proxy":        nil,
		"another trusted network": {views.WithTrustedProxies(mustNets(t, "10.0.0.0/8"))},
	} {
		t.Run(name, func(t *testing.T) {
			app := viewtest.NewApp(t, opts...)
			app.Setup()
			c := app.Client()
			throttled := false
			for i := range 40 {
				res := loginFrom(c, fmt.Sprintf("203.0.113.%d", i), fmt.Sprintf("user%d", i), "wrong")
				if res.StatusCode == http.StatusTooManyRequests {
					throttled = true
					break
				}
				require.Equal(t, http.StatusUnauthorized, res.StatusCode)
			}
			assert.True(t, throttled, "a rotating X-Forwarded-For from an untrusted client is still throttled")
		})
	}

	// Behind a trusted proxy (the test client is on loopback), the header names the client.
	app := viewtest.NewApp(t, views.WithTrustedProxies(mustNets(t, "127.0.0.1,::1")))
	app.Setup()
	c := app.Client()
	for i := range 40 {
		res := loginFrom(c, fmt.Sprintf("203.0.113.%d", i), fmt.Sprintf("user%d", i), "wrong")
		require.Equal(t, http.StatusUnauthorized, res.StatusCode, "attempt %d: each client has its own address", i)
	}
	throttled := false
	for i := range 40 {
		if loginFrom(c, "198.51.100.7", fmt.Sprintf("user%d", i), "wrong").StatusCode == http.StatusTooManyRequests {
			throttled = true
			break
		}
	}
	assert.True(t, throttled, "one forwarded client is throttled by its own address")
}

func mustNets(t *testing.T, list string) []*net.IPNet {
	t.Helper()
	nets, err := site.ParseTrustedProxies(list)
	require.NoError(t, err)
	return nets
}

// Issue 9 (3): a stranger guessing cannot lock the owner out; the stranger's own address
// is throttled, across usernames, at the ceiling.
func TestLoginThrottleCannotLockOwnerOut(t *testing.T) {
	app := viewtest.NewApp(t, views.WithTrustedProxies(mustNets(t, "127.0.0.1,::1")))
	app.Setup()
	attacker, owner := app.Client(), app.Client()
	const evil, home = "198.51.100.66", "192.0.2.10"
	for range tournament.MaxFailuresPerPair {
		require.Equal(t, http.StatusUnauthorized, loginFrom(attacker, evil, "anna", "guess").StatusCode)
	}
	res := loginFrom(attacker, evil, "anna", viewtest.Password)
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode, "the guessing pair waits")
	assert.Equal(t, "2", res.Header.Get("Retry-After"))
	assert.Contains(t, res.Body, "Try again in 2 seconds")

	res = loginFrom(owner, home, "anna", viewtest.Password)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "the owner from another address gets in")

	// The API login follows the same policy, with Retry-After.
	req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/api/v1/login", strings.NewReader(`{"username":"anna","password":"guess"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", evil)
	res = attacker.Do(req)
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))

	// Across usernames the attacker's address reaches the ceiling: it has
	// MaxFailuresPerPair failures already, so only the rest up to the ceiling are let through.
	failed := 0
	for i := range tournament.MaxFailuresPerIP {
		if loginFrom(attacker, evil, fmt.Sprintf("user%d", i), "guess").StatusCode == http.StatusUnauthorized {
			failed++
		}
	}
	assert.Equal(t, tournament.MaxFailuresPerIP-tournament.MaxFailuresPerPair, failed, "attempts beyond the per-address ceiling are refused")
	res = loginFrom(attacker, evil, "bruno", "guess")
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	assert.Equal(t, http.StatusSeeOther, loginFrom(app.Client(), home, "anna", viewtest.Password).StatusCode, "still not the owner")
}
