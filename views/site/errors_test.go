package site_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/site"
)

// A handler's panic is a 500 error page in the reader's language, and its details go to
// the log, not to the page.
func TestInternalErrorPage(t *testing.T) {
	app := &page.App{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	e := echo.New()
	e.HTTPErrorHandler = site.ErrorHandler(app, func(c echo.Context, status int, key string, _ *tournament.Error) error {
		return c.String(status, key)
	})
	e.Use(site.Recover(app.Log), page.Language)
	e.GET("/broken", func(echo.Context) error { panic("secret detail") })
	for path, want := range map[string]string{"/broken": "Something went wrong on our side"} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Language", "en")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		assert.Equal(t, http.StatusInternalServerError, rec.Code)
		assert.Contains(t, rec.Body.String(), want)
		assert.NotContains(t, rec.Body.String(), "secret detail", "internals are logged, not shown")
	}
}

// TestErrorAnswersNotStored: every error answer says Cache-Control: no-store, also one
// given before a director's gate could say it (a body over a route's limit, a CSRF
// refusal: they were answered without it).
func TestErrorAnswersNotStored(t *testing.T) {
	app := &page.App{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	e := echo.New()
	e.HTTPErrorHandler = site.ErrorHandler(app, func(c echo.Context, status int, key string, _ *tournament.Error) error {
		return c.String(status, key)
	})
	b := site.NewBodies()
	e.Use(b.Middleware, page.Language, site.CSRF(false))
	e.POST("/tournaments/1/rounds/1/reports/unblock", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	e.POST("/api/v1/t/:code/report", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	for _, tc := range []struct {
		path, body string
		want       int
	}{
		{"/tournaments/1/rounds/1/reports/unblock", "table=1&seat=2", http.StatusForbidden},
		{"/api/v1/t/ABCDEF/report", string(make([]byte, site.SmallBody+1)), http.StatusRequestEntityTooLarge},
	} {
		req := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(tc.body))
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationForm)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		assert.Equal(t, tc.want, rec.Code, tc.path)
		assert.Equal(t, "no-store", rec.Header().Get(echo.HeaderCacheControl), tc.path)
	}
}
