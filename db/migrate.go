package db

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migration is one versioned schema change. Each one declares the tables it creates
// with structs of its own, so that later changes to the models never alter history.
type migration struct {
	Version int
	Name    string
	Up      func(tx *gorm.DB) error
}

// schemaMigration records an applied migration.
type schemaMigration struct {
	Version   int `gorm:"primaryKey;autoIncrement:false"`
	Name      string
	AppliedAt time.Time
}

func (schemaMigration) TableName() string { return "schema_migrations" }

// Migrate applies, in order and each in its own transaction, the migrations not yet
// recorded. Running it again is a no-op.
func (d *DB) Migrate(ctx context.Context) error {
	g := d.gorm.WithContext(ctx)
	if err := g.Migrator().AutoMigrate(&schemaMigration{}); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	for _, m := range migrations {
		err := g.Transaction(func(tx *gorm.DB) error {
			var n int64
			if err := tx.Model(&schemaMigration{}).Where("version = ?", m.Version).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if err := m.Up(tx); err != nil {
				return err
			}
			return tx.Create(&schemaMigration{Version: m.Version, Name: m.Name, AppliedAt: time.Now().UTC()}).Error
		})
		if err != nil {
			return fmt.Errorf("migration %d %s: %w", m.Version, m.Name, err)
		}
	}
	return nil
}

// AppliedMigrations lists the versions recorded as applied, in order.
func (d *DB) AppliedMigrations(ctx context.Context) ([]int, error) {
	var vs []int
	err := d.gorm.WithContext(ctx).Model(&schemaMigration{}).Order("version").Pluck("version", &vs).Error
	return vs, err
}

var migrations = []migration{
	{1, "directors, sessions, tokens, players", migrate1},
}

func migrate1(tx *gorm.DB) error {
	type director struct {
		ID           int64  `gorm:"primaryKey"`
		Username     string `gorm:"size:40;not null;uniqueIndex"`
		Name         string `gorm:"size:100;not null"`
		PasswordHash string `gorm:"size:100;not null"`
		CreatedAt    time.Time
	}
	type session struct {
		TokenHash  string `gorm:"primaryKey;size:64"`
		DirectorID int64  `gorm:"not null;index"`
		Director   director
		CreatedAt  time.Time
		ExpiresAt  time.Time `gorm:"not null;index"`
	}
	type apiToken struct {
		ID         int64 `gorm:"primaryKey"`
		DirectorID int64 `gorm:"not null;index"`
		Director   director
		Name       string `gorm:"size:100;not null"`
		Prefix     string `gorm:"size:20;not null"`
		TokenHash  string `gorm:"size:64;not null;uniqueIndex"`
		CreatedAt  time.Time
		RevokedAt  *time.Time
	}
	type loginFailure struct {
		ID  int64     `gorm:"primaryKey"`
		Key string    `gorm:"size:200;not null;index:idx_login_failures_key_at"`
		At  time.Time `gorm:"not null;index:idx_login_failures_key_at"`
	}
	type player struct {
		ID         int64   `gorm:"primaryKey"`
		FirstName  string  `gorm:"size:100;not null"`
		LastName   string  `gorm:"size:100;not null;index"`
		Club       string  `gorm:"size:100;not null;default:''"`
		CardNumber *string `gorm:"size:30;uniqueIndex"`
		Email      string  `gorm:"size:254;not null;default:''"`
		Phone      string  `gorm:"size:30;not null;default:''"`
		Notes      string  `gorm:"size:2000;not null;default:''"`
		Active     bool    `gorm:"not null;default:true"`
		CreatedAt  time.Time
		UpdatedAt  time.Time
	}
	return tx.Migrator().CreateTable(&director{}, &session{}, &apiToken{}, &loginFailure{}, &player{})
}
