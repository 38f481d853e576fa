package site

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// httpErrorKeys gives the catalogue key for the HTTP errors echo itself raises.
var httpErrorKeys = map[int]string{
	http.StatusNotFound:              "error.not_found",
	http.StatusMethodNotAllowed:      "error.not_found",
	http.StatusUnauthorized:          "error.unauthorized",
	http.StatusForbidden:             "error.csrf",
	http.StatusRequestEntityTooLarge: "error.too_big",
	http.StatusBadRequest:            "error.bad_request",
}

// APIErrorWriter writes an error of the JSON API: its status, its catalogue key, and
// the service's error when there is one.
type APIErrorWriter func(c echo.Context, status int, key string, e *tournament.Error) error

// ErrorHandler turns any error into a JSON error under /api/ (written by apiError), or
// an error page.
func ErrorHandler(app *page.App, apiError APIErrorWriter) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, key, e := http.StatusInternalServerError, "error.internal", (*tournament.Error)(nil)
		var he *echo.HTTPError
		if de, ok := tournament.AsError(err); ok {
			e, status, key = de, page.StatusOf(de.Code), de.Key
			page.SetRetryAfter(c, de)
		} else if errors.As(err, &he) {
			status = he.Code
			if k, ok := httpErrorKeys[status]; ok {
				key = k
			}
		}
		if key == "error.too_late" {
			app.Log.Warn("change refused: past its deadline, rolled back", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
		} else if status >= 500 {
			app.Log.Error("internal error", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
		}
		if e != nil {
			app.WordingOf(c) // the page or answer speaks the tournament's format
		}
		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
			err = apiError(c, status, key, e)
		} else if c.Request().Method == http.MethodHead {
			err = c.NoContent(status)
		} else {
			var args []any
			if e != nil {
				args = e.Args
			}
			if status == http.StatusNotFound && page.DirectorOf(c) == nil {
				// An unknown address passes no login check: a director still sees the menu.
				if ck, cerr := c.Cookie(page.SessionCookie); cerr == nil {
					if d, derr := app.Auth.SessionDirector(c.Request().Context(), ck.Value); derr == nil {
						c.Set("director", d)
					}
				}
			}
			err = page.Render(c, status, page.ErrorPage(status, key, args))
		}
		if err != nil {
			app.Log.Error("write error response", "err", err)
		}
	}
}
