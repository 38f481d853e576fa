package views

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/words"
)

const (
	sessionCookie  = "burraco_session"
	flashCookie    = "burraco_flash"
	csrfContextKey = "csrf"
	csrfCookie     = "burraco_csrf"
	csrfFormField  = "_csrf" // the form field carrying the CSRF token
)

// language sets the request's language for handlers and pages.
func language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Set("lang", negotiateLang(c))
		return next(c)
	}
}

// setupGate sends every page to the setup form while no director exists, and hides the
// setup form once one does. The "done" flag only ever goes from false to true, so each
// instance may remember it: in the server, since echo wraps a handler in its middleware
// again for every request (a flag declared here would be new each time, and every
// request would count the directors).
func (s *Server) setupGate(next echo.HandlerFunc) echo.HandlerFunc {
	done := &s.setupDone
	return func(c echo.Context) error {
		path := c.Request().URL.Path
		if strings.HasPrefix(path, "/static/") || strings.HasPrefix(path, "/api/") || path == "/healthz" || path == "/lang" {
			return next(c)
		}
		if !done.Load() {
			needed, err := s.auth.SetupNeeded(c.Request().Context())
			if err != nil {
				return err
			}
			if !needed {
				done.Store(true)
			} else if path != "/setup" {
				return redirect(c, "/setup")
			}
		}
		if done.Load() && path == "/setup" {
			return echo.ErrNotFound
		}
		return next(c)
	}
}

// requireDirector lets a request through only with a live session cookie.
func (s *Server) requireDirector(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		var secret string
		if ck, err := c.Cookie(sessionCookie); err == nil {
			secret = ck.Value
		}
		d, err := s.auth.SessionDirector(c.Request().Context(), secret)
		if tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
			to := "/login?next=" + url.QueryEscape(c.Request().URL.RequestURI())
			if c.Request().Method == http.MethodGet {
				return redirect(c, to)
			}
			if c.Request().Header.Get("HX-Request") != "" {
				c.Response().Header().Set("HX-Redirect", to)
			}
			return echo.ErrUnauthorized
		} else if err != nil {
			return err
		}
		c.Set("director", d)
		c.Set("session", secret)
		return next(c)
	}
}

// requireToken lets an API request through only with a live bearer token.
func (s *Server) requireToken(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		secret, ok := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
		if !ok {
			return tournament.Errorf(tournament.EUNAUTHORIZED, "api.token_required")
		}
		d, err := s.auth.TokenDirector(c.Request().Context(), strings.TrimSpace(secret))
		if err != nil {
			return err
		}
		c.Set("director", d)
		return next(c)
	}
}

// directorOf returns the logged-in director, or nil.
func directorOf(c echo.Context) *tournament.Director {
	d, _ := c.Get("director").(*tournament.Director)
	return d
}

// setFlash leaves a one-time message (a catalogue key and its arguments) for the next page.
func setFlash(c echo.Context, key string, args ...string) {
	v := strings.Join(append([]string{key}, args...), "\x1f")
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: base64.RawURLEncoding.EncodeToString([]byte(v)),
		Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isSecure(c)})
}

// takeFlash reads and clears the one-time message, translated.
func takeFlash(c echo.Context) string {
	ck, err := c.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Path: "/", MaxAge: -1, HttpOnly: true})
	b, err := base64.RawURLEncoding.DecodeString(ck.Value)
	if err != nil {
		return ""
	}
	parts := strings.Split(string(b), "\x1f")
	if !words.Known(parts[0]) {
		return ""
	}
	args := make([]any, len(parts)-1)
	for i, a := range parts[1:] {
		args[i] = a
	}
	format, _ := c.Get(formatContextKey).(string)
	return translateFor(langOf(c), format, parts[0], args...)
}

// isSecure tells whether the request came over HTTPS (directly, or through a trusted
// proxy's X-Forwarded-Proto: see Server.isTLS), so cookies get the Secure flag there but
// still work on a laptop's plain http://localhost.
func isSecure(c echo.Context) bool {
	secure, _ := c.Get("secure").(bool)
	return secure
}
