package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestAPITableCodeAttacks: guessing codes with a fresh X-Forwarded-For each time (the
// test's connections come from no trusted proxy, so the header is not believed) is
// throttled all the same; hostile text in a code, a huge code and a huge body are only
// refused, never echoed.
func TestAPITableCodeAttacks(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := "/api/v1" + viewtest.TournamentWithEntries(t, c, 6)
	res := c.API("PUT", base+"/reporting", tok, `{"reporting":true,"auto_accept":false,"pin":"pin"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", base+"/draw", tok, `{"seed":5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)

	anon := app.Client()
	guess := func(code, xff string) *viewtest.Response {
		req, _ := http.NewRequest("GET", app.Srv.URL+"/api/v1/t/"+code, nil)
		req.Header.Set("X-Forwarded-For", xff)
		return anon.Do(req)
	}
	hostile := "%3Cscript%3Ealert(1)%3C%2Fscript%3E"
	res = guess(hostile, "203.0.113.1")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.NotContains(t, res.Body, "<script>", "the code is not echoed")
	res = guess(strings.Repeat("A", 6000), "203.0.113.2")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	for i := 3; i <= 10; i++ {
		res = guess("ZZZZZZ", "203.0.113."+string(rune('0'+i%10)))
		require.Equal(t, http.StatusNotFound, res.StatusCode)
	}
	res = guess("ZZZZZZ", "198.51.100.7")
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode, "a forwarded address from an untrusted peer changes nothing")
	assert.NotEmpty(t, res.Header.Get("Retry-After"))

	big := `{"seat":1,"pin":"1234","hands":[` + strings.Repeat(`[null,null,null],`, 300000) + `[null,null,null]]}`
	req, _ := http.NewRequest("POST", app.Srv.URL+"/api/v1/t/ZZZZZZ/report", strings.NewReader(big))
	req.Header.Set("Content-Type", "application/json")
	res = app.Client().Do(req)
	assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode, "over 4 MB: refused before any handler")
}
