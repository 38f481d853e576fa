package views

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
	"burraco/views/page"
)

func sessionOf(t *testing.T, c *client) string {
	t.Helper()
	u, _ := url.Parse(c.app.srv.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == page.SessionCookie {
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
	stale.http.Jar.SetCookies(u, []*http.Cookie{{Name: page.SessionCookie, Value: old, Path: "/"}})
	assert.Equal(t, http.StatusSeeOther, stale.get("/players").StatusCode, "the old session is gone on the server")
}

// postFrom posts the login form with an X-Forwarded-For header.
func (c *client) loginFrom(xff, username, password string) *response {
	form := url.Values{"username": {username}, "password": {password}, "_csrf": {c.csrf()}}
	req, _ := http.NewRequest(http.MethodPost, c.app.srv.URL+"/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	return c.do(req)
}

// Issue 9 (2): X-Forwarded-For counts only from a trusted proxy.
func TestLoginThrottleIgnoresSpoofedForwardedFor(t *testing.T) {
	for name, opts := range map[string][]Option{
		"no trusted proxy":        nil,
		"another trusted network": {WithTrustedProxies(mustNets(t, "10.0.0.0/8"))},
	} {
		t.Run(name, func(t *testing.T) {
			app := newTestApp(t, opts...)
			app.setup()
			c := app.client()
			throttled := false
			for i := range 40 {
				res := c.loginFrom(fmt.Sprintf("203.0.113.%d", i), fmt.Sprintf("user%d", i), "wrong")
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
	app := newTestApp(t, WithTrustedProxies(mustNets(t, "127.0.0.1,::1")))
	app.setup()
	c := app.client()
	for i := range 40 {
		res := c.loginFrom(fmt.Sprintf("203.0.113.%d", i), fmt.Sprintf("user%d", i), "wrong")
		require.Equal(t, http.StatusUnauthorized, res.StatusCode, "attempt %d: each client has its own address", i)
	}
	throttled := false
	for i := range 40 {
		if c.loginFrom("198.51.100.7", fmt.Sprintf("user%d", i), "wrong").StatusCode == http.StatusTooManyRequests {
			throttled = true
			break
		}
	}
	assert.True(t, throttled, "one forwarded client is throttled by its own address")
}

func mustNets(t *testing.T, list string) []*net.IPNet {
	t.Helper()
	nets, err := ParseTrustedProxies(list)
	require.NoError(t, err)
	return nets
}

// Issue 9 (3): a stranger guessing cannot lock the owner out; the stranger's own address
// is throttled, across usernames, at the ceiling.
func TestLoginThrottleCannotLockOwnerOut(t *testing.T) {
	app := newTestApp(t, WithTrustedProxies(mustNets(t, "127.0.0.1,::1")))
	app.setup()
	attacker, owner := app.client(), app.client()
	const evil, home = "198.51.100.66", "192.0.2.10"
	for range tournament.MaxFailuresPerPair {
		require.Equal(t, http.StatusUnauthorized, attacker.loginFrom(evil, "anna", "guess").StatusCode)
	}
	res := attacker.loginFrom(evil, "anna", testPassword)
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode, "the guessing pair waits")
	assert.Equal(t, "2", res.Header.Get("Retry-After"))
	assert.Contains(t, res.body, "Try again in 2 seconds")

	res = owner.loginFrom(home, "anna", testPassword)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "the owner from another address gets in")

	// The API login follows the same policy, with Retry-After.
	req, _ := http.NewRequest(http.MethodPost, app.srv.URL+"/api/v1/login", strings.NewReader(`{"username":"anna","password":"guess"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", evil)
	res = attacker.do(req)
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))

	// Across usernames the attacker's address reaches the ceiling: it has
	// MaxFailuresPerPair failures already, so only the rest up to the ceiling are let through.
	failed := 0
	for i := range tournament.MaxFailuresPerIP {
		if attacker.loginFrom(evil, fmt.Sprintf("user%d", i), "guess").StatusCode == http.StatusUnauthorized {
			failed++
		}
	}
	assert.Equal(t, tournament.MaxFailuresPerIP-tournament.MaxFailuresPerPair, failed, "attempts beyond the per-address ceiling are refused")
	res = attacker.loginFrom(evil, "bruno", "guess")
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	assert.Equal(t, http.StatusSeeOther, app.client().loginFrom(home, "anna", testPassword).StatusCode, "still not the owner")
}
