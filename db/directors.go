package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"gorm.io/gorm"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

type directorRow struct {
	ID           int64
	Username     string
	Name         string
	PasswordHash string
	Role         string
	CreatedAt    time.Time
}

func (directorRow) TableName() string { return "directors" }

func (r directorRow) director() *tournament.Director {
	return &tournament.Director{ID: r.ID, Username: r.Username, Name: r.Name, PasswordHash: r.PasswordHash, Role: r.Role, CreatedAt: r.CreatedAt}
}

type sessionRow struct {
	TokenHash  string `gorm:"primaryKey"`
	DirectorID int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

func (sessionRow) TableName() string { return "sessions" }

type tokenRow struct {
	ID         int64
	DirectorID int64
	Name       string
	Prefix     string
	TokenHash  string
	CreatedAt  time.Time
	RevokedAt  *time.Time
}

func (tokenRow) TableName() string { return "api_tokens" }

type loginFailureRow struct {
	ID  int64
	Key string
	At  time.Time
}

func (loginFailureRow) TableName() string { return "login_failures" }

var errUsernameTaken = &tournament.Error{Code: tournament.ECONFLICT, Key: "error.invalid",
	Fields: map[string]string{"username": "director.username.taken"}}

// CountDirectors returns how many directors exist.
func (d *DB) CountDirectors(ctx context.Context) (int, error) {
	var n int64
	err := d.gorm.WithContext(ctx).Model(&directorRow{}).Count(&n).Error
	return int(n), wrap(err, "count directors")
}

// CreateFirstDirector inserts the first director, refusing once one exists: the
// federation officer, a director of club 1.
func (d *DB) CreateFirstDirector(ctx context.Context, dir *tournament.Director) error {
	return d.createDirector(ctx, dir, true)
}

// CreateDirector inserts a director (role "director"), a member of the creator's current
// club (the scope's first club; club 1 without a scope; none for a scope without clubs).
func (d *DB) CreateDirector(ctx context.Context, dir *tournament.Director) error {
	return d.createDirector(ctx, dir, false)
}

func (d *DB) createDirector(ctx context.Context, dir *tournament.Director, first bool) error {
	r := directorRow{Username: dir.Username, Name: dir.Name, PasswordHash: dir.PasswordHash, Role: clubs.RoleDirector, CreatedAt: dir.CreatedAt}
	club := int64(0)
	if first {
		r.Role, club = clubs.RoleOfficer, clubs.Default
	} else if s := scopeOf(ctx); len(s.Clubs) > 0 {
		club = s.Clubs[0]
	}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if first {
			if d.postgres {
				// Instances share the database: the first director is created once.
				if err := tx.Exec("SELECT pg_advisory_xact_lock(?, 1)", migrationLock).Error; err != nil {
					return err
				}
			}
			var n int64
			if err := tx.Model(&directorRow{}).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return tournament.Errorf(tournament.ECONFLICT, "setup.done")
			}
		}
		var n int64
		if err := tx.Model(&directorRow{}).Where("username = ?", r.Username).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return errUsernameTaken
		}
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		if club == 0 {
			return nil
		}
		return tx.Exec("INSERT INTO club_directors (club_id, director_id) VALUES (?, ?)", club, r.ID).Error
	})
	if isUniqueViolation(err) {
		return errUsernameTaken
	} else if err != nil {
		return wrap(err, "create director")
	}
	dir.ID, dir.Role = r.ID, r.Role
	return nil
}

// FindDirector returns a director by ID.
func (d *DB) FindDirector(ctx context.Context, id int64) (*tournament.Director, error) {
	var r directorRow
	if err := d.gorm.WithContext(ctx).First(&r, id).Error; err != nil {
		return nil, wrap(err, "find director")
	}
	return r.director(), nil
}

// FindDirectorByUsername returns a director by username.
func (d *DB) FindDirectorByUsername(ctx context.Context, username string) (*tournament.Director, error) {
	var r directorRow
	if err := d.gorm.WithContext(ctx).Where("username = ?", username).First(&r).Error; err != nil {
		return nil, wrap(err, "find director")
	}
	return r.director(), nil
}

// ListDirectors returns every director by username.
func (d *DB) ListDirectors(ctx context.Context) ([]tournament.Director, error) {
	var rows []directorRow
	if err := d.gorm.WithContext(ctx).Order("username").Find(&rows).Error; err != nil {
		return nil, wrap(err, "list directors")
	}
	ds := make([]tournament.Director, len(rows))
	for i, r := range rows {
		ds[i] = *r.director()
	}
	return ds, nil
}

