package tournament

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"
	"unicode/utf8"
)

// Director is a person allowed to run tournaments: every director page and the API
// need one.
type Director struct {
	ID           int64  `json:"id"`
	Username     string `json:"username"`
	Name         string `json:"name"`
	PasswordHash string `json:"-"`
	// Role is "director" (runs the tournaments of their clubs) or "officer" (a
	// federation officer: administers clubs and reads every club); see tournament/clubs.
	Role      string    `json:"role"`
	CreatedAt time.Time `json:"created_at"`
}

// roleOfficer is clubs.RoleOfficer (tournament cannot import clubs; a test there keeps
// them equal).
const roleOfficer = "officer"

// IsOfficer reports whether the director is a federation officer.
func (d *Director) IsOfficer() bool { return d != nil && d.Role == roleOfficer }

// DirectorInput is what the setup and "add director" forms send.
type DirectorInput struct {
	Username string `json:"username"`
	Name     string `json:"name"`
	Password string `json:"password"`
	Confirm  string `json:"confirm"`
}

// Password limits: bcrypt reads at most 72 bytes.
const (
	MinPasswordLen = 10
	maxPasswordLen = 72
)

// Normalize lower-cases the username and trims the name.
func (in *DirectorInput) Normalize() {
	in.Username = strings.ToLower(strings.TrimSpace(in.Username))
	in.Name = collapseSpaces(in.Name)
}

// Validate checks a normalized input and returns every problem at once.
func (in *DirectorInput) Validate() error {
	fe := FieldErrors{}
	switch {
	case in.Username == "":
		fe.Add("username", "error.required")
	case len(in.Username) < 3 || len(in.Username) > 40:
		fe.Add("username", "director.username.length")
	case strings.ContainsFunc(in.Username, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
	}):
		fe.Add("username", "director.username.format")
	}
	CheckText(fe, "name", in.Name, OneLine)
	if in.Name == "" {
		fe.Add("name", "error.required")
	} else if utf8.RuneCountInString(in.Name) > maxNameLen {
		fe.Add("name", "error.too_long")
	}
	validatePassword(fe, "password", in.Password)
	if in.Confirm != in.Password {
		fe.Add("confirm", "director.password.mismatch")
	}
	return fe.Err()
}

func validatePassword(fe FieldErrors, field, pw string) {
	switch {
	case pw == "":
		fe.Add(field, "error.required")
	case utf8.RuneCountInString(pw) < MinPasswordLen:
		fe.Add(field, "director.password.short")
	case len(pw) > maxPasswordLen:
		fe.Add(field, "director.password.long")
	}
}

// Session is a logged-in browser; only the hash of its cookie value is stored.
type Session struct {
	TokenHash  string
	DirectorID int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

// APIToken lets scripts use /api/v1 with "Authorization: Bearer"; only its hash is
// stored, and the secret is shown once, when it is created.
type APIToken struct {
	ID         int64      `json:"id"`
	DirectorID int64      `json:"director_id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	TokenHash  string     `json:"-"`
	CreatedAt  time.Time  `json:"created_at"`
	RevokedAt  *time.Time `json:"revoked_at,omitempty"`
}

// AuthStore persists directors, sessions, API tokens and failed logins. Each method is
// one transaction.
type AuthStore interface {
	CountDirectors(ctx context.Context) (int, error)
	// CreateFirstDirector inserts d only while no director exists (ECONFLICT otherwise).
	CreateFirstDirector(ctx context.Context, d *Director) error
	// CreateDirector inserts d; a taken username is an ECONFLICT.
	CreateDirector(ctx context.Context, d *Director) error
	FindDirector(ctx context.Context, id int64) (*Director, error)
	FindDirectorByUsername(ctx context.Context, username string) (*Director, error)
	ListDirectors(ctx context.Context) ([]Director, error)
	// SetPassword stores a new hash, ends every session of the director but keep and
	// revokes every API token of the director (revoked at at).
	SetPassword(ctx context.Context, id int64, hash, keepSession string, at time.Time) error

	CreateSession(ctx context.Context, s *Session) error
	// SessionDirector returns the director of an unexpired session (ENOTFOUND otherwise).
	SessionDirector(ctx context.Context, tokenHash string, now time.Time) (*Director, error)
	DeleteSession(ctx context.Context, tokenHash string) error

	CreateToken(ctx context.Context, t *APIToken) error
	ListTokens(ctx context.Context, directorID int64) ([]APIToken, error)
	// RevokeToken marks a token of the director revoked (ENOTFOUND if it has none such).
	RevokeToken(ctx context.Context, directorID, id int64, at time.Time) error
	// TokenDirector returns the director of an unrevoked token (ENOTFOUND otherwise).
	TokenDirector(ctx context.Context, tokenHash string) (*Director, error)

	RecordLoginFailure(ctx context.Context, key string, at time.Time) error
	// LoginFailureTimes returns when a key's failures since a time happened, oldest first.
	LoginFailureTimes(ctx context.Context, key string, since time.Time) ([]time.Time, error)
	ClearLoginFailures(ctx context.Context, key string) error
}

// StampedAuthStore is an AuthStore that checks a session or token and reads a
// tournament's Stamp in one statement (the db store): a director's read of a tournament
// then costs one query, not two. found is false when the tournament does not exist
// (the check's answer stands).
type StampedAuthStore interface {
	// SessionDirectorStamp is SessionDirector with tournament tid's stamp and club (0:
	// no such tournament).
	SessionDirectorStamp(ctx context.Context, tokenHash string, now time.Time, tid int64) (d *Director, st Stamp, club int64, err error)
	// TokenDirectorStamp is TokenDirector with tournament tid's stamp.
	TokenDirectorStamp(ctx context.Context, tokenHash string, tid int64) (d *Director, st Stamp, club int64, err error)
}

// newSecret returns a random URL-safe secret and the hash to store for it.
func newSecret(prefix string) (secret, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	secret = prefix + base64.RawURLEncoding.EncodeToString(b)
	return secret, HashSecret(secret)
}

// HashSecret is the stored form of a session or token secret.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
