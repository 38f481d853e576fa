package views

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

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
			needed, err := s.Auth.SetupNeeded(c.Request().Context())
			if err != nil {
				return err
			}
			if !needed {
				done.Store(true)
			} else if path != "/setup" {
				return page.Redirect(c, "/setup")
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
		if ck, err := c.Cookie(page.SessionCookie); err == nil {
			secret = ck.Value
		}
		d, err := s.Auth.SessionDirector(c.Request().Context(), secret)
		if tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
			to := "/login?next=" + url.QueryEscape(c.Request().URL.RequestURI())
			if c.Request().Method == http.MethodGet {
				return page.Redirect(c, to)
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
		if err := page.WithIdempotencyKey(c, d, true); err != nil {
			return err
		}
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
		d, err := s.Auth.TokenDirector(c.Request().Context(), strings.TrimSpace(secret))
		if err != nil {
			return err
		}
		c.Set("director", d)
		if err := page.WithIdempotencyKey(c, d, false); err != nil {
			return err
		}
		return next(c)
	}
}
