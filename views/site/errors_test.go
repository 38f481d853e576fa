package site_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
