package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate24 brings a club's results to the hub (issue 39, tournament/sync): a
// tournament's uid (made once when first sent, the same for every revision), the
// laptop's own key pair (laptop_keys: the private key stays in the laptop's database),
// the hub's public keys of each club's linked laptops (club_keys: revoked, last
// contact), and the revisions the hub received (received_results: one row per club,
// tournament uid and revision, with the body and signature as received and the outcome).
func migrate24(tx *gorm.DB) error {
	type laptopKey struct {
		ID        int64  `gorm:"primaryKey"`
		Seed      string `gorm:"size:44;not null"`
		Public    string `gorm:"size:44;not null"`
		CreatedAt time.Time
	}
	type clubKey struct {
		ID            int64  `gorm:"primaryKey"`
		ClubID        int64  `gorm:"not null;index"`
		Public        string `gorm:"size:44;not null;uniqueIndex"`
		Label         string `gorm:"size:100;not null;default:''"`
		CreatedAt     time.Time
		RevokedAt     *time.Time
		LastContactAt *time.Time
	}
	type receivedResult struct {
		ID            int64  `gorm:"primaryKey"`
		ClubID        int64  `gorm:"not null;uniqueIndex:idx_received_results_revision,priority:1"`
		TournamentUID string `gorm:"size:32;not null;uniqueIndex:idx_received_results_revision,priority:2"`
		Revision      int64  `gorm:"not null;uniqueIndex:idx_received_results_revision,priority:3"`
		Digest        string `gorm:"size:64;not null"`
		Body          []byte `gorm:"not null"`
		Signature     string `gorm:"size:120;not null"`
		KeyID         int64  `gorm:"not null"`
		SentAt        time.Time
		ReceivedAt    time.Time
		Outcome       string `gorm:"size:10;not null"`
		Reason        string `gorm:"size:60;not null;default:''"`
		Problems      string `gorm:"not null;default:''"` // a refusal's fields, as JSON
	}
	if err := tx.Migrator().CreateTable(&laptopKey{}, &clubKey{}, &receivedResult{}); err != nil {
		return err
	}
	for _, q := range []string{
		"ALTER TABLE tournaments ADD COLUMN uid VARCHAR(32)",
		"CREATE UNIQUE INDEX idx_tournaments_uid ON tournaments (uid)",
	} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
