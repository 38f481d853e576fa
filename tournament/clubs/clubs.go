// Package clubs holds the clubs a deployment hosts (issue 38), the roles of the people
// who run them, and the tenancy scope a request carries: which clubs it may read and
// write. A laptop install is a one-club deployment (club 1, made by migration 20).
package clubs

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"burraco/tournament"
)

// Default is the club every one-club deployment has (migration 20 makes it).
const Default int64 = 1

// Roles of a director account.
const (
	// RoleDirector runs the tournaments of the clubs they belong to.
	RoleDirector = "director"
	// RoleOfficer is a federation officer: administers clubs, the national registry and
	// the ranking's rules, and reads every club.
	RoleOfficer = "officer"
)

// Club is a club hosted by the deployment: its directors, registry, tournaments,
// seasons and public pages (under /c/{slug}) are its own.
type Club struct {
	ID        int64     `json:"id"`
	Slug      string    `json:"slug"`
	Name      string    `json:"name"`
	Region    string    `json:"region"`
	Version   int       `json:"version"`
	CreatedAt time.Time `json:"created_at"`
}

// slugPattern is a club's path segment: lower-case letters, digits and inner hyphens.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$`)

// SlugPattern is slugPattern's text, for the API document.
const SlugPattern = `^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$`

// Normalize trims the fields and lower-cases the slug.
func (c *Club) Normalize() {
	c.Slug = strings.ToLower(strings.TrimSpace(c.Slug))
	c.Name = strings.Join(strings.Fields(c.Name), " ")
	c.Region = strings.Join(strings.Fields(c.Region), " ")
}

// Validate checks a normalized club and returns every problem at once.
func (c *Club) Validate() error {
	fe := tournament.FieldErrors{}
	switch {
	case c.Slug == "":
		fe.Add("slug", "error.required")
	case !slugPattern.MatchString(c.Slug):
		fe.Add("slug", "club.slug.format")
	}
	tournament.CheckText(fe, "name", c.Name, tournament.OneLine)
	if c.Name == "" {
		fe.Add("name", "error.required")
	} else if utf8.RuneCountInString(c.Name) > 100 {
		fe.Add("name", "error.too_long")
	}
	tournament.CheckText(fe, "region", c.Region, tournament.OneLine)
	if utf8.RuneCountInString(c.Region) > 60 {
		fe.Add("region", "error.too_long")
	}
	return fe.Err()
}

// Scope is what a request may reach: the clubs it may write (and read), and whether it
// may read every club (a federation officer). The zero Scope reaches nothing.
type Scope struct {
	// Clubs are the clubs the request may read and write: the current club of a
	// director (one of theirs).
	Clubs []int64
	// ReadAll lets the request read (never write) every club's data.
	ReadAll bool
	// System is the app's own work (migrations, background upkeep, a test's set-up):
	// everything, read and write.
	System bool
}

// CanRead reports whether the scope may read data of club.
func (s Scope) CanRead(club int64) bool {
	return s.System || s.ReadAll || slices.Contains(s.Clubs, club)
}

// CanWrite reports whether the scope may change data of club.
func (s Scope) CanWrite(club int64) bool {
	return s.System || slices.Contains(s.Clubs, club)
}

type scopeKey struct{}

// WithScope returns ctx carrying s.
func WithScope(ctx context.Context, s Scope) context.Context {
	return context.WithValue(ctx, scopeKey{}, s)
}

// ScopeOf returns the scope ctx carries, and whether it carries one.
func ScopeOf(ctx context.Context) (Scope, bool) {
	s, ok := ctx.Value(scopeKey{}).(Scope)
	return s, ok
}
