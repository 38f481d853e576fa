package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate25 links laptops and queues their results (issue 39): the hub's one-time link
// codes (link_codes: stored hashed, short-lived, used once), the laptop's link to its
// hub (hub_links: one row, the hub's address and the club's slug, its last contact) and
// the laptop's outbox (outbox: one row per tournament and revision, the exact body and
// signature sealed, its state and the hub's answer).
func migrate25(tx *gorm.DB) error {
	type linkCode struct {
		ID        int64  `gorm:"primaryKey"`
		ClubID    int64  `gorm:"not null;index"`
		CodeHash  string `gorm:"size:64;not null;uniqueIndex"`
		CreatedAt time.Time
		ExpiresAt time.Time
		UsedAt    *time.Time
	}
	type hubLink struct {
		ID            int64  `gorm:"primaryKey"`
		Address       string `gorm:"size:300;not null"`
		Club          string `gorm:"size:40;not null"`
		Label         string `gorm:"size:100;not null;default:''"`
		LinkedAt      time.Time
		LastContactAt *time.Time
	}
	type outboxRow struct {
		ID           int64  `gorm:"primaryKey"`
		TournamentID int64  `gorm:"not null;uniqueIndex:idx_outbox_revision,priority:1"`
		Revision     int64  `gorm:"not null;uniqueIndex:idx_outbox_revision,priority:2"`
		UID          string `gorm:"size:32;not null"`
		Body         []byte `gorm:"not null"`
		Signature    string `gorm:"size:120;not null"`
		State        string `gorm:"size:10;not null;index"`
		Reason       string `gorm:"size:60;not null;default:''"`
		Args         string `gorm:"not null;default:''"` // the refusal's arguments and fields, as JSON
		Attempts     int    `gorm:"not null;default:0"`
		QueuedAt     time.Time
		NextAt       time.Time
		AnsweredAt   *time.Time
	}
	return tx.Migrator().CreateTable(&linkCode{}, &hubLink{}, &outboxRow{})
}
