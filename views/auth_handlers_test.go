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
)

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
