package site

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// httpErrorKeys gives the catalogue key for the HTTP errors echo itself raises.
var httpErrorKeys = map[int]string{
	http.StatusNotFound:              "error.not_found",
	http.StatusMethodNotAllowed:      "error.method",
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
		// An error answer is never stored: one of a route behind a login may be given
		// before its gate says no-store (a body over the limit, a CSRF refusal).
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		r := c.Request()
		ctx := r.Context()
		status, key, e := http.StatusInternalServerError, "error.internal", (*tournament.Error)(nil)
		var he *echo.HTTPError
		if de, ok := tournament.AsError(err); ok {
			e, status, key = de, page.StatusOf(de.Code), de.Key
			page.SetRetryAfter(c, de)
		} else if errors.As(err, &he) {
			status = he.Code
			if status == http.StatusNotFound || status == http.StatusMethodNotAllowed {
				// echo answers 404 for a wrong method where a group has middleware: an
				// address served under other methods is 405, with them in Allow.
				if allow := allowed(c.Echo(), c.Request().URL.Path); len(allow) > 0 && !slices.Contains(allow, c.Request().Method) {
					status = http.StatusMethodNotAllowed
					c.Response().Header().Set("Allow", strings.Join(allow, ", "))
				}
			}
			if k, ok := httpErrorKeys[status]; ok {
				key = k
			}
		} else if Canceled(ctx, err) {
			// The client (the proxy) went away: nothing to answer, and nothing broken. A
			// hung instance that resumes finds every request it held cancelled.
			app.Log.InfoContext(ctx, "request canceled: the client went away", "method", r.Method, "uri", r.RequestURI, "err", err)
			c.Response().WriteHeader(StatusClientClosed)
			return
		} else if DatabaseUnreachable(err) {
			// 503, not 500: the proxy sends reads to another instance (proxy_next_upstream
			// http_503) and leaves this one out for a while (docs/DEPLOY.md).
			status, key = http.StatusServiceUnavailable, "error.unavailable"
			c.Response().Header().Set("Retry-After", unavailableRetryAfter)
			app.Log.ErrorContext(ctx, "database unreachable", "method", r.Method, "uri", r.RequestURI, "err", err)
		}
		if key == "error.too_late" {
			app.Log.WarnContext(ctx, "change refused: past its deadline, rolled back", "method", r.Method, "uri", r.RequestURI, "err", err)
		} else if status >= 500 && key != "error.unavailable" {
			app.Log.ErrorContext(ctx, "internal error", "method", r.Method, "uri", r.RequestURI, "err", err)
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
			err = page.Render(c, status, page.ErrorPage(status, key, args, page.RequestID(ctx)))
		}
		if err != nil {
			app.Log.ErrorContext(ctx, "write error response", "err", err)
		}
	}
}

// routeMatcher is an echo route's path as a pattern, and its method.
type routeMatcher struct {
	method string
	path   *regexp.Regexp
}

var (
	matchersMu sync.Mutex
	matchers   = map[*echo.Echo][]routeMatcher{}
	routeParam = regexp.MustCompile(`:[^/.]+`)
)

// allowed lists the methods e serves path with (HEAD with GET; none for an address
// served by no route), sorted.
func allowed(e *echo.Echo, path string) []string {
	matchersMu.Lock()
	ms, ok := matchers[e]
	if !ok {
		for _, r := range e.Routes() {
			switch r.Method {
			case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch:
			default:
				continue
			}
			if strings.Contains(r.Path, "*") {
				continue
			}
			pat := routeParam.ReplaceAllString(regexp.QuoteMeta(r.Path), `[^/]+`)
			ms = append(ms, routeMatcher{r.Method, regexp.MustCompile("^" + pat + "$")})
		}
		matchers[e] = ms
	}
	matchersMu.Unlock()
	var out []string
	for _, m := range ms {
		if m.path.MatchString(path) && !slices.Contains(out, m.method) {
			out = append(out, m.method)
		}
	}
	if slices.Contains(out, http.MethodGet) {
		out = append(out, http.MethodHead)
	}
	slices.Sort(out)
	return out
}

// StatusClientClosed is the status logged for a request whose client went away before
// the answer (nginx's 499).
const StatusClientClosed = 499

// unavailableRetryAfter is the Retry-After of a 503 for an unreachable database, in
// seconds.
const unavailableRetryAfter = "5"

// Canceled reports whether err ended a request because its client went away: the
// request's context is cancelled (not a commit deadline: that is error.too_late).
func Canceled(ctx context.Context, err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(ctx.Err(), context.Canceled)
}

// sqlStater is a database error with its SQLSTATE (pgx's *pgconn.PgError).
type sqlStater interface{ SQLState() string }

// DatabaseUnreachable reports whether err says the database cannot be reached or will
// not take this instance's sessions (connection refused or lost, the server shutting
// down or refusing connections, the database or role gone), as opposed to a fault of
// the request: the instance should be left out until the database is back.
func DatabaseUnreachable(err error) bool {
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true // a connection lost in the middle of a statement
	}
	var st sqlStater
	if errors.As(err, &st) {
		code := st.SQLState()
		switch {
		case strings.HasPrefix(code, "08"), // connection exception
			strings.HasPrefix(code, "28"),                     // invalid authorization
			code == "3D000",                                   // no such database
			code == "53300",                                   // too many connections
			code == "57P01", code == "57P02", code == "57P03": // shutting down, cannot connect now
			return true
		}
		return false
	}
	var op *net.OpError
	return errors.As(err, &op)
}
