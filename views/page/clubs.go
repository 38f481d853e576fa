package page

import (
	"context"
	"fmt"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// ClubCookie holds the slug of a director's current club on their pages (the scope
// middleware reads it, the club switch sets it).
const ClubCookie = "club"

// Context keys of the request's club (set by the scope middleware, views/site).
const (
	clubKey    = "club"
	clubsKey   = "clubs"
	officerKey = "officer"
)

// SetClub records the request's current club, the director's clubs and whether the
// director is an officer (the scope middleware).
func SetClub(c echo.Context, current *clubs.Club, mine []clubs.Club, officer bool) {
	c.Set(clubKey, current)
	c.Set(clubsKey, mine)
	c.Set(officerKey, officer)
}

// ClubOf is the request's current club (nil: none, or the public).
func ClubOf(c echo.Context) *clubs.Club {
	cl, _ := c.Get(clubKey).(*clubs.Club)
	return cl
}

// ClubsOf are the clubs of the request's director.
func ClubsOf(c echo.Context) []clubs.Club {
	cs, _ := c.Get(clubsKey).([]clubs.Club)
	return cs
}

// IsOfficer reports whether the request's director is a federation officer.
func IsOfficer(c echo.Context) bool {
	o, _ := c.Get(officerKey).(bool)
	return o
}

// Officer refuses a request whose director is not a federation officer: 404, as an
// address that does not exist for them.
func Officer(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !IsOfficer(c) {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		return next(c)
	}
}

// NewClubDirector creates a director account, a member of club (a club's first
// director, made by an officer): the account joins the creating request's current club
// (the store's rule), here the club named.
func (a *App) NewClubDirector(ctx context.Context, club int64, in tournament.DirectorInput) (*tournament.Director, error) {
	s, _ := clubs.ScopeOf(ctx)
	s.Clubs = []int64{club}
	d, err := a.Auth.AddDirector(clubs.WithScope(ctx, s), in)
	if err != nil {
		return nil, fmt.Errorf("create a director of club %d: %w", club, err)
	}
	return d, nil
}

// Directors are the directors a request may list: an officer's (or the one-club app's)
// every director, a director's those of their current club.
func (a *App) Directors(c echo.Context) ([]tournament.Director, error) {
	ctx := c.Request().Context()
	if a.Clubs == nil || IsOfficer(c) {
		return a.Auth.Directors(ctx)
	}
	cl := ClubOf(c)
	if cl == nil {
		return []tournament.Director{}, nil
	}
	ds, err := a.Clubs.Directors(ctx, cl.ID)
	if err != nil {
		return nil, fmt.Errorf("the directors of club %d: %w", cl.ID, err)
	}
	if ds == nil {
		ds = []tournament.Director{}
	}
	return ds, nil
}
