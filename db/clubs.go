package db

import (
	"context"
	"time"

	"gorm.io/gorm"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// The clubs store (clubs.Store): the clubs, their directors and the directors' roles.
// It is global, not a club's data: the clubs service lets only an officer change it,
// and a club's name and slug are public (/c/{slug}).

type clubRow struct {
	ID        int64
	Slug      string
	Name      string
	Region    string
	Version   int
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (clubRow) TableName() string { return "clubs" }

func (r clubRow) club() clubs.Club {
	return clubs.Club{ID: r.ID, Slug: r.Slug, Name: r.Name, Region: r.Region, Version: r.Version, CreatedAt: r.CreatedAt}
}

var errSlugTaken = (tournament.FieldErrors{"slug": "club.slug.taken"}).Err()

// CreateClub inserts a club (checked by Club.Validate, the text rules included); a taken
// slug is an EINVALID on slug.
func (d *DB) CreateClub(ctx context.Context, c *clubs.Club) error {
	if err := c.Validate(); err != nil {
		return err
	}
	now := storedNow()
	r := clubRow{Slug: c.Slug, Name: c.Name, Region: c.Region, Version: 1, CreatedAt: now, UpdatedAt: now}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&clubRow{}).Where("slug = ?", r.Slug).Count(&n).Error; err != nil {
			return err
		} else if n > 0 {
			return errSlugTaken
		}
		return tx.Create(&r).Error
	})
	if isUniqueViolation(err) {
		return errSlugTaken
	} else if err != nil {
		return wrap(err, "create club")
	}
	*c = r.club()
	return nil
}

// UpdateClub stores a club's slug, name and region at the version it was read at.
func (d *DB) UpdateClub(ctx context.Context, c *clubs.Club) error {
	if err := c.Validate(); err != nil {
		return err
	}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var cur clubRow
		if err := tx.First(&cur, c.ID).Error; err != nil {
			return err
		}
		if cur.Version != c.Version {
			return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
		}
		var n int64
		if err := tx.Model(&clubRow{}).Where("slug = ? AND id <> ?", c.Slug, c.ID).Count(&n).Error; err != nil {
			return err
		} else if n > 0 {
			return errSlugTaken
		}
		res := tx.Model(&clubRow{}).Where("id = ? AND version = ?", c.ID, c.Version).Updates(map[string]any{
			"slug": c.Slug, "name": c.Name, "region": c.Region,
			"version": c.Version + 1, "updated_at": storedNow()})
		if res.Error != nil {
			return res.Error
		} else if res.RowsAffected == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "error.conflict")
		}
		return nil
	})
	if isUniqueViolation(err) {
		return errSlugTaken
	} else if err != nil {
		return wrap(err, "update club")
	}
	c.Version++
	return nil
}

// ListClubs returns every club by name.
func (d *DB) ListClubs(ctx context.Context) ([]clubs.Club, error) {
	var rows []clubRow
	if err := d.gorm.WithContext(ctx).Order("name, id").Find(&rows).Error; err != nil {
		return nil, wrap(err, "list clubs")
	}
	out := make([]clubs.Club, len(rows))
	for i, r := range rows {
		out[i] = r.club()
	}
	return out, nil
}

// FindClub returns a club by ID.
func (d *DB) FindClub(ctx context.Context, id int64) (*clubs.Club, error) {
	var r clubRow
	if err := d.gorm.WithContext(ctx).First(&r, id).Error; err != nil {
		return nil, wrap(err, "find club")
	}
	c := r.club()
	return &c, nil
}

// FindClubBySlug returns a club by slug.
func (d *DB) FindClubBySlug(ctx context.Context, slug string) (*clubs.Club, error) {
	var r clubRow
	if err := d.gorm.WithContext(ctx).Where("slug = ?", slug).First(&r).Error; err != nil {
		return nil, wrap(err, "find club")
	}
	c := r.club()
	return &c, nil
}

// AddClubDirector makes a director a member of a club (nothing if already one).
func (d *DB) AddClubDirector(ctx context.Context, clubID, directorID int64) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&clubRow{}).Where("id = ?", clubID).Count(&n).Error; err != nil {
			return err
		} else if n == 0 {
			return errNotFound
		}
		if err := tx.Model(&directorRow{}).Where("id = ?", directorID).Count(&n).Error; err != nil {
			return err
		} else if n == 0 {
			return errNotFound
		}
		if err := tx.Table("club_directors").Where("club_id = ? AND director_id = ?", clubID, directorID).Count(&n).Error; err != nil {
			return err
		} else if n > 0 {
			return nil
		}
		return tx.Exec("INSERT INTO club_directors (club_id, director_id) VALUES (?, ?)", clubID, directorID).Error
	})
	return wrap(err, "add club director")
}

// RemoveClubDirector ends a director's membership of a club.
func (d *DB) RemoveClubDirector(ctx context.Context, clubID, directorID int64) error {
	res := d.gorm.WithContext(ctx).Exec("DELETE FROM club_directors WHERE club_id = ? AND director_id = ?", clubID, directorID)
	if res.Error != nil {
		return wrap(res.Error, "remove club director")
	} else if res.RowsAffected == 0 {
		return errNotFound
	}
	return nil
}

// ClubDirectors returns the directors of a club by username, without password hashes.
func (d *DB) ClubDirectors(ctx context.Context, clubID int64) ([]tournament.Director, error) {
	var rows []directorRow
	err := d.gorm.WithContext(ctx).Where("id IN (SELECT director_id FROM club_directors WHERE club_id = ?)", clubID).
		Order("username").Find(&rows).Error
	if err != nil {
		return nil, wrap(err, "list club directors")
	}
	out := make([]tournament.Director, len(rows))
	for i, r := range rows {
		r.PasswordHash = ""
		out[i] = *r.director()
	}
	return out, nil
}

// ClubsOf returns the clubs a director is a member of, by ID.
func (d *DB) ClubsOf(ctx context.Context, directorID int64) ([]clubs.Club, error) {
	var rows []clubRow
	err := d.gorm.WithContext(ctx).Where("id IN (SELECT club_id FROM club_directors WHERE director_id = ?)", directorID).
		Order("id").Find(&rows).Error
	if err != nil {
		return nil, wrap(err, "list a director's clubs")
	}
	out := make([]clubs.Club, len(rows))
	for i, r := range rows {
		out[i] = r.club()
	}
	return out, nil
}

// SetRole stores a director's role, refusing to demote the last officer.
func (d *DB) SetRole(ctx context.Context, directorID int64, role string) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var cur directorRow
		if err := tx.First(&cur, directorID).Error; err != nil {
			return err
		}
		if cur.Role == clubs.RoleOfficer && role != clubs.RoleOfficer {
			var n int64
			if err := tx.Model(&directorRow{}).Where("role = ? AND id <> ?", clubs.RoleOfficer, directorID).Count(&n).Error; err != nil {
				return err
			} else if n == 0 {
				return (tournament.FieldErrors{"role": "club.role.last_officer"}).Err()
			}
		}
		return tx.Model(&directorRow{}).Where("id = ?", directorID).Update("role", role).Error
	})
	return wrap(err, "set role")
}
