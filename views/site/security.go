package site

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"burraco/views/page"
)

// Recover turns a handler's panic into an error (a 500), logging its stack.
func Recover(log *slog.Logger) echo.MiddlewareFunc {
	return middleware.RecoverWithConfig(middleware.RecoverConfig{
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			log.ErrorContext(c.Request().Context(), "panic", "err", err, "stack", string(stack))
			return err
		},
	})
}

// Secure puts the security headers (page.SecureHeaders, page.SecureConfig's) on every
// answer, as echo's Secure middleware would with that configuration, but with the
// header values made once: no allocation per request. A handler that sets one of them
// replaces the value, never changes it.
func Secure(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		for k, v := range page.SecureHeaders {
			h[k] = v
		}
		return next(c)
	}
}

// RequestLog logs every request but the public reads that succeed, with its request
// id (ContextHandler). A request whose client went away is logged as such: canceled
// before its answer (status 499, at INFO), or answered after the client had gone (at
// WARN: a proxy that gave up on a slow instance answered the client itself).
func RequestLog(log *slog.Logger) echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogMethod: true, LogURI: true, LogStatus: true, LogLatency: true, LogError: true, LogRemoteIP: true,
		HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			ctx := c.Request().Context()
			gone := ctx.Err() != nil
			if v.Status < 400 && v.Error == nil && !gone && isPublicRead(c.Request()) {
				// A room of phones and a projector polling every 2 seconds would flood
				// the log with lines that say nothing: public reads are logged only
				// when they fail.
				return nil
			}
			// Attributes, not key-value pairs: nothing boxed per line.
			var buf [6]slog.Attr
			attrs := append(buf[:0], slog.String("method", v.Method), slog.String("uri", v.URI), slog.Int("status", v.Status),
				slog.Duration("latency", v.Latency), slog.String("remote", v.RemoteIP))
			if v.Error != nil {
				attrs = append(attrs, slog.Any("err", v.Error))
			}
			level, msg := slog.LevelInfo, "request"
			switch {
			case v.Status == StatusClientClosed:
				msg = "request canceled"
			case gone:
				level, msg = slog.LevelWarn, "request answered after the client went away"
			}
			log.LogAttrs(ctx, level, msg, attrs...)
			return nil
		},
	})
}

// isPublicRead reports whether a request reads a public page or its JSON twin.
func isPublicRead(r *http.Request) bool {
	return r.Method == http.MethodGet && (strings.HasPrefix(r.URL.Path, "/p/") || strings.HasPrefix(r.URL.Path, "/api/v1/public/"))
}

// CSRF checks the token of state-changing forms; it handles only the requests whose
// page.IsSecure is secure, and sets the token cookie's Secure flag to match.
func CSRF(secure bool) echo.MiddlewareFunc {
	return middleware.CSRFWithConfig(middleware.CSRFConfig{
		Skipper: func(c echo.Context) bool {
			// The API takes bearer tokens only, never cookies, so it cannot be forged; the
			// public pages only read, have no forms, and must not each set a token cookie.
			p := c.Request().URL.Path
			return page.IsSecure(c) != secure || strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/p/")
		},
		TokenLookup:    "form:" + page.CSRFFormField + ",header:X-CSRF-Token",
		ContextKey:     page.CSRFContextKey,
		CookieName:     page.CSRFCookie,
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSecure:   secure,
		CookieSameSite: http.SameSiteLaxMode,
		ErrorHandler: func(err error, c echo.Context) error {
			return &echo.HTTPError{Code: http.StatusForbidden, Message: "csrf", Internal: err}
		},
	})
}

// CSRFNotInQuery takes a CSRF token out of the query string before the CSRF check
// reads the form (which would otherwise see the query too): the token counts only from
// the form body or the X-CSRF-Token header, never from an address that ends up in logs,
// the browser's history and Referer headers.
func CSRFNotInQuery(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.URL.RawQuery != "" && r.Method != http.MethodGet && r.Method != http.MethodHead {
			if q := r.URL.Query(); q.Has(page.CSRFFormField) {
				q.Del(page.CSRFFormField)
				r.URL.RawQuery = q.Encode()
			}
		}
		return next(c)
	}
}
