package apptest_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/viewtest"
)

// No request body over 4 MB is read: the API and the forms answer 413 before a handler
// runs, so a huge upload cannot exhaust memory.
func TestBodyLimit(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	big := append([]byte(`{"first_name":"`), bytes.Repeat([]byte("a"), 5<<20)...)
	big = append(big, `","last_name":"B"}`...)
	res := c.API("POST", "/api/v1/players", tok, string(big), nil)
	assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode)
	res = c.Upload("/players/import/preview", "soci.csv", bytes.Repeat([]byte("a,b\n"), 5<<18))
	assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode)
	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps)
}

// Every page is sent with headers that keep injected markup inert and the app out of
// other sites' frames.
func TestSecurityHeaders(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	for _, path := range []string{"/login", "/players", "/api/v1/me"} {
		res := c.Get(path)
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "script-src 'self'", path)
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'", path)
		assert.Equal(t, "DENY", res.Header.Get("X-Frame-Options"), path)
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"), path)
	}
}
