package page

import (
	"context"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// ClubService is the clubs' use cases the web layer calls (tournament/clubs.Service):
// the clubs, their directors, a director's memberships and role.
type ClubService interface {
	// List is every club, by name.
	List(ctx context.Context) ([]clubs.Club, error)
	// Get is the club of that id (ENOTFOUND).
	Get(ctx context.Context, id int64) (*clubs.Club, error)
	// BySlug is the club of that slug (ENOTFOUND).
	BySlug(ctx context.Context, slug string) (*clubs.Club, error)
	// Create adds a club (normalized and validated).
	Create(ctx context.Context, c clubs.Club) (*clubs.Club, error)
	// Update changes a club at its version (stale: ECONFLICT).
	Update(ctx context.Context, c clubs.Club) (*clubs.Club, error)
	// Directors are a club's directors.
	Directors(ctx context.Context, club int64) ([]tournament.Director, error)
	// AddDirector makes an existing director a member of the club.
	AddDirector(ctx context.Context, club, director int64) error
	// RemoveDirector ends a director's membership of the club.
	RemoveDirector(ctx context.Context, club, director int64) error
	// CreateDirector creates a director account, a member of the club.
	CreateDirector(ctx context.Context, club int64, in tournament.DirectorInput) (*tournament.Director, error)
	// ClubsOf are the clubs a director belongs to, by name.
	ClubsOf(ctx context.Context, director int64) ([]clubs.Club, error)
	// Role is a director's role (clubs.RoleDirector or clubs.RoleOfficer).
	Role(ctx context.Context, director int64) (string, error)
}

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