// SetPassword stores a new password hash, ends the director's other sessions and
// revokes their API tokens.
func (d *DB) SetPassword(ctx context.Context, id int64, hash, keepSession string, at time.Time) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&directorRow{}).Where("id = ?", id).Update("password_hash", hash)
		if res.Error != nil {
			return res.Error
		} else if res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		if err := tx.Where("director_id = ? AND token_hash <> ?", id, keepSession).Delete(&sessionRow{}).Error; err != nil {
			return err
		}
		return tx.Model(&tokenRow{}).Where("director_id = ? AND revoked_at IS NULL", id).Update("revoked_at", at).Error
	})
	return wrap(err, "set password")
}

// CreateSession stores a session, and clears expired ones while at it.
func (d *DB) CreateSession(ctx context.Context, s *tournament.Session) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("expires_at < ?", s.CreatedAt).Delete(&sessionRow{}).Error; err != nil {
			return err
		}
		return tx.Create(&sessionRow{TokenHash: s.TokenHash, DirectorID: s.DirectorID, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt}).Error
	})
	return wrap(err, "create session")
}

// SessionDirector returns the director of an unexpired session (without the password's
// hash). It runs on every page, so it is a lookup by key: one prepared statement on the
// reader pool reading the session's director by the secret's hash (directorOf).
func (d *DB) SessionDirector(ctx context.Context, tokenHash string, now time.Time) (*tournament.Director, error) {
	return d.directorOf(ctx, "find session", "SELECT s.director_id, d.role FROM sessions s JOIN directors d ON d.id = s.director_id WHERE s.token_hash = ? AND s.expires_at > ?", tokenHash, now)
}

// directorOf reads a director's ID and role with query q, which finds a live session or
// token by its hash, and returns that director without the password's hash: its ID,
// username, name and creation never change, so this instance reads them once and keeps
// them (d.directors); whether the session or token is live, and the role, are read
// every time, so one ended or revoked, or a role changed, on any instance counts from
// its commit on.
func (d *DB) directorOf(ctx context.Context, what, q string, args ...any) (*tournament.Director, error) {
	var id int64
	var role string
	st, err := d.stmt(ctx, d.reader, q)
	if err == nil {
		err = st.QueryRowContext(ctx, args...).Scan(&id, &role)
	}
	if err == sql.ErrNoRows {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return nil, wrap(err, what)
	}
	return d.director(ctx, id, role)
}

// director returns director id without the password's hash, read once by this instance
// (its ID, username, name and creation never change), with role as just read: the
// caller's own copy.
func (d *DB) director(ctx context.Context, id int64, role string) (*tournament.Director, error) {
	if v, ok := d.directors.Load(id); ok {
		dir := *v.(*tournament.Director)
		dir.Role = role
		return &dir, nil
	}
	dir, err := d.FindDirector(ctx, id)
	if err != nil {
		return nil, err
	}
	dir.PasswordHash, dir.Role = "", role
	kept := *dir
	d.directors.Store(id, &kept)
	return dir, nil
}

// SessionDirectorStamp is SessionDirector with tournament tid's Stamp read in the same
// statement (tournament.StampedAuthStore); the club is 0 when tid does not exist.
func (d *DB) SessionDirectorStamp(ctx context.Context, tokenHash string, now time.Time, tid int64) (*tournament.Director, tournament.Stamp, int64, error) {
	return d.directorStampOf(ctx, "find session", "SELECT s.director_id, d.role, tournaments.club_id, "+stampCols+
		" FROM sessions s JOIN directors d ON d.id = s.director_id LEFT JOIN tournaments ON tournaments.id = ? WHERE s.token_hash = ? AND s.expires_at > ?", tid, tokenHash, now)
}

// TokenDirectorStamp is TokenDirector with tournament tid's Stamp read in the same
// statement (tournament.StampedAuthStore); the club is 0 when tid does not exist.
func (d *DB) TokenDirectorStamp(ctx context.Context, tokenHash string, tid int64) (*tournament.Director, tournament.Stamp, int64, error) {
	return d.directorStampOf(ctx, "find token", "SELECT a.director_id, d.role, tournaments.club_id, "+stampCols+
		" FROM api_tokens a JOIN directors d ON d.id = a.director_id LEFT JOIN tournaments ON tournaments.id = ? WHERE a.token_hash = ? AND a.revoked_at IS NULL", tid, tokenHash)
}

