package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"burraco/scoring"
	"burraco/tournament"
)

type scaleRow struct {
	ID        int64
	Name      string
	Builtin   bool
	Bands     string
	ClubID    *int64 // the club's own scale; nil for a built-in, everyone's
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (scaleRow) TableName() string { return "scales" }

func (r scaleRow) scale() (tournament.Scale, error) {
	s := tournament.Scale{ID: r.ID, Name: r.Name, Builtin: r.Builtin, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if err := json.Unmarshal([]byte(r.Bands), &s.Bands); err != nil {
		return s, fmt.Errorf("scale %d bands: %w", r.ID, err)
	}
	return s, nil
}

func bandsJSON(bs []scoring.Band) string {
	b, _ := json.Marshal(bs) // bands always marshal
	return string(b)
}

var errScaleNameTaken = &tournament.Error{Code: tournament.ECONFLICT, Key: "error.invalid",
	Fields: map[string]string{"name": "scale.name_taken"}}

// ListScales returns every scale the scope reads (the built-in ones and its clubs'),
// built-in first, then by name.
func (d *DB) ListScales(ctx context.Context) ([]tournament.Scale, error) {
	var rows []scaleRow
	q := d.gorm.WithContext(ctx)
	if f := d.tenantFilter(ctx, "club_id"); f != "" {
		q = q.Where("club_id IS NULL OR " + f)
	}
	if err := q.Order("builtin DESC, name").Find(&rows).Error; err != nil {
		return nil, wrap(err, "list scales")
	}
	out := make([]tournament.Scale, len(rows))
	for i, r := range rows {
		s, err := r.scale()
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// FindScale returns one scale.
func (d *DB) FindScale(ctx context.Context, id int64) (*tournament.Scale, error) {
	var r scaleRow
	if err := d.gorm.WithContext(ctx).First(&r, id).Error; err != nil {
		return nil, wrap(err, "find scale")
	}
	if r.ClubID != nil {
		if err := d.tenant(ctx, *r.ClubID, false); err != nil {
			return nil, err
		}
	}
	s, err := r.scale()
	return &s, err
}

// nameTaken reports whether a built-in scale or another of the club has the name.
func nameTaken(tx *gorm.DB, club *int64, name string, exceptID int64) (bool, error) {
	var n int64
	q := tx.Model(&scaleRow{}).Where("name = ? AND id <> ?", name, exceptID)
	if club != nil {
		q = q.Where("club_id IS NULL OR club_id = ?", *club)
	}
	err := q.Count(&n).Error
	return n > 0, err
}

// CreateScale inserts a scale.
func (d *DB) CreateScale(ctx context.Context, s *tournament.Scale) error {
	if err := tournament.Vet(s); err != nil {
		return err
	}
	now := storedNow()
	r := scaleRow{Name: s.Name, Builtin: s.Builtin, Bands: bandsJSON(s.Bands), CreatedAt: now, UpdatedAt: now}
	if !s.Builtin {
		club, err := d.tenantNew(ctx)
		if err != nil {
			return err
		}
		r.ClubID = &club
	} else if !scopeOf(ctx).System {
		return errForbidden // a built-in scale is everyone's: the app's own
	}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if taken, err := nameTaken(tx, r.ClubID, r.Name, 0); err != nil {
			return err
		} else if taken {
			return errScaleNameTaken
		}
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		s.ID = r.ID // for the idempotency key's result, recorded before the commit
		return nil
	})
	if isUniqueViolation(err) {
		return errScaleNameTaken
	} else if err != nil {
		return wrap(err, "create scale")
	}
	s.ID, s.CreatedAt, s.UpdatedAt = r.ID, r.CreatedAt, r.UpdatedAt
	return nil
}

// UpdateScale saves the name and bands of a scale that is not built in.
func (d *DB) UpdateScale(ctx context.Context, s *tournament.Scale) error {
	if err := tournament.Vet(s); err != nil {
		return err
	}
	if err := d.tenantScale(ctx, s.ID, true); err != nil {
		return err
	}
	now := storedNow()
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var club *int64
		if err := tx.Raw("SELECT club_id FROM scales WHERE id = ?", s.ID).Row().Scan(&club); err != nil && !isNoRows(err) {
			return err
		}
		if taken, err := nameTaken(tx, club, s.Name, s.ID); err != nil {
			return err
		} else if taken {
			return errScaleNameTaken
		}
		res := tx.Model(&scaleRow{}).Where("id = ? AND builtin = ?", s.ID, false).
			Updates(map[string]any{"name": s.Name, "bands": bandsJSON(s.Bands), "updated_at": now})
		if res.Error == nil && res.RowsAffected == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "scale.builtin")
		}
		return res.Error
	})
	if isUniqueViolation(err) {
		return errScaleNameTaken
	} else if err != nil {
		return wrap(err, "update scale")
	}
	s.UpdatedAt = now
	return nil
}

// DeleteScale removes a scale that is not built in and that no tournament uses.
func (d *DB) DeleteScale(ctx context.Context, id int64) error {
	if err := d.tenantScale(ctx, id, true); err != nil {
		return err
	}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		used, err := scaleUsers(tx, id)
		if err != nil {
			return err
		}
		if used > 0 {
			return tournament.Errorf(tournament.ECONFLICT, "scale.in_use", used)
		}
		res := tx.Where("id = ? AND builtin = ?", id, false).Delete(&scaleRow{})
		if res.Error == nil && res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		return res.Error
	})
	return wrap(err, "delete scale")
}

// scaleUsers counts the tournaments that use a scale.
func scaleUsers(tx *gorm.DB, id int64) (int64, error) {
	var n int64
	err := tx.Raw("SELECT COUNT(DISTINCT tournament_id) FROM stages WHERE scale_id = ?", id).Row().Scan(&n)
	return n, err
}
