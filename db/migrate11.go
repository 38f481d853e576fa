package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate11 adds idempotency_keys: the key a create or an import was sent with (per
// director), the command and a hash of its request, and what it created, so that the
// same request sent again is answered from it instead of creating twice.
func migrate11(tx *gorm.DB) error {
	type idempotencyKey struct {
		Scope       string    `gorm:"primaryKey;size:64"`
		IdemKey     string    `gorm:"primaryKey;size:255"`
		Command     string    `gorm:"size:64;not null"`
		RequestHash string    `gorm:"size:64;not null"`
		Result      string    `gorm:"not null"`
		CreatedAt   time.Time `gorm:"not null;index"`
	}
	return tx.Migrator().CreateTable(&idempotencyKey{})
}