// directorStampOf is directorOf with a tournament's stamp: q reads the director's ID
// and role, the tournament's club (NULL when it does not exist) and its stamp (stampCols).
func (d *DB) directorStampOf(ctx context.Context, what, q string, args ...any) (*tournament.Director, tournament.Stamp, int64, error) {
	var id int64
	var role string
	var club sql.NullInt64
	var rev, reg sql.NullInt64
	st, err := d.stmt(ctx, d.reader, q)
	if err == nil {
		err = st.QueryRowContext(ctx, args...).Scan(&id, &role, &club, &rev, &reg)
	}
	if err == sql.ErrNoRows {
		return nil, tournament.Stamp{}, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return nil, tournament.Stamp{}, 0, wrap(err, what)
	}
	dir, err := d.director(ctx, id, role)
	if err != nil {
		return nil, tournament.Stamp{}, 0, err
	}
	return dir, tournament.Stamp{Revision: rev.Int64, Registry: reg.Int64}, club.Int64, nil
}

// DeleteSession ends a session.
func (d *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	err := d.gorm.WithContext(ctx).Where("token_hash = ?", tokenHash).Delete(&sessionRow{}).Error
	return wrap(err, "delete session")
}

// CreateToken stores an API token.
func (d *DB) CreateToken(ctx context.Context, t *tournament.APIToken) error {
	r := tokenRow{DirectorID: t.DirectorID, Name: t.Name, Prefix: t.Prefix, TokenHash: t.TokenHash, CreatedAt: t.CreatedAt}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		t.ID = r.ID // for the idempotency key's result, recorded before the commit
		return nil
	})
	if err != nil {
		return wrap(err, "create token")
	}
	t.ID = r.ID
	return nil
}

// ListTokens returns a director's tokens, newest first.
func (d *DB) ListTokens(ctx context.Context, directorID int64) ([]tournament.APIToken, error) {
	var rows []tokenRow
	if err := d.gorm.WithContext(ctx).Where("director_id = ?", directorID).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, wrap(err, "list tokens")
	}
	ts := make([]tournament.APIToken, len(rows))
	for i, r := range rows {
		ts[i] = tournament.APIToken{ID: r.ID, DirectorID: r.DirectorID, Name: r.Name, Prefix: r.Prefix, CreatedAt: r.CreatedAt, RevokedAt: r.RevokedAt}
	}
	return ts, nil
}

// RevokeToken marks one of the director's tokens revoked.
func (d *DB) RevokeToken(ctx context.Context, directorID, id int64, at time.Time) error {
	res := d.gorm.WithContext(ctx).Model(&tokenRow{}).
		Where("id = ? AND director_id = ? AND revoked_at IS NULL", id, directorID).Update("revoked_at", at)
	if res.Error != nil {
		return fmt.Errorf("revoke token: %w", res.Error)
	} else if res.RowsAffected == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return nil
}

// TokenDirector returns the director of an unrevoked token (without the password's
// hash). It runs on every API call: a lookup by key, as SessionDirector.
func (d *DB) TokenDirector(ctx context.Context, tokenHash string) (*tournament.Director, error) {
	return d.directorOf(ctx, "find token", "SELECT t.director_id, d.role FROM api_tokens t JOIN directors d ON d.id = t.director_id WHERE t.token_hash = ? AND t.revoked_at IS NULL", tokenHash)
}

// RecordLoginFailure remembers a failed login for throttling.
func (d *DB) RecordLoginFailure(ctx context.Context, key string, at time.Time) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("at < ?", at.Add(-24*time.Hour)).Delete(&loginFailureRow{}).Error; err != nil {
			return err
		}
		return tx.Create(&loginFailureRow{Key: key, At: at}).Error
	})
	return wrap(err, "record login failure")
}

// LoginFailureTimes returns when the failures of a key since a time happened, oldest first.
func (d *DB) LoginFailureTimes(ctx context.Context, key string, since time.Time) ([]time.Time, error) {
	var rows []loginFailureRow
	err := d.gorm.WithContext(ctx).Where("key = ? AND at >= ?", key, since).Order("at, id").Find(&rows).Error
	if err != nil {
		return nil, wrap(err, "list login failures")
	}
	ts := make([]time.Time, len(rows))
	for i, r := range rows {
		ts[i] = r.At
	}
	return ts, nil
}

// ClearLoginFailures forgets a key's failures after a successful login.
func (d *DB) ClearLoginFailures(ctx context.Context, key string) error {
	err := d.gorm.WithContext(ctx).Where("key = ?", key).Delete(&loginFailureRow{}).Error
	return wrap(err, "clear login failures")
}
