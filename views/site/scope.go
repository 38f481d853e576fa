package site

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/views/page"
)

// ClubHeader names, on an API request, the club it works on (or the query's club).
const ClubHeader = "X-Club"

// PublicScope is the tenancy scope of a request no gate has let in (issue 38): the
// public reads every club (its handlers show only what a director published); a table's
// phone, let in by its code and PIN, reports into its tournament's club (System: the
// code names the table, the service checks the PIN). The director's gates replace it
// (scope). It is the one place, with scope, where the web layer decides a scope.
func PublicScope(r *http.Request) *http.Request {
	s := clubs.Scope{ReadAll: true}
	if p := r.URL.Path; p == "/t" || strings.HasPrefix(p, "/t/") || strings.HasPrefix(p, "/api/v1/t/") {
		s = clubs.Scope{System: true}
	}
	return r.WithContext(clubs.WithScope(r.Context(), s))
}

// scope puts a director's scope in the request (after their gate): their current club
// (wanted names it by slug: the club cookie on pages, the club query parameter or the
// X-Club header on the API; empty: their first club), plus ReadAll for an officer. A
// club named that is not theirs is refused (explicit: ENOTFOUND, as a club that does
// not exist); a page's stale cookie falls back to the first club. Without a clubs
// service (a one-club app) the request carries no scope: club 1.
func (g *Gates) scope(c echo.Context, d *tournament.Director, wanted string, explicit bool) error {
	if g.Clubs == nil {
		return nil
	}
	ctx := c.Request().Context()
	mine, err := g.Clubs.ClubsOf(ctx, d.ID)
	if err != nil {
		return err
	}
	var current *clubs.Club
	for i := range mine {
		if wanted != "" && mine[i].Slug == wanted {
			current = &mine[i]
		}
	}
	if current == nil && wanted != "" && explicit {
		return tournament.Errorf(tournament.ENOTFOUND, "club.not_member")
	}
	if current == nil && len(mine) > 0 {
		current = &mine[0]
	}
	s := clubs.Scope{ReadAll: d.IsOfficer()}
	if current != nil {
		s.Clubs = []int64{current.ID}
	}
	page.SetClub(c, current, mine, s.ReadAll)
	// The gate read the tournament's stamp ahead with the session or token (one
	// statement): a tournament of a club this scope may not read must not be answered
	// from what is kept for that stamp; without it the read goes to the store, which
	// refuses it.
	if club := tournament.StampClub(ctx); club != 0 && !s.CanRead(club) {
		ctx = tournament.WithoutStamp(ctx)
	}
	c.SetRequest(c.Request().WithContext(clubs.WithScope(ctx, s)))
	return nil
}

// pageClub is the club a director's page asks for: the club cookie's slug.
func pageClub(c echo.Context) string {
	if ck, err := c.Cookie(page.ClubCookie); err == nil {
		return strings.TrimSpace(ck.Value)
	}
	return ""
}

// apiClub is the club an API request asks for: the club query parameter, else the
// X-Club header.
func apiClub(c echo.Context) string {
	if v := strings.TrimSpace(c.QueryParam("club")); v != "" {
		return v
	}
	return strings.TrimSpace(c.Request().Header.Get(ClubHeader))
}

// ClubPage lets a request to a club's public site (/c/:slug/…) read that club only: the
// club's scope (its pages only read; the db then refuses another club's data as not
// found). An unknown club is not found.
func (g *Gates) ClubPage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if g.Clubs == nil {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		cl, err := g.Clubs.FindBySlug(c.Request().Context(), c.Param("slug"))
		if err != nil {
			return err
		}
		page.SetClub(c, cl, nil, false)
		c.SetRequest(c.Request().WithContext(clubs.WithScope(c.Request().Context(), clubs.Scope{Clubs: []int64{cl.ID}})))
		return next(c)
	}
}

// Calc lets the calculator (open to all) offer the scales the caller may read: a
// director's (session or token) as their gate would scope them, anyone else's only the
// built-in ones (another club's scales are its own).
func (g *Gates) Calc(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		c.SetRequest(c.Request().WithContext(clubs.WithScope(ctx, clubs.Scope{})))
		var d *tournament.Director
		if secret, ok := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer "); ok {
			d, _ = g.Auth.TokenDirector(ctx, strings.TrimSpace(secret))
		} else if ck, err := c.Cookie(page.SessionCookie); err == nil {
			d, _ = g.Auth.SessionDirector(ctx, ck.Value)
		}
		if d != nil {
			mine, explicit := pageClub(c), false
			if strings.HasPrefix(c.Request().URL.Path, "/api/") {
				mine, explicit = apiClub(c), true
			}
			if err := g.scope(c, d, mine, explicit); err != nil {
				return err
			}
		}
		return next(c)
	}
}
