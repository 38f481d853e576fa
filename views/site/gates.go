package site

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/views/page"
)

// Gates let a request in: while no director exists only to the setup form, then to
// director pages with a live session, to the API with a live bearer token.
type Gates struct {
	Auth *tournament.Auth
	// Clubs gives a director's clubs and role, for the request's scope (nil: no scope,
	// the one-club app).
	Clubs     *clubs.Service
	setupDone atomic.Bool // a director exists (see Setup)
}

// Setup sends every page to the setup form while no director exists, and hides the
// setup form once one does. The "done" flag only ever goes from false to true, so each
// instance may remember it: in the gates, since echo wraps a handler in its middleware
// again for every request (a flag declared here would be new each time, and every
// request would count the directors).
func (g *Gates) Setup(next echo.HandlerFunc) echo.HandlerFunc {
	done := &g.setupDone
	return func(c echo.Context) error {
		path := c.Request().URL.Path
		if strings.HasPrefix(path, "/static/") || strings.HasPrefix(path, "/api/") || path == "/healthz" || path == "/lang" {
			return next(c)
		}
		if !done.Load() {
			needed, err := g.Auth.SetupNeeded(c.Request().Context())
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

// noStore keeps what needs a login out of every cache, the browser's on a club's
// shared PC included: set just before the header is written, so that no handler's own
// caching (a QR code's) can loosen it.
func noStore(c echo.Context) {
	res := c.Response()
	res.Before(func() { res.Header().Set(echo.HeaderCacheControl, "no-store") })
}

// Director lets a request through only with a live session cookie; its answer is never
// stored (noStore).
func (g *Gates) Director(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		noStore(c)
		var secret string
		if ck, err := c.Cookie(page.SessionCookie); err == nil {
			secret = ck.Value
		}
		r := c.Request()
		d, ctx, err := g.Auth.SessionDirectorFor(r.Context(), secret, readsTournament(c, "/tournaments/:id"))
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
		if ctx != r.Context() {
			c.SetRequest(r.WithContext(ctx))
		}
		c.Set("director", d)
		c.Set("session", secret)
		if err := g.scope(c, d, pageClub(c), false); err != nil {
			return err
		}
		if err := page.WithIdempotencyKey(c, d, true); err != nil {
			return err
		}
		return next(c)
	}
}

// readsTournament is the tournament a GET of a route under prefix (its ":id") reads, 0
// for any other request: its director's check then reads the tournament's stamp in the
// same statement (tournament.Auth.TokenDirectorFor).
func readsTournament(c echo.Context, prefix string) int64 {
	if c.Request().Method != http.MethodGet {
		return 0
	}
	rest, ok := strings.CutPrefix(c.Path(), prefix)
	if !ok || (rest != "" && rest[0] != '/') {
		return 0
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0
	}
	return id
}

// Token lets an API request through only with a live bearer token; its answer is never
// stored (noStore).
func (g *Gates) Token(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		noStore(c)
		secret, ok := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
		if !ok {
			return tournament.Errorf(tournament.EUNAUTHORIZED, "api.token_required")
		}
		r := c.Request()
		d, ctx, err := g.Auth.TokenDirectorFor(r.Context(), strings.TrimSpace(secret), readsTournament(c, "/api/v1/tournaments/:id"))
		if err != nil {
			return err
		}
		if ctx != r.Context() {
			c.SetRequest(r.WithContext(ctx))
		}
		c.Set("director", d)
		if err := g.scope(c, d, apiClub(c), true); err != nil {
			return err
		}
		if err := page.WithIdempotencyKey(c, d, false); err != nil {
			return err
		}
		return next(c)
	}
}
