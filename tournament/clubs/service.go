package clubs

import (
	"context"
	"fmt"

	"burraco/tournament"
)

// Store is the storage the clubs service reaches: the clubs, their directors and the
// directors' roles. Each method is one transaction.
type Store interface {
	// CreateClub inserts c and sets its ID and version; a taken slug is an EINVALID on
	// the field slug.
	CreateClub(ctx context.Context, c *Club) error
	// UpdateClub stores c's slug, name and region when the stored version is still
	// c.Version (ECONFLICT otherwise), and sets c.Version to the new one.
	UpdateClub(ctx context.Context, c *Club) error
	// ListClubs returns every club by name.
	ListClubs(ctx context.Context) ([]Club, error)
	// FindClub returns a club by ID (ENOTFOUND if none).
	FindClub(ctx context.Context, id int64) (*Club, error)
	// FindClubBySlug returns a club by slug (ENOTFOUND if none).
	FindClubBySlug(ctx context.Context, slug string) (*Club, error)
	// AddClubDirector makes a director a member of a club (nothing if they are one
	// already; ENOTFOUND if either does not exist).
	AddClubDirector(ctx context.Context, clubID, directorID int64) error
	// RemoveClubDirector ends a director's membership of a club (ENOTFOUND if none).
	RemoveClubDirector(ctx context.Context, clubID, directorID int64) error
	// ClubDirectors returns the directors of a club by username, without password hashes.
	ClubDirectors(ctx context.Context, clubID int64) ([]tournament.Director, error)
	// ClubsOf returns the clubs a director is a member of, by ID.
	ClubsOf(ctx context.Context, directorID int64) ([]Club, error)
	// SetRole stores a director's role (ENOTFOUND if no such director; EINVALID on the
	// field role when it would leave no officer).
	SetRole(ctx context.Context, directorID int64, role string) error
}

// Service is the clubs' use cases: the federation officer creates and edits clubs,
// names their directors and sets roles; anyone may list and find clubs (their names and
// slugs are public: /c/{slug}).
type Service struct {
	Store Store
}

// errOfficerOnly refuses an action to a director who is not a federation officer.
var errOfficerOnly = tournament.Errorf(tournament.EFORBIDDEN, "club.officer_only")

// officer refuses an actor who is not an officer.
func officer(actor *tournament.Director) error {
	if !actor.IsOfficer() {
		return errOfficerOnly
	}
	return nil
}

// Create adds a club (officer only); the input is normalized and validated, a taken
// slug is an EINVALID on slug.
func (s *Service) Create(ctx context.Context, actor *tournament.Director, in Club) (*Club, error) {
	if err := officer(actor); err != nil {
		return nil, err
	}
	c := Club{Slug: in.Slug, Name: in.Name, Region: in.Region}
	c.Normalize()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := s.Store.CreateClub(ctx, &c); err != nil {
		return nil, fmt.Errorf("create club: %w", err)
	}
	return &c, nil
}

// Update changes a club's slug, name and region (officer only); in.ID names the club
// and in.Version is the version the edit was made on (stale: ECONFLICT).
func (s *Service) Update(ctx context.Context, actor *tournament.Director, in Club) (*Club, error) {
	if err := officer(actor); err != nil {
		return nil, err
	}
	c := Club{ID: in.ID, Slug: in.Slug, Name: in.Name, Region: in.Region, Version: in.Version}
	c.Normalize()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := s.Store.UpdateClub(ctx, &c); err != nil {
		return nil, fmt.Errorf("update club %d: %w", in.ID, err)
	}
	return s.Store.FindClub(ctx, c.ID)
}

// List returns every club by name.
func (s *Service) List(ctx context.Context) ([]Club, error) {
	return s.Store.ListClubs(ctx)
}

// Find returns a club by ID.
func (s *Service) Find(ctx context.Context, id int64) (*Club, error) {
	return s.Store.FindClub(ctx, id)
}

// FindBySlug returns a club by its slug (as typed: normalized first).
func (s *Service) FindBySlug(ctx context.Context, slug string) (*Club, error) {
	c := Club{Slug: slug}
	c.Normalize()
	if c.Slug == "" {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return s.Store.FindClubBySlug(ctx, c.Slug)
}

// AddDirector makes a director a member of a club (officer only).
func (s *Service) AddDirector(ctx context.Context, actor *tournament.Director, clubID, directorID int64) error {
	if err := officer(actor); err != nil {
		return err
	}
	return s.Store.AddClubDirector(ctx, clubID, directorID)
}

// RemoveDirector ends a director's membership of a club (officer only).
func (s *Service) RemoveDirector(ctx context.Context, actor *tournament.Director, clubID, directorID int64) error {
	if err := officer(actor); err != nil {
		return err
	}
	return s.Store.RemoveClubDirector(ctx, clubID, directorID)
}

// Directors returns the directors of a club.
func (s *Service) Directors(ctx context.Context, clubID int64) ([]tournament.Director, error) {
	return s.Store.ClubDirectors(ctx, clubID)
}

// ClubsOf returns the clubs a director is a member of, by ID (the first is the club a
// session starts in).
func (s *Service) ClubsOf(ctx context.Context, directorID int64) ([]Club, error) {
	return s.Store.ClubsOf(ctx, directorID)
}

// SetRole sets a director's role (officer only): RoleDirector or RoleOfficer (anything
// else: EINVALID on role); the store refuses to leave the deployment without an officer.
func (s *Service) SetRole(ctx context.Context, actor *tournament.Director, directorID int64, role string) error {
	if err := officer(actor); err != nil {
		return err
	}
	if role != RoleDirector && role != RoleOfficer {
		return (tournament.FieldErrors{"role": "club.role.invalid"}).Err()
	}
	return s.Store.SetRole(ctx, directorID, role)
}
