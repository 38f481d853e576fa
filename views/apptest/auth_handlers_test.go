package apptest_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views"
	"burraco/views/viewtest"
)

// publicRoutes are the only routes an anonymous visitor may use. Adding a public route
// means adding it here, on purpose.
var publicRoutes = map[string]bool{
	"GET /static/*":         true,
	"GET /static*":          true,
	"GET /healthz":          true,
	"GET /t":                true,
	"GET /t/:code":          true,
	"GET /t/:code/state":    true,
	"POST /t/:code/preview": true,
	"POST /t/:code/report":  true,
	"POST /t/:code/confirm": true,
	"POST /lang":            true,
	"GET /setup":            true,
	"POST /setup":           true,
	"GET /login":            true,
	"POST /login":           true,
	"POST /api/v1/setup":    true,
	"POST /api/v1/login":    true,
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
	// A table by its code (issue 21): the code and the seats' PINs are the proof, guesses
	// throttled per address and per code (TestReportGuessingThrottled).
	"GET /api/v1/t/:code":          true,
	"POST /api/v1/t/:code/report":  true,
	"POST /api/v1/t/:code/confirm": true,
	// A published season's pages (issue 22): read-only, 404 unless published; scanned by
	// TestPublicPagesExposeNothingPrivate too.
	"GET /p/seasons/:id":                true,
	"GET /p/seasons/:id/players/:pid":   true,
	"GET /p/seasons/:id/projector":      true,
	"GET /p/seasons/:id/projector/live": true,
	// A published season's standings (issue 22): 404 while not published.
	"GET /api/v1/public/seasons/:id": true,
	// The hub's intake and linking (issue 39): the signature, the one-time link code
	// authenticate, no session (views/sync's tests refuse a wrong one of each).
	"POST /api/v1/sync/results": true,
	"POST /api/v1/sync/link":    true,
	// A player's public profile across clubs (issue 38): published evenings only, named
	// as visibility allows, 404 for a hidden player; scanned by
	// TestPublicPagesExposeNothingPrivate.
	"GET /p/players/:id":             true,
	"GET /api/v1/public/players/:id": true,
	// The national ranking (issue 38): national records only, named as visibility allows;
	// scanned by TestPublicPagesExposeNothingPrivate.
	"GET /p/ranking":             true,
	"GET /p/ranking.csv":         true,
	"GET /api/v1/public/ranking": true,
	// A club's public site (issue 38): its page and the published pages above under its
	// path (another club's not found: TestAuthorisationMatrix).
	"GET /c/:slug":                              true,
	"GET /c/:slug/p/:id":                        true,
	"GET /c/:slug/p/:id/standings":              true,
	"GET /c/:slug/p/:id/players/:eid":           true,
	"GET /c/:slug/p/:id/projector/:view":        true,
	"GET /c/:slug/p/:id/projector/:view/live":   true,
	"GET /c/:slug/p/:id/qr.svg":                 true,
	"GET /c/:slug/p/:id/bracket":                true,
	"GET /c/:slug/p/seasons/:id":                true,
	"GET /c/:slug/p/seasons/:id/players/:pid":   true,
	"GET /c/:slug/p/seasons/:id/projector":      true,
	"GET /c/:slug/p/seasons/:id/projector/live": true,
}

func TestEveryRouteRefusesAnonymous(t *testing.T) {
	app := viewtest.NewApp(t)
	app.Setup()
	s := views.New(views.Services{}, nil)
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
		c := app.Client()
		req, _ := http.NewRequest(method, app.Srv.URL+path, strings.NewReader(""))
		// Same-origin, so that CSRF protection lets it through and only the login check remains.
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res := c.Do(req)
		if strings.HasPrefix(r.Path, "/api/") {
			assert.Equal(t, http.StatusUnauthorized, res.StatusCode, key)
			assert.Contains(t, res.Body, `"code":"unauthorized"`, key)
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
	c := app.Client()
	req, _ := http.NewRequest(http.MethodGet, app.Srv.URL+"/api/v1/players", nil)
	req.Header.Set("Authorization", "Bearer bt_forged")
	assert.Equal(t, http.StatusUnauthorized, c.Do(req).StatusCode)
}

func TestCSRF(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	form := url.Values{"first_name": {"Mario"}, "last_name": {"Rossi"}}

	form.Set("_csrf", "")
	res := c.Post("/players", form)
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	form.Set("_csrf", "forged-token-forged-token-forged!")
	res = c.Post("/players", form)
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	assert.Contains(t, res.Body, "expired or came from another site")

	// A cross-site browser request is refused even with a token.
	req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/players", strings.NewReader(url.Values{"_csrf": {c.CSRF()}, "first_name": {"M"}, "last_name": {"R"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	assert.Equal(t, http.StatusForbidden, c.Do(req).StatusCode)

	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps, "nothing was written")

	form.Del("_csrf")
	res = c.Post("/players", form)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	ps, _ = app.Store.AllPlayers(t.Context())
	assert.Len(t, ps, 1)

	// The logout and language forms are protected too.
	assert.Equal(t, http.StatusForbidden, c.Post("/logout", url.Values{"_csrf": {"x"}}).StatusCode)
	assert.Equal(t, http.StatusForbidden, c.Post("/lang", url.Values{"_csrf": {"x"}, "lang": {"it"}}).StatusCode)
}

func TestErrorPages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Get("/players/999/edit")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Equal(t, "404", res.Doc(t).Find(".error-status").Text())
	assert.Contains(t, res.Body, "Back to the home page")
	res = c.Get("/no/such/page")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Contains(t, res.Header.Get("Content-Type"), "text/html")
}
