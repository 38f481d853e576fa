package public

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/season"
	"burraco/views/page"
)

// Club pages (issue 38): /c/{slug} lists a club's published tournaments and seasons;
// /c/{slug}/p/… are the public pages of one of them. The club's scope is set by
// site.Gates.ClubPage (its tournaments only).

// ClubHome is a club's public page: its published tournaments (the newest first) and
// seasons.
func (h *Handlers) ClubHome(c echo.Context) error {
	cl := page.ClubOf(c)
	if cl == nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	ctx := c.Request().Context()
	ts, err := h.Tournaments.List(ctx)
	if err != nil {
		return err
	}
	ts = slices.DeleteFunc(ts, func(t tournament.Tournament) bool { return !t.Published })
	slices.SortStableFunc(ts, func(a, b tournament.Tournament) int { return strings.Compare(b.Date, a.Date) })
	var ss []season.Season
	if h.Seasons != nil {
		all, err := h.Seasons.List(ctx)
		if err != nil {
			return err
		}
		ss = slices.DeleteFunc(all, func(s season.Season) bool { return !s.Published })
	}
	return page.Render(c, http.StatusOK, clubHomePage(cl, ts, ss))
}

// InClub serves next, a public page of a tournament (:id) or, season true, of a season,
// under /c/{slug}: one of another club (or not published) is not found, whatever the
// pages' cache holds.
func (h *Handlers) InClub(next echo.HandlerFunc, isSeason bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := page.IDParam(c)
		if err != nil {
			return err
		}
		ctx := c.Request().Context()
		if isSeason {
			s, err := h.Seasons.Get(ctx, id)
			if err != nil {
				return err
			}
			if !s.Published {
				return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
			}
		} else {
			_, published, err := h.Tournaments.PublicRevision(ctx, id)
			if err != nil {
				return err
			}
			if !published {
				return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
			}
		}
		return next(c)
	}
}

// clubPath is a page of a club's public site.
func clubPath(cl *clubs.Club, rest string) string { return "/c/" + cl.Slug + rest }
